"""Every language is a folder of the same words: nothing English has is missing, the placeholders
agree, and no English word is left in another language's sheets."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from sheets.blocks import block_strings
from sheets.bundle import load_content
from sheets.content import CONTENT_FILES
from sheets.housefile import STANDARD_FILE, HouseFile
from sheets.houserules import HouseRules
from sheets.language import LANGUAGES
from sheets.pipeline import prepare, render_rule_sheet, render_score_sheet
from sheets.textlang import SELECTORS

CONTENT = Path(__file__).resolve().parent.parent / "content"
OTHERS = [code for code in LANGUAGES if code != "en"]
#: Keys whose own names are words of the language (a glossary's terms): compared by position.
WORD_KEYS = ("definitions",)
#: English words that no other language's sheet should print (names, "Hearts", the default title
#: and German name of the game, and card indices
#: aside; words that are also German, French or Spanish words, as "hand" or "no", left out).
ENGLISH = {
    "the",
    "and",
    "of",
    "with",
    "each",
    "every",
    "cards",
    "trick",
    "tricks",
    "points",
    "player",
    "players",
    "score",
    "sheet",
    "deal",
    "deals",
    "lead",
    "leads",
    "follow",
    "moon",
    "queen",
    "spades",
    "clubs",
    "diamonds",
    "when",
    "before",
    "after",
    "you",
    "your",
    "only",
    "must",
    "may",
    "wins",
    "pass",
    "nobody",
    "everyone",
    "kitty",
    "dealer",
    "write",
    "row",
    "check",
    "game",
}
#: Those that are also words of the language itself.
SHARED = {"fr": {"points", "score"}}


def _placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def _finer(other) -> bool:
    """True for TEXT that a language selects by a house rule where English has one string (a
    card's article that changes with the card, a word that changes with the table): a mapping
    of one selector to cases, each to be compared with English's string."""
    return (
        isinstance(other, dict)
        and len(other) == 1
        and next(iter(other)) in SELECTORS
        and isinstance(next(iter(other.values())), dict)
    )


def _compare(english, other, where: str, out: list[str], case: bool = False) -> None:
    """English's words and a language's, alike in shape and placeholders; ``case``: one case of
    a finer choice, which may leave out a placeholder its case does not need."""
    if isinstance(english, dict):
        if not isinstance(other, dict):
            out.append(f"{where}: expected a mapping")
            return
        if where.rsplit(".", 1)[-1] in WORD_KEYS:
            if len(english) != len(other):
                out.append(f"{where}: {len(other)} entries; English has {len(english)}")
            for (term, e), o in zip(english.items(), other.values()):
                _compare(e, o, f"{where}[{term}]", out)
            return
        for key in english:
            if key not in other:
                out.append(f"{where}.{key}: missing")
            else:
                _compare(english[key], other[key], f"{where}.{key}", out)
        out += [f"{where}.{key}: not in English" for key in other if key not in english]
    elif isinstance(english, list):
        if not isinstance(other, list) or len(other) != len(english):
            out.append(f"{where}: expected a list of {len(english)}")
            return
        for i, (e, o) in enumerate(zip(english, other)):
            _compare(e, o, f"{where}[{i}]", out)
    elif isinstance(english, str):
        if _finer(other):  # the language's words depend on a rule English's do not
            for value, text in next(iter(other.values())).items():
                _compare(english, text, f"{where}[{value}]", out, case=True)
        elif not isinstance(other, str):
            out.append(f"{where}: expected text; found {other!r}")
        elif _placeholders(english) != _placeholders(other) and not (
            case and _placeholders(other) <= _placeholders(english)
        ):
            out.append(
                f"{where}: placeholders {sorted(_placeholders(other))}; English has "
                f"{sorted(_placeholders(english))}"
            )


def test_german_says_each_bonus_card_in_its_gender():
    """The jack (Bube, B♦) is masculine and the ten (Zehn, 10♦) feminine: "jeder B♦", "jede
    10♦"."""
    content = load_content("de")
    for card, each in (("JD", "Jeder B♦"), ("TD", "Jede 10♦")):
        sheet = prepare(content, HouseFile(HouseRules(players=6, bonus_card=card))).text
        text = " ".join(
            line
            for section in sheet.sections
            for block in section.blocks
            for line in block_strings(block)
        )
        assert each in text, card
        assert ("Jede B♦" not in text) and ("Jeder 10♦" not in text)


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", CONTENT_FILES)
def test_a_language_has_every_word_english_has_with_the_same_placeholders(code, name):
    english = yaml.safe_load((CONTENT / name).read_text("utf-8"))
    other = yaml.safe_load((CONTENT / code / name).read_text("utf-8"))
    if name == "language.yaml":  # a noun's plural forms are the language's own (CLDR's)
        english.pop("nouns"), other.pop("nouns")
        english.pop("code"), other.pop("code")
        # how a sentence names a seat beyond its name is a language's own (Spanish's articles)
        other["seats"].pop("sentence", None)
    found: list[str] = []
    _compare(english, other, name, found)
    assert found == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_loads_with_its_code(code):
    content = load_content(code)
    assert content.language.code == code
    assert content.language.plural(1) == "one"


def test_plurals_come_from_cldr():
    assert load_content("fr").language.plural(0) == "one"  # French puts 0 with 1
    assert load_content("de").language.plural(0) == "other"
    assert load_content("es").language.noun("card", 2) == "cartas"
    assert load_content("de").language.plural(10**7) == "other"  # past the table: Babel


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_word_is_left_in_another_language_s_sheets(code):
    prepared = prepare(load_content(code), STANDARD_FILE)
    for render in (render_rule_sheet, render_score_sheet):
        text = _text(render(prepared, "a4").pdf)
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
        assert words & (ENGLISH - SHARED.get(code, set())) == set(), render.__name__


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_font_has_every_character_of_every_language(code):
    """The shipped DejaVu subset draws every character the sheets print: none comes back from
    the PDF as a missing glyph."""
    prepared = prepare(load_content(code), STANDARD_FILE)
    for render in (render_rule_sheet, render_score_sheet):
        text = _text(render(prepared, "letter").pdf)
        assert "\ufffd" not in text and "\x00" not in text


def test_a_card_named_in_a_sentence_takes_its_article():
    from sheets.cards import Card

    french = load_content("fr").language
    assert [french.with_article(Card.parse(c)) for c in ("AC", "7C", "QS", "KS", "JD", "TD")] == [
        "l'A♣",
        "le 7♣",
        "la D♠",
        "le R♠",
        "le V♦",
        "le 10♦",
    ]
    assert load_content("en").language.with_article(Card.parse("QS")) == "the Q♠"


def test_the_french_example_names_its_cards_with_their_articles():
    content = load_content("fr")
    example = prepare(content, STANDARD_FILE.in_language(content.language)).example
    narration = " ".join(example.narration) + " " + example.result_sentence
    assert "joue l'A♣" in narration and "avec l'A♣" in narration
    assert " joue A♣" not in narration and "avec A♣" not in narration
