"""The content files and their schema: a typo in content/*.yaml fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets.blocks import ExampleSlot
from sheets.bundle import load_content
from sheets.content import CONTENT_FILES, SECTION_IDS, parse_content
from sheets.errors import InputError
from sheets.facts import FACTS
from sheets.houserules import OPTIONS, HouseRules
from sheets.textlang import SELECTORS, Choice, selector_value

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
RULES = (CONTENT_DIR / "rules.yaml").read_bytes()
VARIANTS = (CONTENT_DIR / "variants.yaml").read_bytes()
EXAMPLE = (CONTENT_DIR / "example.yaml").read_bytes()
SCORESHEET = (CONTENT_DIR / "scoresheet.yaml").read_bytes()
FILES = {name: (CONTENT_DIR / name).read_bytes() for name in CONTENT_FILES}


def problems(**files: bytes) -> list[str]:
    """The problems parse_content finds, the bundled files standing in for those not given."""
    given = dict(FILES)
    given.update({name.replace("_", ".", 1): data for name, data in files.items()})
    with pytest.raises(InputError) as info:
        parse_content(given)
    return [str(p) for p in info.value.problems]


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
    for word in (
        "trick",
        "lead",
        "follow suit",
        "void",
        "point cards",
        "pass",
        "hold hand",
        "breaking hearts",
        "shooting the moon",
        "kitty",
        "scatter",
        "omnibus hearts",
    ):
        assert word in terms
    text = " ".join(str(t) for _, t in definitions.items).lower()
    assert "penalty" in text and "slam" in text


def test_example_yaml_is_read_into_its_patterns():
    example = load_content().example
    assert example.heading == "A first trick, played out"
    assert set(example.result) == {"trick", "kitty", "kitty-waits"}
    assert set(example.intro) == {"after-pass", "no-pass", "never-passes"}
    assert all("{dealer}" in pattern for pattern in example.intro.values())


def test_example_yaml_is_required_and_checked_with_lines():
    assert problems(example_yaml=b"") == ["example.yaml: missing or empty content file"]
    files = dict(FILES)
    del files["example.yaml"]
    with pytest.raises(InputError) as info:
        parse_content(files)
    assert [str(p) for p in info.value.problems] == ["example.yaml: missing or empty content file"]
    assert problems(example_yaml=b"- a\n") == [
        "example.yaml:1: example: expected a mapping; found a list"
    ]
    renamed = EXAMPLE.replace(b"\nresult:", b"\nresults:")
    assert problems(example_yaml=renamed) == [
        f"example.yaml:{line(renamed, 'heading:')}: example: missing key 'result'",
        f"example.yaml:{line(renamed, 'results:')}: example: unknown key 'results'; expected "
        "one of heading, intro, lead, follow, follow_many, void, points, result, next, "
        "captions",
    ]
    no_case = EXAMPLE.replace(b"  kitty-waits:", b"  kitty-wait:")
    assert problems(example_yaml=no_case) == [
        f"example.yaml:{line(no_case, 'result:') + 1}: example result: missing key 'kitty-waits'",
        f"example.yaml:{line(no_case, '  kitty-wait:')}: example result: unknown key "
        "'kitty-wait'; expected one of trick, kitty, kitty-waits",
    ]


def test_example_yaml_must_be_text_with_its_own_placeholders():
    bad = EXAMPLE.replace(b'heading: "A first trick, played out"', b"heading: 12").replace(
        b"takes {points}.", b"takes {score} with the QS."
    )
    assert problems(example_yaml=bad) == [
        f"example.yaml:{line(bad, 'heading:')}: example heading: expected text; found '12'",
        f"example.yaml:{line(bad, '  trick:')}: example result: trick: write cards as rank and "
        "suit symbol (Q♠, 10♥); found 'QS'",
        f"example.yaml:{line(bad, '  trick:')}: example result: trick: unknown placeholder "
        "{score}; expected one of seat, card, points, kitty, queen",
    ]


def test_scoresheet_yaml_is_checked_with_lines():
    missing = SCORESHEET.replace(b"  check_or:", b"  check_ore:")
    found = problems(scoresheet_yaml=missing)
    assert (
        found[0]
        == f"scoresheet.yaml:{line(missing, 'labels:') + 1}: labels: missing key 'check_or'"
    )
    assert found[1].startswith(
        f"scoresheet.yaml:{line(missing, '  check_ore:')}: labels: unknown key 'check_ore'"
    )
    typo = SCORESHEET.replace(b"row = {moon_check_sum})", b"row = {moon_sum})", 1)
    (problem,) = problems(scoresheet_yaml=typo)
    assert "unknown placeholder {moon_sum}" in problem and problem.startswith("scoresheet.yaml:")


def test_selectors_cover_every_choice_and_bool_option():
    for option in OPTIONS:
        if option.kind in ("bool", "choice"):
            assert option.key in SELECTORS
    for name in SELECTORS:
        assert selector_value(name, HouseRules()) in SELECTORS[name]


def resolve(text, rules):
    """TEXT under some rules, in the bundled content's language."""
    return load_content().say(text, rules)


def test_resolve_picks_the_case_and_fills_placeholders():
    text = Choice("moon", (("add-to-others", "others get {moon_value}"), ("*", "shooter")))
    assert resolve(text, HouseRules()) == "others get 26"
    assert resolve(text, HouseRules(moon="shooter-chooses")) == "shooter"
    assert resolve(text, HouseRules(players=6)) == "others get 52"
    assert resolve(None, HouseRules()) is None


def test_missing_content_file():
    with pytest.raises(InputError) as info:
        parse_content({name: data for name, data in FILES.items() if name != "variants.yaml"})
    assert [str(p) for p in info.value.problems] == ["variants.yaml: missing or empty content file"]


# -- the schema catches typos ----------------------------------------------------------------------


def test_unknown_selector():
    found = problems(
        rules_yaml=rules_with("      - paragraph:\n          mooon:\n            x: y\n")
    )
    assert found == [
        f"rules.yaml:{BLOCK_LINE + 1}: section quick-start: expected text, at: and text:, or one selector (one of "
        f"{', '.join(SELECTORS)}); found keys mooon"
    ]


def test_unknown_selector_value_and_a_value_not_covered():
    found = problems(
        rules_yaml=rules_with(
            "      - paragraph:\n          moon:\n            add-to-other: a\n"
            "            subtract-from-shooter: b\n"
        )
    )
    assert found == [
        f"rules.yaml:{BLOCK_LINE + 2}: section quick-start: moon has no value 'add-to-other'; expected one of "
        'add-to-others, subtract-from-shooter, shooter-chooses, add-unless-it-ends-game or "*"',
        f"rules.yaml:{BLOCK_LINE + 2}: section quick-start: moon does not cover add-to-others, shooter-chooses, "
        'add-unless-it-ends-game; add them or "*"',
    ]


def test_unknown_placeholder():
    found = problems(rules_yaml=rules_with('      - paragraph: "Play to {traget}."\n'))
    assert found == [
        f"rules.yaml:{BLOCK_LINE}: section quick-start: unknown placeholder {{traget}}; "
        f"expected one of {', '.join(FACTS)}"
    ]


@pytest.mark.parametrize(
    "text, card",
    [
        ("Lead the QS.", "QS"),
        ("Lead the TH.", "TH"),
        ("Lead the 10D.", "10D"),
        ("Lead T♥.", "T♥"),
        ("Lead the queen of spades.", "queen of spades"),
        ("Lead the 2 of clubs.", "2 of clubs"),
    ],
)
def test_cards_are_written_with_suit_symbols(text, card):
    found = problems(rules_yaml=rules_with(f'      - paragraph: "{text}"\n'))
    assert found == [
        f"rules.yaml:{BLOCK_LINE}: section quick-start: write cards as rank and suit symbol "
        f"(Q♠, 10♥); found {card!r}"
    ]


def test_bold_only_for_a_lead_in():
    found = problems(rules_yaml=rules_with('      - paragraph: "Pass **three** cards."\n'))
    assert found == [
        f"rules.yaml:{BLOCK_LINE}: section quick-start: **bold** is only for a lead-in at the "
        "start; found 'Pass **three** cards.'"
    ]


def test_unknown_block_and_section_order():
    found = problems(rules_yaml=rules_with("      - table: x\n"))
    assert found == [
        f"rules.yaml:{BLOCK_LINE}: section quick-start: unknown block 'table'; expected "
        "paragraph, steps, bullets, definitions or example"
    ]
    swapped = RULES.replace(b"id: setup", b"id: set-up")
    assert problems(rules_yaml=swapped)[-1].startswith(
        "rules.yaml:4: sections: expected the ids quick-start, setup, how-to-play"
    )


def line(data: bytes, start: str) -> int:
    """The line of ``data`` that starts with ``start``."""
    return next(n for n, text in enumerate(data.decode().splitlines(), 1) if text.startswith(start))


def test_variants_must_cover_every_key_and_value():
    typo = VARIANTS.replace(b"  shooter-chooses:", b"  shooter-choses:")
    assert problems(variants_yaml=typo) == [
        f"variants.yaml:{line(typo, 'moon:')}: variants moon: no line for shooter-chooses; add "
        'them or "*"',
        f"variants.yaml:{line(typo, '  shooter-choses')}: variants moon: not a value of moon: "
        "'shooter-choses'; expected one of add-to-others, subtract-from-shooter, shooter-chooses, "
        'add-unless-it-ends-game or "*"',
    ]
    missing = VARIANTS.replace(b"\nties:", b"\ntie:")
    assert problems(variants_yaml=missing) == [
        f"variants.yaml:{line(missing, 'players:')}: variants: missing key 'ties'",
        f"variants.yaml:{line(missing, 'tie:')}: variants: unknown house-rule key 'tie'",
    ]


def test_content_yaml_is_read_safely():
    assert problems(rules_yaml=b"summary: &a x\nsections: [*a]\n") == [
        "rules.yaml:2: a YAML alias (*a); aliases are not allowed, write each value out"
    ]
    assert problems(rules_yaml=b"summary: x\n\tsections: []\n") == [
        "rules.yaml:2: a tab in the indentation; indent with spaces"
    ]


def test_the_fonts_carry_every_printable_character_and_the_content_uses_no_other():
    from reportlab.pdfbase.ttfonts import TTFont

    from sheets.charset import PRINTABLE, unprintable

    fonts = Path(__file__).resolve().parent.parent / "sheets" / "fonts"
    for path in sorted(fonts.glob("*.ttf")):
        cmap = TTFont(path.stem, str(path)).face.charToGlyph
        assert not [ch for ch in PRINTABLE if ord(ch) not in cmap], path.name
    for path in sorted(CONTENT_DIR.rglob("*.yaml")):
        if path.name != "scorekeeper.yaml":  # the browser's words, never printed on a sheet
            assert unprintable(path.read_text(encoding="utf-8")) == [], path.name


def test_a_count_names_its_noun_in_the_singular_or_the_plural():
    from sheets.facts import Count, Several

    english = load_content().language
    assert format(Count(1, english), "card") == "1 card"
    assert format(Count(4, english), "card") == "4 cards"
    assert format(Count(26, english), "") == "26"
    assert format(Count(1, english), "~card") == "card"
    assert format(Count(4, english), "~card") == "4 cards"
    assert format(Several([17, 12, 10], english), "card") == "17, 12 or 10 cards"
    assert format(Several([2, 2], english), "") == "2"
    found = problems(rules_yaml=rules_with('      - paragraph: "Pass {lowest_club:card}."\n'))
    assert found == [
        f"rules.yaml:{BLOCK_LINE}: section quick-start: {{lowest_club:card}}: a noun "
        "may follow only a number (players, hand_size, kitty_size, deck_size, "
        "pass_count, scatter_count, points, moon_value, others, sun_value, target, "
        "bonus_value, heart_value, queen_value, king_value, ace_value, "
        "maria_points, cancellation_from, max_players), as "
        "{kitty_size:card}"
    ]


def test_a_line_about_other_tables_is_checked_and_resolved_there():
    found = problems(
        rules_yaml=rules_with(
            '      - paragraph:\n          at: {players: 11}\n          text: "x"\n'
        )
    )
    assert (
        len(found) == 1
        and "at: not a table that can be played: key 'players': out of range" in found[0]
        and found[0].startswith(f"rules.yaml:{BLOCK_LINE + 1}:")
    )
    from sheets.textlang import At

    say = load_content().say
    three = HouseRules(players=3)
    assert say(At((three,), "{hand_size} each, {lowest_club}"), HouseRules()) == "17 each, 2♣"
    assert (
        say(At((three, HouseRules(players=5)), "{hand_size:card}"), HouseRules())
        == "17 or 10 cards"
    )


def test_every_key_that_may_be_dead_has_a_dead_line():
    from sheets.houserules import MAY_BE_DEAD

    content = load_content()
    for key in MAY_BE_DEAD:
        assert content.variants[key].dead is not None
    typo = VARIANTS.replace(
        b'\n  dead: "**{rule}:** not in play here: hearts',
        b'\n  deadd: "**{rule}:** not in play here: hearts',
    )
    assert any(
        "variants queen_breaks_hearts: no dead: line" in p for p in problems(variants_yaml=typo)
    )


def test_the_facts_of_some_rules_are_worked_out_once_and_cannot_be_changed():
    facts = load_content().facts
    rules = HouseRules(players=5)
    first = facts(rules)
    assert facts(HouseRules(players=5)) is first and first["players"] == 5
    with pytest.raises(TypeError):
        first["players"] = 6


def test_english_writes_one_apostrophe_throughout():
    """One apostrophe in every English file: a line of the scorekeeper that joined its own words
    ("a hand’s points") to the sheet's ("a player's points") showed two kinds side by side."""
    curly = [
        f"{path.name}:{n}"
        for path in sorted(CONTENT_DIR.glob("*.yaml"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "’" in line
    ]
    assert not curly, f"’ where the English writes ': {curly}"
