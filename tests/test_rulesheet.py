"""The rule sheet PDF: one page of the exact size, every section and fact printed, fitted on
purpose, and saying what the house rules in force say."""

from __future__ import annotations

import functools
import io
import re
from dataclasses import replace

import pytest
from house_files import HEAVY, random_house_files
from pdf_checks import assert_readable, glyphs, page_count, readability_problems, squash
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER, portrait

from sheets.blocks import Bullets, RuleSheetText, Section
from sheets.bundle import load_content, load_preset
from sheets.errors import DoesNotFitError
from sheets.example import find_example
from sheets.housefile import MAX_NOTES_CHARS, MAX_TITLE, PRESETS, STANDARD_FILE, HouseFile
from sheets.houserules import OPTIONS, STANDARD, HouseRules
from sheets.layout import rulefit, rulepage, rulesheet, styles
from sheets.layout.rulesheet import RuleSheetPDF, render_rule_sheet
from sheets.text import assemble, strip_bold, variant_line

SIZES = {"letter": (612, 792), "a4": (595.28, 841.89)}


@functools.cache
def content():
    return load_content()


def house_with(**changes) -> HouseFile:
    return replace(STANDARD_FILE, rules=HouseRules.from_mapping(changes))


@functools.cache
def render(house: HouseFile, paper: str = "letter") -> RuleSheetPDF:
    example = find_example(house.rules, content().example)
    return render_rule_sheet(assemble(content(), house), example, paper=paper)


@functools.cache
def page_text(house: HouseFile, paper: str = "letter") -> str:
    """The page's text, whitespace squashed."""
    reader = PdfReader(io.BytesIO(render(house, paper).pdf))
    assert len(reader.pages) == 1
    return squash(reader.pages[0].extract_text())


def between(text: str, start: str, end: str) -> str:
    """The text from one heading to the next one named."""
    return text[text.index(start) : text.index(end, text.index(start))]


def main_text(house: HouseFile) -> str:
    """The page's text up to the lists of other ways to play, other tables and words."""
    text = page_text(house)
    return text[: text.index("Other ways to play")]


# -- one page, the right size -----------------------------------------------------------------


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_is_one_page_of_the_exact_size(preset, paper):
    house = load_preset(preset)
    result = render(house, paper)
    reader = PdfReader(io.BytesIO(result.pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(SIZES[paper], abs=0.01)
    assert styles.RULE_SHEET_MIN_SIZE <= result.body_size <= styles.RULE_SHEET_MAX_SIZE


@pytest.mark.parametrize("players", range(3, 11))
def test_every_player_count_fits(players):
    result = render(house_with(players=players))
    assert len(PdfReader(io.BytesIO(result.pdf)).pages) == 1


@pytest.mark.parametrize("players", range(3, 11))
def test_every_player_count_is_readable_at_the_table(players):
    """Nothing under 7 pt, the picture included, and no grey too light for a home printer."""
    assert_readable(render(house_with(players=players)).pdf, what=f"{players} players")


def test_metadata_and_language():
    result = render(STANDARD_FILE)
    reader = PdfReader(io.BytesIO(result.pdf))
    meta = reader.metadata
    assert meta.title == "Hearts · rule sheet"
    assert meta.author == styles.AUTHOR
    assert "players" in meta.subject
    assert "rule sheet" in meta["/Keywords"]
    assert reader.trailer["/Root"]["/Lang"] == "en"


def test_output_is_byte_identical():
    house = load_preset("omnibus")
    text = assemble(content(), house)
    example = find_example(house.rules, content().example)
    assert render_rule_sheet(text, example).pdf == render_rule_sheet(text, example).pdf


# -- what it says -----------------------------------------------------------------------------


def test_every_section_heading_is_printed():
    text = page_text(STANDARD_FILE)
    sheet = assemble(content(), STANDARD_FILE)
    positions = [text.index(squash(section.heading)) for section in sheet.sections]
    assert positions == sorted(positions), "sections out of order"


#: The facts of section 1 of the rule specification, each as a pattern of the printed text.
STANDARD_FACTS = {
    "52 cards": r"52-card deck",
    "13 each": r"13 cards each",
    "pass 3 cards": r"[Pp]ass cards face down, a new way each hand: 3 to the left",
    "pass cycle": r"3 to the left, 3 to the right, 3 across, none \(a hold hand\); then round again",
    "2♣ leads": r"holds 2♣ leads it",
    "follow suit": r"Follow (the )?suit( led)? if you can",
    "no points on the first trick": r"first trick\. Nobody may play a heart or Q♠",
    "hearts must be broken": r"may not lead a heart until a heart has been played",
    "Q♠ 13": r"Q♠ (costs |counts )?13",
    "each heart 1": r"Each heart you win (costs|counts) 1 point",
    "moon scoring": r"Win every heart and Q♠ and you score 0 for the hand; everyone else "
    r"scores 26",
    "game to 100": r"(Play to|reaches) 100",
    "lowest wins": r"lowest total (then )?wins",
}


@pytest.mark.parametrize("fact", STANDARD_FACTS)
def test_the_standard_facts_are_printed(fact):
    assert re.search(STANDARD_FACTS[fact], main_text(STANDARD_FILE)), fact


def test_the_suit_symbols_come_out_as_text():
    text = page_text(STANDARD_FILE)
    for symbol in "♣♦♥♠":
        assert symbol in text
    assert "\ufffd" not in text and "□" not in text


def test_fonts_are_embedded():
    reader = PdfReader(io.BytesIO(render(STANDARD_FILE).pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = (
            font.get("/FontDescriptor")
            or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        )
        assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]


def test_the_measuring_font_gives_reportlabs_own_widths_and_keeps_a_bounded_number(monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFont

    from sheets.layout import fonts

    path = str(fonts.FONT_DIR / "DejaVuSansCondensed-Bold.ttf")
    plain, measured = TTFont("plain", path), fonts.MeasuredFont("measured", path)
    words = assemble(content(), STANDARD_FILE).plain().split() + ["Q♠", "10♥", "", " "]
    monkeypatch.setattr(fonts, "WIDTHS_KEPT", 50)
    for _ in range(2):  # measured, then remembered (once a string, whatever the size)
        for size in (7, 8.65, 9.5, 24, 8.15, 7.3 + 1e-9, 13.37):
            for word in words:
                assert measured.stringWidth(word, size) == plain.stringWidth(word, size), word
                assert len(measured._units) <= 50
    assert measured.stringWidth(b"abc", 9) == plain.stringWidth(b"abc", 9)


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"players": 10},
        {"points_on_first_trick": True},
        {"first_lead": "dealer-left"},
        {"players": 5},
    ],
)
def test_the_example_sentences_are_printed(changes):
    house = house_with(**changes)
    example = find_example(house.rules, content().example)
    text = page_text(house)
    assert squash(example.heading) in text
    for sentence in example.sentences:
        assert squash(sentence) in text
    for step in example.steps:  # the picture: every card and every seat
        assert step.name in text


def test_the_paper_table_gives_reportlabs_own_sizes():
    assert styles.PAGE_SIZES == {"letter": portrait(LETTER), "a4": portrait(A4)}


def test_the_pdf_markup_bolds_only_the_lead_in_as_the_page_does():
    assert styles.markup("**Q♥ wins.** A & **B**") == (
        f'<b><font color="{styles.RED_HEX}">Q♥</font> wins.</b> A &amp; **B**'
    )


def test_the_groups_notes_are_printed_once():
    house = replace(STANDARD_FILE, notes=("Loser shuffles.", "Tea at the break."))
    text = page_text(house)
    assert "Our notes" in text
    assert text.count("Loser shuffles.") == 1 and text.count("Tea at the break.") == 1


# For each key: a changed value, and a pattern the main text must then hold (and the standard
# sheet's main text must not).
#: For each house-rule key, changes to it (with the keys they need) and a phrase the sheet then
#: states, and the standard sheet does not. Checked for every key of OPTIONS.
CHANGES = {
    "players": [
        ({"players": 3}, r"17 cards each"),
        ({"players": 5}, r"3♣ leads"),
        ({"players": 8}, r"two decks"),
    ],
    "passing": [
        ({"passing": ["left", "right", "across"]}, r"No hold hand"),
        ({"passing": ["left", "right", "across", "scatter"]}, r"1 card to each other player"),
    ],
    "first_lead": [({"first_lead": "dealer-left"}, r"dealer's left leads")],
    "points_on_first_trick": [({"points_on_first_trick": True}, r"a heart or Q♠ may go on it")],
    "queen_breaks_hearts": [
        ({"queen_breaks_hearts": True}, r"once Q♠ is played, hearts may be led")
    ],
    "hearts_any_time": [({"hearts_any_time": True}, r"no breaking rule after the first trick")],
    "lead_heart_instead_of_queen": [({"lead_heart_instead_of_queen": True}, r"lead either")],
    "must_dump_queen": [({"must_dump_queen": True}, r"as soon as she cannot win")],
    "moon": [
        ({"moon": "subtract-from-shooter"}, r"26 off the shooter's total; nobody else scores"),
        ({"moon": "shooter-chooses"}, r"Shooter chooses"),
        (
            {"moon": "add-unless-it-ends-game"},
            r"unless that would end the game with someone else winning",
        ),
    ],
    "shoot_the_sun": [({"shoot_the_sun": True}, r"scored as a moon worth 52 instead of 26")],
    "black_maria": [
        (
            {"black_maria": True},
            r"Q♠ 13, K♠ 10 and A♠ 7, whoever played them: "
            r"43 points in all",
        )
    ],
    "bonus_card": [
        ({"bonus_card": "JD"}, r"J♦ takes 10 points off"),
        ({"bonus_card": "TD"}, r"10♦ takes 10 points off"),
    ],
    "exactly_100": [
        ({"exactly_100": 50}, r"exactly 100 after a hand becomes 50"),
        ({"exactly_100": 0}, r"exactly 100 after a hand becomes 0"),
    ],
    "target": [({"target": 50}, r"reaches 50 or more"), ({"target": 250}, r"reaches 250 or more")],
    "ties": [({"ties": "play-on"}, r"until one total is lowest alone")],
    "deal": [({"deal": "kitty"}, r"12 cards each and the last 4 cards face down as the kitty")],
    "kitty_goes_to": [
        ({"deal": "kitty", "kitty_goes_to": "first-trick"}, r"winner of the first trick takes it")
    ],
    "partnership": [({"partnership": True}, r"team")],
}
_CASES = [
    (option.key, changes, pattern)
    for option in OPTIONS
    for changes, pattern in CHANGES.get(option.key, [(None, None)])
]


@pytest.mark.parametrize(
    "key, changes, pattern", _CASES, ids=[f"{key}: {changes}" for key, changes, _ in _CASES]
)
def test_a_changed_house_rule_is_stated(key, changes, pattern):
    assert changes is not None, f"add a change of {key} to CHANGES, with what the sheet states"
    assert key in changes
    assert set(CHANGES) <= {o.key for o in OPTIONS}
    house = house_with(**changes)
    text = main_text(house)
    house_rules = between(page_text(house), "Our house rules", "Other ways to play")
    for changed in changes:
        line = squash(strip_bold(variant_line(content(), house.rules, changed)))
        assert line in house_rules, (changed, line)
    assert re.search(pattern, text, re.IGNORECASE), pattern
    assert not re.search(pattern, main_text(STANDARD_FILE), re.IGNORECASE), pattern


# -- fitting on purpose -----------------------------------------------------------------------


#: The heaviest rules a file may hold, by player count (every switch that adds a line of text).
def heaviest(players: int) -> dict:
    rules = {**HEAVY, "players": players}
    if players <= 5:
        rules["deal"] = "kitty"
    return rules


TITLE_60 = "The Thursday Night Kitchen Table Hearts Club: Winter League!"
WIDE_TITLE = "W" * MAX_TITLE
_NOTES = (
    "Loser of the last game shuffles, and the player on their left cuts the deck.",
    "Tea and biscuits at the break after every fourth hand; the host pours it.",
    "Scores are read out aloud after each hand; any dispute goes to the scorer.",
    "Phones stay in the kitchen; a ringing phone costs its owner five points",
)
NOTES_300 = _NOTES[:-1] + (_NOTES[-1] + "!" * (MAX_NOTES_CHARS - sum(map(len, _NOTES))),)
assert len(TITLE_60) == MAX_TITLE and sum(map(len, NOTES_300)) == MAX_NOTES_CHARS


def heaviest_file(players: int, title: str = TITLE_60) -> HouseFile:
    return HouseFile(HouseRules.from_mapping(heaviest(players)), title, NOTES_300)


#: Headroom: the rule sheet must still fit with a few more lines of table law than it has today.
MORE_LAW = tuple(
    f"**Rule {n}.** " + "A thing a table argues about, settled in a line or two "
    "of plain words so that nobody has to look it up."
    for n in range(1, 4)
)


def grown(text: RuleSheetText) -> RuleSheetText:
    """The text with three more bullets of table law: some six lines more than today's sheet."""
    sections = []
    for section in text.sections:
        if section.id == "table-law":
            section = replace(
                section,
                blocks=tuple(
                    Bullets(b.items + MORE_LAW) if isinstance(b, Bullets) else b
                    for b in section.blocks
                ),
            )
        sections.append(section)
    return replace(text, sections=tuple(sections))


def render_text(house: HouseFile, paper: str, *, grow: bool = False) -> RuleSheetPDF:
    text = assemble(content(), house)
    return render_rule_sheet(
        grown(text) if grow else text, find_example(house.rules, content().example), paper=paper
    )


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_is_readable_with_a_body_of_at_least_8_pt(preset, paper):
    result = render(load_preset(preset), paper)
    assert_readable(result.pdf, what=f"{preset} on {paper}")
    assert result.body_size >= rulesheet.PRESET_FLOOR


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("players", range(3, 11))
def test_the_heaviest_accepted_file_fits_and_is_readable(players, paper):
    """Every switch that adds text, a 60-character title and 300 characters of notes: the most
    a file `check` accepts. It builds, one page, nothing under 7 pt."""
    result = render_text(heaviest_file(players), paper)
    assert_readable(result.pdf, what=f"the heaviest file, {players} players, {paper}")


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("players", [3, 4, 7, 10])
def test_the_heaviest_file_still_fits_with_six_lines_more(players, paper):
    result = render_text(heaviest_file(players, WIDE_TITLE), paper, grow=True)
    assert_readable(result.pdf, what=f"the heaviest file grown, {players} players, {paper}")


def title_lines(pdf: bytes, title: str) -> int:
    """How many lines the title takes on the page: the band is drawn first, so the title's
    characters are the page's first."""
    chars = [g for g in glyphs(pdf)][: len(title.replace(" ", ""))]
    assert "".join(g.char for g in chars) == title.replace(" ", "")
    assert len({g.size for g in chars}) == 1 and chars[0].size >= rulepage.TITLE_MIN
    return len({round(g.origin[1], 1) for g in chars})


@pytest.mark.parametrize("notes", [(), NOTES_300], ids=["no notes", "notes"])
@pytest.mark.parametrize("title", [TITLE_60, WIDE_TITLE, "Hearts"])
def test_a_title_takes_at_most_two_lines(title, notes):
    house = HouseFile(STANDARD, title, notes)
    pdf = render(house).pdf
    assert 1 <= title_lines(pdf, title) <= styles.TITLE_LINES


def test_what_gives_way_follows_the_ladder():
    """As the text grows, the steps of the ladder come in order and never below their floor;
    the other ways to play give way to their names first."""
    sheet = assemble(content(), STANDARD_FILE)
    example = find_example(STANDARD_FILE.rules, content().example)
    page = rulepage.Page("letter", *styles.page_size("letter"))
    steps = []
    for extra in range(0, 25, 3):
        more = Section("more", "More", (Bullets((MORE_LAW * 8)[:extra]),))
        text = replace(sheet, sections=sheet.sections + ((more,) if extra else ()))
        layout, _ = rulesheet._fit(text, example, page)
        assert layout.size >= layout.stage.smallest
        steps.append(rulesheet.LADDER.index(layout.stage))
    assert steps == sorted(steps) and steps[-1] > steps[0], steps


def test_other_ways_shrink_to_names_before_the_body_goes_under_8_5_pt():
    house = STANDARD_FILE
    result = render(house)
    full = rulesheet.LADDER[0]
    text = page_text(house)
    ways = between(text, "Other ways to play", "Other tables")
    lines = next(b for b in assemble(content(), house).section("other-ways").blocks).items
    if result.gives_way == full.gives_way:
        assert result.body_size >= rulesheet.COMFORTABLE
    else:  # the names, not the descriptions
        assert squash(rulesheet.NAME_SEPARATOR.join(rulesheet.name_of(x) for x in lines)) in ways
        assert squash(strip_bold(lines[0])) not in ways


def test_overlong_notes_do_not_fit():
    sheet = assemble(content(), STANDARD_FILE)
    notes = ("Every hand the dealer says a long speech about the rules. " * 80,)
    sheet = replace(sheet, notes=notes)
    example = find_example(STANDARD_FILE.rules, content().example)
    with pytest.raises(DoesNotFitError, match="does not fit one letter page.*notes"):
        render_rule_sheet(sheet, example)


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_the_fit_takes_few_layouts_and_the_largest_size_that_fits(preset, paper):
    house = load_preset(preset)
    sheet = assemble(content(), house)
    example = find_example(house.rules, content().example)
    page = rulepage.Page(paper, *styles.page_size(paper))
    layout, count = rulesheet._fit(sheet, example, page)
    assert layout.fits and count <= 4
    measure = rulefit.Measurer(sheet, example, page)
    for earlier in rulesheet.LADDER[: rulesheet.LADDER.index(layout.stage)]:
        assert not measure.layout(earlier.smallest, earlier).fits, earlier.gives_way
    bigger = layout.size + 0.25
    assert bigger > styles.RULE_SHEET_MAX_SIZE or not measure.layout(bigger, layout.stage).fits


@pytest.mark.parametrize("case", ["standard", "heaviest-10", "heaviest-3"])
def test_columns_are_balanced_and_no_heading_ends_a_column(case):
    house = {
        "standard": STANDARD_FILE,
        "heaviest-10": heaviest_file(10),
        "heaviest-3": heaviest_file(3),
    }[case]
    sheet = assemble(content(), house)
    example = find_example(house.rules, content().example)
    page = rulepage.Page("letter", *styles.page_size("letter"))
    layout, _ = rulesheet._fit(sheet, example, page)
    columns = layout.columns()
    assert len(columns) == styles.RULE_SHEET_COLUMNS and all(columns)
    for column in columns:
        # a heading is always glued to the unit after it, so it never ends a column
        last = column[-1].flowables[-1]
        assert not (hasattr(last, "style") and last.style.name == "RuleHeading")
    heights = [sum(u.height for u in c) + sum(u.gap for u in c[1:]) for c in columns]
    assert max(heights) == pytest.approx(layout.column_h)
    # no column could take the first unit of the next and still be shorter than the tallest
    largest = max(u.height + u.gap for u in layout.units)
    assert max(heights) - min(heights) < largest


def _column_texts(house: HouseFile, paper: str) -> list[str]:
    """The text in each of the page's three columns (below the title band), read from the page
    by where PDFium drew each character, whitespace left out."""
    from pdf_checks import glyphs as drawn

    page = rulepage.Page(paper, *styles.page_size(paper))
    layout, _ = rulesheet._fit(
        assemble(content(), house), find_example(house.rules, content().example), page
    )
    body_top = page.page_h - styles.MARGIN - layout.band_h - styles.RULE_SHEET_BAND_GAP
    texts = [[] for _ in range(styles.RULE_SHEET_COLUMNS)]
    for g in drawn(render(house, paper).pdf):
        for i in range(styles.RULE_SHEET_COLUMNS):
            x = page.column_x(i)
            if g.origin[1] < body_top and x - 2 <= g.origin[0] <= x + page.column_w + 2:
                texts[i].append(g.char)
    return ["".join(t) for t in texts]


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("case", ["standard", "omnibus", "heaviest-7", "heaviest-10"])
def test_no_step_bullet_or_definition_is_split_between_columns(case, paper):
    """Read from the page: each item of every section, bullets and steps and definitions, is
    printed whole in one column."""
    house = {
        "standard": STANDARD_FILE,
        "omnibus": load_preset("omnibus"),
        "heaviest-7": heaviest_file(7),
        "heaviest-10": heaviest_file(10),
    }[case]
    result = render(house, paper)
    columns = _column_texts(house, paper)
    sheet = assemble(content(), house)
    stage = next(s for s in rulesheet.LADDER if s.gives_way == result.gives_way)
    checked = 0
    for section in sheet.sections:
        if stage.form(section.id) != rulesheet.FULL or section.id == "quick-start":
            continue
        for block in section.blocks:
            for item in blocks_items(block):
                flat = "".join(strip_bold(item).split())
                found = [i for i, text in enumerate(columns) if flat in text]
                assert found, f"{case} {paper}: split or missing: {item!r}"
                checked += 1
    assert checked > 20


def blocks_items(block) -> list[str]:
    from sheets.blocks import Bullets as B
    from sheets.blocks import Definitions, Steps

    if isinstance(block, B):
        return list(block.items)
    if isinstance(block, Steps):
        return [step.text for step in block.items]
    if isinstance(block, Definitions):
        return [f"{term} {text}" for term, text in block.items]
    return []


def test_every_bullet_is_a_round_bullet_at_every_step_of_the_ladder():
    """The lists set in the smaller type keep the round bullet the full lists have."""
    from sweep_cases import house_file_text

    from sheets.bundle import read_preset
    from sheets.housefile import parse_house_rules

    brief = 0
    for seed in range(6):
        house = parse_house_rules(house_file_text(seed).encode(), "sweep.yaml", read_preset)
        for paper in SIZES:
            result = render(house, paper)
            stage = next(s for s in rulesheet.LADDER if s.gives_way == result.gives_way)
            text = PdfReader(io.BytesIO(result.pdf)).pages[0].extract_text()
            assert not re.search(r"(?m)^\s*–", text), (seed, paper)
            if stage.form("other-counts") == rulesheet.BRIEF:
                brief += 1
                assert re.search(r"(?m)^• \w+ players:", text), (seed, paper)
    assert brief >= 3


def test_the_summary_keeps_clear_of_the_notes_box():
    from pdf_checks import glyphs as drawn

    house = replace(
        load_preset("omnibus"),
        title="The Wednesday Night Hearts League of the Kitchen Table Club",
        notes=("Loser of the last game deals first and shuffles well.", "No phones at the table."),
    )
    for paper in SIZES:
        result = render(house, paper)
        page = rulepage.Page(paper, *styles.page_size(paper))
        box_left = styles.MARGIN + page.width * (1 - rulepage.BAND_NOTES_SHARE)
        summary = assemble(content(), house).summary
        chars = drawn(result.pdf)
        text = "".join(g.char for g in chars)
        start = text.index("".join(summary.split())[:20])
        right = max(g.box[2] for g in chars[start : start + len("".join(summary.split()))])
        assert right <= box_left - styles.BAND_GAP + 0.5, (paper, right, box_left)


# -- every file check accepts -----------------------------------------------------------------

SWEEP_DEFAULT = 50  # files in every run; the rest of SWEEP_FILES under the sweep marker
SWEEP_FILES = 500


def _sweep(files: list[tuple[bytes, HouseFile]]) -> None:
    for n, (data, house) in enumerate(files):
        paper = "a4" if n % 2 else "letter"
        try:
            result = render_text(house, paper)
        except DoesNotFitError as err:
            pytest.fail(f"an accepted file does not fit {paper}:\n{data.decode()}\n{err}")
        problems = readability_problems(result.pdf)
        assert page_count(result.pdf) == 1 and not problems, (data.decode(), paper, problems)
        assert result.body_size >= styles.RULE_SHEET_MIN_SIZE


@functools.cache
def sweep_files() -> list[tuple[bytes, HouseFile]]:
    return list(random_house_files(SWEEP_FILES))


def test_accepted_files_fit_one_readable_page():
    """The first files of the sweep, in every run: each builds on one page, nothing under
    7 pt, no light ink; a DoesNotFitError for a file `check` accepts is a bug."""
    _sweep(sweep_files()[:SWEEP_DEFAULT])


@pytest.mark.sweep
def test_every_accepted_file_of_the_sweep_fits_one_readable_page():
    _sweep(sweep_files()[SWEEP_DEFAULT:])
