"""The rule sheet PDF: one page of the exact size, every section and fact printed, fitted on
purpose, and saying what the house rules in force say."""

from __future__ import annotations

import functools
import io
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER, portrait

from pdf_checks import assert_readable
from sheets.bundle import load_content, load_preset
from sheets.errors import DoesNotFitError
from sheets.example import find_example
from sheets.housefile import PRESETS, STANDARD_FILE, HouseFile
from sheets.houserules import OPTIONS, HouseRules, HouseRulesError
from sheets.layout import rulesheet, styles
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


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@functools.cache
def page_text(house: HouseFile, paper: str = "letter") -> str:
    """The page's text, whitespace squashed."""
    reader = PdfReader(io.BytesIO(render(house, paper).pdf))
    assert len(reader.pages) == 1
    return squash(reader.pages[0].extract_text())


def between(text: str, start: str, end: str) -> str:
    """The text from one heading to the next one named."""
    return text[text.index(start):text.index(end, text.index(start))]


def main_text(house: HouseFile) -> str:
    """The page's text up to the lists of other ways to play, other tables and words."""
    text = page_text(house)
    return text[:text.index("Other ways to play")]


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


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_is_readable_at_the_table(preset, paper):
    """Nothing under 7 pt, the picture included, and no grey too light for a home printer."""
    assert_readable(render(load_preset(preset), paper).pdf, what=f"{preset} on {paper}")


@pytest.mark.parametrize("players", range(3, 11))
def test_every_player_count_is_readable_at_the_table(players):
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
    assert (render_rule_sheet(text, example).pdf == render_rule_sheet(text, example).pdf)


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
    "pass 3 cards": r"[Pp]ass three cards",
    "pass cycle": r"left, right, across, hold",
    "2♣ leads": r"holds 2♣ leads it",
    "follow suit": r"Follow (the )?suit( led)? if you can",
    "no points on the first trick": r"first trick nobody may play a heart or Q♠",
    "hearts must be broken": r"may not lead a heart until a heart has been played",
    "Q♠ 13": r"Q♠ (costs |counts )?13",
    "each heart 1": r"every heart you won costs 1 point|Each heart you win counts 1 point",
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
        descriptor = font.get("/FontDescriptor") or \
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]


@pytest.mark.parametrize("changes", [{}, {"players": 10}, {"points_on_first_trick": True},
                                     {"first_lead": "dealer-left"}, {"players": 5}])
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
        f'<b><font color="{styles.RED_HEX}">Q♥</font> wins.</b> A &amp; **B**')


def test_the_groups_notes_are_printed_once():
    house = replace(STANDARD_FILE, notes=("Loser shuffles.", "Tea at the break."))
    text = page_text(house)
    assert "Our notes" in text
    assert text.count("Loser shuffles.") == 1 and text.count("Tea at the break.") == 1


# For each key: a changed value, and a pattern the main text must then hold (and the standard
# sheet's main text must not).
CHANGES = [
    ({"players": 3}, r"17 cards each"),
    ({"players": 5}, r"3♣ leads"),
    ({"players": 8}, r"two decks"),
    ({"passing": ["left", "right", "across"]}, r"No hold hand"),
    ({"passing": ["left", "right", "across", "scatter"]}, r"one card to each other player"),
    ({"first_lead": "dealer-left"}, r"dealer's left leads"),
    ({"points_on_first_trick": True}, r"may play a heart or Q♠ on trick one"),
    ({"queen_breaks_hearts": True}, r"once Q♠ is played, hearts may be led"),
    ({"hearts_any_time": True}, r"lead a heart whenever you like"),
    ({"lead_heart_instead_of_queen": True}, r"lead either"),
    ({"must_dump_queen": True}, r"first safe chance"),
    ({"moon": "subtract-from-shooter"}, r"takes 26 off their own total"),
    ({"moon": "shooter-chooses"}, r"Shooter chooses"),
    ({"moon": "add-unless-it-ends-game"}, r"unless it ends the game"),
    ({"shoot_the_sun": True}, r"worth 52"),
    ({"bonus_card": "JD"}, r"J♦ takes 10 points off"),
    ({"bonus_card": "TD"}, r"10♦ takes 10 points off"),
    ({"exactly_100": 50}, r"exactly 100 after a hand becomes 50"),
    ({"exactly_100": 0}, r"exactly 100 after a hand becomes 0"),
    ({"target": 50}, r"reaches 50 or more"),
    ({"target": 250}, r"reaches 250 or more"),
    ({"ties": "play-on"}, r"until one total is lowest alone"),
    ({"deal": "kitty"}, r"12 cards each; the last 4 go face down as the kitty"),
    ({"deal": "kitty", "kitty_goes_to": "first-trick"}, r"winner of the first trick takes it"),
    ({"partnership": True}, r"team"),
]


def test_every_key_has_a_change_checked():
    assert {key for changes, _ in CHANGES for key in changes} == {o.key for o in OPTIONS}


@pytest.mark.parametrize("changes, pattern", CHANGES, ids=[str(c) for c, _ in CHANGES])
def test_a_changed_house_rule_is_stated(changes, pattern):
    house = house_with(**changes)
    text = main_text(house)
    house_rules = between(page_text(house), "Our house rules", "Other ways to play")
    for key in changes:
        line = squash(strip_bold(variant_line(content(), house.rules, key)))
        assert line in house_rules, (key, line)
    assert re.search(pattern, text, re.IGNORECASE), pattern
    assert not re.search(pattern, main_text(STANDARD_FILE), re.IGNORECASE), pattern


# -- fitting on purpose -----------------------------------------------------------------------


def test_overlong_notes_do_not_fit():
    sheet = assemble(content(), STANDARD_FILE)
    notes = ("Every hand the dealer says a long speech about the rules. " * 40,)
    sheet = replace(sheet, notes=notes)
    example = find_example(STANDARD_FILE.rules, content().example)
    with pytest.raises(DoesNotFitError, match="does not fit one letter page.*notes"):
        render_rule_sheet(sheet, example)


def test_the_fit_takes_few_layouts_and_the_largest_size_that_fits():
    sheet = assemble(content(), STANDARD_FILE)
    example = find_example(STANDARD_FILE.rules, content().example)
    page = rulesheet._Page("letter", *styles.page_size("letter"))
    sizes = []

    def measure(*args):
        layout = rulesheet._layout(*args)
        sizes.append(layout.size)
        return layout

    layout, count = rulesheet._fit(sheet, example, page, measure)
    assert count == len(sizes) <= 4
    assert layout.fits
    bigger = rulesheet._layout(sheet, example, layout.size + 0.25, page)
    assert not bigger.fits or layout.size + 0.25 > styles.RULE_SHEET_MAX_SIZE


def test_columns_are_balanced_and_no_heading_ends_a_column():
    sheet = assemble(content(), STANDARD_FILE)
    example = find_example(STANDARD_FILE.rules, content().example)
    page = rulesheet._Page("letter", *styles.page_size("letter"))
    layout, _ = rulesheet._fit(sheet, example, page)
    columns = layout.columns()
    assert len(columns) == styles.RULE_SHEET_COLUMNS and all(columns)
    for column in columns:
        # a heading is always glued to the unit after it, so it never ends a column
        last = column[-1].flowables[-1]
        assert not (hasattr(last, "style") and last.style.name == "RuleHeading")
    heights = [sum(u.height for u in c) + sum(u.gap for u in c[1:]) for c in columns]
    assert max(heights) - min(heights) < max(u.height for u in layout.units)


def _random_mappings(count: int, seed: int = 5):
    rng = random.Random(seed)
    for _ in range(count):
        mapping = {}
        for option in OPTIONS:
            if rng.random() < 0.5:
                continue
            if option.kind == "bool":
                mapping[option.key] = rng.random() < 0.5
            elif option.kind == "int" and option.key == "players":
                mapping[option.key] = rng.randint(3, 10)
            elif option.kind == "int":
                mapping[option.key] = rng.choice((50, 75, 100, 150, 1000))
            elif option.kind == "cycle":
                mapping[option.key] = rng.sample(option.choices, rng.randint(1, 4))
            else:
                mapping[option.key] = rng.choice(option.choices)
        yield mapping


def test_random_house_rules_always_make_one_page_or_say_why():
    tried = 0
    for mapping in _random_mappings(5000):
        try:
            rules = HouseRules.from_mapping(mapping)
        except HouseRulesError:
            continue
        tried += 1
        house = replace(STANDARD_FILE, rules=rules)
        example = find_example(rules, content().example)
        try:
            result = render_rule_sheet(assemble(content(), house), example,
                                       paper="a4" if tried % 2 else "letter")
        except DoesNotFitError:
            continue
        assert len(PdfReader(io.BytesIO(result.pdf)).pages) == 1, mapping
        if tried >= 500:
            break
    assert tried >= 500
