"""The build and example commands, as a user runs them: outputs, messages, exit codes."""

from __future__ import annotations

import subprocess
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from sheets.cli import main

ROOT = Path(__file__).resolve().parent.parent


def build(*args: str):
    return CliRunner().invoke(main, ["build", *args])


def test_build_writes_both_sheets_and_says_what_it_wrote(tmp_path):
    result = build("--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(
        f"wrote {tmp_path / 'rule-sheet.pdf'} (Letter portrait, 612 x 792 pt, body "
    )
    assert lines[0].endswith(" pt)")
    assert lines[1].startswith(
        f"wrote {tmp_path / 'score-sheet.pdf'} (Letter portrait, 612 x 792 pt, "
    )
    for name in ("rule-sheet.pdf", "score-sheet.pdf"):
        reader = PdfReader(tmp_path / name)
        assert len(reader.pages) == 1
        assert [float(v) for v in reader.pages[0].mediabox[2:]] == [612, 792]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rule-sheet.pdf", "score-sheet.pdf"]


def test_build_a4_with_house_rules(tmp_path):
    house = tmp_path / "millers.yaml"
    house.write_text("title: Hearts at the Millers'\npreset: five-players\ntarget: 50\n")
    out = tmp_path / "out"
    result = build("--house-rules", str(house), "--paper", "a4", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "(A4 portrait, 595.28 x 841.89 pt, body" in result.output
    rule = PdfReader(out / "rule-sheet.pdf")
    assert [round(float(v), 2) for v in rule.pages[0].mediabox[2:]] == [595.28, 841.89]
    text = rule.pages[0].extract_text()
    assert "Hearts at the Millers'" in text and "3♣" in text and "50" in text
    score = PdfReader(out / "score-sheet.pdf").pages[0].extract_text()
    assert "Hearts at the Millers'" in score


def test_a_failed_build_leaves_the_earlier_sheets_as_they_were(tmp_path):
    assert build("--out", str(tmp_path)).exit_code == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    bad = tmp_path.parent / "bad.yaml"
    bad.write_text("target: 50\nnotes: [" + ", ".join(["a note"] * 6) + "]\n")
    result = build("--house-rules", str(bad), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "key 'notes': too long to print" in result.output
    assert "Traceback" not in result.output
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_missing_house_rules_file_is_a_message(tmp_path):
    result = build("--house-rules", str(tmp_path / "nope.yaml"), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert not any(tmp_path.iterdir())


def test_example_prints_the_worked_example(tmp_path):
    result = CliRunner().invoke(main, ["example"])
    assert result.exit_code == 0
    assert "East holds 2♣, the lowest club in play, and must lead it." in result.output
    assert "North deals." in result.output
    house = tmp_path / "h.yaml"
    house.write_text("points_on_first_trick: true\n")
    result = CliRunner().invoke(main, ["example", "--house-rules", str(house)])
    assert "drops Q♠" in result.output and "13 points" in result.output


def test_make_passes_house_rules_and_paper_to_the_build():
    dry = subprocess.run(
        ["make", "-n", "sheets", "HOUSE=ours.yaml", "PAPER=a4"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "-m sheets build --out build --paper a4 --house-rules ours.yaml" in dry


def test_build_reports_an_unwritable_output_without_a_traceback(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = build("--out", str(blocker / "out"))
    assert result.exit_code == 2
    assert result.output.startswith("Error: cannot write the output: ")
    assert "Traceback" not in result.output
