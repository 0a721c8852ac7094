"""A big table on a small phone, as a scorer at eight players on a 320-pixel screen asked for:
the history drawn narrow (a column a side, each hand's points over its total, the dealer
marked • as on the filled-in sheet) so that every side shows without a swipe; the totals pinned
above the hand in seat order, on a tall screen every one in sight; the small Undo beside Record
naming the hand it takes back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from scorekeeper_page import Scorekeeper, chips_said, mark_moon
from test_scorekeeper_looks import scan
from test_scorekeeper_table_talk import opened

from sheets.houserules import HouseRules

FAMILY = (
    "Grandma Rose", "Uncle Bartholomew", "Evangeline", "Henrietta", "Cy", "Di", "Fred", "Gus",
)  # fmt: skip
HANDS = ((3, 13, 4, 1, 10, 5, 13, 3), (13, 0, 4, 1, 10, 5, 13, 6), (0, 13, 4, 1, 10, 5, 13, 6))


def fits(page) -> bool:
    return page.evaluate(
        "(() => { const w = document.getElementById('table-wrap');"
        " return w.scrollWidth <= w.clientWidth + 1; })()"
    )


def cells(page, k: int) -> list[str]:
    """What each side's cell of hand k shows, its lines joined by a space."""
    return [
        " ".join(t.split())
        for t in page.locator("#score-body tr").nth(k).locator("td").all_inner_texts()
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_eight_players_history_shows_every_side_at_320(browser, site, shots, scheme):
    with opened(browser, site(HouseRules(players=8)), 320) as (page, sk):
        page.emulate_media(color_scheme=scheme)
        sk.start(FAMILY)
        for points in HANDS:
            sk.hand(*points)
        table = page.locator("#scores")
        # narrow, the names upward (and, a pixel short, the totals a size down)
        assert {"narrow", "upward"} <= set(table.get_attribute("class").split())
        assert fits(page), "every side's column in sight, no swipe"
        heads = page.locator("#score-head th[scope=col]").all_text_contents()
        assert heads[1:] == list(FAMILY), "each name whole for a screen reader (cut on screen)"
        # each side's cell: the hand's points (• before the dealer's, "dealt" read aloud), then
        # the running total; hand 2 was dealt by Uncle Bartholomew, the second seat
        assert cells(page, 1) == [
            "13 16", "• dealt, 0 13", "4 8", "1 2", "10 20", "5 10", "13 26", "6 9"
        ]  # fmt: skip
        assert [c.startswith("• ") for c in cells(page, 2)] == [i == 2 for i in range(8)]
        assert sk.totals() == [16, 26, 12, 3, 30, 15, 39, 15]
        table.scroll_into_view_if_needed()
        page.screenshot(path=shots / f"narrow-8-at-320-{scheme}.png")
        assert scan(page) == ""


def test_a_wider_screen_gives_the_history_back_its_columns(browser, site):
    """The same game on a phone turned on its side: the table drawn again as the sheet has it,
    the dealer's column and each side's points beside its total; turned back, narrow again."""
    with opened(browser, site(), 320) as (page, sk):
        sk.start(("Alexandra", "Bob", "Cy", "Di"))
        sk.hand(13, 13, 0, 0)
        assert page.get_attribute("#scores", "class") == "narrow"
        page.set_viewport_size({"width": 1000, "height": 640})
        page.wait_for_selector("#scores:not(.narrow)", state="attached")
        assert page.locator("#score-body td.dealer").all_text_contents() == ["Alexandra← left"]
        assert page.locator("#score-body td.pts").count() == 4
        page.set_viewport_size({"width": 320, "height": 640})
        page.wait_for_selector("#scores.narrow", state="attached")


def test_four_players_minus_totals_fit_390_with_their_names_upright(browser, site):
    """A bonus card puts totals below 0: the table of four still fits a 390-pixel phone, its
    names read across."""
    rules = HouseRules(bonus_card="JD", moon="subtract-from-shooter")
    with opened(browser, site(rules), 390) as (page, sk):
        sk.start(("Ann", "Bob", "Cy", "Dinah"))
        sk.hand(0, 13, 13, -10)
        sk.hand(0, 0, 26, -10, shooter=2)
        sk.hand(10, 13, 3, -10)
        assert sk.totals() == [10, 26, -10, -30]
        assert fits(page)
        assert "upward" not in (page.get_attribute("#scores", "class") or "")


@pytest.mark.parametrize(
    "size", [(390, 844), (320, 640), (320, 480)], ids=["390x844", "320x640", "keyboard-up"]
)
def test_the_totals_keep_their_seats_and_all_show_on_a_phone(browser, site, shots, size):
    """Eight players: the pinned totals wrap into rows in seat order, every name and total in
    sight without a swipe (a scorer lost Di when the row put the lowest first, and others
    found only 2½ players in sight at 320 pixels, 3 of 8 with the keyboard up); with the
    keyboard up (320 x 480) a chip takes one line."""
    width, height = size
    with opened(browser, site(HouseRules(players=8)), width, height) as (page, sk):
        sk.start(FAMILY)
        sk.hand(*HANDS[0])
        row = page.locator("#standing-totals").bounding_box()
        boxes = [c.bounding_box() for c in page.locator("#standing-totals .chip").all()]
        for box in boxes:
            assert row["x"] - 1 <= box["x"]
            assert box["x"] + box["width"] <= row["x"] + row["width"] + 1
        places = [(round(b["y"]), b["x"]) for b in boxes]
        assert places == sorted(places), "in seat order, row by row"
        assert page.locator("#standing").bounding_box()["height"] <= 0.2 * height
        if height < 576:
            assert all(b["height"] < 26 for b in boxes), "one line a chip"
        # in rows, the nearest the end marked ▲ alone: "J 51 ▲ 49" read as two totals
        near = page.locator("#standing-totals .chip.near .mark").first
        assert near.evaluate("m => getComputedStyle(m, '::before').content") == '"▲" / ""'
        page.screenshot(path=shots / f"totals-in-rows-{width}x{height}.png")


def test_the_undo_beside_record_names_the_hand_it_takes_back(page, site):
    phone = page
    sk = Scorekeeper(phone, site()).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 13, 13, 0)
    mark = phone.locator("#bar-undo .bar-target")
    assert mark.inner_text() == "hand 2", "the hand, not a bare number read as a count"
    phone.click("#score-body button.edit >> nth=0")
    sk.hand(13, 0, 13, 0)
    # the change, said: "hand 1 ✎" beside "hand 1" read as hand 1 itself (rounds 32, 34)
    assert mark.inner_text() == "edit of hand 1", "the change to hand 1"
    phone.click("#bar-undo")
    assert phone.locator("#bar-redo .bar-target").inner_text() == "edit of hand 1"
    assert mark.inner_text() == "hand 2"


def test_the_undo_beside_record_names_a_change_of_players(sk):
    """A rename or a swap is named under Undo as a hand is ("↶" alone left a scorer guessing
    what it would take back)."""
    page = sk.page
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.click("#players-open")
    page.fill("#player-0", "Anna")
    page.click("#players button[type=submit]")
    mark = page.locator("#bar-undo .bar-target")
    assert mark.inner_text() == "renaming"
    page.select_option("#swap-a", "0")
    page.select_option("#swap-b", "2")
    page.click("#swap")
    assert mark.inner_text() == "seat swap"
    page.click("#bar-undo")
    assert page.locator("#bar-redo .bar-target").inner_text() == "seat swap"
    assert mark.inner_text() == "renaming"
    assert page.inner_text("#bar-undo .bar-words") == "Undo the renaming"


def test_chips_in_rows_never_cut_a_name_to_a_letter(browser, site):
    """Four long names of S at 320 px with the keyboard up: in one row of chips they read
    "Sa… 13", "S… 26 ▲"; wider chips in two rows keep every name readable."""
    with opened(browser, site(), 320, 380) as (page, sk):
        sk.start(("Samantha", "Susannah", "Stephen", "Sally-Ann"))
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 13, 13, 0)
        page.focus("#points-1")
        shown = page.locator("#standing-totals .chip-name").evaluate_all(
            "names => names.map(n => n.scrollWidth <= n.clientWidth ||"
            " n.clientWidth >= 3 * parseFloat(getComputedStyle(n).fontSize))"
        )
        assert shown == [True] * 4, "a name cut to a letter or two"
        rows = {round(c.bounding_box()["y"]) for c in page.locator("#standing-totals .chip").all()}
        assert len(rows) == 2
        assert page.locator("#standing").bounding_box()["height"] <= 0.2 * 380


def test_names_cut_short_still_tell_the_players_apart(browser, site):
    """Eight names at 320 px with the keyboard up read "Ma…" and "Mar…", "D…", and over the
    totals "M…" twice: a name is cut no shorter than the letters that tell it from the others,
    and a chip's name cut is still read aloud whole."""
    names = ("Alexandra", "Ben", "Di", "Siobhan", "Maximilian", "Fay", "Timothy", "Mary Ann")
    with opened(browser, site(), 320, 400) as (page, sk):
        sk.start(names)
        for i in range(5):
            sk.hand(*([0] * i + [26, 26] + [0] * (6 - i)))
        page.focus("#points-0")
        shown = page.locator("#standing-totals .chip-name").all_inner_texts()
        assert shown != list(names), "the chips are cut at this width"
        for name, cut in zip(names, shown):
            letters = cut.rstrip(".")
            assert name.startswith(letters) and len(letters) >= min(3, len(name)), cut
        assert shown[4][:3] == "Max" and shown[7][:3] == "Mar"
        assert page.locator("#standing-totals .chip-name.clipped").count() == 0, "none clipped"
        said = [chip.split(" 52")[0].split(" 26")[0].split(" 0")[0] for chip in chips_said(page)]
        assert said == list(names), "a name cut short is read aloud whole"
        again = page.locator("#scores tr.names-again td").all_inner_texts()[1:]
        assert len(set(a.rstrip(".") for a in again)) == len(names), again
        for name, cut in zip(names, again):
            assert name.startswith(cut.rstrip(".")) and len(cut.rstrip(".")) >= min(3, len(name))


def test_a_name_told_apart_after_a_space_keeps_the_letter_after_it(browser, site):
    """ "Christopher Lee" beside "Christopher" was cut to "Christopher." (its space the telling
    letter, then trimmed): it reads "Christopher L.", unlike the other's "Christopher"."""
    names = ("Christopher Lee", "Ben", "Christopher", "Siobhan", "Maximilian", "Fay", "Tim", "Jo")
    with opened(browser, site(), 320, 400) as (page, sk):
        sk.start(names)
        page.focus("#points-0")
        shown = page.locator("#standing-totals .chip-name").all_inner_texts()
        assert shown[0] != shown[0].rstrip("."), "cut at this width"
        assert shown[0] == "Christopher L.", shown
        assert shown[2].rstrip(".") != shown[0].rstrip("."), shown


def test_undo_naming_the_names_leaves_no_empty_line_in_the_bar(browser, site):
    """At 320 px Undo over "names" and the place kept for Redo made a second line, empty, under Record:
    an unused Redo gives up its place rather than take a line of its own."""
    with opened(browser, site(), 320) as (page, sk):
        sk.start(("Alexandra", "Ben", "Di", "Siobhan"))
        sk.hand(13, 13, 0, 0)
        page.click("#players-open")
        page.fill("#player-2", "Diana")
        page.click("#players-done")
        page.focus("#points-0")
        record = page.locator("#record").bounding_box()
        undo = page.locator("#bar-undo").bounding_box()
        assert page.locator("#bar-undo .bar-target").inner_text() == "renaming"
        assert abs(undo["y"] - record["y"]) < 2, "Undo beside Record"
        bar = page.locator(".record-bar").bounding_box()
        assert bar["y"] + bar["height"] <= record["y"] + record["height"] + 12, "no line below"
        page.locator("#bar-undo").tap()
        assert page.is_visible("#bar-redo"), "Redo, used, shows again"


@pytest.mark.parametrize(
    "size, shown",
    [((390, 844), True), ((390, 420), False), ((1100, 900), False)],
    ids=["phone", "keyboard-up", "desktop"],
)
def test_the_marks_in_short_are_told_under_the_chips(browser, site, size, shown):
    """▲ and ▼ without their words read as a second score or "going up" to new scorers: under
    the chips a line says what they mean, on a phone with room for it (words take their place
    on a wide screen)."""
    with opened(browser, site(), *size) as (page, sk):
        sk.start(("Margaret", "Bartholomew", "Jo", "Christopher"))
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 13, 13, 0)
        assert page.is_visible("#standing-key") == shown
        if shown:
            assert page.inner_text("#standing-key") == "▲ nearest the end (100) · ▼ lowest"


def test_where_the_chips_say_how_near_the_key_says_what_the_number_is(browser, site):
    """Chips in one row show the nearest the end as "▲ 74": the key under them said only
    "▲ nearest the end", and the 74 read as a second total."""
    with opened(browser, site(), 390, 844) as (page, sk):
        sk.start(("Margaret", "Bob", "Jo", "Di"))
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 13, 13, 0)
        assert "tight" in page.get_attribute("#standing-totals", "class")
        mark = page.locator("#standing-totals .near .mark")
        assert mark.get_attribute("data-short") == "▲ 74"  # shown in place of its words
        assert page.inner_text("#standing-key") == "▲ 74 to go to 100 · ▼ lowest"


def test_a_box_being_corrected_stays_put_as_the_message_above_it_goes(browser, site):
    """With the keyboard up, a refusal said under Maggie's box went as soon as Teddy's, below
    it, was changed, and Teddy's box jumped 180 pixels up, off the screen."""
    with opened(browser, site(HouseRules(bonus_card="JD")), 390, 420) as (page, sk):
        sk.start(("Bartholomew", "Maggie", "Margaret", "Teddy"))
        sk.hand(13, 13, 0, -10)
        sk.hand(0, 13, 13, -10)  # hands below the form: room to scroll as a game has
        for i, points in enumerate((13, 8, 11, 0)):
            page.fill(f"#points-{i}", str(points))
        page.click("#record")
        assert page.locator("#points-1-error").is_visible(), "said under Maggie's box"
        page.locator("#points-3").scroll_into_view_if_needed()
        page.focus("#points-3")
        before = page.locator("#points-3").bounding_box()["y"]
        page.keyboard.type("2")
        assert page.locator("#hand .field-error").count() == 0, "the refusal has gone"
        assert abs(page.locator("#points-3").bounding_box()["y"] - before) < 2


def test_the_tools_below_keep_their_places_as_undo_and_redo_change_words(browser, site):
    """ "Undo the change to hand 2" became "Undo hand 5" beside a wide "Redo the change to hand
    2", and the buttons after them moved under the finger: on a phone each has a row."""
    with opened(browser, site(), 390, 844) as (page, sk):
        sk.start(("Bartholomew", "Maggie", "Margaret", "Ted"))
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 13, 13, 0)
        page.click("#score-body button.edit >> nth=0")
        sk.hand(13, 0, 13, 0)
        where = (
            "['undo', 'redo', 'share', 'new-game'].map(id =>"
            " document.getElementById(id).getBoundingClientRect()).map(r => [r.left, r.top])"
        )
        before = page.evaluate(where)
        page.click("#undo")
        after = page.evaluate(where)
        shift = after[0][1] - before[0][1]  # the page may scroll: places beside Undo's
        assert [[x, y - shift] for x, y in after] == before


def test_the_winners_star_is_told_under_the_chips(browser, site):
    """At game over the chips in rows show ★ alone, and nothing said what it meant."""
    names = ("Alexandra", "Ben", "Di", "Siobhan", "Maximilian", "Fay", "Timothy", "Mary Ann")
    with opened(browser, site(HouseRules(players=8, target=20)), 320, 640) as (page, sk):
        sk.start(names)
        sk.hand(26, 26, 0, 0, 0, 0, 0, 0)
        assert page.is_visible("#final")
        assert page.locator("#standing-totals .chip.win").count() == 6
        assert page.is_visible("#standing-key") and sk.text("#standing-key") == "★ winner"


SIMILAR = ("Christine", "Chris", "Samuel", "Sam", "Theodore", "Tyler", "Ann", "Annabel")


@pytest.mark.parametrize("size", [(390, 420), (320, 360)])
def test_with_the_keyboard_up_a_long_message_leaves_the_boxes_room(browser, site, size):
    """A moon hand taken back filled the Record bar with five lines (what was taken back, then
    what each scores) and left one row of boxes at 390 × 420; at 320 × 360 the name over the
    box being typed in was under the standing. What was said shows whole till a key is typed
    (cut to a line, the news of a hand recorded went unread: rounds 30 and 31); the first key
    puts it away, and the box typed in is shown with its name, two rows of boxes in sight."""
    with opened(browser, site(), *size) as (page, sk):
        sk.start(SIMILAR)
        sk.hand(26, 26, 0, 0, 0, 0, 0, 0)
        sk.hand(0, 0, 0, 0, 0, 0, 0, 52, shooter=7)
        page.click("#bar-undo")
        assert "taken back" in sk.text("#hand-status") and "moon" in sk.text("#points-left")
        page.locator("#points-2").focus()
        status = page.locator("#hand-status")
        assert status.evaluate("s => s.scrollHeight <= s.clientHeight + 1"), "whole till typed"
        assert "the form again" in status.inner_text()
        page.keyboard.press("Backspace")
        expect(status).to_have_text("")
        bar = page.locator(".record-bar").bounding_box()
        standing = page.locator("#standing").bounding_box()
        row = page.locator("#point-fields .field").first.bounding_box()["height"]
        room = bar["y"] - standing["y"] - standing["height"]
        # two rows of boxes (each under its name and what it scores) in sight, or all but a
        # sliver of the second on the smallest screen (it was one row)
        assert room >= (2 if size[1] >= 400 else 1.9) * row, f"{room} between the bars, rows {row}"
        label = page.locator("#point-fields .field:nth-child(3) label").bounding_box()
        assert label["y"] >= standing["y"] + standing["height"], "the name under the standing"


def test_the_letters_that_tell_a_name_apart_are_set_smaller_before_they_are_cut(browser, site):
    """At 320 × 360 "Christine" beside "Chris" needs "Christ." to be told apart: the chip had
    room for "Chris", and showed the two players alike."""
    with opened(browser, site(), 320, 360) as (page, sk):
        sk.start(SIMILAR)
        sk.hand(26, 26, 0, 0, 0, 0, 0, 0)
        page.locator("#points-2").focus()
        names = page.locator("#standing-totals .chip-name")
        assert names.nth(0).inner_text() == "Christ."
        assert page.locator("#standing-totals .chip-name.clipped").count() == 0, "none clipped"
        fits = names.evaluate_all("ns => ns.map(n => n.scrollWidth <= n.clientWidth)")
        assert fits == [True] * len(SIMILAR)


def test_names_again_over_the_totals_are_told_apart_and_never_set_larger(browser, site):
    """Over the totals at 320 px, "Jonas" and "Anna" beside "Jon" and "Ann" were clipped to
    "Jona" and "An", and a name set smaller to fit was set larger than the others instead."""
    names = ("Jon", "Jonas", "Johanna", "Jo", "Ann", "Anna", "Bob", "Bea")
    with opened(browser, site(), 320, 640) as (page, sk):
        sk.start(names)
        for i in range(5):
            points = [0] * 8
            points[i], points[i + 1] = 26, 26
            sk.hand(*points)
        cells = page.locator("#scores tr.names-again td").evaluate_all(
            """tds => tds.slice(1).map(t => [t.textContent, parseFloat(getComputedStyle(t)
                .fontSize), t.scrollWidth <= t.clientWidth])"""
        )
        usual = cells[0][1]
        for name, (shown, size, fits) in zip(names, cells):
            assert fits and size <= usual, (name, shown, size)
            assert name.startswith(shown.rstrip(".")), shown
        assert len({shown.rstrip(".") for shown, _, _ in cells}) == len(names)


def test_a_sun_by_the_dealer_and_a_total_sent_back_leave_every_column_in_sight(browser, site):
    """At the end of a game of eight, "• −124☾☀" and "100 → 50" widened two columns and pushed
    the last player's off the screen, total and all; the names over the totals read "Ki…" and
    "Ka…" beside Kim, Kit, Katie and Kathy. The marks go under the points, a note over two lines,
    and every name is cut only by the letters that tell it."""
    rules = HouseRules(
        players=8, bonus_card="JD", shoot_the_sun=True, moon="subtract-from-shooter", exactly_100=50
    )
    names = ("Kim", "Kimberly", "Kit", "Katie", "Kathy", "Ken", "Kenny", "Kip")
    with opened(browser, site(rules), 360, 640) as (page, sk):
        sk.start(names)
        for _ in range(3):
            sk.hand(26, 26, 0, 0, 0, -10, 0, -10)
        sk.hand(22, 4, 26, 0, 0, -20, 0, 0)  # Kim on exactly 100: back to 50
        mark_moon(page, 4)  # Kathy, who deals hand 5, shoots the sun
        page.check("#sun")
        page.click("#record")
        assert sk.totals() == [50, 82, 26, 0, -124, -50, 0, -30]
        wrap = page.locator("#table-wrap")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "a column off the screen"
        rooms = page.locator("#scores tr.names-again td").evaluate_all(
            """tds => tds.slice(1).map(t => {
                var r = document.createRange(); r.selectNodeContents(t);
                var s = getComputedStyle(t);
                return [t.textContent, (t.clientWidth - parseFloat(s.paddingLeft)
                    - parseFloat(s.paddingRight)) - r.getBoundingClientRect().width];
            })"""
        )
        for name, (shown, spare) in zip(names, rooms):
            assert spare >= -0.5 and name.startswith(shown.rstrip(".")), (name, shown, spare)


@pytest.mark.parametrize("height", [420, 480, 540])
def test_with_the_keyboard_up_the_next_hand_shows_all_its_boxes(browser, site, height):
    """With the keyboard up the next hand was shown from the form's top: its heading, the way of
    entering and two lines of hints over the boxes left one row of the four in sight. Where the
    form does not fit whole between the bars, it is shown from its first box."""
    with opened(browser, site(HouseRules(bonus_card="JD")), 390, height) as (page, sk):
        sk.start(("Christine", "Chris", "Maria", "Tom"))
        sk.hand(3, 13, 10, -10)
        assert page.evaluate("document.activeElement.id") == "points-0"
        top = page.locator("#standing").bounding_box()
        bar = page.locator(".record-bar").bounding_box()
        for i in range(4):
            box = page.locator(f"#points-{i}").bounding_box()
            assert top["y"] + top["height"] <= box["y"], f"box {i} under the standing"
            assert box["y"] + box["height"] <= bar["y"], f"box {i} under the Record bar"
        label = page.locator("#point-fields label").first.bounding_box()
        assert label["y"] >= top["y"] + top["height"], "the first name in sight"


def test_a_name_never_looks_like_another_when_it_will_not_fit(browser, site):
    """At 320 × 360 "Sarah" on the lowest chip, "−41 ▼" beside it, was clipped to "Sara", the
    name of another player two chips away. A name shown whole is the player's whole name, one
    cut ends in "." (the letters that tell it), and one that will not fit even small is cut
    with "…"."""
    names = ("Sam", "Samuel", "Sami", "Sara", "Sarah", "Ana", "Anna", "Max")
    with opened(browser, site(HouseRules(bonus_card="JD")), 320, 360) as (page, sk):
        sk.start(names)
        sk.hand(26, 26, 0, 0, -20, 0, 0, 0)
        sk.hand(26, 26, 0, 0, -21, 1, 0, 0)
        page.locator("#points-2").focus()
        chips = page.locator("#standing-totals .chip-name").evaluate_all(
            """ns => ns.map(n => {
                var r = document.createRange(); r.selectNodeContents(n);
                return [n.textContent, n.getBoundingClientRect().width + 0.5
                    >= r.getBoundingClientRect().width, getComputedStyle(n).textOverflow];
            })"""
        )
        for name, (shown, fits, overflow) in zip(names, chips):
            assert name.startswith(shown.rstrip(".")), (name, shown)
            if fits:
                assert shown == name or shown.endswith("."), (name, shown)
            else:
                assert overflow == "ellipsis", (name, shown, overflow)


def test_a_history_drawn_narrow_stays_narrow_for_the_rest_of_the_game(browser, site):
    """At 390 pixels a family's table went narrow with a moon, wide again when Grandpa Joe was
    renamed Grandpa, narrow again at the game's end: its columns moved under the scorer's eyes
    (round 23). Once narrow at a width, a game stays narrow there; turned, it is drawn afresh."""
    rules = HouseRules(bonus_card="JD", moon="shooter-chooses")
    with opened(browser, site(rules), 390, 844) as (page, sk):
        sk.start(("Mom", "Dad", "Lily", "Grandpa Joe"))
        for points in ((3, 15, -2, 0), (-6, 1, 6, 15), (9, 2, 14, -9)):
            sk.hand(*points)
        assert page.get_attribute("#scores", "class") is None, "wide while it fits"
        mark_moon(page, 1)
        page.locator("#takers select").first.select_option("2")  # Lily took J♦
        sk.hand(shooter=1, choice="add-to-others")
        assert sk.totals() == [32, 18, 34, 32]
        assert page.get_attribute("#scores", "class") == "narrow"
        page.click("#players-open")
        page.fill("#player-3", "Grandpa")  # short enough for the wide table again
        page.click("#players button[type=submit]")
        assert page.get_attribute("#scores", "class") == "narrow"
        page.set_viewport_size({"width": 1000, "height": 844})
        page.wait_for_selector("#scores:not(.narrow)", state="attached")


def test_a_total_past_the_end_in_a_tie_played_off_keeps_its_name_in_the_chips(browser, site):
    """Ties played off at 320 × 360: Dev's chip, past 100 while two were tied lowest, read
    "107 ▲ ≥100", its name pushed out of sight and the row two pixels too wide. In rows, the
    mark is ▲ alone, as for the nearest the end."""
    club = ("Christopher", "Christine", "Mary Ann", "Marianne", "Bo", "Maggie", "Chris B.", "Dev")
    with opened(browser, site(HouseRules(players=8, ties="play-on")), 320, 360) as (page, sk):
        sk.start(club)
        sk.hand(12, 0, 0, 0, 0, 0, 0, 40)
        sk.hand(0, 0, 0, 0, 0, 0, 12, 40)
        sk.hand(0, 13, 13, 0, 0, 0, 0, 26)
        assert sk.totals()[-1] == 106 and page.is_hidden("#final"), "tied lowest: play on"
        row = page.locator("#standing-totals")
        assert row.evaluate("t => t.scrollWidth <= t.clientWidth"), "no row to swipe"
        chip = page.locator("#standing-totals li").last
        name = chip.locator(".chip-name")
        assert name.inner_text() == "Dev" and name.evaluate("n => n.scrollWidth <= n.clientWidth")
        assert chip.evaluate("c => c.scrollWidth <= c.clientWidth"), "the chip holds it all"


def test_a_long_name_over_a_box_of_hearts_breaks_in_its_own_column(browser, site):
    """At 320 px, "Alexandria Konstantinopoulou" over her hearts widened her column over the
    next one (the page slid sideways): the name breaks where it must, each box in its column."""
    names = ("Alexandria Konstantinopoulou", "Christopher Montgomery III", "Sam", "Bo", "Ann",
             "Cy", "Di", "Ed")  # fmt: skip
    with opened(browser, site(HouseRules(players=8)), 320, 640) as (page, sk):
        sk.start(names)
        page.check("#method-cards")
        first, second = (page.locator(f"#heart-fields .field >> nth={i}") for i in (0, 1))
        a, b = first.bounding_box(), second.bounding_box()
        assert a["x"] + a["width"] <= b["x"], (a, b)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        box = page.locator("#hearts-0").bounding_box()
        assert box["x"] + box["width"] <= b["x"], "her box stays in her column"


def test_a_tap_that_leaves_a_box_lands_where_it_was_aimed(browser, site):
    """On a short screen what was done kept to one line over Record while a box was in use, and
    grew back at once as the box was left, between the press and the release of the tap that
    left it: the page moved under the finger and a hand's ✎, pressed, landed on the table beside
    it (after an edit said which totals it moved). It shows whole all along now."""
    with opened(browser, site(), 320, 640) as (page, sk):
        sk.start(("Alexandra", "Bartholomew", "Christopher", "Dominique"))
        sk.hand(13, 13, 0, 0)
        sk.hand(0, 0, 13, 13)
        page.locator("#score-body button.edit").first.click()
        sk.hand(13, 0, 13, 0)
        said = sk.text("#hand-status")
        assert said.startswith("Hand 1 changed. Totals moved:"), said
        page.locator("#points-0").focus()
        status = page.locator("#hand-status")
        # whole while the box is in use, as after: leaving it moves nothing
        assert status.evaluate("s => s.scrollHeight <= s.clientHeight + 1"), "whole"
        edit = page.locator("#score-body button.edit").nth(1)
        edit.evaluate("b => b.scrollIntoView({block: 'end'})")  # near the screen's foot
        edit.click()
        assert sk.text("#hand-legend") == "Editing hand 2"


def test_a_cut_name_keeps_its_accents(browser, site):
    """A chip's name is cut at its side, never at its top: "Élise" read "Elise" in a row of
    eight at 390 × 420 (round 34)."""
    names = ("Anne", "Benoît", "Chloé", "David", "Élise", "François", "Gaëlle", "Hugo")
    with opened(browser, site(HouseRules(players=8)), 390, 420) as (page, sk):
        sk.start(names)
        page.focus("#points-0")
        assert "crowded" in page.get_attribute("#standing-totals", "class")
        clipped = page.evaluate(
            "[...document.querySelectorAll('#standing-totals .chip-name')]"
            ".map(n => getComputedStyle(n).overflowY)"
        )
        assert clipped == ["visible"] * 8
