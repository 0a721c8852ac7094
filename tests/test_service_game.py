"""``POST /sheets/score-sheet.pdf`` over real HTTP: the game the scorekeeper exported, as JSON or
a form's field, comes back written into the score sheet (the same bytes ``build --game``
makes); a record the scorekeeper would not read is a 400 saying why; the body's limits hold."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from game_records import GAMES, game_bytes, game_record
from pdf_checks import page_count, pdf_text
from test_service import check_secure

from sheets.bundle import load_content
from sheets.gamerecord import parse_game
from sheets.housefile import STANDARD_FILE
from sheets.houserules import HouseRules
from sheets.pipeline import render_game_sheet
from sheets.service.app import BODY_LIMIT

ROUTE = "/sheets/score-sheet.pdf"


def _local(record: dict, paper: str = "letter") -> bytes:
    content = load_content("en")
    game = parse_game(game_bytes(record), content)
    return render_game_sheet(content, STANDARD_FILE, game, paper).pdf


def test_a_posted_game_comes_back_as_its_filled_in_sheet(server):
    record = GAMES["four"]()
    status, headers, body = server.request(
        ROUTE, "POST", {"Content-Type": "application/json"}, game_bytes(record)
    )
    assert status == 200, body[:300]
    check_secure(headers)
    assert headers["content-type"] == "application/pdf"
    assert "game-score-sheet-letter.pdf" in headers["content-disposition"]
    assert body == _local(record)
    assert all(name in pdf_text(body) for name in record["names"])
    again = server.request(ROUTE, "POST", {"Content-Type": "application/json"}, game_bytes(record))
    assert again[2] == body
    for _ in range(50):  # the line is logged once the answer is sent
        if "POST /sheets/score-sheet.pdf 200" in server.log_text().splitlines()[
            -1
        ] and server.log_text().rstrip().endswith("hit"):
            break
        time.sleep(0.1)
    assert server.log_text().rstrip().endswith("hit")  # kept under the record's digest


def test_a_form_posts_the_game_in_its_field_with_the_paper_in_the_address(server):
    record = GAMES["long"]()
    form = urlencode({"game": game_bytes(record).decode()}).encode()
    status, headers, body = server.request(
        f"{ROUTE}?paper=a4", "POST", {"Content-Type": "application/x-www-form-urlencoded"}, form
    )
    assert status == 200, body[:300]
    assert body == _local(record, "a4") and page_count(body) == 2


def test_a_bad_record_is_a_400_saying_why(server):
    record = game_record(HouseRules(), hands=2)
    record["hands"].append({"points": [1, 2, 3, 4]})
    status, headers, body = server.request(
        ROUTE, "POST", {"Content-Type": "application/json"}, game_bytes(record)
    )
    assert status == 400
    check_secure(headers)
    assert body.decode() == (
        f"game: hand {len(record['hands'])}: the points add up to 10; a hand adds up to 26\n"
    )
    for data in (b"", b"{"):
        status, _, body = server.request(ROUTE, "POST", {}, data)
        assert status == 400 and b"not a saved game" in body


def test_the_body_has_its_limits_and_other_posts_are_refused(server):
    status, headers, body = server.request(ROUTE, "POST", {}, b" " * (BODY_LIMIT + 1))
    assert status == 413 and b"Content-Length" in body
    check_secure(headers)
    status, headers, _ = server.request("/sheets/rule-sheet.pdf", "POST", {}, b"{}")
    assert status == 405 and headers["allow"] == "GET, HEAD"
    status, _, body = server.request(f"{ROUTE}?moon=x", "POST", {}, game_bytes(GAMES["four"]()))
    assert status == 400 and b"moon" in body
