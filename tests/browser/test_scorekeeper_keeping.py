"""The scorekeeper never loses a game, and never silently: failed saves, a fresh device
restoring an export, two tabs, the browser asked to keep the data, half-typed points across a
reload, a way back from undo, and a moon taken back."""

from __future__ import annotations

import json
import time

import pytest
from scorekeeper_page import PHONE, STORAGE_KEY, Scorekeeper, mark_moon

from sheets.houserules import HouseRules

FULL = """() => {
  window.keptSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
}"""
ROOMY = "() => { Storage.prototype.setItem = window.keptSetItem; }"


def export(sk: Scorekeeper, tmp_path, button: str = "#export"):
    with sk.page.expect_download() as info:
        sk.page.click(button)
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path


# -- a save that fails ------------------------------------------------------------------------


def test_a_failed_save_warns_until_a_save_works(sk, tmp_path):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.page.evaluate(FULL)
    sk.hand(0, 13, 13, 0)
    warning = sk.page.locator("#save-warning")
    assert warning.is_visible()
    assert sk.text("#save-warning-text").startswith(
        "This browser did not save the game: its storage for this page is full."
    )
    assert sk.text("#hand-status").startswith("Hand 2 recorded.")  # both, not one for the other
    sk.hand(0, 0, 13, 13)
    assert warning.is_visible(), "the warning stays while saves fail"
    path = export(sk, tmp_path, "#save-export")
    assert len(json.loads(path.read_text())["hands"]) == 3
    assert sk.text("#status") == f"Game exported: {path.name}, in this device's downloads."
    assert warning.is_visible()
    assert len(sk.saved()["hands"]) == 1
    sk.page.evaluate(ROOMY)
    sk.hand(13, 0, 0, 13)
    assert warning.is_hidden(), "a save that works takes the warning away"
    sk.page.reload()
    assert sk.totals() == [26, 26, 26, 26]


def test_a_browser_that_blocks_storage_still_keeps_score_and_says_so(browser, standard_url):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("""Object.defineProperty(window, "localStorage", {get() {
        throw new DOMException("Access is denied for this document.", "SecurityError"); }});""")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        sk = Scorekeeper(page, standard_url).open()
        assert "it blocks storage for this page" in sk.text("#save-warning-text")
        sk.start()
        sk.hand(13, 13, 0, 0)
        assert sk.totals() == [13, 13, 0, 0] and page.is_visible("#save-warning")
        assert errors == []
    finally:
        context.close()


def test_the_browser_is_asked_to_keep_the_data(browser, standard_url):
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("""Object.defineProperty(navigator, "storage", {value: {
        persisted: () => Promise.resolve(false),
        persist: () => { window.persistAsked = (window.persistAsked || 0) + 1;
                         return Promise.resolve(true); }}});""")
    try:
        page = context.new_page()
        sk = Scorekeeper(page, standard_url).open()
        assert page.evaluate("window.persistAsked") is None
        sk.start()
        end = time.monotonic() + 5
        while page.evaluate("window.persistAsked") is None and time.monotonic() < end:
            time.sleep(0.05)
        assert page.evaluate("window.persistAsked") == 1
    finally:
        context.close()


# -- export, import ----------------------------------------------------------------------------


def test_a_fresh_device_imports_a_game_at_setup(browser, sk, standard_url, tmp_path):
    sk.start(("Ann", "Bob", "Cy"))
    sk.hand(13, 13, 0)
    path = export(sk, tmp_path)
    assert sk.text("#tools-status") == f"Game exported: {path.name}, in this device's downloads."
    fresh = browser.new_context(viewport=PHONE)
    try:
        page = fresh.new_page()
        other = Scorekeeper(page, standard_url).open()
        assert page.is_visible("#setup") and page.is_visible("label[for=import-setup]")
        page.set_input_files("#import-setup", str(path))
        page.wait_for_selector("#game:not([hidden])")
        assert other.totals() == [13, 13, 0]
        assert other.text("#hand-status") == f"Imported {path.name}: 1 hand."
        assert other.saved()["names"] == ["Ann", "Bob", "Cy"]
    finally:
        fresh.close()


def importing_over(sk: Scorekeeper, tmp_path, *hands):
    """A game of Ann, Bob and Cy exported after one hand, then a new game of W, X, Y and Z
    played these hands, and the file chosen to import: the question asked; the file's path."""
    sk.start(("Ann", "Bob", "Cy"))
    sk.hand(13, 13, 0)
    path = export(sk, tmp_path)
    sk.page.click("#new-game")
    sk.page.click("#confirm-yes")
    sk.start(("W", "X", "Y", "Z"))
    for points, shooter in hands:
        sk.hand(*points, shooter=shooter)
    sk.page.set_input_files("#import", str(path))
    sk.page.wait_for_selector("#confirm:not([hidden])")
    return path


def test_import_asks_before_replacing_a_game_in_progress(sk, tmp_path):
    path = importing_over(sk, tmp_path, ((26, 0, 0, 0), 0), ((13, 13, 0, 0), None))
    assert sk.text("#confirm-text") == (
        "Replace the game in progress (W, X, Y and Z, 2 hands; it waits in Past games, to be"
        f" resumed) with the one in {path.name} (Ann, Bob and Cy, 1 hand)?"
    )
    assert sk.page.evaluate("document.activeElement.id") == "confirm-no"
    sk.page.click("#confirm-no")
    assert sk.totals() == [13, 39, 26, 26] and sk.saved()["names"] == ["W", "X", "Y", "Z"]
    sk.page.set_input_files("#import", str(path))
    sk.page.click("text=Yes, replace it")
    assert sk.totals() == [13, 13, 0] and sk.saved()["names"] == ["Ann", "Bob", "Cy"]
    kept = sk.page.evaluate("JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past'))")
    assert ["W", "X", "Y", "Z"] in [e["game"]["names"] for e in kept], "as the question said"


def test_import_of_an_older_copy_of_the_game_in_play_says_so(sk, tmp_path):
    """A scorer syncing two phones imports an earlier export of the game in play: the question
    says the file is an older copy and where the game in play goes, and it goes there."""
    sk.start(("Ann", "Bob", "Cy"))
    sk.hand(13, 13, 0)
    path = export(sk, tmp_path)
    sk.hand(0, 13, 13)
    sk.page.set_input_files("#import", str(path))
    sk.page.wait_for_selector("#confirm:not([hidden])")
    assert sk.text("#confirm-text") == (
        f"{path.name} holds an older copy of this game (1 hand; the game in play has 2 hands). "
        "Open the older copy? The game in play waits in Past games."
    )
    sk.page.click("#confirm-yes")
    assert sk.totals() == [13, 13, 0]
    kept = sk.page.evaluate("JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past'))")
    assert [len(k["game"]["hands"]) for k in kept] == [2]


# -- two tabs ----------------------------------------------------------------------------------


@pytest.fixture
def two_tabs(context, standard_url):
    """The scorekeeper open twice in one profile: (first, second)."""
    tabs = []
    for _ in range(2):
        page = context.new_page()
        page.on("pageerror", lambda err: context.errors.append(str(err)))
        tabs.append(Scorekeeper(page, standard_url).open())
    return tabs


def wait_for_text(sk: Scorekeeper, selector: str, text: str) -> None:
    sk.page.locator(selector, has_text=text).wait_for(timeout=5000)


def front(sk: Scorekeeper) -> Scorekeeper:
    """The tab brought to the front, as a player's would be (a tab behind is slowed down)."""
    sk.page.bring_to_front()
    return sk


def test_a_second_tab_shows_the_newer_game(two_tabs):
    first, second = two_tabs
    front(first).start()
    wait_for_text(second, "#alert", "Another tab changed this game")
    assert second.page.is_visible("#game")
    front(first).hand(13, 13, 0, 0)
    wait_for_text(second, "#alert", "(1 hand)")
    assert second.totals() == [13, 13, 0, 0]
    front(second).hand(0, 0, 13, 13)  # the second tab carries on from the first's game
    wait_for_text(first, "#alert", "(2 hands)")
    assert first.totals() == [13, 13, 13, 13]
    front(first).hand(26, 0, 0, 0, shooter=0)
    assert first.saved()["revision"] == 4


def test_a_tab_that_missed_the_news_never_writes_over_a_newer_game(sk):
    """Another tab saves while this one has not heard of it yet (the browser tells other tabs
    of a change after it is made, never at once): this tab's next save must not go over it."""
    sk.start()
    sk.hand(13, 13, 0, 0)
    theirs = sk.saved()
    theirs["hands"].append(
        {"points": [0, 0, 13, 13], "shooter": None, "sun": False, "choice": None}
    )
    theirs["revision"] += 1
    # written in this tab's storage by script: the browser tells no tab of it
    sk.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, json.dumps(theirs)])
    sk.page.fill("#points-0", "25")
    sk.page.fill("#points-1", "1")
    sk.page.fill("#points-2", "0")
    sk.page.click("#record")
    assert sk.saved() == theirs, "the newer game was kept"
    assert sk.text("#hand-status").startswith("Not saved: another tab changed this game")
    assert sk.totals() == [13, 13, 13, 13]
    assert sk.points() == ["25", "1", "0", ""], "the hand typed is still there to record"
    assert sk.page.get_attribute("#points-3", "placeholder") == "0"
    assert sk.text("#hand-status").endswith(
        "What you typed is still in the form, now for hand 3: check it before recording."
    )
    sk.page.click("#record")
    assert sk.totals() == [38, 14, 13, 13] and len(sk.saved()["hands"]) == 3


def test_a_tab_whose_game_another_tab_closed_keeps_it(two_tabs):
    first, second = two_tabs
    front(first).start()
    front(first).hand(13, 13, 0, 0)
    wait_for_text(second, "#alert", "(1 hand)")
    front(first).page.click("#new-game")
    front(first).page.click("#confirm-yes")
    wait_for_text(second, "#alert", "Another tab closed this game")
    assert second.totals() == [13, 13, 0, 0]
    front(second).hand(0, 0, 13, 13)
    assert len(second.saved()["hands"]) == 2


# -- the hand being entered ---------------------------------------------------------------------


def test_half_typed_points_survive_a_reload(page, site):
    sk = Scorekeeper(page, site(HouseRules(moon="shooter-chooses"))).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    page.fill("#points-0", "5")
    page.fill("#points-1", "8")
    page.reload()
    assert sk.points() == ["5", "8", "", ""]
    assert sk.text("#points-left") == "13 points left to place (of 26)."
    mark_moon(page, 2)
    page.check("input[value=subtract-from-shooter]")
    page.reload()
    assert page.input_value("#shooter") == "2" and sk.points() == ["0", "0", "26", "0"]
    assert page.is_checked("input[value=subtract-from-shooter]")
    page.click("#record")
    assert sk.totals() == [13, 13, -26, 0]
    page.reload()
    assert sk.points() == ["", "", "", ""], "a recorded hand leaves no draft behind"
    page.click("button:has-text('Edit hand 1')")  # an edit in progress is kept too
    page.fill("#points-0", "12")
    page.fill("#points-1", "14")
    page.reload()
    assert sk.text("#hand-legend") == "Editing hand 1" and sk.points()[:2] == ["12", "14"]


def test_undo_has_a_way_back(sk):
    sk.start()
    sk.hand(13, 13, 0, 0)
    sk.hand(0, 0, 0, 26, shooter=3)
    assert sk.text("#undo") == "Undo hand 2"
    share = "['share', 'undo'].map(id => document.getElementById(id).getBoundingClientRect())"
    share += ".reduce((a, b) => [a.left - b.left, a.top - b.top])"
    below = sk.page.evaluate(share)
    sk.page.click("#undo")
    assert sk.page.evaluate(share) == below, "the tools keep their places beside Undo"
    assert sk.totals() == [13, 13, 0, 0]
    assert "Hand 2 taken back" in sk.text("#hand-status")
    assert sk.page.evaluate("document.activeElement.id") == "points-0"  # back to correct it
    sk.page.reload()  # the way back survives a reload
    sk.page.click("text=Redo hand 2")
    assert sk.totals() == [39, 39, 26, 0]
    assert sk.page.is_disabled("#redo") and sk.text("#redo") == "Redo"
    sk.page.click("#undo")  # hand 2 back in the form as a draft, its moon marked
    mark_moon(sk.page, None)
    sk.hand(0, 13, 13, 0)  # a new hand closes the way back
    assert sk.page.is_disabled("#redo") and sk.totals() == [13, 26, 13, 0]


def test_nobody_takes_back_the_moon_it_filled_in(page, site):
    sk = Scorekeeper(page, site(HouseRules(bonus_card="JD"))).open()
    sk.start()
    mark_moon(page, 1)
    page.select_option("#taker-0", "2")
    assert sk.points() == ["0", "26", "-10", "0"]
    mark_moon(page, None)
    assert sk.points() == ["", "", "", ""]
    assert sk.text("#points-left") == "16 points left to place (of 16)."
    assert page.locator("#takers select").count() == 0
    mark_moon(page, 3)
    page.fill("#points-0", "4")  # typed over the fill: stays, and the moon's mark goes
    assert sk.points() == ["4", "", "", ""]
    mark_moon(page, None)
    assert sk.points() == ["4", "", "", ""]
    page.fill("#points-1", "7")  # points typed before a moon is chosen come back after Nobody
    mark_moon(page, 2)
    mark_moon(page, 0)
    assert sk.points() == ["26", "0", "0", "0"]
    mark_moon(page, None)
    assert sk.points() == ["4", "7", "", ""]


def test_a_record_nobody_can_read_is_set_aside_not_written_over(sk):
    """Something wrote a record this page cannot read while it was open (another version of the
    scorekeeper in another tab, say): the next save keeps it aside."""
    sk.start()
    odd = json.dumps({"format": "hearts-sheets.scorekeeper", "version": 9, "hands": [1, 2]})
    sk.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, odd])
    sk.hand(13, 13, 0, 0)
    assert len(sk.saved()["hands"]) == 1
    assert sk.page.evaluate("localStorage.getItem('hearts-sheets.scorekeeper-unreadable')") == odd
    assert sk.page.is_visible("#unreadable")


def test_import_over_a_finished_game_does_not_call_it_in_progress(page, site, tmp_path):
    """A game over is kept in the past games already: the question says so, not "the game in
    progress" (a scorer took it for a game to lose)."""
    sk = Scorekeeper(page, site(HouseRules(target=20))).open()
    path = importing_over(sk, tmp_path, ((13, 13, 0, 0), None), ((13, 0, 13, 0), None))  # W 26
    assert sk.text("#confirm-text") == (
        "Replace the finished game (W, X, Y and Z, 2 hands; it stays in Past games) with the one "
        f"in {path.name} (Ann, Bob and Cy, 1 hand)?"
    )


def test_a_finished_game_imported_twice_is_kept_once(page, site, tmp_path):
    """A scorer exported a finished game, imported it at a new game's setup, went back to the
    rematch and imported it again: the past games listed it twice (each save had counted one
    more revision, and the file's was taken for another version). The same game is one."""
    sk = Scorekeeper(page, site(HouseRules(target=50))).open()
    sk.start()
    for _ in range(4):
        sk.hand(13, 13, 0, 0)
    path = export(sk, tmp_path)
    page.click("#rematch")
    sk.hand(1, 2, 3, 20)
    page.click("#new-game")
    page.click("#confirm-yes")  # the rematch stays in the past games
    page.wait_for_selector("#setup:not([hidden])")
    page.set_input_files("#import-setup", str(path))
    page.wait_for_selector("#game:not([hidden])")
    page.click("#rematch")  # the game imported is left again: kept as it was
    page.set_input_files("#import", str(path))  # and imported over its rematch
    wait_for_text(sk, "#tools-status", f"Imported {path.name}")
    kept = page.evaluate("JSON.parse(localStorage.getItem('hearts-sheets.scorekeeper-past'))")
    ids = [entry["game"]["id"] for entry in kept]
    assert len(ids) == len(set(ids)) == 2, kept  # the game imported and its rematch
    assert sorted(len(entry["game"]["hands"]) for entry in kept) == [1, 4]


def test_importing_the_game_in_play_as_it_stands_changes_nothing(sk, tmp_path):
    """A scorer imported the file of the game in play and was offered to replace it by itself
    (saying yes left a copy): the page says there is nothing to import, and asks nothing."""
    sk.start()
    sk.hand(13, 13, 0, 0)
    path = export(sk, tmp_path)
    sk.page.set_input_files("#import", str(path))
    wait_for_text(sk, "#tools-status", f"{path.name} holds this game as it stands")
    assert sk.page.is_hidden("#confirm") and sk.totals() == [13, 13, 0, 0]
    sk.hand(0, 0, 13, 13)
    sk.page.set_input_files("#import", str(path))  # an older state of it: asked, as before
    assert "older copy" in sk.text("#confirm-text")


def test_a_past_game_is_dated_by_the_day_it_was_played(page, site, tmp_path):
    """A game imported, or reopened to correct and left again, was listed at the time it was
    last left ("4:49 is when I imported it, not when the game was played"): the past games
    and a game opened from them say when it began."""
    from datetime import UTC, datetime

    sk = Scorekeeper(page, site()).open()
    sk.start()
    sk.hand(13, 13, 0, 0)
    path = export(sk, tmp_path)
    record = json.loads(path.read_text("utf-8"))
    made = int(datetime(2026, 1, 2, 10, 0, tzinfo=UTC).timestamp() * 1000)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    base36 = ""
    while made:
        made, digit = divmod(made, 36)
        base36 = digits[digit] + base36
    record["id"] = base36 + "-abcdef"
    record["names"] = ["Jan", "Kit", "Lou", "Mo"]
    path.write_text(json.dumps(record), "utf-8")
    page.set_input_files("#import", str(path))
    page.click("#confirm-yes")  # the game in play waits in the past games
    page.click("#new-game")
    page.click("#confirm-yes")
    listed = page.locator("#past-list li", has_text="Jan, Kit, Lou and Mo")
    assert listed.locator(".past-who").inner_text().startswith("Jan 2, 2026"), listed.inner_text()
    listed.get_by_role("button", name="Open").click()
    assert sk.text("#past-view-heading").startswith("Past game: Jan 2, 2026")


def test_a_setup_typed_survives_a_reload(sk):
    """A new scorer typed four names and changed the end to 50, then the page reloaded: the
    setup was back to its placeholders and 100. What the setup holds is kept until Start, and
    after New game the last game's names and rules are what a reload gives back."""
    page = sk.page
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Grandma Josephine")
    page.fill("#target", "50")
    page.select_option("#bonus-card", "JD")
    page.select_option("#first-dealer", "1")
    page.reload()
    assert [page.input_value(f"#name-{i}") for i in range(4)] == [
        "Ann",
        "Grandma Josephine",
        "",
        "",
    ]
    assert page.input_value("#target") == "50" and page.input_value("#bonus-card") == "JD"
    assert page.input_value("#first-dealer") == "1"
    page.select_option("#table", "3")  # another table, kept too
    page.reload()
    assert page.input_value("#table") == "3"
    assert [page.input_value(f"#name-{i}") for i in range(3)] == ["Ann", "Grandma Josephine", ""]
    sk.start(("Ann", "Bob", "Cy"), target=50)
    page.reload()
    assert page.is_visible("#game") and page.is_hidden("#setup"), "started: the game, not the setup"
    sk.hand(13, 13, 0)
    page.click("#new-game")
    page.click("#confirm-yes")
    page.fill("#name-2", "Cyrus")
    page.reload()
    assert [page.input_value(f"#name-{i}") for i in range(3)] == ["Ann", "Bob", "Cyrus"]
    assert page.input_value("#target") == "50"
