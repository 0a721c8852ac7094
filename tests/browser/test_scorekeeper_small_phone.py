"""The scorekeeper on a small phone, as a fresh scorer found it after a whole game at 390 and 320
pixels wide: every total of a small table in sight, in the table's order; each box typed in, and
what is left to place, in sight between the bars pinned at the top and the bottom."""

from __future__ import annotations

import pytest
from scorekeeper_page import Scorekeeper, write_site

from sheets.bundle import load_content
from sheets.houserules import STANDARD
from sheets.site.scorekeeper import scorekeeper_files

LANGUAGES = ("en", "de", "fr", "es")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Mary Ann", "Christopher", "Kim")
# a few hands for each size of table, after which one is nearest the end and one is lowest
HANDS = {
    3: [(13, 13, 0), (0, 13, 13), (10, 3, 13)],
    4: [(13, 13, 0, 0), (0, 3, 10, 13), (10, 13, 0, 3), (13, 0, 13, 0)],
    5: [(13, 13, 0, 0, 0), (0, 3, 10, 13, 0), (10, 0, 0, 3, 13)],
    8: [(14, 13, 10, 9, 6, 0, 0, 0)],
    10: [(13, 6, 20, 4, 5, 4, 0, 0, 0, 0)],
}
TEN_MORE = (0, 0, 13, 13, 0, 0, 13, 13, 0, 0)  # one more hand at ten


@pytest.fixture(scope="module")
def pages_in(tmp_path_factory):
    """The standard scorekeeper written once in each language; returns its page's file URL."""
    made: dict[str, str] = {}

    def page_in(language: str) -> str:
        if language not in made:
            folder = tmp_path_factory.mktemp(f"small-phone-{language}")
            files = scorekeeper_files(STANDARD, title="Tisch", content=load_content(language))
            write_site(folder, files)
            made[language] = (folder / "scorekeeper.html").as_uri()
        return made[language]

    return page_in


def play(page, url: str, players: int) -> Scorekeeper:
    """A game of a few hands at a table of so many players, entered by points (started by the
    setup's submit button, whatever the page's language calls it)."""
    sk = Scorekeeper(page, url).open()
    page.select_option("#table", str(players))
    for i, name in enumerate(NAMES[:players]):
        page.fill(f"#name-{i}", name)
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")
    for hand in HANDS[players]:
        sk.hand(*hand)
    return sk


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_total_of_a_small_table_fits_in_seat_order(browser, pages_in, language):
    for width, players in ((390, 3), (390, 4), (390, 5), (320, 3), (320, 4)):
        context = browser.new_context(viewport={"width": width, "height": 640})
        try:
            page = context.new_page()
            play(page, pages_in(language), players)
            row = page.locator("#standing-totals")
            marks = row.locator(".mark")
            shown = [marks.nth(i).get_attribute("data-short") for i in range(marks.count())]
            assert any(m.startswith("▲") for m in shown) and "▼" in shown, shown
            edge = row.bounding_box()
            chips = row.locator(".chip")
            lefts = []
            for i in range(players):
                box = chips.nth(i).bounding_box()
                where = f"{language}, {players} players at {width}: chip {i}"
                assert box["x"] >= edge["x"] - 0.5, where
                assert box["x"] + box["width"] <= edge["x"] + edge["width"] + 0.5, where
                lefts.append(box["x"])
            assert lefts == sorted(lefts), f"{language} at {width}: not in seat order"
            names = [chips.nth(i).locator(".chip-name").inner_text() for i in range(players)]
            assert names == list(NAMES[:players])
            assert row.get_attribute("tabindex") is None, "a row that fits does not scroll"
        finally:
            context.close()


@pytest.mark.parametrize("size", [(320, 640), (390, 500)], ids=["320x640", "390x500"])
def test_each_box_and_what_is_left_show_between_the_bars(browser, pages_in, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        play(page, pages_in("en"), 8)

        def between_the_bars(selector: str) -> bool:
            box = page.locator(selector).bounding_box()
            top = page.locator("#standing").bounding_box()
            bottom = page.locator("#hand .record-bar").bounding_box()
            return top["y"] + top["height"] - 1 <= box["y"] and (
                box["y"] + box["height"] <= bottom["y"] + 1
            )

        def in_sight(selector: str) -> bool:
            box = page.locator(selector).bounding_box()
            top = page.locator("#standing").bounding_box()
            return top["y"] + top["height"] - 1 <= box["y"] and box["y"] + box["height"] <= height

        # the first box, focused as the game began, in sight between the bars (left to the
        # focus alone, it stayed under the Record bar, its ring peeking out beside the words)
        assert page.evaluate("document.activeElement.id") == "points-0"
        assert between_the_bars("#points-0")
        for i in [*range(8), *reversed(range(8))]:
            page.focus(f"#points-{i}")
            page.keyboard.type("1")
            assert between_the_bars(f"#points-{i}"), f"box {i} is under a bar"
            said = "#points-left" if page.inner_text("#points-left") else "#worked-out"
            assert in_sight(said), f"what is left is out of sight at box {i}"
        assert "left to place (of 52)" in page.inner_text("#points-left")
    finally:
        context.close()


LONG_NAMES = (
    "Grandma Rose",
    "Uncle Bartholomew",
    "Cy",
    "Di",
    "Evangeline",
    "Fred",
    "Gus",
    "Henrietta",
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_record_bar_stays_short_for_eight_long_names(browser, pages_in, language):
    """After a hand of eight players with long names, the Record bar says what was recorded in a
    line or two, not the eight totals the pinned standings above show (they took four lines of a
    320 x 640 screen): the totals are still read aloud, and a desktop still shows them."""
    for width, shown in ((320, False), (1100, True)):
        context = browser.new_context(viewport={"width": width, "height": 640})
        try:
            page = context.new_page()
            sk = Scorekeeper(page, pages_in(language)).open()
            page.select_option("#table", "8")
            for i, name in enumerate(LONG_NAMES):
                page.fill(f"#name-{i}", name)
            page.click("#setup button[type=submit]")
            page.wait_for_selector("#game:not([hidden])")
            sk.hand(13, 0, 13, 10, 5, 4, 3, 4)
            heard = sk.text("#hand-status")
            assert all(name in heard for name in LONG_NAMES) and "13" in heard, heard
            detail = page.locator("#hand-status .said-detail").bounding_box()
            assert (detail["width"] > 1) is shown, f"the totals shown at {width}: {detail}"
            if not shown:
                bar = page.locator("#hand .record-bar").bounding_box()
                assert bar["height"] < 640 * 0.25, f"the Record bar is {bar['height']} px tall"
        finally:
            context.close()


@pytest.mark.parametrize(("language", "players"), [("en", 3), ("en", 4), ("de", 3)])
def test_the_usual_passing_reads_whole_in_its_menu_at_390(browser, pages_in, language, players):
    """The setup's passing menu names the table's usual cycle without being cut off at 390 px
    where its name is short enough, the usual one marked in a word (the table menu above it
    already names the table). A menu cannot wrap: a cut one is written again under it, which a
    new scorer read as the same thing said twice."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(pages_in(language))
        page.select_option("#table", str(players))
        chosen = page.evaluate("(s => s.options[s.selectedIndex].text)(passing)")
        usual = load_content(language).scorekeeper.words["usual-cycle"]
        assert isinstance(usual, str) and chosen.endswith(usual.replace("{cycle}", "")), chosen
        assert page.is_hidden("#passing-shown"), chosen
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_and_redo_say_what_they_do_beside_record(browser, pages_in, language):
    """On a phone Undo and Redo beside Record show their mark and, under it, their word in
    short (a new scorer did not know the marks alone), inside the screen, at 320 and 390 px: in
    English on Record's line, in a language whose Record is longer maybe under it, never
    crowding it."""
    words = load_content(language).scorekeeper.words
    for width in (320, 390):
        context = browser.new_context(viewport={"width": width, "height": 640})
        try:
            page = context.new_page()
            play(page, pages_in(language), 4)
            page.click("#bar-undo")
            record = page.locator("#record").bounding_box()
            for which in ("undo", "redo"):
                button = page.locator(f"#bar-{which}")
                short = button.locator(".bar-short")
                assert short.is_visible() and short.inner_text() == words[f"{which}-short"]
                box = button.bounding_box()
                where = f"{language} at {width}: {which}"
                assert box["x"] + box["width"] <= width, f"{where} runs off the screen"
                middle = record["y"] + record["height"] / 2
                beside = box["y"] < middle < box["y"] + box["height"]
                assert beside or language != "en", f"{where} wrapped under Record"
                if beside:  # apart from Record, out of a thumb's way
                    assert box["x"] >= record["x"] + record["width"] + 16, where
        finally:
            context.close()


def test_a_new_game_or_a_swap_opens_the_history_at_the_first_player(browser, pages_in):
    """A history left scrolled sideways once opened every later game, and the same game after
    a seat swap, with the first player's column out of sight; a hand recorded keeps the scroll
    where the scorer left it. (Ten players: drawn narrow, their table is still wider than
    320 pixels.)"""
    context = browser.new_context(viewport={"width": 320, "height": 640})
    try:
        page = context.new_page()
        sk = play(page, pages_in("en"), 10)
        wrap = page.locator("#table-wrap")

        def scrolled() -> float:
            return wrap.evaluate("w => w.scrollLeft")

        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        # (a few pixels: the table reaches the screen's edges)
        assert scrolled() > 5, "the history scrolls sideways at 320 px"
        sk.hand(*TEN_MORE)
        assert scrolled() > 5, "a hand recorded keeps the scroll"
        page.click("#players-open")
        page.select_option("#swap-a", "0")
        page.select_option("#swap-b", "2")
        page.click("#swap")
        assert scrolled() == 0, "after a swap"
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        page.click("#new-game")
        page.click("#confirm-yes")
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#game:not([hidden])")
        sk.hand(*TEN_MORE)
        assert scrolled() == 0, "a new game"
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_game_of_eight_leaves_the_first_boxes_in_sight(browser, pages_in, language):
    """Started at 320 px, eight players: what the start says beside Record stays a line or two,
    the players named for a screen reader only (eight names ran the bar to four lines over
    the boxes), and the first row of boxes, names over them, in sight."""
    context = browser.new_context(viewport={"width": 320, "height": 640})
    try:
        page = context.new_page()
        page.goto(pages_in(language))
        page.select_option("#table", "8")
        names = ("Alexandra", "Bartholomew", "Cy", "Di", "Ed", "Fay", "Timothy", "Mary Ann")
        for i, name in enumerate(names):
            page.fill(f"#name-{i}", name)
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#game:not([hidden])")
        status = page.locator("#hand-status")
        assert "Mary Ann" in status.text_content(), "the players said, for a screen reader"
        detail = page.locator("#hand-status .said-detail").bounding_box()
        assert detail["width"] <= 1, "but not shown on a phone"
        assert status.bounding_box()["height"] < 45, "a line or two"
        bar = page.locator("#standing").bounding_box()
        top = page.locator("#point-fields .field >> nth=0").bounding_box()
        below = page.locator("#points-1").bounding_box()
        assert top["y"] >= bar["y"] + bar["height"] - 1, "the first name under the standing"
        assert below["y"] + below["height"] <= status.bounding_box()["y"], "boxes above the bar"
    finally:
        context.close()
