"""click's own usage errors in the language the command runs in: --language as typed, else the
house-rules file's language; one line, exit code 2, no traceback, the options as typed; English
keeps click's words. A value a command refuses with its own words (--site-url, serve's proxy and
header), and --game given with --edition, are said in the language too; serve takes --language
for its messages alone."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from sheets.bundle import load_content
from sheets.cli import main
from sheets.cliusage import command_language
from sheets.language import LANGUAGES, USAGE

OTHERS = [code for code in LANGUAGES if code != "en"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def told(code: str, kind: str, **values) -> str:
    cli = load_content(code).language.cli
    return cli["error"].format(message=cli[f"usage-{kind}"].format(**values)) + "\n"


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize(
    "args, kind, values",
    [
        (["build", "--paper", "b5"], "not-one-of", {"choices": "letter, a4"}),
        (["build", "--bogus"], "no-option-near", {"option": "'--bogus'", "near": "'--out'"}),
        (["build", "--paper"], "needs-value", {"option": "'--paper'"}),
        (["check"], "missing", {"name": "'HOUSE_FILE'"}),
        (
            ["build", "--game", "no-such-game.json"],
            "no-file",
            {"option": "'--game'", "value": "'no-such-game.json'"},
        ),
        (
            ["build", "--edition", "cards", "--edition", "big"],
            "not-one-of",
            {"option": "'--edition'", "value": "'big'", "choices": "standard, cards, large-print"},
        ),
        (["variants", "--markdown=yes"], "no-value", {"option": "'--markdown'"}),
    ],
)
def test_a_usage_error_is_one_line_in_the_language_asked_for(code, args, kind, values):
    values = {"option": "'--paper'", "value": "'b5'"} | values
    names = USAGE[kind]
    result = run(args[0], "--language", code, *args[1:])
    assert result.exit_code == 2
    assert result.output == told(code, kind, **{n: values[n] for n in names})


def test_the_house_rules_files_language_is_used_when_no_language_is_typed(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("language: fr\nmoon: sometimes\n")  # a file with a mistake still says it
    result = run("check", str(house), "--bogus")
    assert result.exit_code == 2
    assert result.output == told("fr", "no-option", option="'--bogus'")
    result = run("build", "--house-rules", str(house), "--paper", "b5")
    assert result.output == told(
        "fr", "not-one-of", option="'--paper'", value="'b5'", choices="letter, a4"
    )
    result = run("build", "--house-rules", str(house), "--language", "es", "--paper")
    assert result.output == told("es", "needs-value", option="'--paper'")  # --language wins


def test_english_keeps_clicks_words(tmp_path):
    english = run("build", "--paper", "b5")
    assert english.exit_code == 2
    assert english.output.startswith("Usage: ")
    assert (
        "Error: Invalid value for '--paper': 'b5' is not one of 'letter', 'a4'." in english.output
    )
    assert run("build", "--language", "de", "--paper", "b5", "--language", "en").output == (
        english.output
    )  # the last --language, as click takes it


def test_a_file_that_is_not_a_regular_file_is_not_read_for_its_language(tmp_path):
    build = main.commands["build"]
    assert command_language(build, ["--house-rules", str(tmp_path)]) == "en"  # a folder
    assert command_language(build, ["--house-rules", "/dev/null"]) == "en"
    house = tmp_path / "house.yaml"
    house.write_text("language: de\n")
    assert command_language(build, [f"--house-rules={house}"]) == "de"
    assert command_language(main.commands["check"], ["--language", "es", str(house)]) == "es"


def test_the_program_says_it_in_one_line_with_exit_code_2():
    done = subprocess.run(
        [sys.executable, "-m", "sheets", "build", "--language", "de", "--paper", "b5"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == told(
        "de", "not-one-of", option="'--paper'", value="'b5'", choices="letter, a4"
    )


def bad_value(code: str, option: str, kind: str, **values) -> str:
    cli = load_content(code).language.cli
    message = cli[kind].format(**values)
    return told(code, "bad-value", option=option, message=message)


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize(
    "args, option, kind, values",
    [
        (["build", "--site-url", "ftp://x"], "'--site-url'", "site-url-scheme", {}),
        (["site", "--site-url", "https://x.org/?a"], "'--site-url'", "site-url-extra", {}),
        (
            ["build", "--site-url", "https://" + "x" * 41],
            "'--site-url'",
            "site-url-long",
            {"most": 40, "scheme": "https", "count": 41},
        ),
        (["serve", "--trusted-proxy", "zz"], "--trusted-proxy", "proxy", {}),
        (["serve", "--client-address-header", "a b"], "--client-address-header", "header-name", {}),
    ],
)
def test_a_value_refused_in_the_commands_own_words_is_said_in_the_language(
    code, args, option, kind, values
):
    values = values or {"value": repr(args[-1])}
    result = run(args[0], "--language", code, *args[1:])
    assert result.exit_code == 2
    assert result.output == bad_value(code, option, kind, **values)
    assert result.output != bad_value("en", option, kind, **values)


@pytest.mark.parametrize("code", OTHERS)
def test_the_game_with_an_edition_and_serves_usage_errors_are_said_in_the_language(code, tmp_path):
    game = tmp_path / "game.json"
    game.write_text("{}")
    result = run("build", "--language", code, "--game", str(game), "--edition", "cards")
    assert (result.exit_code, result.output) == (2, told(code, "game-edition"))
    result = run("serve", "--port", "99999", "--language", code)
    values = {"option": "'--port'", "value": "'99999'", "minimum": 0, "maximum": 65535}
    assert (result.exit_code, result.output) == (2, told(code, "number-between", **values))


def test_in_english_the_commands_own_words_keep_clicks_frame(tmp_path):
    result = run("build", "--site-url", "ftp://x")
    assert "Error: Invalid value for '--site-url': expected an address starting with" in (
        result.output
    )
    game = tmp_path / "game.json"
    game.write_text("{}")
    result = run("build", "--game", str(game), "--edition", "cards")
    assert result.output.endswith(
        "Error: --game writes the filled-in score sheet alone: leave out --edition\n"
    )
