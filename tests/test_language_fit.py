"""Every accepted house-rules file fits in every language: one page on Letter and A4, nothing
under 7 pt, the rules in force and the engine's numbers printed; and the shipped fonts draw
every character every language prints (no missing-glyph box)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pdf_checks import assert_readable, pdf_text, squash
from sweep_cases import FULL_SEEDS, QUICK_SEEDS, language_seeds, rendered

from sheets.blocks import signed, strip_bold
from sheets.bundle import load_content, load_preset
from sheets.engine import Hand
from sheets.housefile import PRESETS, HouseFile
from sheets.houserules import OPTIONS, HouseRules, warnings
from sheets.language import LANGUAGES
from sheets.layout import rulesheet
from sheets.layout.rulesheet import name_of
from sheets.pipeline import prepare, render_rule_sheet, render_score_sheet
from sheets.text import variant_line
from sheets.textlang import differs

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [code for code in LANGUAGES if code != "en"]
PAPERS = ("letter", "a4")
HEAVY = {
    "bonus_card": "JD",
    "must_dump_queen": True,
    "shoot_the_sun": True,
    "moon": "shooter-chooses",
    "exactly_100": 50,
    "ties": "play-on",
}
TITLE_60 = "Die große Hearts-Runde am Donnerstagabend bei Familie Müller"[:60]
NOTES_300 = (
    "Wer das letzte Spiel verloren hat, gibt zuerst und mischt gründlich.",
    "Punkte werden mit Kugelschreiber eingetragen; Streit entscheidet die Älteste.",
    "Nach jeder vierten Runde gibt es eine kurze Pause für Kaffee und Kuchen.",
    "Karten mit Knick werden sofort ersetzt, bevor die nächste Runde beginnt.",
)


def _case(seed, mark=None):
    for seed_, code in language_seeds(seed):
        yield pytest.param(seed_, code, marks=[mark] if mark else [], id=f"seed{seed_}-{code}")


SEEDS = [*_case(QUICK_SEEDS), *_case(FULL_SEEDS, pytest.mark.sweep)]


def _has(text: str, phrase: str, what: str) -> None:
    assert squash(phrase) in text, f"{what}: {phrase!r} is not printed"


@pytest.mark.parametrize("seed,code", SEEDS)
def test_both_sheets_fit_and_print_the_rules_in_force_in_every_language(seed, code):
    """The sweep in German, French and Spanish, on a sample of its files: one page, nothing
    under 7 pt, every rule in force stated, the engine's numbers and the example printed."""
    case = rendered(seed, code)
    assert not case.rule_error, f"{case.source}\n{case.rule_error}"
    assert not case.score_error, f"{case.source}\n{case.score_error}"
    what = f"seed {seed} in {code} ({case.paper})"
    assert_readable(case.rule_pdf, what=f"{what}: rule sheet")
    assert_readable(case.score_pdf, what=f"{what}: score sheet")
    content, rules = load_content(code), case.prepared.rules
    text = case.rule_text
    for number in (rules.points_per_hand, rules.target, signed(rules.check_sum)):
        _has(text, str(number), f"{what}: a number")
    _has(text, case.house.title, f"{what}: title")
    for note in case.house.notes:
        _has(text, note, f"{what}: notes")
    stage = next(s for s in rulesheet.LADDER if s.gives_way == case.gives_way)
    shown = name_of if stage.form("house-rules") == rulesheet.NAMES else strip_bold
    dead = {p.key for p in warnings(case.house.rules)}
    for option in OPTIONS:
        if option.key not in dead and differs(rules, option.key):
            _has(text, shown(variant_line(content, rules, option.key)), f"{what}: {option.key}")
    example = case.prepared.example
    hand = Hand.random(
        example.rules, seed=example.seed, dealer=example.dealer, pass_direction="hold"
    )
    for step in example.steps:
        hand.play(step.card)
    assert example.points_taken == hand.points()[hand.tricks[0].taker]
    for sentence in example.sentences:
        _has(text, sentence, f"{what}: example")
    _has(case.score_text, case.house.title, f"{what}: score sheet title")
    _has(case.score_text, str(rules.target), f"{what}: score sheet target")


def test_the_sample_covers_every_table_both_papers_and_every_language():
    cases = [rendered(seed, code) for seed, code in language_seeds(QUICK_SEEDS)]
    assert {c.house.rules.players for c in cases} == set(range(3, 11))
    assert {c.paper for c in cases} == set(PAPERS)
    assert {c.prepared.text.labels.lang for c in cases} == set(OTHERS)
    assert len(cases) <= len(QUICK_SEEDS) // 2  # the sweep grows by half at most


def _heaviest(players: int) -> HouseFile:
    rules = {**HEAVY, "players": players, **({"deal": "kitty"} if players <= 5 else {})}
    return HouseFile(HouseRules.from_mapping(rules), TITLE_60, NOTES_300)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [3, 4, 5, 7, 10])
@pytest.mark.parametrize("code", OTHERS)
def test_the_heaviest_accepted_file_fits_in_every_language(code, players, paper):
    """Every switch that adds text, a 60-character title and 300 characters of notes."""
    prepared = prepare(load_content(code), _heaviest(players))
    what = f"the heaviest file, {players} players, {paper}, {code}"
    assert_readable(render_rule_sheet(prepared, paper).pdf, what=what)
    assert_readable(render_score_sheet(prepared, paper).pdf, what=what + ", score sheet")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("code", OTHERS)
def test_every_preset_fits_in_every_language(code, preset, paper):
    content = load_content(code)
    prepared = prepare(content, load_preset(preset).in_language(content.language))
    result = render_rule_sheet(prepared, paper)
    assert_readable(result.pdf, what=f"{preset} on {paper} in {code}")  # 7 pt and up
    assert_readable(render_score_sheet(prepared, paper).pdf, what=f"{preset} score sheet")


@pytest.mark.parametrize("players", range(3, 11))
@pytest.mark.parametrize("code", OTHERS)
def test_every_table_s_score_sheet_fits_in_every_language(code, players):
    prepared = prepare(load_content(code), HouseFile(HouseRules(players=players)))
    for paper in PAPERS:
        pdf = render_score_sheet(prepared, paper).pdf
        assert_readable(pdf, what=f"{players}, {paper}")
        for label in (prepared.score_text.date, prepared.score_text.place):  # on one line
            _has(pdf_text(pdf), label, f"{players}, {paper}: the form's label")


# -- fonts ---------------------------------------------------------------------------------------


def _font_cmaps() -> dict[str, set[int]]:
    """Each shipped font's character map, as ReportLab reads it."""
    from reportlab.pdfbase.ttfonts import TTFont

    fonts = sorted((ROOT / "sheets" / "fonts").glob("*.ttf"))
    assert len(fonts) == 3
    return {f.name: set(TTFont(f.stem, str(f)).face.charToGlyph) for f in fonts}


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_character_of_every_language_is_in_the_shipped_fonts(code):
    """Every character of the language's printed content (and of its sheets, as the PDF text gives them
    back) is in the cmap of each shipped DejaVu subset, so none is drawn as .notdef."""
    folder = ROOT / "content" / ("" if code == "en" else code)
    chars = set()
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "scorekeeper.yaml":  # the scorekeeper's page, in the browser's fonts
            continue
        for text in _strings(yaml.safe_load(path.read_text("utf-8"))):
            chars |= set(text)
    content = load_content(code)
    prepared = prepare(content, HouseFile().in_language(content.language))
    for pdf in (render_rule_sheet(prepared, "a4").pdf, render_score_sheet(prepared, "a4").pdf):
        chars |= set(pdf_text(pdf))
    chars -= {"\n", "\t"}
    for name, cmap in _font_cmaps().items():
        missing = sorted(f"{c!r} U+{ord(c):04X}" for c in chars if ord(c) not in cmap)
        assert missing == [], f"{name} has no glyph for {', '.join(missing)}"
