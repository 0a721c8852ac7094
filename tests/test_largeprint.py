"""The large-print edition, read back from its PDFs: the rule sheet has body text at 16 pt,
nothing under 14 pt, no grey text, at most four pages numbered for a double-sided print, and
no heading at the foot of a page; the score sheet has every word at 14 pt or more, hand rows
12 mm tall or more and at most six players a page, a larger table split over two pages that
line up. Every accepted house-rules file fits in every language: a sample of the sweep's random
files by default, the whole sweep with ``-m sweep``, and the heaviest file a group can write."""

from __future__ import annotations

import functools
import io
from collections import Counter

import pytest
from pdf_checks import glyphs, page_count, pdf_text, squash
from pypdf import PdfReader
from reportlab.platypus import Spacer
from sweep_cases import FULL_SEEDS, QUICK_SEEDS, language_seeds, rendered
from test_language_fit import _heaviest

from sheets.bundle import load_content
from sheets.housefile import HouseFile
from sheets.houserules import HouseRules
from sheets.layout import largeprint, largescore
from sheets.layout.ruleunits import Unit
from sheets.pipeline import prepare, render_large_rule_sheet, render_large_score_sheet

BODY, FLOOR = 16.0, 14.0
ROW_MIN = 12 * 72 / 25.4  # 12 mm in points


def _en(seeds):
    return [(seed, "en") for seed in seeds]


SEEDS = [
    *(
        pytest.param(s, c, id=f"seed{s}-{c}")
        for s, c in _en(QUICK_SEEDS[::4]) + language_seeds(QUICK_SEEDS[::2])
    ),
    *(
        pytest.param(s, c, id=f"seed{s}-{c}", marks=pytest.mark.sweep)
        for s, c in _en(FULL_SEEDS) + language_seeds(FULL_SEEDS)
    ),
]


def _is_grey(rgb) -> bool:
    return max(rgb) - min(rgb) <= 8 and rgb not in ((26, 26, 26), (0, 0, 0), (255, 255, 255))


def rule_sheet_problems(pdf: bytes, headings: set[str]) -> list[str]:
    """What breaks the large-print rule sheet's promises, in words."""
    problems = []
    pages = page_count(pdf)
    if not 1 <= pages <= largeprint.MAX_PAGES:
        problems.append(f"{pages} pages")
    sizes: Counter = Counter()
    for index in range(pages):
        page = glyphs(pdf, index)
        sizes.update(g.size for g in page)
        small = {g.char for g in page if g.size < FLOOR - 1e-3}
        if small:
            problems.append(f"page {index + 1}: text under {FLOOR:g} pt: {sorted(small)[:6]}")
        grey = {g.char for g in page if _is_grey(g.rgb)}
        if grey:
            problems.append(f"page {index + 1}: grey text: {sorted(grey)[:6]}")
        lines = _lines(page)
        if pages > 1 and f"{index + 1}" not in lines[-1]:
            problems.append(f"page {index + 1}: no page number at its foot: {lines[-1]!r}")
        body = [line for line in lines[:-1] if line]
        if body and body[-1] in headings:
            problems.append(f"page {index + 1} ends with the heading {body[-1]!r}")
    if sizes.most_common(1)[0][0] < BODY:
        problems.append(f"the body is {sizes.most_common(1)[0][0]:g} pt")
    return problems


def _lines(page) -> list[str]:
    """A page's lines of text, top down, each as one string without spaces."""
    rows: dict[float, list] = {}
    for g in page:
        rows.setdefault(round(g.origin[1]), []).append(g)
    return [
        "".join(g.char for g in sorted(row, key=lambda g: g.origin[0]))
        for _, row in sorted(rows.items(), key=lambda kv: -kv[0])
    ]


def _headings(prepared) -> set[str]:
    return {s.heading.replace(" ", "") for s in prepared.text.sections}


@functools.cache
def _case(seed: int, code: str):
    case = rendered(seed, code)
    return case, render_large_rule_sheet(case.prepared, case.paper)


@pytest.mark.parametrize("seed,code", SEEDS)
def test_the_large_rule_sheet_fits_four_pages_in_large_type(seed, code):
    case, sheet = _case(seed, code)
    problems = rule_sheet_problems(sheet.pdf, _headings(case.prepared))
    assert not problems, f"seed {seed} {code} ({case.paper}):\n{case.source}\n{problems}"
    text = pdf_text(sheet.pdf)
    for section in case.prepared.text.sections:  # the rules in force are always printed
        if section.id in ("setup", "how-to-play", "scoring", "table-law"):
            assert squash(section.heading) in text, f"seed {seed} {code}: {section.heading}"
    for note in case.house.notes:
        assert squash(note)[:30] in text.replace("** ", "**"), f"seed {seed}: a note"


@pytest.mark.parametrize("seed,code", SEEDS)
def test_the_large_score_sheet_has_large_cells_and_type(seed, code):
    case = rendered(seed, code)
    sheet = render_large_score_sheet(case.prepared, case.paper)
    assert_large_score_sheet(sheet, case.prepared, f"seed {seed} {code}")


def assert_large_score_sheet(sheet, prepared, what: str) -> None:
    plan, sides, text = sheet.plan, prepared.rules.sides, prepared.score_text
    passes = prepared.rules.passes  # else no pass column: each row opens with its number alone
    labels = [
        text.pass_label(prepared.rules.pass_direction(n)).replace(" ", "") if passes else ""
        for n in range(plan.rows)
    ]
    pages = page_count(sheet.pdf)
    assert pages == len(plan.pages) and pages <= 2 and (sides > 6) <= (pages == 2), what
    assert max(len(p) for p in plan.pages) <= largescore.SIDES_PER_PAGE
    assert sorted(s for p in plan.pages for s in p) == list(range(sides))
    assert plan.row_h >= ROW_MIN - 1e-6, f"{what}: rows of {plan.row_h / 72 * 25.4:.1f} mm"
    assert plan.cell_w >= largescore.CELL_MIN - 1e-6
    numbers = []
    for index in range(pages):
        page = glyphs(sheet.pdf, index)
        small = {g.char for g in page if g.size < FLOOR - 1e-3}
        assert not small, f"{what}: page {index + 1}: text under 14 pt: {sorted(small)}"
        assert not {g.char for g in page if _is_grey(g.rgb)}, f"{what}: grey text"
        # each hand's number and pass, at the same height on every page
        rows: dict[float, list] = {}
        for g in page:  # with no pass column, only the hand column's: the number alone
            if passes or g.origin[0] < largescore.MARGIN + plan.hand_w:
                rows.setdefault(round(g.origin[1], 1), []).append(g)
        starts = {
            y: "".join(g.char for g in sorted(row, key=lambda g: g.origin[0]))
            for y, row in rows.items()
        }
        numbers.append(
            sorted(
                (y, n + 1)
                for y, line in starts.items()
                for n in range(plan.rows)
                if line.startswith(f"{n + 1}{labels[n]}") and (passes or line == f"{n + 1}")
            )
        )
    assert len(numbers[0]) == plan.rows, f"{what}: {numbers[0]}"
    assert all(n == numbers[0] for n in numbers), f"{what}: the pages' rows do not line up"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 10])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_table_s_large_score_sheet(players, paper):
    for rules in (
        HouseRules(players=players),
        *([HouseRules.from_mapping({"players": 4, "partnership": True})] if players == 4 else []),
    ):
        prepared = prepare(load_content("de"), HouseFile(rules))
        sheet = render_large_score_sheet(prepared, paper)
        assert_large_score_sheet(sheet, prepared, f"{players} players, {paper}")


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("options", [{"players": 8}, {"passing": ["hold"]}])
def test_a_table_that_never_passes_has_no_pass_column_in_large_print(code, options):
    """No "no pass" down the rows: the rules above (or under) the grid say once that no hand
    passes, and the carried-over row's label stays left of the first points cell on every page."""
    rules = HouseRules(**options)
    prepared = prepare(load_content(code), HouseFile(rules))
    sheet = render_large_score_sheet(prepared, "a4")
    plan, words = sheet.plan, prepared.score_text
    assert plan.pass_w == 0
    text = pdf_text(sheet.pdf)
    assert words.pass_label("hold") not in text and words.pass_ not in text.split()
    passing = prepare(load_content(code), HouseFile(rules.replace(passing=("left",))))
    (said,) = set(words.summary) - set(passing.score_text.summary)  # the one line more
    assert text.count(squash(said)) == 1
    carried = words.carried.replace(" ", "")
    for index in range(len(plan.pages)):
        first_cell = largescore.MARGIN + plan.hand_w + largescore.MOON_W * (index == 0)
        found = [g for g in glyphs(sheet.pdf, index) if g.origin[0] < first_cell]
        chars = "".join(g.char for g in found)
        label = found[chars.index(carried) :][: len(carried)]
        assert max(g.box[2] for g in label) < first_cell, f"page {index + 1}"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("players", [4, 8])
def test_the_footer_says_where_the_check_column_is(code, players):
    """A row's check is against the number in the check column: on a one-page sheet "the
    printed number"; where a row runs over two pages, the column on the second page."""
    prepared = prepare(load_content(code), HouseFile(HouseRules(players=players)))
    sheet = render_large_score_sheet(prepared, "a4")
    text, pages = prepared.score_text, len(sheet.plan.pages)
    said, unsaid = (
        (text.check_row, text.check_row_pages)
        if pages == 1
        else (text.check_row_pages, text.check_row)
    )
    printed = pdf_text(sheet.pdf)
    assert pages == (1 if players <= largescore.SIDES_PER_PAGE else 2)
    assert squash(said) in printed and squash(unsaid) not in printed, f"{code}, {pages} pages"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("players", [7, 8, 10])
def test_the_moon_s_instruction_is_on_the_page_with_the_moon_boxes(code, players):
    """On two pages the ☾ boxes are on the first: "tick ☾" is printed there, not under the
    second page's grid, which has none."""
    prepared = prepare(load_content(code), HouseFile(HouseRules(players=players)))
    pdf = render_large_score_sheet(prepared, "letter").pdf
    first, second = (squash(page.extract_text()) for page in PdfReader(io.BytesIO(pdf)).pages)
    moon = squash(prepared.score_text.footer[1].replace("**", ""))[:30]
    assert moon in first and moon not in second, moon


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("players", [4, 8])
def test_a_two_page_score_sheet_numbers_its_pages(code, players):
    """Two pages laid side by side carry "Page 1 of 2" and "Page 2 of 2" in the language, so
    the halves are not swapped; a one-page sheet carries no number."""
    language = load_content(code).language
    prepared = prepare(load_content(code), HouseFile(HouseRules(players=players)))
    pdf = render_large_score_sheet(prepared, "a4").pdf
    reader = PdfReader(io.BytesIO(pdf))
    number = language.sheets["page-number"]
    for index, page in enumerate(reader.pages):
        printed = squash(page.extract_text())
        for other in (1, 2):
            label = squash(number.format(page=other, pages=2))
            expected = len(reader.pages) == 2 and other == index + 1
            assert (label in printed) == expected, f"{code}, page {index + 1}: {label}"


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("players", [3, 4, 5, 10])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_heaviest_accepted_file_fits_four_large_pages(code, players, paper):
    prepared = prepare(load_content(code), _heaviest(players))
    sheet = render_large_rule_sheet(prepared, paper)
    problems = rule_sheet_problems(sheet.pdf, _headings(prepared))
    assert not problems, f"{code}, {players} players, {paper}: {problems}"


def test_the_standard_game_keeps_its_reference_lists_as_names_in_english():
    prepared = prepare(load_content(), HouseFile(HouseRules()))
    sheet = render_large_rule_sheet(prepared, "letter")
    assert sheet.pages <= largeprint.MAX_PAGES
    assert "Page 1 of" in pdf_text(sheet.pdf)
    for kind in ("large-rule-sheet", "large-score-sheet"):
        from sheets.pipeline import render

        assert render(prepared, kind, "a4") == render(prepared, kind, "a4")


@pytest.mark.parametrize("players", [4, 8, 10])
def test_the_worked_example_moves_later_rather_than_leave_a_page_half_empty(players):
    """Its tall picture does not fit the rest of page 2 at these tables: the sections after it
    fill that page first, so the sheet keeps its glossary within four pages."""
    prepared = prepare(load_content(), HouseFile(HouseRules(players=players)))
    sheet = render_large_rule_sheet(prepared, "letter")
    pages = [squash(page.extract_text()) for page in PdfReader(io.BytesIO(sheet.pdf)).pages]
    words = squash(next(s.heading for s in prepared.text.sections if s.id == "glossary"))
    example = squash(next(s.heading for s in prepared.text.sections if s.id == "example"))
    assert any(words in page for page in pages), f"{players} players: the glossary left out"
    opened = next(n for n, page in enumerate(pages) if example in page)
    for n, page in enumerate(pages[:opened]):  # every page before the picture's is well filled
        assert len(page) > 0.6 * max(len(p) for p in pages[:opened]), f"page {n + 1}: {page}"


def _unit(height: float, section: str, opens: bool) -> Unit:
    return Unit([Spacer(1, height)], [height], 6.0, section, opens)


def test_a_section_s_last_item_never_starts_a_page_alone():
    """A page break before a section's last item takes the item before it along, under the
    section's heading continued."""
    words = largeprint.LargePrintWords("{heading} (continued)", "Page {page} of {pages}")
    units = [
        _unit(100, "Setup", True),
        _unit(100, "Setup", False),
        _unit(100, "Setup", False),
        _unit(100, "Setup", False),
        _unit(30, "Scoring", True),
    ]
    pages = largeprint._pages(units, 330, 330, words, 400)
    assert [u.section for u in pages[0]] == ["Setup", "Setup"]
    head, *rest = pages[1]
    assert head.section == "Setup" and head not in units, "no continued heading"
    assert rest[0] is units[2] and rest[1] is units[3] and rest[2] is units[4]


def test_build_writes_the_large_print_only_when_asked(tmp_path):
    from click.testing import CliRunner

    from sheets.cli import main

    done = CliRunner().invoke(
        main,
        [
            "build",
            "--out",
            str(tmp_path),
            "--edition",
            "large-print",
            "--language",
            "de",
            "--paper",
            "a4",
        ],
    )
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "large-rule-sheet.pdf",
        "large-score-sheet.pdf",
    ]
    assert "large-rule-sheet.pdf (A4 portrait" in done.output and "body 16 pt" in done.output
    assert "Seite 1 von" in pdf_text((tmp_path / "large-rule-sheet.pdf").read_bytes())


def test_the_pages_are_mirrored_for_a_double_sided_print():
    prepared = prepare(load_content(), HouseFile(HouseRules()))
    pdf = render_large_rule_sheet(prepared, "letter").pdf
    width = 612
    for index in range(page_count(pdf)):
        page = glyphs(pdf, index)
        left = min(g.box[0] for g in page)
        right = max(g.box[2] for g in page)
        inner, outer = largeprint.INNER, largeprint.OUTER
        if index % 2 == 0:  # a right-hand page: the binding on the left, the number at the right
            assert left >= inner - 1 and right <= width - outer + 1
        else:
            assert left >= outer - 1 and right <= width - inner + 1
            assert left < inner - 1, "a left-hand page's number sits at its outer (left) foot"


def test_make_and_the_service_offer_the_large_print():
    from sheets.service.app import SHEETS
    from sheets.service.makepage import DOWNLOADS

    for kind in ("large-rule-sheet", "large-score-sheet"):
        assert SHEETS[f"/sheets/{kind}.pdf"][0] == kind
        assert f"sheets/{kind}.pdf" in [href for href, _, _ in DOWNLOADS]
