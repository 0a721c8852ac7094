"""The service's application in-process (no server): the place where rules that can never matter
are shown, a busy or runaway render answered with 429, the render cache's bound, and the small
pieces (If-None-Match, file names, the log's path, the canonical file)."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from html import escape
import time

import pytest

from house_files import random_house_files
from sheets.blocks import strip_bold
from sheets.bundle import load_content, load_preset, read_preset
from sheets.housefile import PRESETS, parse_house_rules
from sheets.houserules import OPTIONS, HouseRules, warnings
from sheets.service import renders
from sheets.service.app import LOG, SheetsApp, file_name, loggable, matches
from sheets.service.choices import DOWNLOAD_NAME, canonical_query, canonical_yaml, read_choices
from sheets.service.renders import LRUBytes, Renderer
from sheets.site.page import inline
from sheets.text import assemble, printed_line, warning_line

SITE = {"index.html": b'<!DOCTYPE html><meta http-equiv="Content-Security-Policy" '
                      b"content=\"default-src 'self'\"><title>t</title>"}


def call(app: SheetsApp, path: str, query: str = "", **environ) -> tuple[str, dict, bytes]:
    seen = {}

    def start_response(status, headers):
        seen["status"], seen["headers"] = status, dict(headers)

    body = b"".join(app({"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query,
                         **environ}, start_response))
    return seen["status"], seen["headers"], body


def make_app(**kwargs) -> SheetsApp:
    return SheetsApp(load_content(), SITE, fingerprint="test", **kwargs)


def test_rules_that_can_never_matter_are_shown_beside_their_control_and_in_the_file():
    dead = "target=50&exactly_100=50"  # no total can be exactly 100 in a game to 50
    [warning] = warnings(HouseRules(target=50, exactly_100=50))
    app = make_app()
    status, _, page = call(app, "/make", dead)
    assert status.startswith("200")
    assert (f'<p class="warning" id="exactly_100-warning" data-live><span>'
            f"{escape(warning_line(warning))}</span></p>") in page.decode()
    _, _, data = call(app, "/sheets/house-rules.yaml", dead)
    assert f"# {warning_line(warning)}\n" in data.decode()
    assert b"# note" not in call(app, "/sheets/house-rules.yaml", "target=50")[2]


@pytest.mark.parametrize("query, key", [
    ("hearts_any_time=true&queen_breaks_hearts=true", "queen_breaks_hearts"),  # set, can't matter
    ("players=8&kitty_goes_to=first-trick", "kitty_goes_to"),  # no kitty with 8 players
    ("players=4", "kitty_goes_to"),  # no kitty dealt at all
    ("moon=subtract-from-shooter", "moon"),
])
def test_each_control_shows_the_line_the_sheet_prints(query, key):
    """Beside each control, the rule as the rule sheet prints it; a rule that can never matter
    (or a kitty never dealt) reads "not in play here", never as in force, and the sheet leaves
    it out."""
    content = load_content()
    choices = read_choices(query)
    line = printed_line(content, choices.house.rules, key)
    page = call(make_app(), "/make", query)[2].decode()
    assert f'<p class="on-sheet" id="{key}-now" data-live>{inline(line)}</p>' in page
    text = assemble(content, choices.house)
    if key == "moon":
        assert strip_bold(line) in text.plain(), "the sheet prints the same line"
    elif key in {p.key for p in warnings(choices.house.rules)}:
        assert strip_bold(line) not in text.plain(), "the sheet prints a rule that never applies"
    if key != "moon":
        assert "not in play here" in line


def test_the_log_says_whether_a_sheet_was_made_or_found_made(caplog):
    app = make_app()
    with caplog.at_level("INFO", logger=LOG.name):
        for _ in range(2):
            call(app, "/sheets/score-sheet.pdf", "target=65")
    assert [r.getMessage().rsplit(" ", 1)[-1] for r in caplog.records] == ["render", "hit"]


def test_a_full_render_queue_is_429_with_retry_after():
    app = make_app(renderer=Renderer(load_content(), max_waiting=0))
    status, headers, body = call(app, "/sheets/rule-sheet.pdf", "target=60")
    assert status.startswith("429") and headers["Retry-After"] == "5"
    assert b"busy" in body and headers["Cache-Control"] == "no-store"


def test_a_runaway_render_is_429_and_retires_the_worker(monkeypatch):
    real = renders.render

    def slow(*args):
        time.sleep(0.5)
        return real(*args)

    monkeypatch.setattr(renders, "render", slow)
    retired = threading.Event()
    app = make_app(renderer=Renderer(load_content(), timeout=0.1), on_stuck=retired.set)
    status, headers, body = call(app, "/sheets/rule-sheet.pdf", "target=61")
    assert status.startswith("429") and b"longer than 0.1 seconds" in body
    assert retired.is_set()


def test_a_render_that_waits_in_the_queue_too_long_does_not_retire_the_worker(monkeypatch):
    # Each render takes 0.1 s (asleep, so the machine's load cannot stretch it); eight in a row
    # take 0.8 s, so the last ones wait past the 0.5 s timeout while none runs that long.
    monkeypatch.setattr(renders, "render", lambda *a: (time.sleep(0.1), b"%PDF")[1])
    retired = threading.Event()
    renderer = Renderer(load_content(), timeout=0.5)
    app = make_app(renderer=renderer, on_stuck=retired.set)
    threads = [threading.Thread(target=call, args=(app, "/sheets/rule-sheet.pdf", f"target={t}"))
               for t in range(20, 28)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not retired.is_set()


def test_a_render_done_before_its_request_looks_does_not_lock_the_worker():
    class AtOnce:  # runs each job in the caller's thread: its future is done on return
        def submit(self, fn, *args):
            future = Future()
            future.set_result(fn(*args))
            return future

    renderer = Renderer(load_content())
    renderer._pool = AtOnce
    house = read_choices("target=63").house
    answer = threading.Thread(target=renderer.get, args=(b"t63", house, "score-sheet", "letter"),
                              daemon=True)
    answer.start()
    answer.join(timeout=30)
    assert not answer.is_alive(), "the request locked its worker"
    assert renderer.cache.get((b"t63", "score-sheet", "letter")) is not None


def test_the_render_cache_keeps_within_its_bytes():
    cache = LRUBytes(100)
    for n in range(10):
        cache.put(("k", n), bytes(30))
    assert cache.size <= 100 and len(cache) == 3
    assert cache.get(("k", 9)) is not None and cache.get(("k", 0)) is None
    cache.put(("big",), bytes(101))  # larger than the whole cache: not kept
    assert cache.get(("big",)) is None


def test_two_requests_for_one_sheet_share_one_render():
    renderer = Renderer(load_content())
    app = make_app(renderer=renderer)
    threads = [threading.Thread(target=call, args=(app, "/sheets/score-sheet.pdf", "target=42"))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert renderer.renders == 1


@pytest.mark.parametrize("header, hit", [('"a"', True), ('"b", "a"', True), ('W/"a"', True),
                                          ("*", True), ('"b"', False), ('"a', False)])
def test_if_none_match(header, hit):
    assert matches(header, '"a"') is hit


def test_download_names_are_plain():
    assert file_name("Hearts at the Millers'") == "hearts-at-the-millers"
    assert file_name('"; rm -rf /\r\nX: y') == "rm-rf-x-y"
    assert file_name("♠♥") == "hearts"


def test_the_log_shows_house_rules_but_no_free_text():
    assert loggable("/sheets/rule-sheet.pdf", "moon=subtract-from-shooter&title=Secret&notes=x"
                    "&paper=a4&evil%0Akey=1&moon") == \
        "/sheets/rule-sheet.pdf?moon=subtract-from-shooter&title=…&notes=…&paper=a4&…=…&moon"
    assert loggable("/x\n\x1b[31m", "") == "/x\\n\\x1b[31m"


def test_every_key_appears_on_the_page():
    page = call(make_app(), "/make")[2].decode()
    for option in OPTIONS:
        assert f'<label for="{option.key}">' in page or \
            f'<label for="{option.key}">Hand 1</label>' in page, option.key


def test_the_canonical_query_gives_the_same_rules():
    for query in ("preset=omnibus&moon=subtract-from-shooter&notes=a&notes=b&paper=a4",
                  "players=3&passing=left&passing=hold&title=Ours", "preset=short-game&notes="):
        first = read_choices(query)
        again = read_choices(canonical_query(first.house, first.paper))
        assert again.yaml == first.yaml and again.paper == first.paper


@pytest.mark.parametrize("house", [*(load_preset(name) for name in PRESETS),
                                   *(house for _, house in random_house_files(200, seed=23))],
                         ids=lambda house: house.source)
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

    def too_long(prepared, kind, paper):
        if kind == "rule-sheet":
            raise DoesNotFitError("The rule sheet does not fit one letter page (shorten the "
                                  "notes).")
        return real(prepared, kind, paper)

    monkeypatch.setattr(renders, "render", too_long)
    app = make_app()
    status, _, page = call(app, "/make", "notes=A%20very%20long%20note")
    text = page.decode()
    assert status.startswith("200")
    assert ('<p class="error" id="notes-error" data-live><span>The rule sheet does not fit one '
            "letter page (shorten the notes). Shorten the notes or the title.</span></p>") in text
    assert "<img" not in text.split('id="preview"')[1].split("</div>")[0]  # no preview of it
    status, _, body = call(app, "/sheets/rule-sheet.png", "notes=A%20very%20long%20note")
    assert status.startswith("422") and b"does not fit" in body


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
