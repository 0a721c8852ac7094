""" "Print score sheet" both ways: from `hearts-sheets serve` the page posts the game and
opens the PDF the service writes it into in a tab of its own (the same bytes as ``build --game``); from a
file, a static host or offline it prints itself, with a view laid out like the score sheet
that only the print stylesheet shows."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from game_records import GAMES, game_bytes
from pdf_checks import pdf_text
from playwright.sync_api import expect
from scorekeeper_page import Scorekeeper
from test_filled_sheet import _dealt

from sheets.blocks import signed
from sheets.bundle import load_content
from sheets.gamerecord import parse_game
from sheets.housefile import STANDARD_FILE
from sheets.houserules import HouseRules
from sheets.layout.scorenumbers import check_text
from sheets.pipeline import render_game_sheet
from sheets.text import dealt_line

PRINTS = "() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }"


def _load(sk: Scorekeeper, record: dict, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(game_bytes(record))
    sk.page.set_input_files("#import-setup", str(path))
    sk.page.wait_for_selector("#game:not([hidden])")


def _sheet_rows(page) -> list[list[str]]:
    return page.evaluate("""() => Array.from(
        document.querySelectorAll('#print-view tbody tr:not(.carried)'))
        .map(tr => Array.from(tr.children).map(c => c.textContent))""")


@pytest.mark.parametrize("name", ["four", "cancellation", "suns", "teams"])
def test_offline_the_page_prints_its_own_score_sheet(sk, tmp_path, shots, name):
    record = GAMES[name]()
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    assert sk.page.evaluate("window.__prints") == 1
    assert sk.page.evaluate("document.body.classList.contains('printing-sheet')")
    game = parse_game(game_bytes(record), load_content())
    rows = _sheet_rows(sk.page)
    assert len(rows) == len(game.hands)
    for k, (row, hand) in enumerate(zip(rows, game.hands)):
        dealer = _dealt(game.rules, record["firstDealer"], k)  # marked as the PDF marks it
        cells = [
            c
            for side, pair in enumerate(zip(hand.scores, hand.totals))
            for c in (("•" if side == dealer else "") + signed(pair[0]), signed(pair[1]))
        ]
        assert row[0] == str(k + 1) and row[3:-1] == cells
        # a moon hand's sum marked as the PDF's blank rows print it: "✓ ☾468" beside "✓ 52"
        shot = "" if hand.shooter is None else "☀" if hand.sun else "☾"
        assert row[-1] == f"✓ {shot}{signed(sum(hand.scores))}"
        if hand.shooter is not None:  # the box ticked (a sun's sunned), as the PDF ticks it
            assert row[2] == ("☀" if hand.sun else "☑"), row[2]
        if hand.revoke is not None:
            assert row[2] == "R"
    heads = sk.page.locator("#print-view thead .side .written").all_text_contents()
    assert heads == record["names"]
    # the check column headed with what the rows add up to, as the PDF's blank rows print it
    # ("32 ☾448/−72"): a moon hand's "✓ ☾448" has its number to be checked against
    sums = sk.page.locator("#print-view thead .check-sums").first.text_content()
    assert sums == check_text(game.rules), sums
    # headed as the PDF is: "Cancellation Hearts · score sheet" for a game of eight
    heading = sk.page.locator("#print-view h2").first.inner_text()
    pdf = render_game_sheet(load_content(), STANDARD_FILE, game, "letter")
    assert " ".join(pdf_text(pdf.pdf).split()).startswith(heading + " "), heading
    assert ("Cancellation" in heading) is game.rules.cancellation
    assert sk.page.locator("#print-view .sheet-dealt").inner_text() == dealt_line(
        load_content(), game.rules
    )
    # what the ☾ column's marks mean, those the game has (a revoke where one took every point
    # read as a moon scored wrong): the PDF's footer says how each row is written
    key = sk.page.locator("#print-view .sheet-key").all_inner_texts()
    said = key[0].split(" · ") if key else []
    revokes = [max(h.scores) for h in game.hands if h.revoke is not None]
    taker = "that team" if game.rules.partnership else "the offender"
    expected = [
        *(
            ["☑ a moon was shot"]
            if any(h.shooter is not None and not h.sun for h in game.hands)
            else []
        ),
        *(["☀ a sun was shot"] if any(h.sun for h in game.hands) else []),
        *([f"R a revoke found late: {taker} took all {revokes[0]} points"] if revokes else []),
    ]
    # and what the check column's heading says ("32 ☾448/−72" read as a riddle)
    moons = check_text(game.rules).partition(" ☾")[2]
    if moons or any(h.sun for h in game.hands):
        total = signed(game.rules.check_sum)
        expected.append(f"Check: a hand adds up to {total}")
    assert [part.split(",")[0] for part in said] == expected, key
    suns = [
        c.split("☀")[1] for c in sk.page.locator("#print-view td.sum").all_inner_texts() if "☀" in c
    ]
    if suns:  # "✓ ☀−124" on a sun's row: the key lists what a sun hand adds up to
        listed = said[-1].split("a sun hand (☀) to ")[1].removesuffix(", as it was scored")
        assert set(suns) <= set(listed.split("/")), (suns, said)
        assert f"a moon hand (☾) to {moons or signed(game.rules.check_sum)} and" in said[-1]
    elif moons:
        assert said[-1].endswith(f"a moon hand (☾) to {moons} as it was scored"), said
    assert sk.page.locator("#print-view").is_hidden()  # on screen: only while printing
    sk.page.set_viewport_size({"width": 1100, "height": 900})
    sk.page.emulate_media(media="print")
    assert sk.page.locator("#print-view").is_visible()
    assert sk.page.locator("#game").is_hidden()
    # the dealer's • clear of the points it marks ("•52" ran together in a narrow column)
    gaps = sk.page.evaluate("""() => [...document.querySelectorAll('#print-view .dealt')]
        .map(dot => {
            var range = document.createRange();
            range.selectNodeContents(dot.parentNode.lastChild);
            return range.getBoundingClientRect().left - dot.getBoundingClientRect().right;
        })""")
    assert len(gaps) == len(game.hands) and min(gaps) >= 2, gaps
    sk.page.screenshot(path=str(shots / f"print-sheet-{name}.png"), full_page=True)
    sk.page.emulate_media(media="screen")


def test_offline_the_printout_is_headed_with_the_groups_own_title(page, tmp_path):
    """A site built from a house-rules file with a title of the group's own: the page's
    printout is headed with it, as the PDF sheet of the same game is (a scorer found
    "Hearts · score sheet" on the printout and the group's title on the PDF)."""
    from scorekeeper_page import write_site

    from sheets.housefile import parse_house_rules
    from sheets.site.builder import build_site, plan_site

    house = parse_house_rules(b"title: The Smiths' Hearts\ntarget: 75\n", "house.yaml")
    write_site(tmp_path / "site", build_site(plan_site(load_content(), house, {}), workers=1))
    sk = Scorekeeper(page, (tmp_path / "site" / "scorekeeper.html").as_uri()).open()
    record = GAMES["four"]()
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    heading = sk.page.locator("#print-view h2").first.inner_text()
    assert heading == "The Smiths' Hearts · score sheet"
    game = parse_game(game_bytes(record), load_content())
    pdf = render_game_sheet(load_content(), house, game, "letter")
    assert " ".join(pdf_text(pdf.pdf).split()).startswith(heading + " ")


def test_the_printout_has_the_pdf_rules_line_and_carries_totals_to_each_new_page(
    sk, tmp_path, shots
):
    """The rules line under the title is the PDF sheet's, in its words; a game longer than a
    printed page goes on over pages, each after the first starting from the totals so far."""
    from dataclasses import replace

    from game_records import game_record

    from sheets.houserules import HouseRules
    from sheets.text import score_sheet_text

    rules = HouseRules(target=500, moon="shooter-chooses", shoot_the_sun=True, bonus_card="JD")
    record = game_record(rules, seed=4, hands=30, moons=(3,))
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    content = load_content()
    game = parse_game(game_bytes(record), content)
    pdf = score_sheet_text(content, replace(STANDARD_FILE, rules=game.rules))
    lines = sk.page.locator("#print-view .sheet-rules").all_text_contents()
    assert lines[0] == " · ".join(pdf.summary) and "Game to 500" in lines[0]
    pages = sk.page.locator("#print-view .sheet-page")
    assert pages.count() == 2 and len(lines) == 2
    carried = pages.nth(1).locator("tbody tr").first
    assert carried.get_attribute("class") == "carried"
    totals = carried.locator("td.total").all_text_contents()
    first = pages.nth(0).locator("tbody tr").count()
    assert totals == [signed(t) for t in game.hands[first - 1].totals]
    assert carried.locator("th").inner_text() == "from the last sheet"
    assert len(_sheet_rows(sk.page)) == len(game.hands) == 30
    sk.page.emulate_media(media="print")
    sk.page.screenshot(path=str(shots / "print-sheet-pages.png"), full_page=True)
    sk.page.emulate_media(media="screen")


def test_printing_here_clears_what_was_said_beside_the_tools(context, page, standard_url):
    """After Share, Print left "The standings are copied" beside the tools, as if said of it."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    sk = Scorekeeper(page, standard_url).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.click("#share")
    page.locator("#tools-status", has_text="The standings are copied").wait_for(timeout=5000)
    page.evaluate(PRINTS)
    page.click("#print-sheet")
    assert page.evaluate("window.__prints") == 1 and sk.text("#tools-status") == ""


def test_the_printout_writes_a_total_sent_back_at_exactly_100_as_the_table_does(sk):
    """74 and 26 printed as a total of 50, with nothing on the row: the page's own table says
    "100 → 50" there, and so does the printout."""
    sk.start(exactly_100="50")
    for _ in range(4):
        sk.hand(24, 2, 0, 0)
    sk.hand(4, 22, 0, 0)
    assert sk.totals()[0] == 50
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    rows = _sheet_rows(sk.page)
    assert rows[4][3].endswith("4") and rows[4][4] == "100 → 50" and rows[3][4] == "96"


@pytest.mark.parametrize(
    "passing", [("left", "right", "across", "hold"), ("hold",)], ids=["passes", "never"]
)
def test_the_printout_says_the_passing_chosen_at_setup(sk, tmp_path, passing):
    """Eight players with a cycle chosen at setup: the rules line said "No pass", the table's
    usual cycle, over a Pass column of left, right and across."""
    from dataclasses import replace

    from game_records import game_record

    from sheets.houserules import HouseRules
    from sheets.text import score_sheet_text

    record = game_record(HouseRules(players=8, passing=passing), seed=7, hands=3)
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    game = parse_game(game_bytes(record), load_content())
    pdf = score_sheet_text(load_content(), replace(STANDARD_FILE, rules=game.rules))
    line = sk.page.locator("#print-view .sheet-rules").first.text_content()
    assert line == " · ".join(pdf.summary)
    assert ("No pass" in line) is (passing == ("hold",)), line


@pytest.mark.parametrize("restless", [False, True])
def test_offline_the_printout_says_who_changed_seats_as_the_pdf_does(sk, tmp_path, restless):
    """After a change of seats the dealer's marks jump; the printout says who moved after which
    hand, in the PDF's words (not the seating before hand 1, nor a rename), or after which
    hands, for many changes."""
    from test_filled_sheet import _moving_game, _restless_game

    record = _restless_game() if restless else _moving_game()
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    content = load_content()
    game = parse_game(game_bytes(record), content)
    said = sk.page.locator("#print-view .sheet-dealt").inner_text()
    assert said == dealt_line(content, game.rules, game.names, game.moves)
    assert said.count(game.names[2]) == (0 if restless else 2)  # Bob moved twice


def test_the_printout_says_after_which_hand_a_tie_was_played_off(sk, tmp_path):
    """A game to 30 whose tie for the lowest after hand 3 was played off over hands 4 and 5: the
    printed totals pass 30 there and the game goes on, and the printout says why, in the PDF's
    words."""
    from game_records import game_record

    rules = HouseRules(target=30, ties="play-on")
    hands = [
        {"points": p, "shooter": None, "sun": False, "choice": None, "revoke": None}
        for p in ([13, 13, 0, 0], [13, 7, 3, 3], [5, 13, 4, 4], [0, 0, 13, 13], [3, 3, 0, 20])
    ]
    record = {**game_record(rules, seed=1, hands=0), "hands": hands}
    _load(sk, record, tmp_path)
    sk.page.evaluate(PRINTS)
    sk.page.click("#print-sheet")
    said = sk.page.locator("#print-view .sheet-result").inner_text()
    # still tied after hand 4: the hands it took too, as the PDF says them (round 34)
    played_off = (
        load_content().language.sheets["game-played-off-hands"].format(hand=3, hands="4 and 5")
    )
    assert said.endswith(" " + played_off) and said.startswith("Game over: Cy wins"), said
    game = parse_game(game_bytes(record), load_content())
    pdf = pdf_text(render_game_sheet(load_content(), STANDARD_FILE, game, "letter").pdf)
    assert " ".join(played_off.split()) in " ".join(pdf.split())


KEEP_BLOB = """() => { const make = URL.createObjectURL;
    URL.createObjectURL = (blob) => { window.__blob = blob; return make(blob); }; }"""
BLOB_BYTES = """() => new Promise((done) => { const reader = new FileReader();
    reader.onload = () => done(reader.result.split(",")[1]);
    reader.readAsDataURL(window.__blob); })"""


def test_served_the_page_opens_the_service_sheet_in_a_tab_of_its_own(page, server, tmp_path):
    record = GAMES["teams"]()
    sk = Scorekeeper(page, server.url + "/scorekeeper.html").open()
    _load(sk, record, tmp_path)
    page.evaluate(PRINTS)
    page.evaluate(KEEP_BLOB)
    with page.expect_popup() as opened:
        page.click("#print-sheet")
    expect(page.locator("#tools-status")).to_have_text(  # once the service has made the sheet
        "Score sheet opened in a new tab, to print from there.", timeout=60_000
    )
    tab = opened.value
    tab.wait_for_url(lambda url: url.startswith("blob:"))  # the tab goes on to the sheet
    assert tab.url.startswith("blob:" + server.url)
    pdf = base64.b64decode(page.evaluate(BLOB_BYTES))
    content = load_content()
    game = parse_game(game_bytes(record), content)
    assert pdf == render_game_sheet(content, STANDARD_FILE, game, "letter").pdf
    assert page.evaluate("window.__prints") == 0
    tab.close()


NOON = 1_796_299_200_000  # 2026-12-03 12:00 UTC, in ms: that day wherever the clock is within 11 h of UTC


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, d = divmod(n, 36)
        out = digits[d] + out
    return out


def test_served_the_sheet_has_the_day_the_game_began_and_its_dealers(page, server, tmp_path):
    """The page posts the day the game began (from its id, in the device's time): the service's
    sheet writes it on the date line, and marks each hand's dealer."""
    record = dict(GAMES["three"](), id=_base36(NOON) + "-abc123")
    sk = Scorekeeper(page, server.url + "/scorekeeper.html").open()
    _load(sk, record, tmp_path)
    page.evaluate("window.open = () => null")
    with page.expect_download() as caught:
        page.click("#print-sheet")
    pdf = Path(caught.value.path()).read_bytes()
    content = load_content()
    game = parse_game(game_bytes(dict(record, started="2026-12-03")), content)
    assert game.started is not None and game.dealers[0] == record["firstDealer"]
    assert pdf == render_game_sheet(content, STANDARD_FILE, game, "letter").pdf
    assert "December 3, 2026" in pdf_text(pdf)


def test_served_where_no_tab_opens_the_page_downloads_the_service_sheet(page, server, tmp_path):
    record = GAMES["teams"]()
    sk = Scorekeeper(page, server.url + "/scorekeeper.html").open()
    _load(sk, record, tmp_path)
    page.evaluate(PRINTS)
    page.evaluate("window.open = () => null")  # a browser that blocks the tab
    with page.expect_download() as caught:
        page.click("#print-sheet")
    pdf = Path(caught.value.path()).read_bytes()
    content = load_content()
    game = parse_game(game_bytes(record), content)
    assert pdf == render_game_sheet(content, STANDARD_FILE, game, "letter").pdf
    assert caught.value.suggested_filename.startswith("hearts-score-sheet-")
    assert page.evaluate("window.__prints") == 0
    expect(page.locator("#tools-status")).to_contain_text("Score sheet downloaded")


def test_served_a_game_the_service_refuses_is_said_and_not_printed(context, page, server, tmp_path):
    record = GAMES["four"]()
    sk = Scorekeeper(page, server.url + "/scorekeeper.html").open()
    _load(sk, record, tmp_path)
    page.evaluate(PRINTS)
    # the game as kept on this page, changed behind its back so the service sees a bad record
    page.route(
        "**/sheets/score-sheet.pdf",
        lambda route: route.continue_(post_data=json.dumps({**record, "version": 7})),
    )
    page.click("#print-sheet")
    expect(page.locator("#tools-status")).to_have_text(
        "The score sheet was not made: game: it was saved by another version of the scorekeeper"
    )
    assert page.evaluate("window.__prints") == 0
    # the browser logs the 400 it was answered; the page itself raised nothing
    context.errors[:] = [e for e in context.errors if "status of 400" not in e]


def test_the_scorekeeper_and_the_python_reader_refuse_the_same_records(sk, tmp_path):
    """Each record build --game refuses, the scorekeeper's import refuses in the same words; a
    record one reads, the other reads too."""
    from test_filled_sheet import REFUSED, _refusal

    path = tmp_path / "game.json"
    for record, _ in REFUSED:
        path.write_bytes(game_bytes(record))
        sk.page.evaluate("() => { document.getElementById('setup-status').textContent = ''; }")
        sk.page.set_input_files("#import-setup", str(path))
        python = _refusal(record).removeprefix("game.json: ")
        expect(sk.page.locator("#setup-status")).to_have_text(
            f"Not imported: game.json is not a game this scorekeeper can read ({python})."
        )
    _load(sk, GAMES["cancellation"](), tmp_path)
