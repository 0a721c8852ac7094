"""The service's application in-process (no server, the render workers' part made at once in
this process): the place where rules that can never matter are shown, one ETag for one set of
choices, the lane that reads new addresses in turn, the caches in memory and on disk, and the
small pieces (If-None-Match, file names, the log's path, the canonical file, the limits on a
request's head, who a client is)."""

from __future__ import annotations

import asyncio
import os
from html import escape

import pytest
from house_files import random_house_files
from service_server import run_async

from sheets.blocks import strip_bold
from sheets.bundle import load_content, load_preset, read_preset
from sheets.housefile import PRESETS, parse_house_rules
from sheets.houserules import OPTIONS, HouseRules, warnings
from sheets.service import renders
from sheets.service.app import Lane, SheetsApp
from sheets.service.choices import (
    DOWNLOAD_NAME,
    MAX_QUERY,
    canonical_query,
    canonical_yaml,
    read_choices,
)
from sheets.service.limits import (
    FIELD_LIMIT,
    FIELDS,
    HEAD_LIMIT,
    LINE_LIMIT,
    HeadScan,
    Refused,
    client_bucket,
)
from sheets.service.pool import Busy
from sheets.service.renders import LRUBytes, Maker
from sheets.service.responses import Request, file_name, loggable, matches
from sheets.service.store import DiskCache, NotFit
from sheets.site.page import inline
from sheets.text import assemble, printed_line, warning_line

SITE = {
    "index.html": b'<!DOCTYPE html><meta http-equiv="Content-Security-Policy" '
    b"content=\"default-src 'self'\"><title>t</title>"
}


class InlineRenders:
    """The render workers' part, made at once in this process by a :class:`Maker`."""

    def __init__(self, maker: Maker, full: bool = False):
        self.maker = maker
        self.full = full  # every client has its share of renders under way
        self.jobs = 0

    async def make(self, key, args, client):
        self.jobs += 1
        return self.maker(*args)

    def client_full(self, client: str) -> bool:
        return self.full


def make_app(disk: DiskCache | None = None, **options) -> SheetsApp:
    content = load_content()
    return SheetsApp(
        content,
        SITE,
        InlineRenders(Maker(content, "test", disk)),
        disk=disk,
        fingerprint="test",
        **options,
    )


def call(app: SheetsApp, path: str, query: str = "", **fields) -> tuple[int, dict, bytes]:
    response = run_async(app.respond(Request("GET", path, query, **fields)))
    return response.status, dict(response.headers), response.body


def test_rules_that_can_never_matter_are_shown_beside_their_control_and_in_the_file():
    dead = "target=50&exactly_100=50"  # no total can be exactly 100 in a game to 50
    [warning] = warnings(HouseRules(target=50, exactly_100=50))
    app = make_app()
    status, _, page = call(app, "/make", dead)
    assert status == 200
    said = (
        "Never applies in a game to 50: before a hand a total is at most 49, and a hand adds "
        "at most 26, so no total can be exactly 100. It would apply with “Game to” at 75 or "
        "more, “Shooting the sun” or “Play off ties”."
    )  # the form's labels and menus' words
    assert (
        f'<p class="warning" id="exactly_100-warning" data-live><span>{escape(said)}</span></p>'
    ) in page.decode()
    _, _, data = call(app, "/sheets/house-rules.yaml", dead)
    assert f"# {warning_line(warning)}\n" in data.decode()
    assert b"# note" not in call(app, "/sheets/house-rules.yaml", "target=50")[2]


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("hearts_any_time=true&queen_breaks_hearts=true", "queen_breaks_hearts"),
        ("hearts_any_time=true&lead_heart_instead_of_queen=true", "lead_heart_instead_of_queen"),
        ("target=50&exactly_100=50", "exactly_100"),
        ("players=8&kitty_goes_to=first-trick", "kitty_goes_to"),
        ("players=4&partnership=true&moon=add-unless-it-ends-game", "moon"),
    ],
)
def test_a_rule_that_never_applies_is_said_in_the_form_words_not_yaml(code, query, key):
    """The note beside a rule that can never matter names the other controls by their labels
    and their menus' words: no key, no true or false, as the YAML file would say them."""
    import re

    page = call(make_app(), "/make", f"language={code}&{query}")[2].decode()
    found = re.search(f'<p class="warning" id="{key}-warning" data-live><span>([^<]*)</span>', page)
    assert found, f"no note beside {key}"
    note = found.group(1)
    for yaml in (
        "hearts_any_time",
        "shoot_the_sun",
        "ties:",
        "target:",
        "play-on",
        "true",
        "false",
    ):
        assert yaml not in note, note
    assert note[:1].isupper() and note.endswith(".")  # a sentence of its own
    if key in ("queen_breaks_hearts", "lead_heart_instead_of_queen"):  # the control it needs
        from sheets.service.controls import label

        assert escape(label(load_content(code).language, "hearts_any_time")) in note


@pytest.mark.parametrize(
    "query, key",
    [
        (
            "hearts_any_time=true&queen_breaks_hearts=true",
            "queen_breaks_hearts",
        ),  # set, can't matter
        ("players=8&kitty_goes_to=first-trick", "kitty_goes_to"),  # no kitty with 8 players
        ("players=4", "kitty_goes_to"),  # no kitty dealt at all
        ("moon=subtract-from-shooter", "moon"),
    ],
)
def test_each_control_shows_the_line_the_sheet_prints(query, key):
    """Beside each control, the rule as the rule sheet prints it; a rule that can never matter
    (or a kitty never dealt) reads "not in play here", never as in force, and the sheet leaves
    it out."""
    content = load_content()
    choices = read_choices(query)
    line = printed_line(content, choices.house.rules, key)
    page = call(make_app(), "/make", query)[2].decode()
    lead = f'<span class="lead">{content.language.make["on-sheet"]}</span> '
    assert f'<p class="on-sheet" id="{key}-now" data-live>{lead}{inline(line)}</p>' in page
    text = assemble(content, choices.house)
    if key == "moon":
        assert strip_bold(line) in text.plain(), "the sheet prints the same line"
    elif key in {p.key for p in warnings(choices.house.rules)}:
        assert strip_bold(line) not in text.plain(), "the sheet prints a rule that never applies"
    if key != "moon":
        assert "not in play here" in line


def test_a_sheet_is_made_once_then_found_made():
    app = make_app()
    first = run_async(app.respond(Request("GET", "/sheets/score-sheet.pdf", "target=65")))
    again = run_async(
        app.respond(Request("GET", "/sheets/score-sheet.pdf", "paper=letter&target=65"))
    )
    assert (first.note, again.note) == ("render", "hit") and first.body == again.body
    assert app.renders.jobs == 1


def test_the_page_for_one_set_of_choices_has_one_etag():
    app = make_app()
    tags = {
        call(app, "/make", query)[1]["ETag"]
        for query in (
            "moon=subtract-from-shooter&target=50",
            "target=50&moon=subtract-from-shooter",  # keys reordered
            "target=50&moon=subtract-from-shooter&bonus_card=none&paper=letter",
            "title=&target=50&moon=subtract-from-shooter",
        )
    }  # defaults spelt out
    assert len(tags) == 1
    assert call(app, "/make", "target=50&paper=a4")[1]["ETag"] not in tags


@pytest.mark.parametrize("route", ["/make", "/sheets/rule-sheet.pdf", "/sheets/house-rules.yaml"])
@pytest.mark.parametrize("if_none_match", ["*", '"anything"'])
def test_a_bad_address_is_refused_whatever_if_none_match_says(route, if_none_match):
    app = make_app()
    status, headers, _ = call(app, route, "moon=sometimes", if_none_match=if_none_match)
    assert status == (400 if route == "/make" else 303)  # a sheet's: back to the form
    assert headers["Cache-Control"] == "no-store" and "ETag" not in headers
    status, headers, _ = call(app, route, "notes=" + "x" * MAX_QUERY, if_none_match=if_none_match)
    assert status == 414 and headers["Cache-Control"] == "no-store"
    assert call(app, route, "moon=add-to-others", if_none_match="*")[0] == 304


def test_a_client_with_renders_under_way_is_refused_a_new_address_unread():
    app = make_app()
    app.renders.full = True
    status, headers, body = call(app, "/sheets/rule-sheet.pdf", "target=71")
    assert status == 429 and headers["Retry-After"] and b"being made already" in body
    assert app.renders.jobs == 0 and "target=71" not in app._queries
    app.renders.full = False
    assert call(app, "/sheets/house-rules.yaml", "target=71")[0] == 200
    app.renders.full = True  # an address already read is answered: this one from the cache
    assert call(app, "/sheets/house-rules.yaml", "target=71")[0] == 200


def test_the_lane_does_one_piece_a_turn_and_refuses_past_its_bounds():
    async def main():
        lane, done = Lane(waiting=3, per_client=2), []

        def work(n):
            done.append(n)
            return n

        async def quick():  # anything else the loop does goes between two pieces
            for _ in range(3):
                done.append("quick")
                await asyncio.sleep(0)

        calls = [asyncio.ensure_future(lane.run(f"client {n % 2}", work, n)) for n in range(3)]
        extra = asyncio.ensure_future(quick())
        mine = asyncio.ensure_future(lane.run("client 0", work, 3))  # client 0 has two waiting
        full = asyncio.ensure_future(lane.run("client 9", work, 4))  # and the lane three
        await asyncio.gather(*calls, extra, return_exceptions=True)
        for refused in (mine, full):
            with pytest.raises(Busy):
                await refused
        assert [await call for call in calls] == [0, 1, 2]
        assert done.index("quick") < done.index(1) and done.count("quick") == 3
        assert await lane.run("client 0", work, 5) == 5  # room again

    run_async(main())


def test_the_disk_cache_keeps_whole_files_within_its_bound(tmp_path):
    disk, why = DiskCache.open(tmp_path / "cache", 100)
    assert disk is not None and why == ""
    for n in range(10):
        disk.added(f"k{n}", disk.write(f"k{n}", bytes([n]) * 30))
    assert disk.size <= 100 and len(disk) == 3
    assert disk.read("k9") == bytes([9]) * 30 and disk.read("k0") is None
    assert sorted(os.listdir(tmp_path / "cache")) == ["k7", "k8", "k9"]  # nothing half-written
    disk.added("nf", disk.write("nf", NotFit("Does not fit.")))
    again, _ = DiskCache.open(tmp_path / "cache", 100)  # a restart reads the folder
    assert again.read("nf") == NotFit("Does not fit.") and again.read("k9") == bytes([9]) * 30


def test_a_restart_finds_the_sheets_already_made(tmp_path):
    made = make_app(DiskCache.open(tmp_path, 10**8)[0])
    for route in ("/make", "/sheets/rule-sheet.png"):  # the page makes both sheets
        assert call(made, route, "target=66")[0] == 200
    fresh = make_app(DiskCache.open(tmp_path, 10**8)[0])
    for route in ("/sheets/rule-sheet.png", "/sheets/rule-sheet.pdf", "/make"):
        response = run_async(fresh.respond(Request("GET", route, "target=66")))
        assert response.status == 200 and response.note == "hit", route
    assert fresh.renders.jobs == 0


@pytest.mark.parametrize("where", ["a file", "under a file"])
def test_a_cache_folder_that_cannot_be_written_is_no_cache(tmp_path, where):
    (tmp_path / "file").write_text("not a folder")
    folder = tmp_path / "file" if where == "a file" else tmp_path / "file" / "cache"
    disk, why = DiskCache.open(folder, 100)
    assert disk is None and str(folder) in why
    app = make_app(disk)  # the service works on, from memory
    assert call(app, "/sheets/score-sheet.pdf", "target=67")[0] == 200


def test_the_memory_cache_keeps_within_its_bytes():
    cache = LRUBytes(100)
    for n in range(10):
        cache.put(f"k{n}", bytes(30))
    assert cache.size <= 100 and len(cache) == 3
    assert cache.get("k9") is not None and cache.get("k0") is None
    cache.put("big", bytes(101))  # larger than the whole cache: not kept
    assert cache.get("big") is None


def scan(head: bytes) -> int | Refused:
    try:
        return HeadScan().end(bytearray(head))
    except Refused as refused:
        return refused


@pytest.mark.parametrize(
    "head, status",
    [
        (b"GET /" + b"a" * (LINE_LIMIT - 14) + b" HTTP/1.1\r\n\r\n", 0),  # the line at its limit
        (b"GET /" + b"a" * (LINE_LIMIT - 13) + b" HTTP/1.1\r\n\r\n", 414),
        (b"GET /" + b"a" * LINE_LIMIT, 414),  # no line end yet, already too long
        (b"GET / HTTP/1.1\r\nX: " + b"b" * (FIELD_LIMIT - 3) + b"\r\n\r\n", 0),
        (b"GET / HTTP/1.1\r\nX: " + b"b" * (FIELD_LIMIT - 2) + b"\r\n\r\n", 431),
        (b"GET / HTTP/1.1\r\n" + b"X: 1\r\n" * FIELDS + b"\r\n", 0),
        (b"GET / HTTP/1.1\r\n" + b"X: 1\r\n" * (FIELDS + 1) + b"\r\n", 431),
        (b"GET / HTTP/1.1\r\n" + (b"X: " + b"c" * 8000 + b"\r\n") * 9 + b"\r\n", 431),  # 72 KB
        (b"\r\n\nGET / HTTP/1.1\nHost: x\n\n", 0),  # bare line ends, empty lines before
    ],
)
def test_the_head_is_measured_line_by_line(head, status):
    found = scan(head)
    if status:
        assert isinstance(found, Refused) and found.status == status
    else:
        assert isinstance(found, int) and found > 0
    assert FIELDS * FIELD_LIMIT > HEAD_LIMIT  # the bound in all is the one that counts


def test_an_incomplete_head_waits_for_more():
    assert scan(b"GET / HTTP/1.1\r\nHost: x\r\n") == 0


@pytest.mark.parametrize(
    "address, client",
    [
        ("192.0.2.7", "192.0.2.7"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
    ],
)
def test_a_client_is_its_address_or_its_ipv6_network(address, client):
    assert client_bucket(address) == client


@pytest.mark.parametrize(
    "header, hit",
    [
        ('"a"', True),
        ('"b", "a"', True),
        ('W/"a"', True),
        ("*", True),
        ('"b"', False),
        ('"a', False),
    ],
)
def test_if_none_match(header, hit):
    assert matches(header, '"a"') is hit


def test_download_names_are_plain():
    assert file_name("Hearts at the Millers'") == "hearts-at-the-millers"
    assert file_name('"; rm -rf /\r\nX: y') == "rm-rf-x-y"
    assert file_name("♠♥") == "hearts"
    assert file_name("Café Müller à l'Œil, Straße") == "cafe-muller-a-l-oeil-strasse"
    # a German reader: "Muller" is another family; German spells ü as ue without its dots
    german = load_content("de").language
    assert german.download_name("Familie Müller", "house-rules", ".yaml") == (
        "familie-mueller-hausregeln.yaml"
    )
    assert load_content("fr").language.download_name("Café Müller", "rule-sheet", ".pdf") == (
        "cafe-muller-regle-du-jeu.pdf"
    )


def test_the_log_shows_house_rules_but_no_free_text():
    assert (
        loggable(
            "/sheets/rule-sheet.pdf",
            "moon=subtract-from-shooter&title=Secret&notes=x&paper=a4&evil%0Akey=1&moon",
        )
        == "/sheets/rule-sheet.pdf?moon=subtract-from-shooter&title=…&notes=…&paper=a4&…=…&moon"
    )
    assert loggable("/x\n\x1b[31m", "") == "/x\\n\\x1b[31m"


def test_every_key_appears_on_the_page():
    page = call(make_app(), "/make")[2].decode()
    for option in OPTIONS:
        assert (
            f'<label for="{option.key}">' in page
            or f'<label for="{option.key}">Hand 1</label>' in page
        ), option.key


def test_the_canonical_query_gives_the_same_rules():
    for query in (
        "preset=omnibus&moon=subtract-from-shooter&notes=a&notes=b&paper=a4",
        "players=3&passing=left&passing=hold&title=Ours",
        "preset=short-game&notes=",
    ):
        first = read_choices(query)
        again = read_choices(canonical_query(first.house, first.paper))
        assert again.yaml == first.yaml and again.paper == first.paper


@pytest.mark.parametrize(
    "house",
    [
        *(load_preset(name) for name in PRESETS),
        *(house for _, house in random_house_files(200, seed=23)),
    ],
    ids=lambda house: house.source,
)
def test_the_downloaded_file_reads_back_as_the_same_rules(house):
    """The same game, title, notes and warnings: the file gives the fewest keys, so a key
    written at its default is left out of it."""
    again = parse_house_rules(canonical_yaml(house), DOWNLOAD_NAME, read_preset)
    assert again.rules.same_game(house.rules)
    assert (again.title, again.notes) == (house.title, house.notes)
    assert warnings(again.rules) == warnings(house.rules)
    assert set(again.rules.to_mapping()) <= set(house.rules.to_mapping())


def test_a_rule_sheet_that_does_not_fit_is_reported_beside_the_notes(monkeypatch):
    from sheets.errors import DoesNotFitError

    real = renders.render

    def too_long(prepared, kind, paper, site_url=""):
        if kind == "rule-sheet":
            raise DoesNotFitError(
                "The rule sheet does not fit one letter page (shorten the notes)."
            )
        return real(prepared, kind, paper, site_url)

    monkeypatch.setattr(renders, "render", too_long)
    app = make_app()
    status, _, page = call(app, "/make", "notes=A%20very%20long%20note")
    text = page.decode()
    assert status == 200
    assert (
        '<p class="error" id="notes-error" data-live><span>The rule sheet does not fit one '
        "letter page (shorten the notes). Shorten the notes or the title.</span></p>"
    ) in text
    assert "<img" not in text.split('id="preview"')[1].split("</div>")[0]  # no preview of it
    status, _, body = call(app, "/sheets/rule-sheet.png", "notes=A%20very%20long%20note")
    assert status == 422 and b"does not fit" in body


def test_serve_on_a_port_in_use_says_so(tmp_path):
    import socket

    from click.testing import CliRunner

    from sheets.cli import main

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--workers", "1"])
    finally:
        taken.close()
    assert result.exit_code == 2
    assert result.output == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
