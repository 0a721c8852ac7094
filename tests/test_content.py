"""The content files and their schema: a typo in content/*.yaml fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.blocks import ExampleSlot
from sheets.bundle import load_content
from sheets.content import (FACTS, SECTION_IDS, SELECTORS, Choice, parse_content, resolve,
                            selector_value)
from sheets.errors import InputError
from sheets.houserules import OPTIONS, HouseRules

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
RULES = (CONTENT_DIR / "rules.yaml").read_bytes()
VARIANTS = (CONTENT_DIR / "variants.yaml").read_bytes()


def problems(**files: bytes) -> list[str]:
    """The problems parse_content finds, given rules.yaml and variants.yaml defaults."""
    given = {"rules.yaml": RULES, "variants.yaml": VARIANTS}
    given.update({name.replace("_", ".", 1): data for name, data in files.items()})
    with pytest.raises(InputError) as info:
        parse_content(given)
    return info.value.problems


#: The line of the first block written by rules_with.
BLOCK_LINE = RULES.decode().split("  - id: quick-start\n", 1)[0].count("\n") + 4


def rules_with(section_text: str) -> bytes:
    """rules.yaml with the quick-start section's blocks replaced."""
    head, rest = RULES.decode().split("  - id: quick-start\n", 1)
    rest = rest.split("  - id: setup\n", 1)[1]
    block = "  - id: quick-start\n    heading: Quick start\n    blocks:\n" + section_text
    return (head + block + "  - id: setup\n" + rest).encode()


def test_the_content_files_load():
    content = load_content()
    assert tuple(s.id for s in content.sections) == SECTION_IDS
    assert set(content.variants) == {o.key for o in OPTIONS}
    assert any(isinstance(b, ExampleSlot) for b in content.section("example").blocks)


def test_quick_start_has_six_steps_for_every_table():
    content = load_content()
    (steps,) = content.section("quick-start").blocks
    for players in range(3, 11):
        rules = HouseRules(players=players)
        assert sum(resolve(s.text, rules) is not None for s in steps.items) == 6


def test_glossary_defines_every_term_of_the_specification():
    content = load_content()
    (definitions,) = content.section("glossary").blocks
    terms = [term.lower() for term, _ in definitions.items]
    for word in ("trick", "lead", "follow suit", "void", "point cards", "pass", "hold hand",
                 "breaking hearts", "shooting the moon", "kitty", "scatter", "omnibus hearts"):
        assert word in terms
    text = " ".join(str(t) for _, t in definitions.items).lower()
    assert "penalty" in text and "slam" in text


def test_example_yaml_is_optional_and_loaded_as_it_is():
    assert load_content().example is not None
    content = parse_content({"rules.yaml": RULES, "variants.yaml": VARIANTS,
                             "example.yaml": "caption: \"{leader} leads 2♣.\"\n"
                                             "lines:\n  dump: Discards Q♠.\n  list: [a, b]\n"
                                             .encode()})
    assert content.example["caption"] == "{leader} leads 2♣."
    assert content.example["lines"]["dump"] == "Discards Q♠."
    assert content.example["lines"]["list"] == ("a", "b")
    assert dict(parse_content({"rules.yaml": RULES, "variants.yaml": VARIANTS}).example) == {}


def test_example_yaml_must_be_text():
    assert problems(example_yaml=b"- a\n") == [
        "example.yaml:1: example: expected a mapping of names to text"]
    assert problems(example_yaml=b"caption: 12\nlead: The QS wins.\n") == [
        "example.yaml:1: example.caption: expected text; found '12'",
        "example.yaml:2: example.lead: write cards as rank and suit symbol (Q♠, 10♥); found 'QS'"]


def test_selectors_cover_every_choice_and_bool_option():
    for option in OPTIONS:
        if option.kind in ("bool", "choice"):
            assert option.key in SELECTORS
    for name in SELECTORS:
        assert selector_value(name, HouseRules()) in SELECTORS[name]


def test_resolve_picks_the_case_and_fills_placeholders():
    text = Choice("moon", (("add-to-others", "others get {moon_value}"), ("*", "shooter")))
    assert resolve(text, HouseRules()) == "others get 26"
    assert resolve(text, HouseRules(moon="shooter-chooses")) == "shooter"
    assert resolve(text, HouseRules(players=6)) == "others get 52"
    assert resolve(None, HouseRules()) is None


def test_missing_content_file():
    with pytest.raises(InputError) as info:
        parse_content({"rules.yaml": RULES})
    assert info.value.problems == ["variants.yaml: missing or empty content file"]


# -- the schema catches typos ----------------------------------------------------------------------


def test_unknown_selector():
    found = problems(rules_yaml=rules_with("      - paragraph:\n          mooon:\n            x: y\n"))
    assert found == [f"rules.yaml:{BLOCK_LINE + 1}: section quick-start: expected text or one selector (one of "
                     f"{', '.join(SELECTORS)}); found keys mooon"]


def test_unknown_selector_value_and_a_value_not_covered():
    found = problems(rules_yaml=rules_with(
        "      - paragraph:\n          moon:\n            add-to-other: a\n"
        "            subtract-from-shooter: b\n"))
    assert found == [
        f"rules.yaml:{BLOCK_LINE + 2}: section quick-start: moon has no value 'add-to-other'; expected one of "
        "add-to-others, subtract-from-shooter, shooter-chooses, add-unless-it-ends-game or \"*\"",
        f"rules.yaml:{BLOCK_LINE + 2}: section quick-start: moon does not cover add-to-others, shooter-chooses, "
        "add-unless-it-ends-game; add them or \"*\""]


def test_unknown_placeholder():
    found = problems(rules_yaml=rules_with("      - paragraph: \"Play to {traget}.\"\n"))
    assert found == [f"rules.yaml:{BLOCK_LINE}: section quick-start: unknown placeholder {{traget}}; "
                     f"expected one of {', '.join(FACTS)}"]


@pytest.mark.parametrize("text, card", [("Lead the QS.", "QS"), ("Lead the TH.", "TH"),
                                        ("Lead the 10D.", "10D"), ("Lead T♥.", "T♥"),
                                        ("Lead the queen of spades.", "queen of spades"),
                                        ("Lead the 2 of clubs.", "2 of clubs")])
def test_cards_are_written_with_suit_symbols(text, card):
    found = problems(rules_yaml=rules_with(f"      - paragraph: \"{text}\"\n"))
    assert found == [f"rules.yaml:{BLOCK_LINE}: section quick-start: write cards as rank and suit symbol "
                     f"(Q♠, 10♥); found {card!r}"]


def test_bold_only_for_a_lead_in():
    found = problems(rules_yaml=rules_with("      - paragraph: \"Pass **three** cards.\"\n"))
    assert found == [f"rules.yaml:{BLOCK_LINE}: section quick-start: **bold** is only for a lead-in at the "
                     "start; found 'Pass **three** cards.'"]


def test_unknown_block_and_section_order():
    found = problems(rules_yaml=rules_with("      - table: x\n"))
    assert found == [f"rules.yaml:{BLOCK_LINE}: section quick-start: unknown block 'table'; expected "
                     "paragraph, steps, bullets, definitions or example"]
    swapped = RULES.replace(b"id: setup", b"id: set-up")
    assert problems(rules_yaml=swapped)[-1].startswith(
        "rules.yaml:4: sections: expected the ids quick-start, setup, how-to-play")


def line(data: bytes, start: str) -> int:
    """The line of ``data`` that starts with ``start``."""
    return next(n for n, text in enumerate(data.decode().splitlines(), 1) if text.startswith(start))


def test_variants_must_cover_every_key_and_value():
    typo = VARIANTS.replace(b"  shooter-chooses:", b"  shooter-choses:")
    assert problems(variants_yaml=typo) == [
        f"variants.yaml:{line(typo, 'moon:')}: variants moon: no line for shooter-chooses; add "
        "them or \"*\"",
        f"variants.yaml:{line(typo, '  shooter-choses')}: variants moon: not a value of moon: "
        "'shooter-choses'; expected one of add-to-others, subtract-from-shooter, shooter-chooses, "
        "add-unless-it-ends-game or \"*\""]
    missing = VARIANTS.replace(b"\nties:", b"\ntie:")
    assert problems(variants_yaml=missing) == [
        f"variants.yaml:{line(missing, 'players:')}: variants: missing key 'ties'",
        f"variants.yaml:{line(missing, 'tie:')}: variants: unknown house-rule key 'tie'"]


def test_content_yaml_is_read_safely():
    assert problems(rules_yaml=b"summary: &a x\nsections: [*a]\n") == [
        "rules.yaml:2: a YAML alias (*a); aliases are not allowed, write each value out"]
    assert problems(rules_yaml=b"summary: x\n\tsections: []\n") == [
        "rules.yaml:2: a tab in the indentation; indent with spaces"]


def test_the_fonts_carry_every_printable_character_and_the_content_uses_no_other():
    from reportlab.pdfbase.ttfonts import TTFont

    from sheets.charset import PRINTABLE, unprintable

    fonts = Path(__file__).resolve().parent.parent / "sheets" / "fonts"
    for path in sorted(fonts.glob("*.ttf")):
        cmap = TTFont(path.stem, str(path)).face.charToGlyph
        assert not [ch for ch in PRINTABLE if ord(ch) not in cmap], path.name
    for path in sorted(CONTENT_DIR.rglob("*.yaml")):
        assert unprintable(path.read_text(encoding="utf-8")) == [], path.name
