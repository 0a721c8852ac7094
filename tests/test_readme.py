"""The README's table of house-rules keys says what OPTIONS declares: every key once, its values
with the default first, a number's default and limits."""

from __future__ import annotations

import re
from pathlib import Path

from sheets.housefile import FILE_KEYS
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY, Option

README = Path(__file__).resolve().parent.parent / "README.md"


def key_rows() -> list[tuple[list[str], str]]:
    """The rows of the README's key table: the keys of the first column, the second column."""
    text = README.read_text("utf-8")
    table = text[text.index("| key | values (default first) |"):]
    rows = []
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((re.findall(r"`([^`]+)`", cells[0]), cells[1]))
    return rows


def expected_values(option: Option) -> list[str]:
    """The values a row lists for an option: the default first, then the others in the order
    declared (every direction, for the passing cycle)."""
    if option.kind == "cycle":
        return list(option.choices)
    default = option.default_at(4)
    words = {False: "false", True: "true"}
    values = [default] + [v for v in option.values if v != default]
    return [words.get(v, str(v)) if isinstance(v, bool) else str(v) for v in values]


def test_every_key_is_in_the_readme_once():
    keys = [key for row, _ in key_rows() for key in row]
    assert sorted(keys) == sorted([o.key for o in OPTIONS] + list(FILE_KEYS))


def test_each_row_gives_the_declared_values_with_the_default_first():
    for keys, values in key_rows():
        if set(keys) <= set(FILE_KEYS):
            continue
        for key in keys:
            option = OPTIONS_BY_KEY[key]
            if option.kind == "int":
                numbers = [int(n) for n in re.findall(r"\d+", values)[:3]]
                assert numbers == [option.default, option.minimum, option.maximum], key
            else:
                assert re.findall(r"`([^`]+)`", values) == expected_values(option), key


def test_the_check_above_would_see_a_new_value():
    """Guard the guard: a value added to a declaration makes a row disagree."""
    moon = OPTIONS_BY_KEY["moon"]
    row = next(values for keys, values in key_rows() if keys == ["moon"])
    grown = Option(moon.key, moon.kind, moon.role, moon.default, moon.doc,
                   (*moon.choices, "half-moon"))
    assert re.findall(r"`([^`]+)`", row) != expected_values(grown)
