"""The service's sheets carry a QR code to its public address (``--public-url``), never to an
address a request names: the code holds the scorekeeper with the sheet's rules, and ``/make``
with the code's query reopens the same choices."""

from __future__ import annotations

from urllib.parse import urlsplit

from service_server import start_server
from sheet_codes import read_codes

from sheets.houserules import OPTIONS
from sheets.service.choices import read_choices

PUBLIC = "https://hearts.example.org"
ASKED = "players=5&moon=shooter-chooses&shoot_the_sun=true&notes=Loser+deals&paper=a4"


def test_the_served_sheets_carry_the_public_address_with_their_rules(tmp_path):
    server = start_server(tmp_path / "serve.log", workers=1, options=("--public-url", PUBLIC))
    try:
        status, _, pdf = server.get(f"/sheets/rule-sheet.pdf?{ASKED}")
        assert status == 200
        [address] = read_codes(pdf)
        parts = urlsplit(address)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{PUBLIC}/scorekeeper.html"
        assert read_codes(server.get(f"/sheets/score-sheet.pdf?{ASKED}")[2]) == [address]
        asked, coded = read_choices(ASKED).good.rules, read_choices(parts.query).good.rules
        assert [getattr(coded, o.key) for o in OPTIONS] == [getattr(asked, o.key) for o in OPTIONS]
        status, _, page = server.get(f"/make?{parts.query}")
        assert status == 200 and b"shooter-chooses" in page
        assert read_codes(server.get("/downloads/standard-rule-sheet-letter.pdf")[2]) == [
            f"{PUBLIC}/scorekeeper.html?players=4"
        ]
    finally:
        assert server.stop() == 0
