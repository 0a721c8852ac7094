"""The README's table of house-rules keys is the one OPTIONS makes (hearts-sheets variants
--markdown): every key once, its values with the default first, a number's default and limits."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from sheets.cli import main
from sheets.housefile import FILE_KEYS, key_table
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_holds_the_table_the_declarations_make():
    table = "\n".join(key_table())
    assert table in README.read_text("utf-8"), (
        f"the README's key table is not OPTIONS's; put in this one:\n{table}"
    )


def test_the_command_prints_the_table():
    result = CliRunner().invoke(main, ["variants", "--markdown"])
    assert result.exit_code == 0 and result.output.splitlines() == key_table()


def test_the_table_gives_every_key_once_with_its_values_default_first():
    listed, rows = [], {}
    for line in key_table()[2:]:
        keys, values = line.strip("|").split("|")
        for key in re.findall(r"`([^`]+)`", keys):
            listed.append(key)
            rows[key] = values
    assert sorted(listed) == sorted([o.key for o in OPTIONS] + list(FILE_KEYS))
    assert re.findall(r"`([^`]+)`", rows["moon"]) == list(OPTIONS_BY_KEY["moon"].choices)
    assert re.findall(r"`([^`]+)`", rows["shoot_the_sun"]) == ["false", "true"]
    assert re.findall(r"\d+", rows["target"]) == ["100", "10", "1000"]
    assert (
        rows["first_lead"].strip() == "`lowest-club`, `dealer-left` (6 to 10 players: "
        "dealer-left first)"
    )
    assert "3 players: left, right, hold" in rows["passing"]
