"""A finished game printed as a filled-in score sheet: the scorekeeper's record read and checked
(every refusal in the chosen language), each hand's points and running totals in their row, the
moon and revoke marked, the check filled, as many pages as the game needs, the same bytes for the
same record, and ``build --game`` on the command line."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from game_records import GAMES, game_bytes, game_record, with_seat_changes
from pdf_checks import assert_readable, page_count, pdf_text

from sheets.blocks import signed
from sheets.bundle import load_content
from sheets.cli import GAME_SHEET, main
from sheets.errors import InputError
from sheets.facts import SignedCount
from sheets.gamerecord import parse_game, read_game
from sheets.housefile import STANDARD_FILE
from sheets.houserules import HouseRules
from sheets.pipeline import render_game_sheet
from sheets.scoring import Game


def _content(code: str = "en"):
    return load_content(code)


def _sheet(record: dict, code: str = "en", paper: str = "letter"):
    content = _content(code)
    game = parse_game(game_bytes(record), content, "game.json")
    return game, render_game_sheet(
        content, STANDARD_FILE.in_language(content.language), game, paper
    )


def _dealt(rules: HouseRules, first_dealer: int, hand: int) -> int:
    """The side whose seat deals a hand (counted from 0) when nobody changes seats: the deal
    moves one seat left each hand, and a partnership's teams sit opposite (0 and 2, 1 and 3)."""
    seat = (first_dealer + hand) % rules.players
    return seat % 2 if rules.partnership else seat


def _rows(record: dict, rules: HouseRules, dealers: list[int] | None = None) -> list[str]:
    """Each hand's row as the sheet should read: its number, the points and totals of every
    side (the dealer's marked "•", by ``dealers`` or else by the seats), and the check ticked
    with the row's sum, scored again here by the engine."""
    game = Game(rules, record["names"], record["firstDealer"])
    rows = []
    for number, hand in enumerate(record["hands"], 1):
        done = game.record_points(
            hand["points"],
            shooter=hand["shooter"],
            sun=hand["sun"],
            choice=hand["choice"],
            revoke=hand["revoke"],
        )
        shot = "" if done.shooter is None else "☀" if done.sun else "☾"
        mark = "R" if done.revoke is not None else "☀" if done.sun else "☑" if shot else "☐"
        dealer = (
            dealers[number - 1] if dealers else _dealt(rules, record["firstDealer"], number - 1)
        )
        cells = " ".join(
            f"{'• ' * (side == dealer)}{signed(s)} {signed(t)}"
            for side, (s, t) in enumerate(zip(done.scores, done.totals))
        )
        rows.append(f"{number} {mark} {cells} ✓ {shot}{signed(sum(done.scores))}")
    return rows


def _without_pass(text: str) -> str:
    """The sheet's text with each row's pass label taken out (the tests compare numbers)."""
    for label in (
        "← left",
        "→ right",
        "↑ across",
        "○ hold",
        "no pass",
        "↔ second left",
        "↔ second right",
    ):
        text = text.replace(f" {label} ", " ")
    return text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_hand_is_written_in_its_row(name):
    record = GAMES[name]()
    game, sheet = _sheet(record)
    text = _without_pass(pdf_text(sheet.pdf))
    for row in _rows(record, game.rules):
        assert row in text, f"{name}: no row {row!r} in the sheet"
    for player in record["names"]:
        assert player in text
    assert page_count(sheet.pdf) == max(1, -(-len(record["hands"]) // sheet.plan.rows))
    assert_readable(sheet.pdf, pages=None)


def test_a_long_game_goes_on_on_a_second_page_from_the_totals_carried():
    record = GAMES["long"]()
    game, sheet = _sheet(record)
    rows = sheet.plan.rows
    assert len(record["hands"]) > rows and page_count(sheet.pdf) == 2
    carried = " ".join(signed(t) for t in game.hands[rows - 1].totals)
    text = pdf_text(sheet.pdf)
    assert f"from the last sheet {carried} {rows + 1} " in text
    assert f" {2 * rows} " in text  # the second page's rows go on from the first's


def test_the_moon_and_the_revoke_are_marked_and_the_winner_is_found():
    record = GAMES["four"]()
    game, _ = _sheet(record)
    assert game.hands[3].shooter is not None and game.hands[5].revoke == 2
    assert game.winners and min(game.totals) == game.totals[game.winners[0]]


def test_the_same_record_gives_the_same_bytes():
    record = GAMES["teams"]()
    assert _sheet(record)[1].pdf == _sheet(json.loads(json.dumps(record)))[1].pdf
    spelled = dict(record, log=[], redo=[], id="other", revision=99)
    first = parse_game(game_bytes(record), _content())
    assert first.canonical == parse_game(game_bytes(spelled), _content()).canonical


def test_a_hand_entered_by_its_cards_prints_as_its_points():
    """The scorekeeper keeps the cards a hand was entered by beside its points: the sheet is
    written from the points, the same as for the hand typed in points."""
    record = GAMES["four"]()
    carded = json.loads(json.dumps(record))
    carded["hands"][0]["cards"] = {"queens": [0], "bonus": [], "hearts": [0, 4, 4, 5]}
    assert _sheet(carded)[1].pdf == _sheet(record)[1].pdf
    assert parse_game(game_bytes(carded), _content()).canonical == (
        parse_game(game_bytes(record), _content()).canonical
    )


def test_a_game_with_no_hands_prints_the_names_on_a_blank_sheet():
    record = game_record(HouseRules(players=5), hands=0)
    _, sheet = _sheet(record)
    assert page_count(sheet.pdf) == 1
    assert all(name in pdf_text(sheet.pdf) for name in record["names"])


def test_the_sheet_speaks_the_language_chosen():
    record = GAMES["four"]()
    _, sheet = _sheet(record, "de")
    assert "Runde" in pdf_text(sheet.pdf) or "Spielrunde" in pdf_text(sheet.pdf)


# -- records refused -------------------------------------------------------------------------


def _refusal(record, code: str = "en") -> str:
    with pytest.raises(InputError) as caught:
        read_game(record, _content(code), "game.json")
    [problem] = caught.value.problems
    assert "{" not in problem.message, problem.message  # every placeholder filled
    return str(caught.value)


def _changed(**changes):
    record = GAMES["four"]()
    record.update(changes)
    return record


def _with_hand(hand):
    record = game_record(HouseRules(), hands=2)
    record["hands"].append(hand)
    return record


REFUSED = [
    ([1, 2], "game.json: it is not a Hearts Sheets game"),
    (_changed(format="other"), "game.json: it is not a Hearts Sheets game"),
    (_changed(version=2), "game.json: it was saved by another version of the scorekeeper"),
    (_changed(players="4"), "game.json: it does not say how many play"),
    (_changed(players=11), "game.json: the scorekeeper keeps games of 3 to 10 players, not 11"),
    (
        _changed(names=["Ann", "ann", "Cy", "Di"]),
        "game.json: it needs 4 names of 1 to 40 characters",
    ),
    (_changed(firstDealer=4), "game.json: the first dealer is not a seat at the table"),
    (_changed(passing=["up"]), "game.json: the passing cycle is not a list of pass directions"),
    (_changed(rules=None), "game.json: the rules are missing"),
    (_changed(rules={"moon": "sometimes"}), "game.json: the moon rule is unknown"),
    (_changed(hands={}), "game.json: the hands are missing"),
    (_with_hand(7), "game.json: a hand is not a record of points"),
    (
        _with_hand({"points": [1, 2, 3]}),
        "game.json: hand 3: enter 4 whole numbers, one for each player",
    ),
    (
        _with_hand({"points": [30, 0, 0, -4]}),
        "game.json: hand 3: points must be from 0 to 26, not 30",
    ),
    (
        _with_hand({"points": [1, 2, 3, 4]}),
        "game.json: hand 3: the points add up to 10; a hand adds up to 26",
    ),
    (
        _with_hand({"points": [26, 0, 0, 0]}),
        "game.json: hand 3: Ann took every heart and Q♠, so mark the moon",
    ),
    (
        _with_hand({"points": [1, 25, 0, 0], "shooter": 1}),
        "game.json: hand 3: the shooter did not take every point card",
    ),
    (
        _with_hand({"points": [20, 6, 0, 0], "revoke": 0}),
        "game.json: hand 3: a revoke scores 26 for the offender and 0 for everyone else",
    ),
    (
        _with_hand({"points": [10, 10, 3, 3]}),
        "game.json: hand 3: whoever took Q♠ has at least 13 points, and nobody here has 13 or more",
    ),
]


@pytest.mark.parametrize(("record", "message"), REFUSED)
def test_a_record_the_scorekeeper_would_not_read_is_refused_in_words(record, message):
    assert _refusal(record) == message


def test_a_hand_after_the_end_is_refused():
    record = GAMES["three"]()
    record["hands"].append(record["hands"][0])
    hands = len(record["hands"])
    assert _refusal(record) == (
        f"game.json: the game ends with hand {hands - 1}, before hand {hands}"
    )


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_refusals_speak_the_language_chosen(code):
    english = _refusal(_changed(firstDealer=9))
    assert _refusal(_changed(firstDealer=9), code) != english
    assert _refusal(_with_hand({"points": [1, 2, 3]}), code).startswith("game.json: ")


def test_bytes_that_are_not_json_are_refused():
    for data in (b"nope", b"\xff\xfe", b"[" * 100_000, b'{"a": NaN}'):
        with pytest.raises(InputError) as caught:
            parse_game(data, _content(), "game.json")
        assert str(caught.value) == (
            "game.json: it is not a saved game: the text is not in the scorekeeper's format"
        )


# -- the command line ------------------------------------------------------------------------


def test_build_game_writes_the_filled_in_sheet(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(game_bytes(GAMES["long"]()))
    result = CliRunner().invoke(
        main, ["build", "--game", str(path), "--out", str(tmp_path / "out"), "--paper", "a4"]
    )
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / GAME_SHEET).read_bytes()
    assert page_count(pdf) == 2 and "2 pages" in result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [GAME_SHEET]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{", "it is not a saved game: the text is not in the scorekeeper's format"),
        (game_bytes(_changed(version=3)), "it was saved by another version of the scorekeeper"),
        (
            game_bytes(_with_hand({"points": [1, 2, 3, 4]})),
            "hand 3: the points add up to 10; a hand adds up to 26",
        ),
    ],
)
def test_build_game_refuses_a_bad_record_in_one_line(tmp_path, data, message):
    path = tmp_path / "game.json"
    path.write_bytes(data)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--game", str(path), "--out", str(out)])
    assert result.exit_code == 2
    assert result.output == f"Error: {path}: {message}\n"
    assert not out.exists()


def test_build_game_speaks_the_language_chosen(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"[]")
    result = CliRunner().invoke(
        main, ["build", "--game", str(path), "--language", "fr", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.output == f"Error: {path}: ce n'est pas une partie de Hearts Sheets\n"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_the_last_page_names_the_winner_and_the_final_totals_in_words(code):
    """A line under the grid (words, no ★: the font's subset has none): who won, after which
    hand, and every side's total, lowest first; joint winners named together; an unfinished
    game says so after its last hand."""
    language = _content(code).language
    words = language.sheets
    for name in ("four", "teams", "cancellation"):
        game, sheet = _sheet(GAMES[name](), code)
        text = pdf_text(sheet.pdf)
        (winner,) = game.winners
        total = SignedCount(game.totals[winner], language)  # counted: "with 7 points"
        said = words["game-wins"].format(hand=len(game.hands), name=game.names[winner], total=total)
        assert squash_words(said) in text, (name, said)
        ranked = sorted(range(len(game.names)), key=lambda s: (game.totals[s], s))
        each = ", ".join(
            words["game-total"].format(name=game.names[s], total=signed(game.totals[s]))
            for s in ranked
        )
        assert squash_words(words["game-totals"].format(totals=each)) in text, name
        assert "★" not in text
    record = game_record(HouseRules(), seed=1, hands=4)
    game, sheet = _sheet(record, code)
    said = words["game-unfinished"].format(hand=4, target=100)
    assert squash_words(said) in pdf_text(sheet.pdf)


def test_joint_winners_and_a_tie_played_on():
    rules = HouseRules(target=30)
    base = game_record(rules, seed=1, hands=0)
    hands = [
        {"points": p, "shooter": None, "sun": False, "choice": None, "revoke": None}
        for p in ([13, 13, 0, 0], [13, 7, 3, 3], [5, 13, 4, 4])
    ]
    # 31, 33, 7, 7 after the third hand: joint winners at 7, or play on
    _, sheet = _sheet({**base, "hands": hands})
    text = pdf_text(sheet.pdf)
    assert "Game over after hand 3. Joint winners: Cy and Di, with 7 points each." in text
    assert "Final totals: Cy 7, Di 7, Ann 31, Bob 33." in text
    on = game_record(rules.replace(ties="play-on"), seed=1, hands=0)
    _, sheet = _sheet({**on, "hands": hands})
    text = pdf_text(sheet.pdf)
    assert "Unfinished after hand 3: Cy and Di are tied for the lowest total (7)" in text
    assert "Totals so far: Cy 7, Di 7, Ann 31, Bob 33." in text
    assert "played off" not in text, "still tied: no play-off said yet"
    # the tie played off in hand 4: the line says where the printed totals passed 30 and the
    # game went on (the sheet showed 31 and 33 at hand 3 with hands after it, and no word why)
    off = [*hands, {**hands[0], "points": [0, 0, 13, 13]}]  # 31, 33, 20, 20: still tied
    off.append({**hands[0], "points": [3, 3, 0, 20]})  # 34, 36, 20, 40: Cy alone
    _, sheet = _sheet({**on, "hands": off})
    text = pdf_text(sheet.pdf)
    assert "Game over after hand 5. Winner: Cy, with 20 points." in text
    # still tied after hand 4 too: the hands it took are told (the second was not: round 34)
    assert "After hand 3 a tie for the lowest total was played off over hands 4 and 5." in text
    assert text.count("played off") == 1, "said once, of the hand the tie began after"
    del off[3]  # 31, 33, 7, 27: Cy alone in hand 4
    _, sheet = _sheet({**on, "hands": off})
    assert "After hand 3 a tie for the lowest total was played off." in pdf_text(sheet.pdf)


@pytest.mark.parametrize(
    ("code", "one", "below"),
    [
        ("en", "Winner: Cy, with 1 point.", "Winner: Cy, with −4 points."),
        ("de", "Sieg für Cy (1 Punkt).", "Sieg für Cy (−4 Punkte)."),
        ("fr", "Cy gagne avec 1 point.", "Cy gagne avec −4 points."),
        ("es", "gana Cy con 1 punto.", "gana Cy con −4 puntos."),
    ],
)
def test_the_winner_s_total_is_counted_in_the_language_s_plural(code, one, below):
    """The noun after the winning total takes the number's plural form (CLDR's): 1 point, and
    a total below 0 (the bonus card) with a real minus sign."""
    rules = HouseRules(target=30, bonus_card="JD")
    base = game_record(rules, seed=1, hands=0)

    def won(cy: int) -> str:
        hands = [
            {"points": p, "shooter": None, "sun": False, "choice": None, "revoke": None}
            for p in ([13, 13, -10, 0], [13, 0, 0, 3], [0, 6 - cy, cy + 10, 0], [5, 0, 0, 11])
        ]  # each hand adds up to 16: 26 with J♦'s −10
        return squash_words(pdf_text(_sheet({**base, "hands": hands}, code)[1].pdf))

    assert one in won(1)  # totals 31, 18, 1, 14
    assert below in won(-4)  # totals 31, 23, −4, 14


def squash_words(text: str) -> str:
    """Words as the PDF's text reads them back (every run of spaces one space)."""
    return " ".join(text.split())


def _swapped_game() -> dict:
    """Four players, East dealing first: two hands, then Ann (North) and Bob (East) change
    seats, then a third hand. The hands' points moved with the players, as the scorekeeper
    moves them; the log says who sat where."""
    record = game_record(HouseRules(), seed=7, hands=3, first_dealer=1)
    return with_seat_changes(record, [(2, [1, 0, 2, 3])])


def test_the_dealer_of_each_hand_is_marked_and_follows_a_change_of_seats():
    """East dealt hand 1 and South hand 2; then the player at East moved to North, taking
    hand 1 with them, and West (seat 3) dealt hand 3."""
    record = _swapped_game()
    game, sheet = _sheet(record)
    assert game.dealers == (0, 2, 3)
    text = _without_pass(pdf_text(sheet.pdf))
    for row in _rows(record, game.rules, dealers=[0, 2, 3]):
        assert row in text
    # the canonical record (what the service keeps and reads again) keeps the change of seats
    again = parse_game(game.canonical, _content())
    assert again.dealers == game.dealers and again.canonical == game.canonical


def test_a_log_the_scorekeeper_would_not_read_gives_the_dealers_by_seat():
    """As the scorekeeper reads such a log (record.js's readActions): as the hands recorded
    one after the other, nobody having changed seats."""
    record = _swapped_game()
    record["log"] = record["log"][:3]  # one hand short
    game, _ = _sheet(record)
    assert game.dealers == (1, 2, 3)
    record["log"] = [*_swapped_game()["log"][:2], {"act": "players", "order": [1, 0, 2, 3]}]
    assert _sheet(record)[0].dealers == (1, 2, 3)  # no names before and after: not read


def _moving_game() -> dict:
    """Ann and Bob change seats before the first hand (seating the table), back after hand 2,
    then Bob and Cy after hand 3; and after hand 4 Di is renamed Dot (nobody moves)."""
    record = game_record(HouseRules(), seed=7, hands=5)
    record = with_seat_changes(record, [(0, [1, 0, 2, 3]), (2, [1, 0, 2, 3]), (3, [0, 2, 1, 3])])
    renamed = [*record["names"][:3], "Dot"]
    rename = {"act": "players", "before": record["names"], "after": renamed, "order": [0, 1, 2, 3]}
    record["log"].insert(len(record["log"]) - 1, rename)
    record["names"] = renamed
    return record


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (
            "en",
            "Ann and Bob changed seats after hand 2. Cy and Bob changed seats after hand 3. "
            "Each column follows one player all game, under the seat they ended in.",
        ),
        (
            "de",
            "Ann und Bob haben nach Runde 2 die Plätze getauscht. "
            "Cy und Bob haben nach Runde 3 die Plätze getauscht.",
        ),
    ],
)
def test_who_changed_seats_after_which_hand_is_told_under_the_grid(code, said):
    """The dealer's marks jump seats after a change; the footer says who moved and when, by
    the names at the head of the columns. Seating the table before the first hand and a
    rename move nobody, and are not told."""
    game, sheet = _sheet(_moving_game(), code)
    assert game.names == ("Ann", "Cy", "Bob", "Dot")
    assert game.moves == ((2, (0, 2)), (3, (1, 2)))
    text = squash_words(pdf_text(sheet.pdf))
    assert said in text
    moved = _content(code).language.sheets["game-moved"].split("{hand}")[0].split("}")[-1]
    assert text.count(moved) == 2  # not the seating before hand 1, nor the rename


def _restless_game() -> dict:
    """Ann and Bob change seats after each of hands 1 to 4, twice after hand 2: more changes
    than a sheet tells one by one."""
    swap = [1, 0, 2, 3]
    record = game_record(HouseRules(), seed=7, hands=5)
    return with_seat_changes(record, [(1, swap), (2, swap), (2, swap), (3, swap), (4, swap)])


def test_many_changes_of_seats_are_told_by_the_hands_alone():
    """More changes than MOVES_NAMED: the footer says after which hands, each once, so a
    restless table cannot crowd the rows off the page."""
    from sheets.text import MOVES_NAMED

    game, sheet = _sheet(_restless_game())
    assert len(game.moves) == 5 > MOVES_NAMED
    text = squash_words(pdf_text(sheet.pdf))
    assert "Players changed seats after hands 1, 2, 3 and 4. Each column follows one" in text
    assert "changed seats after hand " not in text


def test_a_game_nobody_changed_seats_in_says_nothing_of_seats():
    text = squash_words(pdf_text(_sheet(GAMES["four"]())[1].pdf))
    assert "changed seats" not in text and "Each column follows" not in text


def test_teams_that_change_seats_are_told_as_teams():
    record = with_seat_changes(GAMES["teams"](), [(2, [1, 0])])
    game, sheet = _sheet(record)
    text = squash_words(pdf_text(sheet.pdf))
    assert f"{game.names[0]} and {game.names[1]} changed seats after hand 2." in text
    assert "Each column follows one team all game, under the seats it ended in." in text


@pytest.mark.parametrize(
    ("name", "dealt"),
    [("four", "A • before a player's points"), ("teams", "A • before a team's points")],
)
def test_the_footer_says_what_the_dealer_mark_means_not_who_deals_first(name, dealt):
    record = GAMES[name]()
    _, sheet = _sheet(record)
    text = pdf_text(sheet.pdf)
    assert dealt in text
    assert "deals the first hand" not in text
    assert "Out of rows?" not in text  # a finished game: nothing goes on to a new sheet


def test_an_unfinished_game_still_says_how_to_go_on():
    record = game_record(HouseRules(), seed=1, hands=4)
    assert "Out of rows?" in pdf_text(_sheet(record)[1].pdf)


@pytest.mark.parametrize(
    ("code", "date"),
    [
        ("en", "December 3, 2026"),
        ("de", "3. Dezember 2026"),
        ("fr", "3 décembre 2026"),
        ("es", "3 de diciembre de 2026"),
    ],
)
def test_the_day_the_game_began_is_written_on_the_date_line(code, date):
    record = dict(GAMES["four"](), started="2026-12-03")
    text = pdf_text(_sheet(record, code)[1].pdf)
    label = _content(code).scoresheet.labels["date"]
    assert f"{label} {date}" in squash_words(text)


@pytest.mark.parametrize("started", [None, "03/12/2026", "2026-13-40", 20261203])
def test_no_day_or_a_day_not_in_the_record_form_leaves_the_date_line_to_write_on(started):
    record = dict(GAMES["four"](), started=started)
    game, sheet = _sheet(record)
    assert game.started is None and "started" not in json.loads(game.canonical)
    assert "2026" not in pdf_text(sheet.pdf)


def test_the_rows_a_finished_game_leaves_blank_are_struck_through():
    from sheets.layout.scorefill import sheet_pages, struck_rows

    over = parse_game(game_bytes(GAMES["four"]()), _content())
    going = parse_game(game_bytes(game_record(HouseRules(), seed=1, hands=4)), _content())
    carried = 2  # the grid's row of totals carried over; the hands follow it
    (page,) = sheet_pages(over, 20)
    assert struck_rows(page, 20, carried) == (carried + 1 + len(over.hands), carried + 20)
    (page,) = sheet_pages(going, 20)
    assert struck_rows(page, 20, carried) is None  # a game going on keeps its rows
    full = sheet_pages(over, len(over.hands))[-1]
    assert struck_rows(full, len(over.hands), carried) is None  # no row left blank


@pytest.mark.parametrize(
    "name", ["Bella", "Aunt Mary-Catherine", "Dr. Fitzgerald Wolfeschlegelstein III"]
)
def test_a_name_is_written_on_one_line_of_its_heading(name):
    """A long name is written smaller (never under the floor) and, where even that is too
    wide, cut short with "…": it never runs into the line under the heading."""
    from sheets.layout import styles as st
    from sheets.layout.scorefill import _one_line

    room = 80.0  # a side's two cells on a 10-player sheet
    written, size = _one_line(name, room)
    assert st.TEXT_FLOOR <= size <= st.PEN_SIZE
    assert st.text_width(written, size, bold=True) <= room
    assert written == name or (written.endswith("…") and name.startswith(written[:-1]))
    if st.text_width(name, st.PEN_SIZE, bold=True) <= room:
        assert (written, size) == (name, st.PEN_SIZE)  # a short name as it always was


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_cancellation_game_is_headed_by_the_game_s_name_unless_the_group_named_it(code):
    """A game of eight kept on the standard site is Cancellation Hearts, and its sheet says so
    (the blank Cancellation sheet does too); a title of the group's own is kept."""
    content = _content(code)
    game = parse_game(game_bytes(game_record(HouseRules(players=8), hands=2)), content, "g.json")
    named = content.language.presets["cancellation"]
    sheet = render_game_sheet(content, STANDARD_FILE.in_language(content.language), game, "letter")
    assert " ".join(pdf_text(sheet.pdf).split()).startswith(named + " · "), named
    own = replace(STANDARD_FILE, title="Friday Hearts", titled="file")
    sheet = render_game_sheet(content, own, game, "letter")
    assert pdf_text(sheet.pdf).startswith("Friday Hearts")
