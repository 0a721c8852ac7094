"""Words native readers asked for, held: one term for one thing in a language (the sheet, the
site, the scorekeeper and /make alike), a number of points said as points, cards named with their
articles where the language names them so, and lists of names that keep a name with a comma in
it whole."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest
import yaml
from test_service_app import call, make_app

from sheets.blocks import block_strings
from sheets.bundle import load_content, load_preset
from sheets.cards import Card
from sheets.facts import Cards, Several
from sheets.housefile import PRESETS, HouseFile
from sheets.houserules import HouseRules
from sheets.language import LANGUAGES
from sheets.pipeline import prepare
from sheets.service.controls import label, value_text
from sheets.text import differences

CONTENT = Path(__file__).resolve().parent.parent / "content"


def _strings(code: str) -> list[str]:
    """Every string of a language's content files."""
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            found.append(node)

    for path in sorted((CONTENT / code).glob("*.yaml")):
        walk(yaml.safe_load(path.read_text("utf-8")))
    return found


def _said(code: str, **rules) -> list[str]:
    content = load_content(code)
    house = HouseFile(rules=HouseRules(**rules))
    return [line for block in differences(content, house) for line in block_strings(block)]


def _rule_text(code: str, preset: str) -> str:
    content = load_content(code)
    return str(prepare(content, load_preset(preset).in_language(content.language)).text)


# -- French ----------------------------------------------------------------------------------------


def test_french_says_a_game_to_a_number_of_points():
    assert _said("fr", target=50) == ["**Fin de partie à 50 points\u00a0:** une partie courte."]
    assert _said("fr", target=75) == ["**Fin de partie à 75 points.**"]
    for text in _strings("fr"):
        assert not re.search(r"[Pp]artie en \{(target|ends_at)\}(?! points)", text), text


def test_french_says_a_revoke_found_after_the_fact():
    strings = _strings("fr")
    assert not [text for text in strings if "vue tard" in text]
    assert "Renonce découverte après coup\u00a0: qui\u00a0?" in strings


def test_french_scorekeeper_speaks_of_the_shooter_and_reads_its_moon_legend():
    strings = _strings("fr")
    assert "{moon_value} de moins sur son score" in strings
    assert not [text for text in strings if "mon score" in text]
    assert "Chelem\u00a0? Touchez le ☾ à côté du nom de son auteur." in strings


# -- German ----------------------------------------------------------------------------------------


def test_german_counts_points_not_a_stand():
    found = [text for text in _strings("de") if re.search(r"\b[Ee]ine?n? Stand\b", text)]
    assert found == []
    said = _said("de", exactly_100=50, target=100)
    assert "Wer genau 100 Punkte hat" in " ".join(said) or "Wer nach einer Runde genau 100" in (
        " ".join(said)
    )


@pytest.mark.parametrize("direction", ["second-left", "second-right"])
def test_german_names_the_pass_two_seats_away_one_way(direction):
    words = load_content("de").language.directions[direction]
    for name in ("name", "to", "plan", "label", "hand"):
        assert "bernächst" in words[name], (name, words[name])
    assert not [
        t for t in _strings("de") if re.search(r"zweiter (links|rechts)|2\. (links|rechts)", t)
    ]


# -- Spanish ---------------------------------------------------------------------------------------


def test_spanish_make_names_each_rule_as_the_scorekeeper_does():
    language = load_content("es").language
    strings = _strings("es")
    for key, name in (
        ("moon", "La luna"),
        ("shoot_the_sun", "El sol"),
        ("target", "Partida a"),
    ):
        assert label(language, key) == name
        assert any(text == name or text.startswith(f"{name}:") for text in strings), key
    assert not [t for t in strings if "Tiro a la luna" in t or "Todas las bazas" == t]


def test_spanish_names_the_cards_taken_out_with_their_articles():
    assert "Quita el 2♦ y el 2♣;" in _rule_text("es", "five-players")
    assert "Quita el 2♦;" in _rule_text("es", "three-players")
    assert "Take out 2♦ and 2♣, then" in _rule_text("en", "five-players")  # English as it was


def test_spanish_says_the_pass_two_seats_away_as_players_do():
    assert not [t for t in _strings("es") if "2.º" in t]
    words = load_content("es").language.directions
    assert words["second-left"]["name"] == "dos puestos a la izquierda"
    assert "dos puestos" in words["second-left"]["hand"]


# -- /make, in every language ----------------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_list_of_presets_keeps_a_name_with_a_comma_whole(code):
    language = load_content(code).language
    assert any("," in language.presets[name] for name in PRESETS)  # "Hearts, short game"
    _, _, page = call(make_app(), "/make", f"language={code}&preset=nope")
    said = page.decode()
    for name in PRESETS:
        quoted = language.make["quoted"].format(text=language.presets[name])
        assert quoted.replace("'", "&#x27;") in said, quoted


@pytest.mark.parametrize("code", LANGUAGES)
def test_cancellations_fixed_choice_says_how_to_put_it_right(code):
    language = load_content(code).language
    _, _, page = call(make_app(), "/make", f"language={code}&players=7&deal=strip")
    said = page.decode()
    sentence = language.make["say-cancellation"]
    assert language.make["label-players"].lower() in sentence.lower()  # or fewer players
    expected = sentence.format(
        label=label(language, "deal"),
        game=language.presets["cancellation"],
        value=value_text(language, "deal", "kitty"),
    )
    assert escape(expected) in said


def test_the_status_line_says_what_to_fix_plainly():
    words = load_content("en").language.make
    assert words["to-fix-beside"].format(count=2) == (
        "Choices to fix: 2. The note beside each one says what is wrong."
    )


def test_cards_named_at_several_tables_keep_their_articles():
    language = load_content("es").language
    one = Cards.of([Card.parse("2D")], language)
    two = Cards.of([Card.parse("2D"), Card.parse("2C")], language)
    assert (f"{one}", f"{one:the}", f"{two:the}") == ("2♦", "el 2♦", "el 2♦ y el 2♣")
    assert format(Several([one, two], language), "the") == "el 2♦ o el 2♦ y el 2♣"
    assert f"{Cards.of([], language):the}" == language.facts["nothing"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_switch_off_is_named_apart_from_on(code):
    """Each yes-or-no rule's two names differ in every language and under every table: a sheet
    lists the other one among "other ways to play" (German once offered "Sonne" beside a Sonne in
    force, where it meant "Ohne Sonne")."""
    from sheets.options import OPTIONS
    from sheets.rulenames import rule_name

    language = load_content(code).language
    for option in OPTIONS:
        if option.kind != "bool" or option.key not in language.rule_names:
            continue
        for rules in (HouseRules(), HouseRules(players=8), HouseRules(partnership=True)):
            on, off = (rule_name(language, option.key, v, rules) for v in ("true", "false"))
            assert on != off, (option.key, on)
