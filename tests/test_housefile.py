"""The house-rules file: good files, presets, and every kind of bad input through ``check``."""

from __future__ import annotations

import pathlib
import time

import pytest
from click.testing import CliRunner

from sheets.bundle import load_content, load_preset, read_preset
from sheets.cli import main
from sheets.clifiles import load_house_rules
from sheets.errors import InputError
from sheets.housefile import MAX_BYTES, PRESETS, STANDARD_FILE, HouseFile, parse_house_rules
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY, HouseRules
from sheets.service.choices import canonical_mapping

PRESETS_DIR = pathlib.Path(__file__).resolve().parent.parent / "content" / "presets"


@pytest.fixture
def check(tmp_path, monkeypatch):
    """Run ``hearts-sheets check`` on a file ``house.yaml`` holding some bytes."""
    monkeypatch.chdir(tmp_path)

    def run(data: bytes):
        (tmp_path / "house.yaml").write_bytes(data)
        return CliRunner().invoke(main, ["check", "house.yaml"])

    return run


def parse(text: str) -> HouseFile:
    return load_text(text.encode())


def load_text(data: bytes) -> HouseFile:
    return parse_house_rules(data, "house.yaml", read_preset)


def errors(text: str | bytes) -> list[str]:
    with pytest.raises(InputError) as info:
        load_text(text.encode() if isinstance(text, str) else text)
    return [str(p) for p in info.value.problems]


# -- good files -----------------------------------------------------------------------------------


def test_empty_file_is_the_standard_game():
    assert parse("") == HouseFile(source="house.yaml")
    assert parse("# only a comment\n").rules == HouseRules()
    assert parse("").title == "Hearts" and parse("").notes == ()


def test_keys_title_and_notes():
    house = parse(
        "title: Hearts at the Millers'\nmoon: subtract-from-shooter\ntarget: 50\n"
        "notes:\n  - Loser deals.\n  - No phones.\n"
    )
    assert house.title == "Hearts at the Millers'"
    assert house.rules.moon == "subtract-from-shooter" and house.rules.target == 50
    assert house.notes == ("Loser deals.", "No phones.")


def test_notes_as_one_string_and_title_as_source_text():
    house = parse("title: no\nnotes: |\n  Loser deals.\n  Winner buys.\n")
    assert house.title == "no"  # a title is text: YAML's no-as-false does not apply
    assert house.notes == ("Loser deals.", "Winner buys.")


def test_yes_and_no_are_booleans_for_switches():
    assert parse("points_on_first_trick: yes\nshoot_the_sun: on\n").rules.shoot_the_sun is True


def test_bonus_card_may_be_written_as_10d():
    assert parse("bonus_card: 10D\n").rules.bonus_card == "TD"


def test_every_preset_loads_and_has_a_title():
    assert sorted(p.stem for p in PRESETS_DIR.glob("*.yaml")) == sorted(PRESETS)
    for name in PRESETS:
        house = load_preset(name)
        assert house.title and house.preset == name
    assert load_preset("omnibus").rules.bonus_card == "JD"
    assert load_preset("three-players").rules.players == 3
    assert load_preset("five-players").rules.players == 5
    assert load_preset("cancellation").rules.cancellation
    assert load_preset("partnership").rules.partnership
    assert load_preset("short-game").rules.target == 50
    assert load_preset("standard").rules == HouseRules()


def test_a_file_starts_from_a_preset_and_overrides_keys():
    house = parse("preset: omnibus\nmoon: subtract-from-shooter\n")
    assert house.rules.bonus_card == "JD" and house.rules.moon == "subtract-from-shooter"
    assert house.title == "Omnibus Hearts" and house.preset == "omnibus"
    assert parse("preset: omnibus\ntitle: Ours\n").title == "Ours"
    assert parse("preset: omnibus\nbonus_card: none\n").rules.bonus_card == "none"
    # a count-dependent key is worked out again after an override
    assert parse("preset: three-players\nplayers: 5\n").rules.passing[-1] == "hold"


def test_a_preset_s_title_goes_when_its_own_rules_are_changed():
    """A file that drops what names the preset is titled with the game's name, on the sheet
    and in /make's file, while a Cancellation table of any size stays Cancellation."""
    assert parse("preset: omnibus\nbonus_card: none\n").title == "Hearts"
    assert parse("preset: short-game\ntarget: 75\n").title == "Hearts"
    assert parse("preset: five-players\nplayers: 4\n").title == "Hearts"
    assert parse("preset: cancellation\nplayers: 5\n").title == "Hearts"
    assert parse("preset: cancellation\nplayers: 9\n").title == "Cancellation Hearts"
    assert (
        parse("preset: short-game\ntarget: 50\nmoon: subtract-from-shooter\n").title
        == "Hearts, short game"
    )
    french = parse("preset: omnibus\nbonus_card: none\nlanguage: fr\n")
    assert french.in_language(load_content("fr").language).title == load_content("fr").language.game
    # /make writes no title for it, and one of the file's own is kept, even the preset's name
    assert "title" not in canonical_mapping(parse("preset: omnibus\nbonus_card: none\n"))
    named = parse("preset: omnibus\nbonus_card: none\ntitle: Omnibus Hearts\n")
    assert canonical_mapping(named)["title"] == "Omnibus Hearts"


def test_load_house_rules_reads_a_file(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("preset: short-game\n", encoding="utf-8")
    house = load_house_rules(path)
    assert house.rules.target == 50 and house.source == str(path)


def test_check_prints_the_rules_in_force(check):
    result = check(b"title: At the Millers'\nmoon: subtract-from-shooter\nnotes: Loser deals\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "house.yaml: ok"
    assert lines[1] == "title: At the Millers'"
    assert (
        "moon: subtract-from-shooter — Moon off the shooter: 26 off the shooter's total; "
        "nobody else scores for the moon." in lines
    )
    assert lines[-1] == "notes: Loser deals"
    assert sum(1 for line in lines if " — " in line) == len(OPTIONS) - 1  # no kitty_goes_to
    assert not any(line.startswith("warning:") for line in lines)


@pytest.mark.parametrize(
    "file, key, reason, remedy",
    [
        (
            b"target: 50\nexactly_100: 0\n",
            "exactly_100",
            "in a game to 50 a total is at most 49 before a hand and one hand adds at most 26",
            "target: 75 or more, shoot_the_sun: true, or ties: play-on",
        ),
        (
            b"hearts_any_time: true\nqueen_breaks_hearts: true\n",
            "queen_breaks_hearts",
            "with hearts_any_time there is no breaking rule",
            "hearts_any_time: false",
        ),
        (
            b"hearts_any_time: true\nlead_heart_instead_of_queen: true\n",
            "lead_heart_instead_of_queen",
            "with hearts_any_time there is no breaking rule",
            "hearts_any_time: false",
        ),
        (  # the other team's moon points never end the game with it winning (round 34)
            b"players: 4\npartnership: true\nmoon: add-unless-it-ends-game\n",
            "moon",
            "with two teams a moon's points to the other team can never end the game with it "
            "winning or tied",
            "three or more players, not in teams",
        ),
        (
            b"players: 8\nkitty_goes_to: first-trick\n",
            "kitty_goes_to",
            "with 8 players the 104 cards go round evenly",
            "a player count that leaves cards over",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) and "_" in v else None,
)
def test_check_warns_of_a_rule_that_can_never_matter(check, file, key, reason, remedy):
    result = check(file)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "house.yaml: ok, 1 warning below"
    (warning,) = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert warning.startswith(f"warning: {key}: never applies: ")
    assert reason in warning
    assert warning.endswith(f"; it would matter with {remedy}")


def test_variants_lists_every_key():
    result = CliRunner().invoke(main, ["variants"])
    assert result.exit_code == 0
    keys = [line.split(":")[0] for line in result.output.splitlines() if not line.startswith(" ")]
    assert keys == [o.key for o in OPTIONS] + ["title", "notes", "preset", "language"]
    assert (
        "moon: one of add-to-others, subtract-from-shooter, shooter-chooses, "
        "add-unless-it-ends-game (default: add-to-others)" in result.output
    )
    assert "    how shooting the moon is scored" in result.output


# -- bad input, through the command line: one message each, exit code 2, no traceback ---------------

BAD = [
    (
        "not YAML",
        b"moon: [add-to-others\n",
        "house.yaml:2: not valid YAML: expected ',' or ']', but got '<stream end>' (column 1)",
    ),
    (
        "not a mapping",
        b"- moon\n- target\n",
        "house.yaml:1: expected a mapping of house-rule keys to values (key: value, one a line); "
        "found a list",
    ),
    (
        "unknown key",
        b"moon: add-to-others\nmooon: subtract-from-shooter\n",
        "house.yaml:2: unknown key 'mooon'; did you mean 'moon'?",
    ),
    (
        "unknown key, nothing near",
        b"colour: blue\n",
        "house.yaml:1: unknown key 'colour'; expected a house-rule key (hearts-sheets variants "
        "lists them)",
    ),
    (
        "wrong type",
        b"target: fifty\n",
        "house.yaml:1: key 'target': expected a whole number from 10 to 1000; found 'fifty'",
    ),
    (
        "wrong type, list",
        b"moon: [add-to-others]\n",
        "house.yaml:1: key 'moon': expected one of add-to-others, subtract-from-shooter, "
        "shooter-chooses, add-unless-it-ends-game; found a list",
    ),
    (
        "bad choice",
        b"moon: sometimes\n",
        "house.yaml:1: key 'moon': expected one of add-to-others, subtract-from-shooter, "
        "shooter-chooses, add-unless-it-ends-game; found 'sometimes'",
    ),
    (
        "out of range",
        b"players: 12\n",
        "house.yaml:1: key 'players': out of range; expected a whole number from 3 to 10; found 12",
    ),
    (
        "a character the font lacks",
        "title: Hearts 漢字\nnotes: [fine, also ✈]\n".encode(),
        "house.yaml:1: key 'title': the sheets' font has no glyph for '漢' (U+6F22), '字' "
        "(U+5B57); expected letters of Latin alphabets, digits, punctuation or suit symbols\n"
        "house.yaml:2: key 'notes': the sheets' font has no glyph for '✈' (U+2708); expected "
        "letters of Latin alphabets, digits, punctuation or suit symbols",
    ),
    (
        "duplicate key",
        b"moon: add-to-others\ntarget: 50\nmoon: subtract-from-shooter\n",
        "house.yaml:3: key 'moon': appears twice (first on line 1); keep one",
    ),
    (
        "unknown preset",
        b"preset: omnibuss\n",
        "house.yaml:1: key 'preset': unknown preset (did you mean 'omnibus'?); expected one of "
        "standard, omnibus, three-players, five-players, cancellation, partnership, short-game; "
        "found 'omnibuss'",
    ),
    (
        "contradiction",
        b"partnership: true\nplayers: 3\n",
        "house.yaml:1: key 'partnership': partnership needs exactly 4 players; expected players: 4; "
        "found players: 3",
    ),
    (
        "contradiction with a preset",
        b"preset: partnership\nplayers: 3\n",
        "house.yaml:1: key 'partnership': partnership needs exactly 4 players; expected players: 4; "
        "found players: 3 (set by preset 'partnership')",
    ),
    (
        "tabs",
        b"moon: add-to-others\n\ttarget: 50\n",
        "house.yaml:2: a tab in the indentation; indent with spaces",
    ),
    (
        "not UTF-8",
        b"moon: add-to-others\ntitle: Caf\xe9\n",
        "house.yaml:2: not UTF-8 text (byte 0xe9 at column 11); save the file as UTF-8",
    ),
    (
        "huge file",
        b"# " + b"x" * MAX_BYTES + b"\n",
        f"house.yaml: file too large; expected at most {MAX_BYTES} bytes; found more",
    ),
    (
        "alias bomb",
        b"a: &a [lol, lol, lol]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n",
        "house.yaml:2: a YAML alias (*a); aliases are not allowed, write each value out",
    ),
    (
        "two documents",
        b"moon: add-to-others\n---\ntarget: 50\n",
        "house.yaml:2: a second YAML document (---); expected one document",
    ),
    (
        "title too long",
        ("title: " + "x" * 61 + "\n").encode(),
        "house.yaml:1: key 'title': too long to print; expected at most 60 characters; found 61",
    ),
    (
        "title not text",
        b"title: [a, b]\n",
        "house.yaml:1: key 'title': expected a line of text; found a list",
    ),
    (
        "notes too many lines",
        b"notes: [a, b, c, d, e]\n",
        "house.yaml:1: key 'notes': too long to print; expected at most 4 lines; found 5",
    ),
    (
        "notes too long",
        ("notes: " + "y" * 301 + "\n").encode(),
        "house.yaml:1: key 'notes': too long to print; expected at most 300 characters; found 301",
    ),
    (
        "notes not text",
        b"notes: {a: b}\n",
        "house.yaml:1: key 'notes': expected a string or a list of strings; found a mapping",
    ),
    (
        "no value",
        b"moon:\n",
        "house.yaml:1: key 'moon': no value given; expected one of add-to-others, "
        "subtract-from-shooter, shooter-chooses, add-unless-it-ends-game; found nothing",
    ),
    (
        "no for a word",
        b"bonus_card: no\n",
        "house.yaml:1: key 'bonus_card': expected one of none, JD, TD; found no (YAML reads a bare "
        "no as false); write none to turn this rule off",
    ),
    (
        "off for a word",
        b"exactly_100: off\n",
        "house.yaml:1: key 'exactly_100': expected one of none, 50, 0; found off (YAML reads a bare "
        "off as false); write none to turn this rule off",
    ),
    (
        "no for ties",
        b"ties: no\n",
        "house.yaml:1: key 'ties': expected one of joint-winners, play-on; found no (YAML reads a "
        "bare no as false)",
    ),
    (
        "yes for a number",
        b"target: yes\n",
        "house.yaml:1: key 'target': expected a whole number from 10 to 1000; found yes (YAML reads "
        "a bare yes as true)",
    ),
]


@pytest.mark.parametrize("data, message", [(d, m) for _, d, m in BAD], ids=[n for n, _, _ in BAD])
def test_bad_input_gives_one_clear_message(check, data, message):
    result = check(data)
    assert result.exit_code == 2
    assert result.output == f"Error: {message}\n"
    assert "Traceback" not in result.output


def test_all_problems_in_a_file_are_reported_together(check):
    result = check(
        b"moon: sometimes\nmooon: x\nbonus_card: no\nplayers: 12\ntitle: " + b"x" * 61 + b"\n"
    )
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: house.yaml:1: key 'moon': expected one of add-to-others, subtract-from-shooter, "
        "shooter-chooses, add-unless-it-ends-game; found 'sometimes'",
        "house.yaml:2: unknown key 'mooon'; did you mean 'moon'?",
        "house.yaml:3: key 'bonus_card': expected one of none, JD, TD; found no (YAML reads a bare "
        "no as false); write none to turn this rule off",
        "house.yaml:4: key 'players': out of range; expected a whole number from 3 to 10; found 12",
        "house.yaml:5: key 'title': too long to print; expected at most 60 characters; found 61",
    ]


def test_each_problem_is_a_record_of_file_line_key_expected_and_found():
    with pytest.raises(InputError) as info:
        load_text(b"moon: sometimes\nplayers: 3\npartnership: true\nmooon: 1\ntitle: a\ntitle: b\n")
    (twice,) = info.value.problems  # the file's structure is checked first
    assert (twice.source, twice.line, twice.key, twice.first_line) == ("house.yaml", 6, "title", 5)
    with pytest.raises(InputError) as info:
        load_text(b"moon: sometimes\nplayers: 3\npartnership: true\nmooon: 1\n")
    fields = [(p.line, p.key, p.expected, p.found) for p in info.value.problems]
    assert fields == [
        (1, "moon", OPTIONS_BY_KEY["moon"].expected(), "'sometimes'"),
        (3, "partnership", "players: 4", "players: 3"),
        (4, "mooon", "", ""),
    ]
    assert info.value.problems[2].unknown and info.value.problems[2].hint == "did you mean 'moon'?"
    assert str(info.value).splitlines() == [p.located() for p in info.value.problems]


def test_empty_file_is_not_an_error(check):
    result = check(b"")
    assert result.exit_code == 0 and "moon: add-to-others" in result.output


def test_a_file_that_is_not_there_is_refused_by_click():
    result = CliRunner().invoke(main, ["check", "no-such-file.yaml"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:
        handle.truncate(2**30)  # a sparse gigabyte: read in full, this would be slow and big
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_house_rules(path)
    assert time.perf_counter() - start < 1
    assert [str(p) for p in info.value.problems] == [
        f"{path}: file too large; expected at most {MAX_BYTES} bytes; found more"
    ]


def test_a_long_alias_bomb_is_refused_quickly():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    start = time.perf_counter()
    problems = errors("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 1
    assert problems == [
        "house.yaml:2: a YAML alias (*a0); aliases are not allowed, write each value out"
    ]


def test_too_many_items_are_refused():
    text = "notes: [" + ", ".join(["x"] * 2000) + "]\n"
    assert errors(text) == [
        "house.yaml: too many YAML items (more than 1000); expected a short file"
    ]


def test_yaml_tags_construct_no_objects():
    assert errors(
        "moon: !!python/object/apply:os.system [echo hi]\ntitle: !!python/name:os.system\n"
    ) == [
        "house.yaml:1: a YAML tag (tag:yaml.org,2002:python/object/apply:os.system); tags are not allowed",
        "house.yaml:2: a YAML tag (tag:yaml.org,2002:python/name:os.system); tags are not allowed",
    ]


@pytest.mark.parametrize(
    "preset, message",
    [
        (
            b"title: Broken\nmoon: sideways\n",
            "presets/omnibus.yaml:2: key 'moon': expected one of add-to-others, subtract-from-shooter, "
            "shooter-chooses, add-unless-it-ends-game; found 'sideways'",
        ),
        (
            b"preset: standard\n",
            "presets/omnibus.yaml:1: key 'preset': a preset cannot start from another preset",
        ),
    ],
)
def test_a_problem_in_a_preset_names_the_preset_file(preset, message):
    with pytest.raises(InputError) as info:
        parse_house_rules(
            b"preset: omnibus\n", "house.yaml", lambda name: (preset, f"presets/{name}.yaml")
        )
    assert [str(p) for p in info.value.problems] == [message]


def test_standard_file_is_the_standard_game():
    assert STANDARD_FILE.rules == HouseRules() and STANDARD_FILE.title == "Hearts"


def test_a_contradiction_is_reported_beside_a_bad_value(check):
    result = check(b"players: 3\npartnership: true\nmoon: x\n")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: house.yaml:2: key 'partnership': partnership needs exactly 4 players; expected "
        "players: 4; found players: 3",
        "house.yaml:3: key 'moon': expected one of add-to-others, subtract-from-shooter, "
        "shooter-chooses, add-unless-it-ends-game; found 'x'",
    ]
