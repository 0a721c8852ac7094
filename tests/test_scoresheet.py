"""The score sheet PDF: one page of the exact size, made for the house rules in force."""

from __future__ import annotations

import ctypes
import io
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pdf_checks import glyphs, pdf_text
from pypdf import PdfReader
from sweep_cases import FULL_SEEDS, QUICK_SEEDS, house_file_text

from sheets.blocks import ScoreSheetText, strip_bold
from sheets.bundle import load_content, read_preset
from sheets.errors import DoesNotFitError
from sheets.housefile import MAX_TITLE, HouseFile, parse_house_rules
from sheets.houserules import HouseRules, without_dead_rules
from sheets.language import LANGUAGES
from sheets.layout import styles
from sheets.layout.scorenumbers import (
    MAX_ROW_H,
    MIN_ROW_H,
    MIN_ROWS,
    check_text,
    hand_rows,
    moon_check_sums,
    score_sheet_rows,
)
from sheets.layout.scoreplan import (
    COMFORT_CELL_W,
    MIN_CELL_W,
    TEXT_FLOOR,
    TOTAL_MIN_W,
    UNEVEN_BELOW_W,
    plan_score_sheet,
)
from sheets.layout.scoresheet import render_score_sheet as render_with_words
from sheets.scoring import Game
from sheets.text import score_sheet_text


def seat_names(players: int) -> tuple[str, ...]:
    """The seats' names, as the content's language gives them."""
    return load_content().language.seat_names(players)


def side_names(rules) -> tuple[str, ...]:
    """Each score's heading, as the content's language gives it."""
    return load_content().language.side_names(rules)


SIZES = {"letter": (612, 792), "a4": (595.28, 841.89)}
PAPERS = tuple(SIZES)

PLAYER_COUNTS = [{"players": n} for n in range(3, 11)] + [{"partnership": True}]
COMBOS = [
    {},
    {"moon": "subtract-from-shooter"},
    {"moon": "shooter-chooses", "shoot_the_sun": True},
    {"moon": "add-unless-it-ends-game", "exactly_100": 50},
    {"bonus_card": "JD", "exactly_100": 0},
    {"bonus_card": "TD", "players": 5, "ties": "play-on"},
    {"target": 50, "players": 3},
    {"passing": ["left", "right", "across"]},
    {"passing": ["left", "right", "across", "scatter"]},
    {"partnership": True, "passing": ["partner"], "moon": "subtract-from-shooter"},
    {
        "players": 8,
        "passing": ["left", "second-right"],
        "bonus_card": "JD",
        "moon": "shooter-chooses",
        "shoot_the_sun": True,
    },
    {
        "players": 10,
        "moon": "shooter-chooses",
        "bonus_card": "JD",
        "shoot_the_sun": True,
        "passing": ["left", "second-right"],
    },
    {"players": 4, "deal": "kitty", "kitty_goes_to": "first-trick"},
]


def words(rules: HouseRules, title: str = "Hearts") -> ScoreSheetText:
    """The score sheet's words for some rules, from the bundled content."""
    return score_sheet_text(load_content(), HouseFile(rules, title))


def render_score_sheet(rules: HouseRules, *, title: str = "Hearts", paper: str = "letter"):
    return render_with_words(rules, words(rules, title), paper=paper)


def plan_for(rules: HouseRules, paper: str = "letter"):
    return plan_score_sheet(rules, words(rules), paper=paper)


#: Every pass label any rules print.
PASS_LABELS = sorted(
    {
        label
        for rules in (
            HouseRules(
                partnership=True, passing=["left", "right", "across", "hold", "scatter", "partner"]
            ),
            HouseRules(players=5, passing=["second-left", "second-right"]),
            HouseRules(players=7),
        )
        for _, label in words(rules).pass_labels
    },
    key=len,
    reverse=True,
)


def _id(mapping: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in mapping.items()) or "standard"


def read(pdf: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return reader, reader.pages[0].extract_text()


def squash(text: str) -> str:
    """Text without any whitespace, so line wrapping does not matter."""
    return "".join(text.split())


def squash_space(text: str) -> str:
    """Text with every run of whitespace made one space."""
    return " ".join(text.split())


def pass_sequence(text: str) -> list[str]:
    """The pass-direction labels down the rows, in reading order."""
    return re.findall("|".join(re.escape(label) for label in PASS_LABELS), text)


def check_sheet(rules: HouseRules, paper: str) -> None:
    """Everything every score sheet must show, checked from the PDF."""
    sheet = render_score_sheet(rules, paper=paper)
    plan = sheet.plan
    assert plan == plan_score_sheet(rules, words(rules), paper=paper)
    reader, text = read(sheet.pdf)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    size = (float(box.width), float(box.height))
    expected = SIZES[paper] if plan.orientation == "portrait" else SIZES[paper][::-1]
    assert size == pytest.approx(expected, abs=0.01)
    flat = squash(text)
    for name in side_names(rules):
        assert squash(name) in flat
    assert f"Player {rules.sides + 1}" not in text
    want = [words(rules).pass_label(rules.pass_direction(i)) for i in range(plan.rows)]
    assert pass_sequence(text) == (want if rules.passes else [])  # no pass column: no labels
    assert text.count(check_text(rules, compact=plan.compact)) >= plan.rows
    for item in words(rules).summary:
        assert squash(item) in flat
    for line in words(rules).footer:
        assert squash(strip_bold(line)) in flat, line
    assert squash(words(rules).carried) in flat
    assert plan.points_w >= MIN_CELL_W and plan.total_w >= TOTAL_MIN_W
    assert MIN_ROW_H <= plan.row_h <= MAX_ROW_H
    assert plan.rows >= MIN_ROWS
    if plan.rows < plan.rows_wanted:  # as many rows as fit: not one pass cycle more
        room = (plan.rows + 1) * plan.row_h
        assert (plan.rows + 1 + len(rules.passing)) * MIN_ROW_H > room
    assert min(size for _, size in drawn_sizes(sheet.pdf)) >= TEXT_FLOOR


def drawn_chars(pdf: bytes) -> list[tuple[str, float, float]]:
    """Every printed character with its size and its baseline as drawn on the page, read back
    by PDFium."""
    text = pdfium.PdfDocument(pdf)[0].get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    chars = []
    for i in range(text.count_chars()):
        ch = chr(pdfium_raw.FPDFText_GetUnicode(text, i))
        if not ch.isspace():
            pdfium_raw.FPDFText_GetCharOrigin(text, i, x, y)
            chars.append((ch, pdfium_raw.FPDFText_GetFontSize(text, i), y.value))
    return chars


def drawn_sizes(pdf: bytes) -> list[tuple[str, float]]:
    """Every printed character with its size as drawn on the page."""
    return [(ch, size) for ch, size, _ in drawn_chars(pdf)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("options", PLAYER_COUNTS, ids=_id)
def test_every_player_count_fits_one_page(options, paper):
    rules = HouseRules(**options)
    check_sheet(rules, paper)
    plan = plan_for(rules, paper)
    assert plan.rows >= plan.rows_wanted == score_sheet_rows(rules)  # every hand a game can need


def test_spare_room_on_the_page_becomes_more_rows():
    for rules in (HouseRules(), HouseRules(partnership=True), HouseRules(target=50)):
        plan = plan_for(rules)
        assert plan.rows > plan.rows_wanted, rules
        assert plan.rows % len(rules.passing) == 0
        assert MAX_ROW_H * 0.9 < plan.row_h <= MAX_ROW_H


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("options", COMBOS, ids=_id)
def test_rule_combinations(options, paper):
    check_sheet(HouseRules(**options), paper)


def test_standard_sheet_story():
    rules = HouseRules()
    _, text = read(render_score_sheet(rules).pdf)
    assert text.startswith("Hearts · score sheet")
    assert "Date" in text and "Place" in text
    assert pass_sequence(text)[:5] == ["← left", "→ right", "↑ across", "○ hold", "← left"]
    assert "26 ☾78" in text
    assert "Game to 100" in text and "lowest total wins" in text
    moon = "tick ☾; write 0 for the shooter and 26 for each of the 3 others (row = 78)"
    assert moon in squash_space(text)


_NUMBER = r"(−?\d+)"
_MOON_ROW = re.compile(
    rf"(?:write (?:instead )?|\bor ){_NUMBER} for the (?:shooter|shooting team) and {_NUMBER} for "
    rf"(?:each of the (\d+) others|everyone else|the other team)"
    rf"(?: and −(\d+) more for (?:whoever|the team that) took (the|each) \S+)? "
    rf"\(row = {_NUMBER}\)"
)
_SUN_ROW = re.compile(
    rf"{_NUMBER} in place of {_NUMBER}"
    rf"(?: and −(\d+) more for (?:whoever|the team that) took (the|each) \S+)? "
    rf"\(row = {_NUMBER}(?: or {_NUMBER})?\)"
)


def _int(text: str) -> int:
    return int(text.replace("−", "-"))


def assert_rows_add_up(rules: HouseRules, footer: str) -> int:
    """Each moon and sun sentence of the footer adds up as written: the shooter's number, the
    others' number times how many others it names (everyone else: every other side), and the
    bonus cards it names make the row it prints, and that row is the engine's. Returns how many
    sentences were read."""
    others = rules.sides - 1
    read = 0
    sums = set(rules.moon_sums())
    for shooter, each, named, bonus, which, row in _MOON_ROW.findall(footer):
        count = int(named) if named else others
        extra = -_int(bonus) * (rules.decks if which == "each" else 1) if bonus else 0
        total = _int(shooter) + _int(each) * (count if _int(each) else 0) + extra
        assert total == _int(row), f"{shooter} + {each} × {count} {extra:+} is not {row}"
        assert count == others and _int(row) in sums
        read += 1
    sun_sums = set(rules.moon_sums(rules.sun_value))
    for sun, moon, bonus, which, add_row, off_row in _SUN_ROW.findall(footer):
        assert (_int(sun), _int(moon)) == (rules.sun_value, rules.moon_value)
        extra = -_int(bonus) * (rules.decks if which == "each" else 1) if bonus else 0
        ways = {_int(sun) * others + extra, -_int(sun) + extra}
        for row in filter(None, (add_row, off_row)):
            assert _int(row) in ways and _int(row) in sun_sums, footer
        read += 1
    return read


@pytest.mark.parametrize(
    "options",
    COMBOS
    + PLAYER_COUNTS
    + [
        {"partnership": True, "bonus_card": "JD", "moon": "add-unless-it-ends-game"},
        {"partnership": True, "bonus_card": "TD", "moon": "shooter-chooses", "shoot_the_sun": True},
        {"players": 6, "bonus_card": "JD", "moon": "shooter-chooses", "shoot_the_sun": True},
        {"players": 7, "bonus_card": "JD", "moon": "add-unless-it-ends-game"},
        {"players": 9, "bonus_card": "TD", "moon": "subtract-from-shooter", "shoot_the_sun": True},
        {"black_maria": True, "bonus_card": "JD", "moon": "shooter-chooses", "shoot_the_sun": True},
        {
            "black_maria": True,
            "players": 8,
            "moon": "add-unless-it-ends-game",
            "shoot_the_sun": True,
        },
    ],
    ids=_id,
)
def test_every_moon_and_sun_sentence_adds_up_as_written(options):
    rules = HouseRules(**options)
    footer = squash_space(" ".join(words(rules).footer))
    played = without_dead_rules(rules)  # between two teams the safeguard never applies
    expected = (
        2 if played.moon in ("shooter-chooses", "add-unless-it-ends-game") else 1
    ) + rules.shoot_the_sun
    assert assert_rows_add_up(rules, footer) == expected, footer


@pytest.mark.parametrize(
    ("options", "moon_words"),
    [
        ({}, "every heart and Q♠ won by one player"),
        ({"deal": "kitty"}, "every heart and Q♠ won by one player, kitty included"),
        ({"players": 3, "deal": "kitty"}, "every heart and Q♠ won by one player, kitty included"),
        ({"players": 5}, "every heart and Q♠ won by one player"),
        (
            {"partnership": True, "deal": "kitty"},
            "every point card won by one team, kitty included",
        ),
        ({"players": 7}, "every heart and both Q♠ won by one player, kitty included"),
        ({"players": 8}, "every heart and both Q♠ won by one player"),  # 13 each: no kitty
        ({"black_maria": True}, "every heart, Q♠, K♠ and A♠ won by one player"),
        (
            {"black_maria": True, "players": 8},
            "every heart and both Q♠, both K♠ and both A♠ won by one player",
        ),
    ],
)
def test_moon_summary_counts_the_kitty(options, moon_words):
    rules = HouseRules(**options)
    (moon,) = [item for item in words(rules).summary if item.startswith("Moon (")]
    assert moon.startswith(f"Moon ({moon_words}):")
    assert ("kitty included" in moon) == (rules.kitty_size > 0)
    _, text = read(render_score_sheet(rules).pdf)
    assert squash(moon) in squash(text)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("partnership", [False, True])
@pytest.mark.parametrize(
    "moon", ["add-to-others", "subtract-from-shooter", "shooter-chooses", "add-unless-it-ends-game"]
)
def test_each_way_of_scoring_a_moon_gives_the_others_a_number(language, partnership, moon):
    """ "The shooter −26, nobody else scores" beside "J♦: −10 to whoever wins it, in a moon hand
    too": two fresh scorers read the moon's line alone and were surprised by the J♦'s −10. The
    others' share is a number in each way ("+26", "+0"), onto which the bonus card's minus
    adds."""
    rules = HouseRules(partnership=partnership, moon=moon, bonus_card="JD")
    content = load_content(language)
    summary = score_sheet_text(content, HouseFile(rules, "Hearts")).summary
    worth = rules.moon_value
    (item,) = [i for i in summary if f"+{worth}" in i or f"\u2212{worth}" in i]
    played = without_dead_rules(rules).moon  # between two teams the safeguard never applies
    assert (played == moon) == (not partnership or moon != "add-unless-it-ends-game")
    ways = 2 if played in ("shooter-chooses", "add-unless-it-ends-game") else 1
    shares = re.findall(r"\+(\d+)", item)
    assert len(shares) == ways and set(shares) <= {"0", str(worth)}, item
    assert ("+0" in item) == (played != "add-to-others"), item


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"players": 5}, {"partnership": True}], ids=_id
)
def test_columns_are_headed_with_the_engines_names(options):
    rules = HouseRules(**options)
    _, text = read(render_score_sheet(rules).pdf)
    flat, names = squash(text), side_names(rules)
    start = flat.index(squash(names[0]))
    columns = [flat.index(squash(name), start) for name in names]
    assert columns == sorted(columns)  # left to right in seat order
    if rules.players == 4:
        assert "Player" not in text  # the same North, East, South, West as the rule sheet
    if not rules.partnership:
        first = seat_names(rules.players)[0]
        assert f"{first} deals the first hand" in squash_space(text)


def test_title_is_printed():
    _, text = read(render_score_sheet(HouseRules(), title="Friday Hearts").pdf)
    assert text.startswith("Friday Hearts · score sheet")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, "26 ☾78"),
        ({"players": 3}, "26 ☾52"),
        ({"players": 5}, "26 ☾104"),
        ({"bonus_card": "JD"}, "16 ☾68"),
        ({"players": 6}, "52 ☾260"),
        ({"players": 6, "bonus_card": "JD"}, "32 ☾240"),
        ({"moon": "subtract-from-shooter"}, "26 ☾−26"),
        ({"moon": "subtract-from-shooter", "bonus_card": "JD"}, "16 ☾−36"),
        ({"moon": "shooter-chooses"}, "26 ☾78/−26"),
        ({"moon": "add-unless-it-ends-game"}, "26 ☾78/−26"),
        ({"partnership": True}, "26"),  # a team moon adds up like any hand
        ({"black_maria": True}, "43 ☾129"),
        ({"black_maria": True, "players": 3}, "43 ☾86"),
        ({"black_maria": True, "players": 8}, "86 ☾602"),
        (
            {
                "black_maria": True,
                "bonus_card": "JD",
                "shoot_the_sun": True,
                "moon": "shooter-chooses",
            },
            "33 ☾119/−53",
        ),
        ({"partnership": True, "moon": "subtract-from-shooter"}, "26 ☾−26"),
    ],
)
def test_check_cell(options, expected):
    rules = HouseRules(**options)
    assert check_text(rules) == expected
    if rules.moon == "add-to-others":
        assert moon_check_sums(rules) == (rules.moon_check_sum,)


def test_compact_check_moves_the_moon_sum_to_the_heading():
    rules = HouseRules(
        players=10, moon="shooter-chooses", bonus_card="JD", passing=["left", "second-right"]
    )
    plan = plan_for(rules, "letter")
    assert plan.compact and plan.orientation == "landscape"
    _, text = read(render_score_sheet(rules, paper="letter").pdf)
    assert "☾448" in text and "or −72" in text
    assert check_text(rules, compact=True) == "32"


def test_sun_sums_are_in_the_footer():
    rules = HouseRules(shoot_the_sun=True)
    _, text = read(render_score_sheet(rules).pdf)
    assert "(row = 156)" in squash_space(text)


@pytest.mark.parametrize(
    ("options", "rows"),
    [
        ({}, 16),
        ({"target": 50}, MIN_ROWS),
        ({"players": 3}, 12),
        ({"players": 5}, 20),
        ({"players": 6}, 12),
        ({"players": 10}, 20),
        ({"partnership": True}, 8),
        ({"bonus_card": "JD"}, 25),
        ({"ties": "play-on"}, 17),
        ({"exactly_100": 50}, 18),
        ({"moon": "subtract-from-shooter"}, 18),
    ],
)
def test_row_count(options, rows):
    assert score_sheet_rows(HouseRules(**options)) == rows


def test_rows_grow_with_target_and_players():
    assert score_sheet_rows(HouseRules(target=50)) < score_sheet_rows(HouseRules())
    assert (
        score_sheet_rows(HouseRules(players=3))
        < score_sheet_rows(HouseRules())
        < score_sheet_rows(HouseRules(players=5))
    )


@pytest.mark.parametrize("players", range(3, 11))
def test_orientation(players):
    for paper in PAPERS:
        plan = plan_for(HouseRules(players=players), paper)
        assert plan.orientation == ("portrait" if players <= 6 else "landscape")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "options",
    [
        {"target": 250},
        {"target": 1000},
        {"players": 3, "target": 1000},
        {"players": 5, "target": 250},
        {"partnership": True, "target": 1000},
        {"players": 7, "target": 250},
        {"players": 10, "target": 1000},
        {
            "players": 10,
            "target": 250,
            "passing": ["second-left", "hold", "across", "left"],
            "bonus_card": "JD",
        },
    ],
    ids=_id,
)
def test_a_long_game_gets_as_many_rows_as_fit_and_goes_on_on_a_new_sheet(options, paper):
    rules = HouseRules(**options)
    check_sheet(rules, paper)
    plan = plan_for(rules, paper)
    assert MIN_ROWS <= plan.rows < plan.rows_wanted
    assert plan.rows % len(rules.passing) == 0  # a new sheet's passes go on where this one's stop
    _, text = read(render_score_sheet(rules, paper=paper).pdf)
    flat = squash(text)
    assert squash(words(rules).carried) in flat
    assert "Out of rows?" in text and squash("copy the totals into its top row") in flat
    if rules.passes:  # the last row passes as the cycle's last hand does
        assert pass_sequence(text)[-1] == words(rules).pass_label(rules.passing[-1])


@pytest.mark.parametrize(
    ("fit", "cycle", "rows"),
    [
        (21, 4, 20),
        (21, 3, 21),
        (21, 5, 20),
        (21, 1, 21),
        (21, 8, 16),  # a quarter of the rows or less is worth a whole last cycle
        (21, 11, 21),  # more is not: the rows stay
        (9, 5, 9),  # nor below the fewest rows a sheet has
    ],
)
def test_rows_that_do_not_all_fit_end_with_a_whole_pass_cycle(fit, cycle, rows):
    room = (fit + 1.5) * MIN_ROW_H  # room for fit hand rows and the carried-over row
    assert hand_rows(100, room, cycle) == (rows, pytest.approx(room / (rows + 1)))


def test_spare_rows_end_with_a_whole_pass_cycle():
    room = 21.5 * MAX_ROW_H  # 20 hand rows of the tallest height and the carried-over row
    assert hand_rows(16, room, 4) == (20, MAX_ROW_H)
    rows, height = hand_rows(16, room, 3)  # up to 21, a little lower
    assert rows == 21 and MIN_ROW_H < height < MAX_ROW_H
    assert hand_rows(19, 19.5 * MIN_ROW_H, 4) == (16, pytest.approx(19.5 * MIN_ROW_H / 17))
    # every row wanted fits, but not as whole cycles: a quarter of the rows or less is given up
    # for them, so that a new sheet's passes go on where this one's stop
    assert hand_rows(19, 20.5 * MIN_ROW_H, 4)[0] == 16
    assert hand_rows(19, 20.5 * MIN_ROW_H, 11)[0] == 19  # more is not: the rows stay
    assert hand_rows(8, 8.5 * MIN_ROW_H, 1) is None  # no room for the fewest rows


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "title",
    ["W" * MAX_TITLE, ("Hearts at the Millers' Friday night winter league table")[:MAX_TITLE]],
)
@pytest.mark.parametrize("players", [4, 10])
def test_the_longest_title_fits_on_two_lines(players, title, paper):
    rules = HouseRules(players=players)
    sheet = render_score_sheet(rules, title=title, paper=paper)
    _, text = read(sheet.pdf)
    assert squash(title) in squash(text)
    lines = {round(y) for _, size, y in drawn_chars(sheet.pdf) if size == sheet.plan.title_size}
    assert 1 <= len(lines) <= 2  # baselines
    assert sheet.plan.title_size >= 12


def test_a_title_no_house_rules_file_can_have_is_a_clear_error():
    with pytest.raises(DoesNotFitError, match="does not fit one letter page"):
        render_score_sheet(HouseRules(), title="Hearts " * 400)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("options", PLAYER_COUNTS + COMBOS + [{"target": 1000}], ids=_id)
def test_no_text_under_the_floor(options, paper):
    rules = HouseRules(**options)
    sizes = drawn_sizes(render_score_sheet(rules, paper=paper).pdf)
    small = {ch for ch, size in sizes if size < TEXT_FLOOR}
    assert not small, f"under {TEXT_FLOOR} pt: {''.join(sorted(small))}"
    assert {round(size, 2) for _, size in sizes} >= {7.0, 7.5}  # the floor is in use


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "options",
    [
        {"players": 9, "passing": ["left"]},
        {"players": 10},
        {
            "players": 10,
            "moon": "shooter-chooses",
            "bonus_card": "JD",
            "shoot_the_sun": True,
            "passing": ["second-left", "second-right"],
        },
    ],
    ids=_id,
)
def test_nine_and_ten_players_get_a_narrower_points_cell_beside_the_total(options, paper):
    rules = HouseRules(**options)
    plan = plan_for(rules, paper)
    assert plan.uneven and plan.orientation == "landscape"
    assert plan.points_w >= MIN_CELL_W
    assert plan.total_w >= max(TOTAL_MIN_W, plan.points_w * 0.9)


def test_nine_players_who_never_pass_keep_even_cells_where_the_pass_column_s_width_allows():
    """Across A4, the width a pass column would take makes nine players' even cells roomy;
    across Letter they stay uneven."""
    assert not plan_for(HouseRules(players=9), "a4").uneven
    assert plan_for(HouseRules(players=9), "a4").cell_w >= UNEVEN_BELOW_W
    assert plan_for(HouseRules(players=9, passing=["left"]), "a4").uneven
    assert plan_for(HouseRules(players=9), "letter").uneven


def cell_pixels(pdf: bytes, plan, carried: str, scale: float = 3) -> list[tuple[list, list]]:
    """For each side, the grey levels inside its points cell and inside its total cell in hand
    1's row, each read at the top, the middle and the foot of the row (away from the lines)."""
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    start = text.search(carried).get_next()[0]  # the carried-over row, then hand 1's number
    found = text.search("1", index=start, match_whole_word=True).get_next()
    _, bottom, _, top = text.get_charbox(found[0])
    middle = (top + bottom) / 2
    heights = [middle + f * plan.row_h for f in (0.35, 0.0, -0.35)]
    image = page.render(scale=scale, grayscale=True).to_pil()
    page_h = page.get_height()

    def grey(x: float, y: float) -> int:
        return image.getpixel((round(x * scale), round((page_h - y) * scale)))

    left = styles.MARGIN + plan.hand_w + plan.pass_w + plan.moon_w
    out = []
    for side in range(plan.sides):
        x = left + side * plan.column_w
        points = [grey(x + f * plan.points_w, y) for f in (0.2, 0.5, 0.8) for y in heights]
        total = [
            grey(x + plan.points_w + f * plan.total_w, y) for f in (0.2, 0.5, 0.8) for y in heights
        ]
        out.append((points, total))
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "options",
    PLAYER_COUNTS
    + [{"players": 10, "moon": "shooter-chooses", "bonus_card": "JD", "shoot_the_sun": True}],
    ids=_id,
)
def test_every_writing_box_fills_its_cell(options, paper):
    """Read from the rendered page: every points cell is white from top to foot, and every
    total cell is shaded the same all over, at every table."""
    rules = HouseRules(**options)
    sheet = render_score_sheet(rules, paper=paper)
    shade = round(styles.SHADE.red * 255)
    for side, (points, total) in enumerate(
        cell_pixels(sheet.pdf, sheet.plan, words(rules).carried)
    ):
        assert min(points) >= 250, f"side {side + 1}'s points cell is not white all over: {points}"
        assert all(abs(g - shade) <= 2 for g in total), (
            f"side {side + 1}'s total cell is not shaded all over: {total}"
        )


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [7, 8])
def test_seven_and_eight_players_keep_two_cells_each(players, paper):
    plan = plan_for(HouseRules(players=players), paper)
    assert not plan.uneven and plan.orientation == "landscape"
    assert plan.cell_w >= UNEVEN_BELOW_W


def test_up_to_six_players_keep_portrait():
    for options in PLAYER_COUNTS[:4] + [{"partnership": True}]:
        for paper in PAPERS:
            plan = plan_for(HouseRules(**options), paper)
            assert plan.orientation == "portrait" and not plan.uneven
            assert plan.cell_w >= COMFORT_CELL_W


@pytest.mark.parametrize(
    "options", [{}, {"players": 10}, {"partnership": True}, {"target": 1000}], ids=_id
)
def test_same_bytes_twice(options):
    rules = HouseRules(**options)
    assert render_score_sheet(rules).pdf == render_score_sheet(rules).pdf
    assert render_score_sheet(rules, paper="a4").pdf == render_score_sheet(rules, paper="a4").pdf


def test_metadata():
    reader, _ = read(render_score_sheet(HouseRules(), title="Friday Hearts").pdf)
    meta = reader.metadata
    assert meta.title == "Friday Hearts · score sheet"
    assert meta.author == "Hearts Sheets"
    assert "Score sheet" in meta.subject
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_unknown_paper():
    with pytest.raises(ValueError, match="unknown paper"):
        render_score_sheet(HouseRules(), paper="legal")


def test_markup_colours_red_cards_and_escapes():
    out = styles.markup("**Lead** 10♥ & Q♦ < Q♠ ♥")
    assert out.startswith("<b>Lead</b> ")
    assert f'<font color="{styles.RED_HEX}">10♥</font>' in out
    assert f'<font color="{styles.RED_HEX}">Q♦</font>' in out
    assert "&amp;" in out and "&lt;" in out
    assert "Q♠" in out and ">Q♠" not in out
    assert out.endswith(f'<font color="{styles.RED_HEX}">♥</font>')


def test_page_sizes():
    assert styles.page_size("letter") == pytest.approx((612, 792))
    assert styles.page_size("a4", "landscape") == pytest.approx((841.89, 595.28), abs=0.01)


NO_PASS_TABLES = [
    {"players": 7},
    {"players": 10},
    {"passing": ["hold"]},
    {"players": 3, "passing": ["hold"]},
    {"partnership": True, "passing": ["hold"]},
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("options", NO_PASS_TABLES, ids=_id)
def test_a_table_that_never_passes_has_no_pass_column(options, language):
    """No "no pass" down every row: the sheet says once, with its rules, that no hand passes,
    and the pass column's width goes to the players' cells. The carried-over row's label,
    beside the moon box now, stays inside its cell (read back from the page)."""
    rules = HouseRules(**options)
    content = load_content(language)
    sheet_words = score_sheet_text(content, HouseFile(rules, "Hearts"))
    sheet = render_with_words(rules, sheet_words, paper="a4")
    plan = sheet.plan
    text = squash_space(pdf_text(sheet.pdf))
    assert not plan.passes and len(plan.col_widths) == 2 * plan.sides + 3
    assert text.count(sheet_words.pass_label("hold")) == 0
    assert sheet_words.pass_ not in text.split()  # no column heading
    (said,) = [item for item in sheet_words.summary if item.startswith(NO_PASS_SAID[language])]
    assert text.count(squash_space(said)) == 1
    passing = rules.replace(passing=("left",))
    wider = plan_score_sheet(passing, score_sheet_text(content, HouseFile(passing)), paper="a4")
    # the pass column's width goes to the cells, but what the hand column takes to hold the
    # carried-over row's label on two lines
    gained = plan.column_w * plan.sides - wider.column_w * wider.sides
    assert gained == pytest.approx(wider.pass_w - (plan.hand_w - wider.hand_w))
    assert gained > 20
    first_cell = styles.MARGIN + sum(plan.col_widths[: plan.moon_col + 1])
    carried = sheet_words.carried.replace(" ", "")
    found = [g for g in glyphs(sheet.pdf) if g.origin[0] < first_cell]
    chars = "".join(g.char for g in found)
    start = chars.index(carried[:4])
    label = found[start : start + len(carried)]
    assert "".join(g.char for g in label) == carried
    assert max(g.box[2] for g in label) < first_cell - 1
    assert min(g.box[0] for g in label) > styles.MARGIN


#: How each language's no-pass line opens (the summary's item, from content/.../scoresheet.yaml).
NO_PASS_SAID = {
    "en": "No pass:",
    "de": "Keine Weitergabe:",
    "fr": "Pas d'échange",
    "es": "Sin pase:",
}


def test_tables_that_pass_keep_their_pass_column():
    for rules in (HouseRules(), HouseRules(players=8, passing=["left", "hold"])):
        plan = plan_for(rules)
        assert plan.passes and plan.pass_w > 0
        assert len(plan.col_widths) == 2 * plan.sides + 4
        assert not any(item.startswith("No pass") for item in words(rules).summary)
    assert words(HouseRules()).pass_label("hold") == "○ hold"


def test_the_words_come_from_the_content_and_the_numbers_from_the_rules():
    rules = HouseRules(players=5, moon="shooter-chooses", shoot_the_sun=True, bonus_card="TD")
    sheet_words = words(rules, "Friday")
    assert (sheet_words.title, sheet_words.heading) == ("Friday", "score sheet")
    add, off = rules.moon_sums()
    sun_add, sun_off = rules.moon_sums(rules.sun_value)
    footer = " ".join(sheet_words.footer)
    assert f"(row = {add})" in footer and f"(row = −{-off})" in footer
    assert f"(row = {sun_add} or −{-sun_off})" in footer
    assert "Player 1 deals the first hand" in footer
    assert "and −10 more for whoever took the 10♦ (row = " in footer


@pytest.mark.parametrize(
    "options, line",
    [
        (
            {},
            "Revoke found late: write 26 for the offender and 0 for everyone else (no moon): the "
            "row adds up to 26 like any other.",
        ),
        (
            {"partnership": True},
            "Revoke found late: write 26 for the offending team and 0 for the "
            "other (no moon): the row adds up to 26 like any other.",
        ),
        (
            {"bonus_card": "TD", "players": 3},
            "Revoke found late: write 26 for the offender and 0 for "
            "everyone else (no moon, no −10 for the 10♦): the row "
            "adds up to 26, not the printed 16.",
        ),
        (
            {"players": 9, "bonus_card": "JD"},
            "Revoke found late: write 52 for the offender and 0 for "
            "everyone else (no moon, no −10 for either J♦): the "
            "row adds up to 52, not the printed 32.",
        ),
    ],
)
def test_the_footer_says_how_to_write_a_revoke(options, line):
    """The hand's whole points for the offender (the engine's score for a revoke), 0 for the
    rest, and no check: the row does not add up to the printed number."""
    rules = HouseRules(**options)
    (printed,) = [strip_bold(f) for f in words(rules).footer if "Revoke" in f]
    assert printed == line
    game = Game(rules)
    assert game.record_revoke(0).scores == (rules.points_per_hand,) + (0,) * (rules.sides - 1)
    assert f"write {rules.points_per_hand} for" in printed
    assert sum(game.history[0].scores) != rules.check_sum or not rules.bonus
    _, text = read(render_score_sheet(rules).pdf)
    assert squash(line) in squash(text)


def _random_cases(seeds, mark=None):
    for seed in seeds:
        yield pytest.param(seed, marks=[mark] if mark else [], id=f"seed{seed}")


@pytest.mark.parametrize(
    "seed", [*_random_cases(QUICK_SEEDS), *_random_cases(FULL_SEEDS, pytest.mark.sweep)]
)
def test_random_house_rules_files_get_a_sheet_on_both_papers(seed):
    """Every sheet check_sheet asks for, for the random files of the sweep, on both papers."""
    house = parse_house_rules(house_file_text(seed).encode(), f"sweep-{seed}.yaml", read_preset)
    sheet_words = score_sheet_text(load_content(), house)
    for paper in PAPERS:
        sheet = render_with_words(house.rules, sheet_words, paper=paper)
        plan = sheet.plan
        assert plan.points_w >= MIN_CELL_W and plan.total_w >= TOTAL_MIN_W
        assert plan.row_h >= MIN_ROW_H and plan.rows >= MIN_ROWS
        # uneven cells only at nine or ten, and always there but where no pass column leaves
        # even cells roomy enough
        assert plan.uneven <= (house.rules.players >= 9)
        assert plan.uneven or house.rules.players < 9 or plan.cell_w >= UNEVEN_BELOW_W
        assert (
            assert_rows_add_up(
                plan_rules := house.rules, squash_space(" ".join(sheet_words.footer))
            )
            >= 1 + plan_rules.shoot_the_sun
        )
        assert min(size for _, size in drawn_sizes(sheet.pdf)) >= TEXT_FLOOR
        assert len(PdfReader(io.BytesIO(sheet.pdf)).pages) == 1
        # a full sheet ends with a whole pass cycle, or says how the next goes on
        carry = (
            sheet_words.carry_on
            if plan.rows % len(house.rules.passing) == 0
            else sheet_words.carry_on_mid_cycle
        )
        assert squash(carry) in squash(read(sheet.pdf)[1])


def test_planning_stops_at_the_first_roomy_form(monkeypatch):
    from sheets.layout import scoreplan

    tried = []
    plan = scoreplan._plan

    def counting(*args):
        tried.append(args[3:6])
        return plan(*args)

    monkeypatch.setattr(scoreplan, "_plan", counting)
    rules = HouseRules()
    chosen = plan_score_sheet(rules, score_sheet_text(load_content(), HouseFile()))
    assert tried == [("portrait", False, False)] and chosen.orientation == "portrait"


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(players=10)], ids=["4", "10"])
def test_blank_cells_draw_nothing(rules):
    """A blank cell puts nothing in the page (the table draws an empty string as a text object
    that shows nothing): every text object on the page shows some text."""
    page = PdfReader(io.BytesIO(render_score_sheet(rules).pdf)).pages[0]
    objects = re.findall(rb"\bBT\b(.*?)\bET\b", page.get_contents().get_data(), re.S)
    assert objects
    assert [o for o in objects if re.search(rb"T[jJ]\b", o)] == objects


LONG_NOTES_OMNIBUS = """preset: omnibus
title: The Wednesday Night Hearts League of the Kitchen Table Club
notes:
  - Loser of the last game deals first and shuffles well.
  - No phones at the table during a hand, please and thank you.
  - Biscuits for the winner; the loser washes up the teacups.
  - Every Thursday from seven until the scores are added up.
"""


def test_a_full_sheet_ends_with_a_whole_pass_cycle_so_the_next_goes_on_from_it():
    # Room for 25 rows, every one a game can need, on a 4-hand cycle: 24 rows, so that hand 25
    # is the next sheet's first row and passes left, as that sheet prints it.
    house = parse_house_rules(LONG_NOTES_OMNIBUS.encode(), "omnibus.yaml", read_preset)
    sheet_words = score_sheet_text(load_content(), house)
    sheet = render_with_words(house.rules, sheet_words, paper="letter")
    assert sheet.plan.rows == 24 and sheet.plan.whole_cycles
    _, text = read(sheet.pdf)
    assert squash(sheet_words.carry_on) in squash(text)
    assert squash(sheet_words.carry_on_mid_cycle) not in squash(text)
    assert pass_sequence(text)[-1] == "○ hold"


def test_a_cycle_too_long_to_end_whole_tells_the_next_sheet_where_it_stands():
    cycle = ["left", "right", "across", "hold"] * 4 + ["left"]  # 17 hands
    rules = HouseRules(passing=cycle, target=150)
    sheet = render_score_sheet(rules)
    assert sheet.plan.rows % len(cycle) and not sheet.plan.whole_cycles
    _, text = read(sheet.pdf)
    assert squash(words(rules).carry_on_mid_cycle) in squash(text)
    assert "pass on from where this sheet's cycle stopped" in squash_space(text)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("options", PLAYER_COUNTS + [{"players": 8, "passing": ["left"]}], ids=_id)
def test_the_carried_over_label_keeps_to_one_line_beside_a_pass_column(options, paper):
    """One line where a pass column gives it room; two at most beside the moon box alone."""
    rules = HouseRules(**options)
    pdf = render_score_sheet(rules, paper=paper).pdf
    chars = drawn_chars(pdf)
    text = "".join(ch for ch, _, _ in chars)
    label = squash(words(rules).carried)
    start = text.index(label)
    baselines = {round(y, 1) for _, _, y in chars[start : start + len(label)]}
    assert len(baselines) == (1 if rules.passes else 2), baselines


def test_the_sun_is_every_card_of_the_hand_in_cancellation_on_both_header_and_footer():
    for rules, words_for in (
        (HouseRules(players=7, shoot_the_sun=True), "every card of the hand"),
        (HouseRules(shoot_the_sun=True), "every trick"),
    ):
        sheet_words = words(rules)
        assert any(item.startswith(f"Sun ({words_for}):") for item in sheet_words.summary)
        assert any(
            f"**Sun ({words_for}):** tick ☾ and write ☀ beside it" in line
            for line in sheet_words.footer
        )


@pytest.mark.parametrize(
    ("options", "printed"),
    [
        (
            {"black_maria": True},
            [
                "43 ☾129",
                "13 for the Q♠, 10 for the K♠, 7 for the A♠",
                "43 for each of the 3 others (row = 129)",
                "write 43 for the offender",
                "Black Maria spades: Q♠ 13, K♠ 10, A♠ 7",
            ],
        ),
        ({"black_maria": True, "players": 3}, ["43 ☾86", "43 for each of the 2 others (row = 86)"]),
        (
            {"black_maria": True, "players": 8},
            [
                "86 ☾602",
                "13 for each Q♠, 10 for each K♠, 7 for each A♠",
                "86 points a hand",
                "(row = 602)",
                "write 86 for the offender",
            ],
        ),
        (
            {
                "black_maria": True,
                "bonus_card": "JD",
                "shoot_the_sun": True,
                "moon": "shooter-chooses",
            },
            [
                "33 ☾119/−53",
                "7 for the A♠, −10 for the J♦",
                "(row = 119)",
                "(row = −53)",
                "86 in place of 43",
                "(row = 248 or −96)",
                "the row adds up to 43, not the printed 33",
            ],
        ),
    ],
    ids=lambda value: _id(value) if isinstance(value, dict) else "",
)
def test_black_maria_sheets_print_its_numbers(options, printed):
    """Black Maria spades: the check sums, the moon, the sun and the revoke the PDF prints are
    the hand's 43 (86 with two decks), never the plain game's 26."""
    rules = HouseRules(**options)
    assert rules.points_per_hand == 43 * rules.decks
    _, text = read(render_score_sheet(rules).pdf)
    for phrase in printed:
        assert squash(phrase) in squash(text), phrase
    assert "26" not in text and "52" not in text


@pytest.mark.parametrize(
    "options, said",
    [
        ({"bonus_card": "JD"}, "J♦: −10 to whoever wins it, in a moon hand too"),
        (
            {"bonus_card": "TD", "players": 8},
            "each 10♦: −10 to whoever wins it, in a moon hand too",
        ),
    ],
)
def test_the_summary_says_the_bonus_card_counts_in_a_moon_hand(options, said):
    """Scorers checked a moon against "everyone else +26" and found 16 where the J♦'s taker had
    its −10 too: the bonus card's item says it counts in a moon hand as well."""
    rules = HouseRules(**options)
    assert said in words(rules).summary
    _, text = read(render_score_sheet(rules).pdf)
    assert squash(said) in squash(text)


def test_cancellation_with_a_bonus_card_says_what_a_hand_adds_up_to():
    """ "52 points a hand" in the rules line beside "of 32" in the scorekeeper's form read as a
    contradiction: with a bonus card the line says both, as the check column counts."""
    rules = HouseRules(players=8, bonus_card="JD")
    said = f"Cancellation: two decks, 52 points a hand, {rules.check_sum} with each J♦'s −10"
    assert rules.check_sum == 32 and said in words(rules).summary
    assert "Cancellation: two decks, 52 points a hand" in words(HouseRules(players=8)).summary
    _, text = read(render_score_sheet(rules).pdf)
    assert squash(said) in squash(text)
