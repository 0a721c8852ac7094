"""``hearts-sheets serve`` over real HTTP: every route, the sheets' text, the downloaded file
round-tripping to the same bytes, ETags and 304, every bad-input file as a query, traversal,
oversize requests and the log. (Slow clients, floods, the cache and stops:
tests/test_service_front.py.)"""

from __future__ import annotations

import html
import io
import re
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from pdf_checks import pdf_text
from pypdf import PdfReader
from test_housefile import BAD

from sheets.bundle import load_content
from sheets.cli import main
from sheets.clifiles import SITE_MARK
from sheets.housefile import MAX_BYTES
from sheets.language import LANGUAGES
from sheets.service.choices import MAX_PARAMS, MAX_QUERY, read_choices
from sheets.service.makepage import ORDER, label
from sheets.site.scorekeeper import SERVICE_WORKER

SHEET_ROUTES = (
    "/sheets/rule-sheet.pdf",
    "/sheets/score-sheet.pdf",
    "/sheets/rule-sheet.png",
    "/sheets/house-rules.yaml",
)
MILLERS = (
    "title=Hearts%20at%20the%20Millers%27&preset=omnibus&moon=subtract-from-shooter"
    "&target=50&notes=Loser%20deals%20first.&notes=No%20phones%20at%20the%20table."
)


def check_secure(headers: dict[str, str]) -> None:
    assert headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


# -- every route ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, media",
    [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/site.css", "text/css"),
        ("/scorekeeper.html", "text/html"),
        ("/downloads/standard-rule-sheet-a4.pdf", "application/pdf"),
        ("/previews/omnibus-score-sheet-letter.png", "image/png"),
        ("/make", "text/html"),
        ("/make.js", "text/javascript"),
        ("/make.css", "text/css"),
        ("/healthz", "text/plain"),
        (f"/sheets/rule-sheet.pdf?{MILLERS}", "application/pdf"),
        (f"/sheets/score-sheet.pdf?{MILLERS}", "application/pdf"),
        (f"/sheets/rule-sheet.png?{MILLERS}", "image/png"),
        (f"/sheets/house-rules.yaml?{MILLERS}", "application/yaml"),
    ],
)
def test_every_route_answers_with_its_type_and_security_headers(server, path, media):
    status, headers, body = server.get(path)
    assert status == 200, body[:300]
    assert headers["content-type"].startswith(media)
    assert int(headers["content-length"]) == len(body) > 0
    check_secure(headers)
    if media == "text/html":
        assert "script-src" in headers["content-security-policy"]


def test_the_served_site_is_the_built_site_in_every_language_with_links_to_make(
    server, standard_site
):
    """Every file ``hearts-sheets site`` builds is served, the same bytes but for the front
    pages (which link to /make in their language) and the service worker that covers them."""
    built = {
        path.relative_to(standard_site).as_posix(): path.read_bytes()
        for path in standard_site.rglob("*")
        if path.is_file() and path.name != SITE_MARK
    }
    for code in LANGUAGES:
        assert f"{'' if code == 'en' else code + '/'}index.html" in built
    for name, data in built.items():
        status, _, served = server.get(f"/{name}")
        assert status == 200, name
        if name.endswith("index.html"):
            folder = name.removesuffix("index.html")
            link = f"../make?language={folder[:-1]}" if folder else "make"
            page, static = served.decode(), data.decode()
            assert f'href="{link}"' in page and 'href="make' not in static
            assert server.get(f"/{folder}")[2] == served  # the folder is its front page
            for code in LANGUAGES:  # the switcher and hreflang, as in the built page
                assert f'hreflang="{code}"' in page and f'hreflang="{code}"' in static
        elif name != SERVICE_WORKER:
            assert served == data, name


def test_head_sends_the_headers_without_the_body(server):
    status, headers, body = server.request(f"/sheets/rule-sheet.pdf?{MILLERS}", method="HEAD")
    assert status == 200 and body == b"" and headers["content-type"] == "application/pdf"


def test_the_pdfs_hold_the_chosen_rules(server):
    status, headers, pdf = server.get(f"/sheets/rule-sheet.pdf?{MILLERS}&paper=a4")
    assert status == 200
    assert (
        headers["content-disposition"]
        == 'attachment; filename="hearts-at-the-millers-rule-sheet-a4.pdf"'
    )
    text = pdf_text(pdf)
    for words in (
        "Hearts at the Millers'",
        "Moon off the shooter",
        "reaches 50",
        "Loser deals first.",
        "No phones at the table.",
        "Omnibus",
    ):
        assert words in text, words
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width)) == 595  # A4
    score = pdf_text(server.get(f"/sheets/score-sheet.pdf?{MILLERS}")[2])
    assert "Hearts at the Millers'" in score


def test_a_new_combination_changes_the_preview(server):
    one = server.get("/sheets/rule-sheet.png?moon=add-to-others")[2]
    two = server.get("/sheets/rule-sheet.png?moon=subtract-from-shooter&shoot_the_sun=true")[2]
    assert one.startswith(b"\x89PNG") and two.startswith(b"\x89PNG") and one != two


@pytest.mark.parametrize(
    "query",
    [
        MILLERS,
        "players=3&passing=left&passing=right&passing=hold&first_lead=dealer-left",
        "preset=cancellation&players=8&title=Big%20table&notes=Two%20decks%20%E2%99%A0%E2%99%A5",
        "preset=partnership&bonus_card=10D&exactly_100=50&ties=play-on",
        "preset=short-game&target=100&notes=",
    ],
)
def test_the_downloaded_file_checks_and_builds_the_same_bytes(server, tmp_path, query):
    status, headers, data = server.get(f"/sheets/house-rules.yaml?{query}")
    assert status == 200
    assert headers["content-disposition"].startswith("attachment; filename=")
    house = tmp_path / "house-rules.yaml"
    house.write_bytes(data)
    checked = CliRunner().invoke(main, ["check", str(house)])
    assert checked.exit_code == 0, checked.output
    for paper in ("letter", "a4"):
        out = tmp_path / paper
        built = CliRunner().invoke(
            main, ["build", "--house-rules", str(house), "--paper", paper, "--out", str(out)]
        )
        assert built.exit_code == 0, built.output
        for kind in ("rule-sheet", "score-sheet"):
            served = server.get(f"/sheets/{kind}.pdf?{query}&paper={paper}")[2]
            assert served == (out / f"{kind}.pdf").read_bytes(), (kind, paper)


def test_the_downloaded_file_says_only_what_differs_from_the_preset(server):
    data = server.get(
        "/sheets/house-rules.yaml?preset=omnibus&moon=add-to-others&bonus_card=JD"
        "&target=50&players=4&title=Omnibus%20Hearts"
    )[2].decode()
    keys = [line.split(":")[0] for line in data.splitlines() if not line.startswith("#")]
    assert keys == ["preset", "target"]


# -- caching ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        f"/sheets/rule-sheet.pdf?{MILLERS}",
        "/make?preset=omnibus",
        f"/sheets/house-rules.yaml?{MILLERS}",
        "/site.css",
        "/",
    ],
)
def test_a_matching_etag_gets_304_and_others_the_bytes(server, path):
    status, headers, body = server.get(path)
    etag = headers["etag"]
    assert status == 200 and re.fullmatch(r'"[0-9a-f]{32}"', etag)  # strong: no W/
    assert "public" in headers["cache-control"] and "max-age=" in headers["cache-control"]
    assert server.get(path)[1]["etag"] == etag  # the same address, the same tag
    for sent in (etag, f'"other", {etag}', f"W/{etag}", "*"):
        again, again_headers, again_body = server.get(path, **{"If-None-Match": sent})
        assert again == 304 and again_body == b"" and again_headers["etag"] == etag, sent
    assert server.get(path, **{"If-None-Match": '"other"'})[2] == body


def test_the_same_rules_asked_two_ways_share_one_etag(server):
    a = server.get("/sheets/rule-sheet.pdf?moon=subtract-from-shooter&target=100")[1]["etag"]
    b = server.get("/sheets/rule-sheet.pdf?target=100&moon=subtract-from-shooter&paper=letter")[1][
        "etag"
    ]
    c = server.get("/sheets/rule-sheet.pdf?moon=subtract-from-shooter&paper=a4")[1]["etag"]
    assert a == b != c


def test_the_page_for_the_same_choices_has_one_etag_and_a_bad_address_none(server):
    tags = {
        server.get(f"/make?{query}")[1]["etag"]
        for query in (
            "preset=omnibus&target=50",
            "target=50&preset=omnibus",
            "preset=omnibus&target=50&moon=add-to-others&paper=letter",
        )
    }
    assert len(tags) == 1
    for query, status in (("moon=sometimes", 400), ("notes=" + "x" * MAX_QUERY, 414)):
        found, headers, _ = server.get(f"/make?{query}", **{"If-None-Match": "*"})
        assert found == status and headers["cache-control"] == "no-store", query


def test_errors_are_not_kept_by_caches(server):
    status, headers, _ = server.get("/sheets/rule-sheet.pdf?moon=sometimes")
    assert status == 303 and headers["cache-control"] == "no-store" and "etag" not in headers


# -- bad input: every bad file of the house-rules tests, as an address ------------------------

#: name of the bad file -> (query, the key the answer must name, whether the message is the
#: file's own, word for word, without its file and line)
AS_QUERY = {
    "not YAML": ("moon=%5Badd-to-others", "moon", False),
    "not a mapping": ("moon&target", "moon", False),
    "unknown key": ("moon=add-to-others&mooon=subtract-from-shooter", "mooon", True),
    "wrong type": ("target=fifty", "target", True),
    "wrong type, list": ("moon=%5Badd-to-others%5D", "moon", False),
    "bad choice": ("moon=sometimes", "moon", True),
    "out of range": ("players=12", "players", True),
    "a character the font lacks": (
        f"title={quote('Hearts 漢字')}&notes=fine&notes={quote('also ✈')}",
        "title",
        True,
    ),
    "duplicate key": ("moon=add-to-others&target=50&moon=subtract-from-shooter", "moon", False),
    "unknown preset": ("preset=omnibuss", "preset", True),
    "contradiction": ("partnership=true&players=3", "partnership", True),
    "contradiction with a preset": ("preset=partnership&players=3", "partnership", True),
    "tabs": ("moon=add-to-others&%09target=50", "\ttarget", False),
    "not UTF-8": ("moon=add-to-others&title=Caf%E9", "title", False),
    "huge file": ("notes=" + "x" * MAX_QUERY, "notes", False),
    "title too long": ("title=" + "x" * 61, "title", True),
    "title not text": ("title=a&title=b", "title", False),
    "notes too many lines": ("notes=a&notes=b&notes=c&notes=d&notes=e", "notes", True),
    "notes too long": ("notes=" + "y" * 301, "notes", True),
    "notes not text": ("notes", "notes", False),
    "no value": ("moon", "moon", True),
    "no for a word": ("bonus_card=no", "bonus_card", False),
    "off for a word": ("exactly_100=off", "exactly_100", False),
    "no for ties": ("ties=no", "ties", False),
    "yes for a number": ("target=yes", "target", False),
}


#: Bad in a file, but left out of an address: a parameter that is no choice and resembles none
#: is what a link picks up when shared (a tracking tag), not a choice the group made.
LEFT_OUT = {
    "unknown key, nothing near": "colour=blue",
    "alias bomb": "a=%26a%20%5Blol%5D&b=%2Aa",  # never read as YAML: left out
    "two documents": "moon=add-to-others&---=&target=50",
}


def test_every_bad_file_has_an_address():
    assert sorted([*AS_QUERY, *LEFT_OUT]) == sorted(name for name, _, _ in BAD)


@pytest.mark.parametrize(
    "query, canonical",
    [
        ("players=3&fbclid=IwAR0abc&utm_source=chat", "players=3"),
        ("colour=blue&moon=subtract-from-shooter", "moon=subtract-from-shooter"),
        ("shoot_the_sun=yes&partnership=On", "shoot_the_sun=true&partnership=true"),
        ("target=%2050%20", "target=50"),
    ],
)
def test_an_address_reads_as_a_file_would_and_leaves_out_what_is_no_choice(query, canonical):
    """A shared link still makes its sheets: a tag picked up on the way is left out, a switch
    may say yes or no as a file may, and spaces around a number do not matter."""
    choices = read_choices(query)
    assert choices.ok, choices.problems
    assert choices.query == canonical
    assert [p.key for p in read_choices("playres=3").problems] == ["playres"]  # misspelt: said


@pytest.mark.parametrize("name", list(LEFT_OUT))
def test_what_a_file_refuses_as_no_rule_an_address_leaves_out(name):
    choices = read_choices(LEFT_OUT[name])
    assert choices.ok and read_choices(choices.query).query == choices.query, choices.problems


@pytest.mark.parametrize("name", list(AS_QUERY))
@pytest.mark.parametrize("route", [*SHEET_ROUTES, "/make"])
def test_a_bad_address_gets_a_4xx_naming_the_key(server, name, route):
    query, key, same = AS_QUERY[name]
    status, headers, body = server.get(f"{route}?{query}")
    if status == 303:  # a sheet asked for with choices that are wrong: back to the form
        assert route != "/make" and headers["location"] == f"../make?{query}"
        assert headers["cache-control"] == "no-store"
        status, headers, body = server.get(f"/make?{query}")
    assert 400 <= status < 500
    text = body.decode("utf-8")
    if status == 400:  # the page, with the message beside the control, whatever was asked,
        # named by the control's label (a key that is none, by its name), in plain words
        assert "To fix before the sheets can be made: " in text
        assert headers["content-type"].startswith("text/html")
        text = html.unescape(text)
        english = load_content().language
        assert (label(english, key) if key in ORDER else f"“{key}”") in text, text[:500]
        message = dict((n, m) for n, _, m in BAD)[name]
        last = message.rsplit("; ", 1)[-1]
        if same and last.startswith("found "):  # said in a plain sentence, no YAML quoting
            assert last.removeprefix("found ").rsplit(": ", 1)[-1].strip("'") in text
        if "did you mean 'moon'" in message:  # the key meant, by its control's label
            assert f"“{label(english, 'moon')}”" in text
        return
    assert repr(key) in text, text[:500]
    if same and route != "/make":
        message = dict((n, m) for n, _, m in BAD)[name]
        for line in message.splitlines():
            assert re.sub(r"^house\.yaml(:\d+)?: ", "", line) in text


def test_a_huge_file_and_a_huge_address_are_both_refused(server):
    status, _, body = server.get("/sheets/rule-sheet.pdf?notes=" + "x" * (MAX_QUERY + 10))
    assert status == 414 and b"'notes'" in body and str(MAX_QUERY).encode() in body
    assert MAX_QUERY < MAX_BYTES  # the address's limit is below the file's


def test_a_preset_name_never_becomes_a_path(server):
    for name in (
        "../../../../etc/passwd",
        "/etc/passwd",
        "..%2F..%2Fpresets%2Fomnibus",
        "omnibus.yaml",
        "presets/omnibus",
    ):
        status, headers, _ = server.get(f"/sheets/rule-sheet.pdf?preset={name}")
        assert status == 303 and headers["location"] == f"../make?preset={name}", name
        status, _, body = server.get(f"/make?preset={name}")
        said = html.unescape(body.decode())
        assert status == 400 and "Start from a preset: “" in said, name
        assert "” is not one of the choices; choose “Hearts”, “Omnibus Hearts”" in said, name


# -- the file system, sizes and methods --------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/downloads/../index.html",
        "/downloads/",
        "/sheets/../../sheets/cli.py",
        "/sheets/",
        "/index.html%00",
        "/static/site.css",
        "/sheets/fonts/DejaVuSansCondensed.ttf",
        "/content_files/rules.yaml",
        "/.hearts-sheets-site",
        "/make/../index.html",
        "/sheets/rule-sheet.pdf/../../etc/passwd",
    ],
)
def test_traversal_is_refused(server, path):
    status, headers, body = server.get(path)
    assert status == 404 and b"<p>No such page: " in body, (path, status, body[:100])
    check_secure(headers)


def test_an_address_over_the_servers_limit_is_414(server):
    status, headers, body = server.get("/sheets/rule-sheet.pdf?title=" + "x" * 9000)
    assert status == 414 and b"request line is too long" in body
    check_secure(headers)


def test_too_many_choices_are_414(server):
    query = "&".join(["notes=a"] * (MAX_PARAMS + 1))
    status, _, body = server.get(f"/sheets/rule-sheet.pdf?{query}")
    assert status == 414 and b"Too many choices" in body


def test_oversize_headers_are_431(server):
    status, headers, body = server.get("/make", **{"X-Big": "x" * 9000})
    assert status == 431 and body
    check_secure(headers)
    many = {f"X-Header-{n}": "1" for n in range(60)}
    status, headers, body = server.get("/make", **many)
    assert status == 431 and body
    check_secure(headers)


def test_only_get_and_head_without_a_body(server):
    status, headers, body = server.request("/make", method="POST", body=b"moon=x")
    assert status == 405 and headers["allow"] == "GET, HEAD" and b"only answers GET" in body
    status, _, body = server.request("/make", method="GET", body=b"moon=x")
    assert status == 413 and b"address" in body


# -- the log ------------------------------------------------------------------------------------


def test_one_log_line_per_request_without_the_free_text(server):
    secret = "Grandma%27s%20secret%20table"
    server.get(f"/sheets/rule-sheet.pdf?moon=subtract-from-shooter&title={secret}&notes=Nope")
    server.get("/sheets/rule-sheet.pdf?moon=sometimes")
    server.log_text(until=r"title=…&notes=… 200")  # each written once its answer is sent
    log = server.log_text(until=r"\] GET /sheets/rule-sheet\.pdf\?moon=(…|sometimes) 303")
    assert "Grandma" not in log and "secret" not in log and "Nope" not in log
    lines = re.findall(
        r"\] (GET /sheets/rule-sheet\.pdf\?moon=subtract-from-shooter&title=…"
        r"&notes=… (\d{3}) [\d.]+ms.*)",
        log,
    )
    assert lines and lines[-1][1] == "200"
    assert re.search(r"\] GET /sheets/rule-sheet\.pdf\?moon=(…|sometimes) 303 [\d.]+ms", log)


# -- a sheet that does not fit one page -------------------------------------------------------


def test_a_game_too_long_for_one_page_still_gets_its_score_sheet(server):
    # A game to 900 needs more hand rows than one page holds: the sheet prints the rows that
    # fit and says how to go on with a new sheet.
    status, _, pdf = server.get("/sheets/score-sheet.pdf?target=900&paper=a4")
    assert status == 200 and "Out of rows?" in pdf_text(pdf)
    status, _, page = server.get("/make?target=900&paper=a4")
    assert status == 200 and 'id="target-error"' in page.decode()
    assert "does not fit" not in html.unescape(page.decode())


def test_the_service_and_the_command_line_do_not_load_each_other():
    import subprocess
    import sys

    def loaded(module: str) -> set[str]:
        code = f"import sys, {module}; print(' '.join(sys.modules))"
        return set(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.split()
        )

    assert "sheets.cli" not in loaded("sheets.service.server")
    assert "sheets.cli" not in loaded("sheets.service.app")
    assert not {m for m in loaded("sheets.cli") if m.startswith("sheets.service")}
