"""A sheet's QR code: drawn only with a site's address, read back from the rendered page as a
phone would, holding the scorekeeper's address with the sheet's rules as /make reads them, and
leaving every accepted file one page in every language."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from house_files import random_house_files
from pdf_checks import assert_readable
from sheet_codes import read_codes
from test_language_fit import _heaviest

from sheets.address import scorekeeper_query, sheet_code
from sheets.bundle import load_content, load_preset
from sheets.cli import main
from sheets.housefile import PRESETS, HouseFile
from sheets.houserules import OPTIONS, HouseRules
from sheets.language import LANGUAGES
from sheets.pipeline import ALL_KINDS, prepare, render
from sheets.service.choices import read_choices

SITE = "https://hearts.example.org/club"
PAPERS = ("letter", "a4")


def _in_force(rules: HouseRules) -> dict:
    return {option.key: getattr(rules, option.key) for option in OPTIONS}


@pytest.mark.parametrize("rules", [
    HouseRules(), HouseRules(players=3, moon="subtract-from-shooter", target=50),
    HouseRules(players=5, shoot_the_sun=True, bonus_card="TD", exactly_100="0"),
    HouseRules(players=8, ties="play-on"), HouseRules(partnership=True, black_maria=True),
    HouseRules.from_mapping({"players": 4, "passing": ["left", "hold"]})])
def test_the_address_holds_the_rules_as_make_reads_them(rules):
    query = scorekeeper_query(rules)
    assert query.startswith(f"players={rules.players}")
    assert _in_force(read_choices(query).good.rules) == _in_force(rules)


@pytest.mark.parametrize("kind", ALL_KINDS)
@pytest.mark.parametrize("paper", PAPERS)
def test_each_sheet_carries_the_code_only_with_a_site_s_address(kind, paper):
    prepared = prepare(load_content(), load_preset("five-players"))
    code = sheet_code(SITE, prepared.rules)
    assert code is not None and code.caption == "hearts.example.org/club"
    with_code = render(prepared, kind, paper, SITE)
    assert with_code == render(prepared, kind, paper, SITE)  # deterministic
    assert read_codes(with_code) == [code.address] * (4 if kind == "pocket-cards" else 1)
    assert read_codes(render(prepared, kind, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [3, 5, 10])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_heaviest_file_fits_with_a_code_in_every_language(language, players, paper):
    """Every switch that adds text, a 60-character title and 300 characters of notes: each
    sheet stays one page, nothing under 7 pt, and the code reads."""
    prepared = prepare(load_content(language), _heaviest(players))
    address = sheet_code(SITE, prepared.rules).address
    for kind in ALL_KINDS:
        pdf = render(prepared, kind, paper, SITE)
        assert_readable(pdf, what=f"{kind}, {players} players, {paper}, {language}, with a code")
        assert address in read_codes(pdf)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_preset_fits_with_a_code(language, preset):
    content = load_content(language)
    prepared = prepare(content, load_preset(preset).in_language(content.language))
    for paper in PAPERS:
        assert_readable(render(prepared, "rule-sheet", paper, SITE),
                        what=f"{preset} on {paper} in {language}, with a code")


@pytest.mark.parametrize("url, expected", [
    ("hearts.example.org", "starting with https://"),
    ("https://hearts.example.org/?x=1", "without ?, # or spaces"),
    ("https://" + "h" * 50 + ".org", "at most 40 characters"),
])
def test_a_wrong_site_address_gets_one_message(tmp_path, url, expected):
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path / "out"), "--site-url", url])
    assert result.exit_code == 2
    assert "--site-url" in result.output and expected in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_the_standard_game_s_address_is_short():
    code = sheet_code(SITE, HouseFile().rules)
    assert code.address == f"{SITE}/scorekeeper.html?players=4"


@pytest.mark.sweep
@pytest.mark.parametrize("language", LANGUAGES)
def test_random_files_fit_with_a_code(language):
    """Random files `check` accepts, each sheet on each paper, with a code: one page, nothing
    under 7 pt."""
    content = load_content(language)
    for _, house in random_house_files(12, seed=LANGUAGES.index(language) + 40):
        prepared = prepare(content, house.in_language(content.language))
        for kind in ALL_KINDS:
            for paper in PAPERS:
                assert_readable(render(prepared, kind, paper, SITE),
                                what=f"{house.source} {kind} {paper} {language}, with a code")
