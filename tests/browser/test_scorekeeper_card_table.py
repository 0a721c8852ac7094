"""The scorekeeper as a fresh scorer meets it at a real card table, on a phone: a filled box is
corrected by typing over it, the way of entering a hand stays as chosen, a worked-out last box is
said to be worked out (never "all placed"), and the standing bar stays above what scrolls under
it. With pictures at 390 x 844, 390 x 500 (keyboard up) and 320 x 640, light and dark, and axe."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from scorekeeper_page import Scorekeeper, in_view

from sheets.houserules import HouseRules

FOUR = ("Ann", "Robert", "Dan", "Cat")
EIGHT = ("Ann", "Ben", "Cy", "Di", "Ed", "Fay", "Timothy", "Mary Ann")
SIZES = {
    "390": {"width": 390, "height": 844},
    "keyboard": {"width": 390, "height": 500},
    "320": {"width": 320, "height": 640},
}
AXE = Axe()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=SIZES["390"], has_touch=True)
    yield context.new_page()
    context.close()


def test_a_filled_box_is_replaced_by_what_is_typed_after_a_tap_or_tab(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    phone.fill("#points-0", "13")
    phone.fill("#points-1", "4")
    phone.tap("#points-0")
    phone.keyboard.type("8")
    assert phone.input_value("#points-0") == "8"
    phone.keyboard.press("Tab")
    phone.keyboard.type("5")
    assert phone.input_value("#points-1") == "5"
    phone.click("#points-0")  # a mouse click too
    phone.keyboard.type("3")
    assert phone.input_value("#points-0") == "3"


def test_tab_goes_from_box_to_box_past_the_minus_and_the_moon(page, site):
    """A scorer at a keyboard tabbed from a box onto ± and ☾ and typed the next points into
    neither: they are a tap's way (a keyboard has its own minus), so Tab goes to the next box,
    and "-10" typed still reads as below 0."""
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start(FOUR)
    page.focus("#points-0")
    for value, box in (("13", "points-1"), ("-10", "points-2"), ("5", "points-3")):
        page.keyboard.type(value)
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == box
    page.keyboard.type("8")
    page.keyboard.press("Enter")
    assert sk.totals() == [13, -10, 5, 8]


def test_enter_in_a_name_goes_on_to_the_next_name_and_never_starts(phone, standard_url):
    """A scorer who pressed Enter after the first name had a game of "Player 2" ... started;
    another's Enter after the last name started a game under rules never seen."""
    Scorekeeper(phone, standard_url).open()
    phone.select_option("#table", "4")
    phone.tap("#name-0")
    for i, name in enumerate(FOUR):
        phone.keyboard.type(name)
        assert phone.evaluate("document.activeElement.id") == f"name-{i}"
        phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "first-dealer"
    assert phone.is_visible("#setup") and phone.is_hidden("#game")


def test_enter_in_game_to_goes_on_to_the_rules_under_it_and_never_starts(phone, standard_url):
    """A scorer's Enter after typing 75 in "Game to" started the game, the bonus card and the
    other rules under it never seen: Enter in any box of the setup goes on to what follows."""
    Scorekeeper(phone, standard_url).open()
    phone.tap("#target")
    assert phone.get_attribute("#target", "enterkeyhint") == "next"
    phone.keyboard.type("75")
    phone.keyboard.press("Enter")
    assert phone.is_visible("#setup") and phone.is_hidden("#game"), "Enter started the game"
    after = phone.evaluate("""() => {
        const all = [...document.querySelectorAll('#setup input, #setup select, #setup button')]
            .filter(c => !c.disabled && c.getClientRects().length);
        return all[all.indexOf(document.getElementById('target')) + 1].id;
    }""")
    assert phone.evaluate("document.activeElement.id") == after


@pytest.mark.parametrize(("players", "first"), [(4, 16), (8, 32)])
def test_enter_goes_on_when_the_hand_is_whole_before_its_last_boxes(phone, site, players, first):
    """With J♦ a hand adds up to 16 (two decks: 32) before its minus is typed: a scorer's 16 in
    the first box, then Enter, left the focus there, and the next player's 4 made 164."""
    sk = Scorekeeper(phone, site(HouseRules(players=players, bonus_card="JD"))).open()
    sk.start(tuple(f"P{i}" for i in range(players)))
    phone.tap("#points-0")
    phone.keyboard.type(str(first))
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "points-1"
    phone.keyboard.type("4")
    assert phone.input_value("#points-0") == str(first)
    assert phone.input_value("#points-1") == "4"


def test_enter_in_a_full_hand_that_does_not_add_up_says_why(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    for i, points in enumerate((13, 4, 4, 4)):
        phone.fill(f"#points-{i}", str(points))
    phone.focus("#points-3")
    phone.keyboard.press("Enter")
    assert "the points add up to 25" in phone.inner_text("#hand")
    assert sk.saved()["hands"] == []
    # and Enter goes on box by box, each number selected to type over (a scorer's corrections
    # all went into the one box Enter left the focus in)
    assert phone.evaluate("document.activeElement.id") == "points-0"
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "points-1"
    phone.keyboard.type("5")  # over the 4 selected
    # 13 5 4 4 is whole, but Enter short of the last box goes on to check the rest (a scorer's
    # Next in the fourth of eight boxes recorded the hand, the last two unseen)
    hints = phone.locator("#point-fields input").evaluate_all("i => i.map(x => x.enterKeyHint)")
    assert hints == ["next", "next", "next", "done"]
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "points-2"
    assert sk.saved()["hands"] == []
    phone.keyboard.press("Enter")
    phone.keyboard.press("Enter")  # from the last box: recorded
    assert sk.saved()["hands"][0]["points"] == [13, 5, 4, 4]


def test_enter_in_a_last_box_out_of_range_stays_in_it(phone, standard_url):
    """82 typed for 28 in the last box, then Enter: refused for that box, which keeps the focus
    to type over (it went on to the first box, the message out of sight: round 35)."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    for i, points in enumerate((13, 0, 3)):
        phone.fill(f"#points-{i}", str(points))
    phone.focus("#points-3")
    phone.keyboard.type("82")
    phone.keyboard.press("Enter")
    assert sk.text("#hand-status") == "Not recorded: Cat's points must be from 0 to 26, not 82."
    assert phone.evaluate("document.activeElement.id") == "points-3"
    phone.keyboard.press("Control+a")
    phone.keyboard.type("10")
    phone.keyboard.press("Enter")
    assert sk.saved()["hands"][0]["points"] == [13, 0, 3, 10]


def test_editing_a_past_hand_keeps_the_way_of_entering_chosen(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    phone.check("#method-cards")
    phone.locator("#score-body tr").first.locator("button.edit").click()
    assert phone.is_checked("#method-points"), "a hand kept is edited by its points"
    phone.fill("#points-0", "0")
    phone.fill("#points-2", "13")
    phone.click("#record")
    assert "Hand 1 changed" in sk.text("#hand-status")
    assert phone.is_checked("#method-cards"), "the next hand is entered as the scorer chose"


def test_a_worked_out_last_box_is_said_beside_record_and_in_what_is_recorded(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    phone.fill("#points-0", "8")
    phone.fill("#points-1", "13")
    phone.fill("#points-2", "4")
    assert phone.get_attribute("#points-3", "placeholder") == "1"
    left = sk.text("#points-left")
    assert "All" not in left and "placed." not in left, left
    assert "done" not in (phone.get_attribute("#points-left", "class") or "")
    note = phone.locator("#worked-out")
    assert note.is_visible()
    assert note.inner_text() == "Cat gets the 1 point left. Wrong? Type over it before recording."
    bar = phone.locator(".record-bar").bounding_box()
    box = note.bounding_box()
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
    phone.click("#record")
    assert "Cat was given the 1 point left." in sk.text("#hand-status")
    assert sk.saved()["hands"][0]["points"] == [8, 13, 4, 1]
    assert not note.is_visible()
    phone.fill("#points-0", "3")  # all typed: placed, and nothing worked out
    phone.fill("#points-1", "13")
    phone.fill("#points-2", "4")
    phone.fill("#points-3", "6")
    assert sk.text("#points-left") == "All 26 points placed."
    assert not note.is_visible()
    phone.fill("#points-3", "")  # the others hold every point: the box left gets none
    phone.fill("#points-0", "9")
    assert (
        note.inner_text()
        == "Cat gets no points: the others hold them all. Wrong? Type over the 0 before recording."
    )
    phone.click("#record")
    assert "Cat was given no points: the others held them all." in sk.text("#hand-status")


def test_the_standing_bar_is_drawn_above_the_history_scrolled_under_it(phone, site):
    sk = Scorekeeper(phone, site(HouseRules(players=8))).open()
    sk.start(EIGHT)
    for _ in range(4):
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
    phone.evaluate("document.body.style.paddingBottom = '2000px'")  # room to scroll
    standing = phone.locator("#standing").bounding_box()
    row = phone.locator("#score-body tr").nth(1)
    top = row.bounding_box()["y"] + phone.evaluate("window.scrollY")
    phone.evaluate(f"window.scrollTo(0, {top - standing['height'] / 2})")
    button = row.locator("button.edit").bounding_box()
    bar = phone.locator("#standing").bounding_box()
    assert button["y"] < bar["y"] + bar["height"], "the row should sit under the bar"
    x = button["x"] + button["width"] / 2
    y = max(button["y"] + 2, bar["y"] + 2)
    inside = phone.evaluate(
        "([x, y]) => document.getElementById('standing').contains(document.elementFromPoint(x, y))",
        [x, y],
    )
    assert inside, "the history's hand buttons are drawn over the standing bar"


def in_sight(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return box is not None and 0 <= box["y"] and box["y"] + box["height"] <= view["height"]


def test_undo_and_redo_are_beside_record_with_the_keyboard_up(browser, site):
    context = browser.new_context(viewport=SIZES["keyboard"])
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=8))).open()
        sk.start(EIGHT)
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
        assert page.inner_text("#bar-undo .bar-words") == "Undo hand 1"
        assert in_sight(page, "#bar-undo"), "Undo should be in sight right after recording"
        assert not page.is_visible("#bar-redo")
        page.click("#bar-undo")
        assert sk.hands_shown() == 0 and sk.points()[0] == "13"
        assert "taken back" in sk.text("#hand-status")
        assert page.inner_text("#bar-redo .bar-words") == "Redo hand 1"
        assert in_sight(page, "#bar-redo")
        page.click("#bar-redo")
        assert sk.hands_shown() == 1
        assert "Hand 1 put back." in sk.text("#hand-status")
        page.locator("#score-body tr").first.locator("button.edit").click()
        assert not page.is_visible("#bar-undo"), "while a hand is edited, Cancel is the way back"
    finally:
        context.close()


def test_a_draft_put_back_by_a_reload_says_why_the_boxes_are_filled(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    phone.fill("#points-0", "2")
    phone.fill("#points-1", "4")
    phone.reload()
    phone.wait_for_selector("#game:not([hidden])")
    assert sk.points()[:2] == ["2", "4"]
    # "not recorded yet" first: with the keyboard up the line is cut to one ("...before the pa…")
    assert sk.text("#hand-status") == (
        "Not recorded yet: hand 2 is back as it was being typed before the page closed."
    )
    # where the scorer had got to, focused and in sight (no box had the focus)
    assert phone.evaluate("document.activeElement.id") == "points-2"
    assert in_view(phone, "#points-0") and in_view(phone, "#points-2")
    # a change to a recorded hand, half typed: the hand still counts as recorded, and is said so
    phone.locator("#score-body tr").first.locator("button.edit").click()
    phone.fill("#points-2", "1")
    phone.reload()
    phone.wait_for_selector("#game:not([hidden])")
    assert sk.points()[2] == "1"
    assert sk.text("#hand-status") == (
        "Not saved yet: your change to hand 1 is back as it was being typed before the page"
        " closed; hand 1 still scores as recorded until you save it."
    )
    assert sk.totals() == [13, 13, 0, 0]


@pytest.mark.parametrize("way", ["cards", "points"])
def test_a_way_of_entering_chosen_with_nothing_typed_comes_back_without_a_word(
    phone, standard_url, way
):
    """Only the way of entering switched, and the page reopened: it said "Hand 3 is back as it
    was being typed" over an empty form. The way chosen stays; nothing is said to be back."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    if way == "points":  # the last hand by cards: the next opens by cards
        phone.check("#method-cards")
        phone.select_option("#queen-0", "1")
        for i, hearts in enumerate((5, 3, 5, 0)):
            phone.fill(f"#hearts-{i}", str(hearts))
        phone.click("#record")
        phone.check("#method-points")
    else:
        sk.hand(13, 13, 0, 0)
        phone.check("#method-cards")
    phone.reload()
    phone.wait_for_selector("#game:not([hidden])")
    assert phone.is_checked(f"#method-{way}")
    assert "is back" not in sk.text("#hand-status"), sk.text("#hand-status")
    assert "is back" not in sk.text("#status"), sk.text("#status")


def test_a_game_reopened_before_its_first_hand_says_so(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    phone.reload()
    phone.wait_for_selector("#game:not([hidden])")
    assert sk.text("#status") == "Game restored: no hand played yet."


def test_the_total_label_stays_in_view_and_no_pass_column_repeats_no_pass(browser, site):
    context = browser.new_context(viewport=SIZES["320"])
    try:
        page = context.new_page()
        sk = Scorekeeper(page, site(HouseRules(players=8))).open()
        sk.start(EIGHT, passing="hold")
        sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
        heads = page.locator("#score-head th").all_inner_texts()
        assert "Pass" not in heads and page.locator("#score-body td.pass").count() == 0
        wrap = page.locator("#table-wrap")
        wrap.scroll_into_view_if_needed()
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        for row in ("#score-foot", "#score-rest"):
            label = page.locator(f"{row} th").bounding_box()
            seen = page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y).closest('th')?.textContent",
                [label["x"] + 4, label["y"] + label["height"] / 2],
            )
            assert seen in ("Total", "Left to 100"), f"{row}: {seen!r} at the left edge"
        assert sk.totals() == [13, 6, 20, 4, 5, 4, 0, 0]
    finally:
        context.close()


def test_a_table_that_passes_keeps_its_pass_column(sk):
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    assert "Pass" in sk.page.locator("#score-head th").all_inner_texts()
    assert sk.page.locator("#score-body td.pass").all_inner_texts() == ["← left"]


def swap(page, a: int, b: int) -> None:
    page.click("#players-open")
    page.select_option("#swap-a", str(a))
    page.select_option("#swap-b", str(b))
    page.click("#swap")


def test_a_swap_says_who_deals_next_first_where_that_changed(sk):
    """A scorer swapped two players while the one about to deal was shuffling, and the
    heading's dealer changed quietly: where the swap moves the next deal it is said first."""
    page = sk.page
    sk.start(FOUR, first_dealer="1")  # Robert deals hand 1
    sk.hand(13, 13, 0, 0)
    swap(sk.page, 1, 2)  # Robert moves left, into the seat that deals next
    assert sk.text("#players-status") == (
        "Robert and Dan swapped seats; their points went with them. Robert now deals hand 2, "
        "not Dan: the deal goes by seat, and Robert sits where Dan sat."
    )
    # the panel stays open after a swap, as after saving the names: Done closes it
    assert page.is_visible("#players") and in_view(page, "#players-status")
    assert page.evaluate("document.activeElement.id") == "players-done"
    page.keyboard.press("Enter")
    assert page.is_hidden("#players")
    assert page.get_attribute("#players-open", "aria-expanded") == "false"
    assert sk.text("#next").startswith("Hand 2 · dealer Robert")
    # the next dealer stays, the last one's seat taken by another: why the deal goes on there
    swap(sk.page, 0, 1)  # Ann into the seat Robert dealt from, Dan now sits in
    assert sk.text("#players-status").endswith(
        "Robert dealt hand 1 from the seat where Ann sits now; the deal passes left from that "
        "seat, so Robert deals hand 2."
    )


def test_the_names_panel_closes_at_game_over_and_stays_closed_for_a_rematch(page, site):
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    page.click("#players-open")
    sk.hand(13, 0, 13, 0)  # Ann reaches 26: over
    assert page.is_visible("#final")
    assert page.is_hidden("#players")
    assert page.get_attribute("#players-open", "aria-expanded") == "false"
    page.click("#players-open")
    page.click("#rematch")
    assert page.is_hidden("#players")


def test_the_printout_names_the_winner_and_date_and_a_static_host_is_not_posted_to(
    page, served_site
):
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    sk = Scorekeeper(page, served_site + "scorekeeper.html").open()
    sk.start(FOUR)
    sk.hand(0, 0, 0, 26, shooter=3)  # Cat shoots the moon
    for _ in range(6):
        sk.hand(13, 13, 0, 0)  # Ann and Robert reach 104
    assert page.is_visible("#final")
    page.evaluate("() => { window.__prints = 0; window.print = () => { window.__prints += 1; }; }")
    page.click("#print-sheet")
    assert page.evaluate("window.__prints") == 1 and posts == [], "printed at once, no POST"
    rows = page.locator("#print-view tbody tr")
    assert rows.nth(0).locator("td.moon").text_content() == "☑"  # as the PDF ticks it
    assert rows.nth(0).locator("td.sum").text_content() == "✓ ☾78"
    result = page.locator("#print-view .sheet-result").text_content()
    assert result == sk.text("#result")
    year = page.evaluate("new Date().getFullYear()")
    assert page.locator("#print-view .sheet-date").text_content().startswith("Game of ")
    assert str(year) in page.locator("#print-view .sheet-date").text_content()
    page.emulate_media(media="print")
    check = rows.nth(0).locator("td.sum")
    assert check.evaluate("c => getComputedStyle(c).whiteSpace") == "nowrap"
    page.emulate_media(media="screen")


def test_small_things_a_new_scorer_misreads(page, site, tmp_path):
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    box = page.locator("#setup input[type=checkbox]").first.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    sk.start(FOUR)
    # the moon buttons are explained in words on screen
    assert page.is_visible("#moon-legend")
    assert sk.text("#moon-legend") == "Tap ☾ beside the name of whoever shot the moon."
    # the revoke question is folded away until asked for
    assert page.is_hidden("#revoke") and page.is_visible("#revoke-more summary")
    sk.hand(13, 13, 0, 0)
    page.locator("#score-body tr").first.locator("button.edit").click()
    page.fill("#points-0", "0")
    page.fill("#points-2", "13")
    page.click("#record")
    assert sk.text("#hand-status").startswith("Hand 1 changed")
    page.fill("#points-0", "5")  # the next input: the old message goes
    assert sk.text("#hand-status") == ""
    page.fill("#points-0", "")
    sk.hand(13, 0, 13, 0)  # over: Ann reaches 26
    page.click("#rematch")  # the game is kept among the past games
    page.locator("#past-list button", has_text="Open").first.click()
    assert page.is_visible("#past-view")
    assert page.is_hidden("#standing"), "the live game's bar is not pinned above a past game"
    page.click("#past-view-close")
    assert page.is_visible("#standing")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_pictures_at_the_card_table(browser, site, shots, size, scheme):
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        sk = Scorekeeper(page, site(HouseRules(players=8))).open()
        sk.start(EIGHT)
        for _ in range(3):
            sk.hand(13, 6, 20, 4, 5, 4, 0, 0)
        found = {}

        def look(state: str) -> None:
            page.screenshot(path=str(shots / f"card-table-{size}-{scheme}-{state}.png"))
            results = AXE.run(page)
            found[state] = results.generate_report() if results.violations_count else ""

        look("recorded")  # Undo beside Record
        for i, p in enumerate((13, 6, 20, 4, 5, 4, 0)):
            page.fill(f"#points-{i}", str(p))
        page.locator("#points-7").scroll_into_view_if_needed()
        look("worked-out")
        page.click("#revoke-more summary")
        look("revoke-open")
        page.click("#revoke-more summary")
        row = page.locator("#score-body tr").nth(1)
        page.evaluate("document.body.style.paddingBottom = '2000px'")
        top = row.bounding_box()["y"] + page.evaluate("window.scrollY")
        page.evaluate(f"window.scrollTo(0, {top - 30})")
        page.locator("#table-wrap").evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        look("history-under-bar")
        assert not errors
        assert not any(found.values()), "\n".join(r for r in found.values() if r)
    finally:
        context.close()


def _boxes(page) -> list[str]:
    return [page.input_value(f"#points-{i}") for i in range(4)]


def test_a_correction_called_out_mid_hand_keeps_what_was_typed(phone, standard_url):
    """Hand 3 half typed when someone says hand 1 was wrong: the ✎, then Cancel, Save or an Undo,
    and a reload in between, each bring hand 3's numbers back, and say so when the boxes had
    shown another hand."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 13, 13)
    edit_first = phone.locator("#score-body tr").first.locator("button.edit")
    phone.fill("#points-0", "9")
    phone.fill("#points-1", "3")
    edit_first.click()  # looked at, then cancelled
    assert _boxes(phone) == ["13", "13", "0", "0"]
    phone.click("#edit-cancel")
    assert _boxes(phone)[:2] == ["9", "3"]
    assert sk.text("#hand-status").endswith("The numbers typed for hand 3 are back in the boxes.")
    edit_first.click()  # changed and saved, with a reload in the middle
    phone.fill("#points-2", "1")
    phone.reload()
    phone.wait_for_selector("#game:not([hidden])")
    phone.fill("#points-0", "12")
    phone.click("#record")
    assert sk.totals() == [12 + 0, 13, 1 + 13, 13]
    assert _boxes(phone)[:2] == ["9", "3"]
    phone.click("#bar-undo")  # the change taken back: the typed numbers stay
    assert sk.totals() == [13, 13, 13, 13] and _boxes(phone)[:2] == ["9", "3"]
    # they never left the boxes, so nothing says they came back (readers found it misleading)
    assert "typed for hand 3" not in sk.text("#hand-status"), sk.text("#hand-status")
    phone.click("#bar-redo")
    assert _boxes(phone)[:2] == ["9", "3"]
    assert "typed for hand 3" not in sk.text("#hand-status"), sk.text("#hand-status")


def test_undo_stays_where_it_is_while_a_hand_is_typed(phone, standard_url):
    """The Record bar's Undo does not slide towards Record when what the bar says empties (it
    came within 8 px of Record, under a thumb aiming at Record)."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    said = phone.locator("#bar-undo").bounding_box()
    assert sk.text("#hand-status")
    phone.fill("#points-0", "9")
    assert not sk.text("#hand-status")
    typing = phone.locator("#bar-undo").bounding_box()
    record = phone.locator("#record").bounding_box()
    assert typing["x"] == said["x"], (said, typing)
    assert typing["x"] - (record["x"] + record["width"]) > 60


def test_new_game_asks_before_it_drops_a_first_hand_half_typed(phone, standard_url):
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    phone.click("#new-game")  # nothing typed, nothing recorded: straight to setup
    assert phone.is_visible("#setup") and phone.is_hidden("#confirm")
    sk.start(FOUR)
    phone.fill("#points-0", "3")
    phone.click("#new-game")
    assert phone.is_visible("#confirm")
    assert sk.text("#confirm-text").startswith("Start a new game? What is typed for hand 1")
    phone.click("#confirm-no")
    assert phone.is_hidden("#setup") and _boxes(phone)[0] == "3"


def test_a_game_set_aside_mid_hand_keeps_what_was_typed(phone, standard_url):
    """New game with hand 2 half typed: the game goes to the past games with its typed numbers,
    and Resume brings both back, and says so."""
    sk = Scorekeeper(phone, standard_url).open()
    sk.start(FOUR)
    sk.hand(13, 13, 0, 0)
    phone.fill("#points-0", "9")
    phone.fill("#points-1", "3")
    phone.click("#new-game")
    phone.click("#confirm-yes")
    sk.start(("Eve", "Fay", "Gus", "Hal"))
    assert _boxes(phone) == ["", "", "", ""], "the new game starts blank"
    phone.locator("#past-list button", has_text="Resume").first.click()
    assert sk.saved()["names"] == list(FOUR)
    assert _boxes(phone)[:2] == ["9", "3"]
    assert sk.text("#hand-status").endswith("The numbers typed for hand 2 are back in the boxes.")
