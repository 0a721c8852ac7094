"""The pocket rule cards from the command line: ``build --edition cards`` writes one page of
four cards beside (or instead of) the standard sheets, which stay byte for byte as they were."""

from __future__ import annotations

from click.testing import CliRunner
from pdf_checks import glyphs, page_count, pdf_text

from sheets.bundle import load_content
from sheets.cli import main
from sheets.housefile import STANDARD_FILE
from sheets.layout import cards
from sheets.layout.styles import page_size
from sheets.pipeline import prepare, render_pocket_cards


def test_build_writes_the_cards_only_when_asked(tmp_path):
    runner = CliRunner()
    plain = runner.invoke(main, ["build", "--out", str(tmp_path / "plain")])
    assert plain.exit_code == 0, plain.output
    assert sorted(p.name for p in (tmp_path / "plain").iterdir()) == [
        "rule-sheet.pdf",
        "score-sheet.pdf",
    ]
    both = runner.invoke(
        main,
        [
            "build",
            "--out",
            str(tmp_path / "both"),
            "--edition",
            "standard",
            "--edition",
            "cards",
            "--paper",
            "a4",
        ],
    )
    assert both.exit_code == 0, both.output
    assert "pocket-cards.pdf (A4 portrait" in both.output
    assert sorted(p.name for p in (tmp_path / "both").iterdir()) == [
        "pocket-cards.pdf",
        "rule-sheet.pdf",
        "score-sheet.pdf",
    ]
    only = runner.invoke(main, ["build", "--out", str(tmp_path / "only"), "--edition", "cards"])
    assert only.exit_code == 0, only.output
    assert [p.name for p in (tmp_path / "only").iterdir()] == ["pocket-cards.pdf"]
    assert (tmp_path / "plain" / "rule-sheet.pdf").read_bytes() != b""


def test_four_cards_each_in_its_quarter_with_the_same_words():
    prepared = prepare(load_content(), STANDARD_FILE)
    pdf = render_pocket_cards(prepared, "letter").pdf
    assert page_count(pdf) == 1
    assert pdf_text(pdf).count("Hearts · pocket rules") == cards.CARDS
    width, height = page_size("letter")
    drawn = glyphs(pdf)
    quarters = {(g.origin[0] < width / 2, g.origin[1] < height / 2) for g in drawn}
    assert len(quarters) == 4
    margin = 0.3 * 72
    for g in drawn:  # no text runs into a cut: the page margin on every side of a card
        left, bottom, right, top = g.box
        assert margin - 1 <= left % (width / 2) and right % (width / 2) <= width / 2 - margin + 1, g
        assert (
            margin - 2 <= bottom % (height / 2) and top % (height / 2) <= height / 2 - margin + 2
        ), g
    assert min(g.size for g in drawn) >= 7
