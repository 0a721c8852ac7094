"""French typography: a no-break space (U+00A0) before : ; ? ! and inside « », in every French
string, and no line of a French sheet that starts with one of those signs."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from sheets.bundle import load_content
from sheets.clifiles import load_house_rules
from sheets.housefile import STANDARD_FILE
from sheets.layout.fonts import FONT, register_fonts, text_width
from sheets.options import OPTIONS_BY_KEY
from sheets.pipeline import prepare, render_rule_sheet, render_score_sheet

FRENCH = Path(__file__).resolve().parent.parent / "content" / "fr"
PRESETS = Path(__file__).resolve().parent.parent / "content" / "presets"
NBSP = "\u00a0"
#: A sign that must follow a no-break space, or a guillemet on the wrong side of one.
BAD = re.compile(rf"(?<!{NBSP})[:;?!]|«(?!{NBSP})|(?<!{NBSP})»")
#: YAML written out for the reader ("partnership: true", "{key}: {expected}"): a colon there
#: is YAML's, glued to its key.
YAML_KEY = re.compile(r"(?:\{key\}|\b(?:" + "|".join(OPTIONS_BY_KEY) + r")):(?= )")
PLACEHOLDER_SPEC = re.compile(r"\{(\w+):\w+\}")
#: An address's scheme ("https://", "{scheme}://"): its colon is the address's.
SCHEME = re.compile(r"(?:\bhttps?|\{scheme\})://")


def _strings(node, where: str):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(key, where)
            yield from _strings(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _strings(value, f"{where}/{index}")
    elif isinstance(node, str):
        yield where, node


def _french_strings():
    for path in sorted(FRENCH.glob("*.yaml")):
        yield from _strings(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)


def _faults(text: str) -> list[str]:
    plain = SCHEME.sub("", YAML_KEY.sub("", PLACEHOLDER_SPEC.sub(r"{\1}", text)))
    return [plain[max(0, m.start() - 12) : m.end() + 4] for m in BAD.finditer(plain)]


def test_the_check_finds_a_plain_space_or_none():
    assert _faults("Contrôle : 26") and _faults("Contrôle: 26") and _faults("« oui »")
    assert _faults(f"Vraiment{NBSP}?") == [] and _faults(f"«{NBSP}oui{NBSP}»") == []
    assert _faults("{count:hand} après partnership: true") == []
    assert _faults("par https:// ou après {scheme}://") == [] and _faults("https: //")


def test_every_french_string_has_a_no_break_space_before_high_punctuation():
    faults = [f"{where}: {fault!r}" for where, text in _french_strings() for fault in _faults(text)]
    assert faults == []


def test_reportlab_does_not_break_a_line_at_a_no_break_space():
    """Wrapped just wider than "vérification", a plain space would leave "!" alone on a line."""
    register_fonts()
    style = ParagraphStyle("t", fontName=FONT, fontSize=10, leading=12, splitLongWords=0)
    words = [f"Contrôle{NBSP}:", f"vérification{NBSP}!"]
    lines = Paragraph(" ".join(words), style).breakLines([text_width("vérification", 10) + 1])
    assert [" ".join(line[1]) for line in lines.lines] == words  # each word kept with its sign


def _lines(pdf: bytes) -> list[str]:
    pages = PdfReader(io.BytesIO(pdf)).pages
    return [line.strip() for page in pages for line in page.extract_text().splitlines()]


@pytest.mark.parametrize("preset", ["standard", "cancellation", "partnership", "omnibus"])
def test_no_line_of_a_french_sheet_starts_with_high_punctuation(preset):
    source = STANDARD_FILE if preset == "standard" else load_house_rules(PRESETS / f"{preset}.yaml")
    prepared = prepare(load_content("fr"), source)
    for render in (render_rule_sheet, render_score_sheet):
        lines = _lines(render(prepared, "a4").pdf)
        assert [line for line in lines if line[:1] in ":;?!»" or line[-1:] == "«"] == []


def test_what_the_command_line_puts_together_in_french_keeps_the_spaces_too():
    """`variants` joins the tables' defaults itself: its words carry the spaces."""
    from click.testing import CliRunner

    from sheets.cli import main

    said = CliRunner().invoke(main, ["variants", "--language", "fr"]).output
    defaults = [line.partition("(par défaut")[2] for line in said.splitlines() if "joueurs" in line]
    faults = [fault for line in defaults for fault in _faults(line)]
    assert defaults and faults == [], faults
