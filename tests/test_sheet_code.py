"""A sheet's QR code: drawn only with a site's address, read back from the rendered page as a
phone would, holding the scorekeeper's address with the sheet's rules as /make reads them, and
leaving every accepted file one page in every language (the large print: its four pages, its
score sheet's rows); on the first page only, clear of the text, its address at the sheet's
smallest size or more (14 pt in large print)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from house_files import random_house_files
from pdf_checks import assert_readable, glyphs, page_count
from sheet_codes import read_codes
from test_language_fit import _heaviest
from test_largeprint import _headings, assert_large_score_sheet, rule_sheet_problems

from sheets.address import scorekeeper_query, sheet_code
from sheets.bundle import load_content, load_preset
from sheets.cli import main
from sheets.housefile import PRESETS, HouseFile
from sheets.houserules import OPTIONS, HouseRules
from sheets.language import LANGUAGES
from sheets.layout import largeprint
from sheets.layout import styles as st
from sheets.layout.pages import LARGE_CAPTION, STANDARD_CAPTION, SheetCode, qr_room
from sheets.pipeline import (
    ALL_KINDS,
    KINDS,
    prepare,
    render,
    render_large_rule_sheet,
    render_large_score_sheet,
)
from sheets.service.choices import read_choices

SITE = "https://hearts.example.org/club"
LONG_SITE = "https://hearts-club-donnerstag.example.org/spiele"  # 40 characters printed
PAPERS = ("letter", "a4")
ONE_PAGE = (*KINDS, "pocket-cards")  # the sheets of one page each
LARGE_PRINT = ("large-rule-sheet", "large-score-sheet")
#: Where a sheet's code sits (the page's right and top margins) and how its address is set
CORNERS = {
    "rule-sheet": (st.MARGIN, st.MARGIN, STANDARD_CAPTION),
    "score-sheet": (st.MARGIN, st.MARGIN, STANDARD_CAPTION),
    "large-rule-sheet": (largeprint.OUTER, largeprint.TOP, LARGE_CAPTION),
    "large-score-sheet": (st.MARGIN, st.MARGIN, LARGE_CAPTION),
}


def corner_problems(pdf: bytes, kind: str, code: SheetCode) -> list[str]:
    """What is wrong in the corner kept for the code on the first page: any text but the code's
    address, or the address under its look's size."""
    right_margin, top_margin, look = CORNERS[kind]
    document = pdfium.PdfDocument(pdf)
    try:
        width, height = document[0].get_size()
    finally:
        document.close()
    corner_w, corner_h = qr_room(code, look)
    right, top = width - right_margin, height - top_margin
    left, bottom = right - corner_w, top - corner_h
    inside = [
        g
        for g in glyphs(pdf)
        if g.box[0] < right and g.box[2] > left + 0.5 and g.box[1] < top and g.box[3] > bottom + 0.5
    ]
    inside.sort(key=lambda g: (-round(g.origin[1]), g.origin[0]))
    found = "".join(g.char for g in inside)
    problems = [] if found == code.caption else [f"{kind}: in the code's corner: {found!r}"]
    small = sorted({g.size for g in inside if g.size < look.size - 1e-3})
    return problems + ([f"{kind}: the address at {small} pt"] if small else [])


def _in_force(rules: HouseRules) -> dict:
    return {option.key: getattr(rules, option.key) for option in OPTIONS}


@pytest.mark.parametrize(
    "rules",
    [
        HouseRules(),
        HouseRules(players=3, moon="subtract-from-shooter", target=50),
        HouseRules(players=5, shoot_the_sun=True, bonus_card="TD", exactly_100="0"),
        HouseRules(players=8, ties="play-on"),
        HouseRules(partnership=True, black_maria=True),
        HouseRules.from_mapping({"players": 4, "passing": ["left", "hold"]}),
    ],
)
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
    if kind in CORNERS:
        assert corner_problems(with_code, kind, code) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [3, 5, 10])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_heaviest_file_fits_with_a_code_in_every_language(language, players, paper):
    """Every switch that adds text, a 60-character title and 300 characters of notes: each
    standard sheet stays one page, nothing under 7 pt, and the code reads."""
    prepared = prepare(load_content(language), _heaviest(players))
    code = sheet_code(SITE, prepared.rules)
    for kind in ONE_PAGE:
        pdf = render(prepared, kind, paper, SITE)
        assert_readable(pdf, what=f"{kind}, {players} players, {paper}, {language}, with a code")
        assert code.address in read_codes(pdf)
        if kind in CORNERS:
            assert corner_problems(pdf, kind, code) == []


def assert_large_print_with_a_code(prepared, paper: str, site: str, what: str) -> None:
    """Both large-print sheets with a code keep their promises (the rule sheet on four pages at
    most, nothing under 14 pt; the score sheet's rows 12 mm tall, lined up over its pages); the
    code reads on the first page and no other, alone in its corner with its 14 pt address."""
    code = sheet_code(site, prepared.rules)
    rule = render_large_rule_sheet(prepared, paper, site)
    assert not rule_sheet_problems(rule.pdf, _headings(prepared)), what
    score = render_large_score_sheet(prepared, paper, site)
    assert_large_score_sheet(score, prepared, what)
    for kind, pdf in zip(LARGE_PRINT, (rule.pdf, score.pdf), strict=True):
        assert read_codes(pdf) == [code.address], f"{what}: {kind}"
        assert page_count(pdf) == 1 or read_codes(pdf, 1) == [], f"{what}: {kind} page 2"
        assert corner_problems(pdf, kind, code) == [], what


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [3, 10])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_heaviest_file_keeps_the_large_print_with_a_code(language, players, paper):
    prepared = prepare(load_content(language), _heaviest(players))
    assert_large_print_with_a_code(prepared, paper, SITE, f"{players} players, {paper}, {language}")


@pytest.mark.parametrize(
    "house", [HouseFile(HouseRules(players=6)), _heaviest(4)], ids=["six-players", "heaviest"]
)
@pytest.mark.parametrize("paper", PAPERS)
def test_the_longest_site_address_keeps_the_large_print(house, paper):
    """The longest address a site may have, in 14 pt type, cut over two lines."""
    prepared = prepare(load_content("de"), house)
    assert_large_print_with_a_code(prepared, paper, LONG_SITE, f"{house.title}, {paper}")


def test_the_site_and_the_service_give_every_download_the_code():
    """`site --site-url` plans every sheet with the address; `serve --public-url`'s maker
    renders every sheet with it: the large print's downloads carry the code too."""
    from sheets.service.renders import Maker
    from sheets.site.builder import plan_site, render_sheet

    content = load_content()
    plan = plan_site(content, HouseFile(), {}, SITE)
    assert {job.kind for job in plan.jobs} == set(ALL_KINDS)
    address = sheet_code(SITE, HouseFile().rules).address
    maker = Maker(content, "test", None, site_url=SITE)
    for kind in LARGE_PRINT:
        job = next(j for j in plan.jobs if j.kind == kind and j.paper == "a4")
        assert read_codes(render_sheet(job).pdf) == [address]
        assert read_codes(maker("", kind).value) == [address]


def test_the_address_under_a_large_print_code_is_cut_after_a_dot_or_a_slash():
    assert LARGE_CAPTION.size >= largeprint.FLOOR
    assert LARGE_CAPTION.lines("hearts.example.org/club") == ["hearts.example.org/club"]
    assert LARGE_CAPTION.lines("hearts-club-donnerstag.example.org/spiele") == [
        "hearts-club-donnerstag.",
        "example.org/spiele",
    ]
    lines = LARGE_CAPTION.lines("h" * 36 + ".org")  # no place to cut: cut where it must
    assert "".join(lines) == "h" * 36 + ".org" and len(lines) == 2
    assert all(st.text_width(line, LARGE_CAPTION.size) <= LARGE_CAPTION.width for line in lines)
    assert STANDARD_CAPTION.lines("h" * 36 + ".org") == ["h" * 36 + ".org"]  # one line


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_preset_fits_with_a_code(language, preset):
    content = load_content(language)
    prepared = prepare(content, load_preset(preset).in_language(content.language))
    for paper in PAPERS:
        assert_readable(
            render(prepared, "rule-sheet", paper, SITE),
            what=f"{preset} on {paper} in {language}, with a code",
        )


@pytest.mark.parametrize(
    "url, expected",
    [
        ("hearts.example.org", "starting with https://"),
        ("https://hearts.example.org/?x=1", "without ?, # or spaces"),
        ("https://" + "h" * 50 + ".org", "at most 40 characters"),
    ],
)
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
    under 7 pt; the large print as it promises."""
    content = load_content(language)
    for _, house in random_house_files(12, seed=LANGUAGES.index(language) + 40):
        prepared = prepare(content, house.in_language(content.language))
        for paper in PAPERS:
            for kind in ONE_PAGE:
                assert_readable(
                    render(prepared, kind, paper, SITE),
                    what=f"{house.source} {kind} {paper} {language}, with a code",
                )
            assert_large_print_with_a_code(
                prepared, paper, SITE, f"{house.source} {paper} {language}"
            )
