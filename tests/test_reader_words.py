"""Words native readers found wrong or unclear, held right in every language: each rule said
as the rule sheet says it, each thing named as the language names it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sheets.bundle import load_content
from sheets.housefile import HouseFile
from sheets.houserules import HouseRules
from sheets.language import LANGUAGES
from sheets.service.controls import value_text
from sheets.text import score_sheet_text, variant_line
from sheets.words import fill

CONTENT = Path(__file__).resolve().parent.parent / "content"

# -- /make's moon choice: the exception is a win for someone else, not any end of the game --------

MOON_UNLESS = {
    "en": "Moon with a safeguard",  # the sheet's name: its line says whose win it guards against
    "de": "Durchmarsch mit Absicherung",
    "fr": "Chelem avec garde-fou",
    "es": "Luna con salvaguarda",
}


@pytest.mark.parametrize("code", MOON_UNLESS)
def test_make_s_moon_choice_names_the_win_of_another(code):
    said = value_text(load_content(code).language, "moon", "add-unless-it-ends-game")
    assert said == MOON_UNLESS[code]
    for wrong in ("ends the game", "beendet das Spiel", "finit la partie", "acaba la partida"):
        assert wrong not in said


# -- the exactly-100 reset comes first, before the end of the game is looked for ------------------

RESET_FIRST = {
    "en": "A total of exactly 100 after a hand drops to 50 first, before looking for the end of",
    "de": "fallen zuerst auf 50 zurück, noch bevor das Spielende geprüft wird",
    "fr": "retombe d'abord à 50, avant de regarder si la partie est finie",
    "es": "baja primero a 50, antes de mirar si se acaba la partida",
}


@pytest.mark.parametrize("code", RESET_FIRST)
def test_the_score_sheet_says_the_reset_comes_before_the_end(code):
    summary = _summary(code, exactly_100=50)
    assert [item for item in summary if RESET_FIRST[code] in item], summary


# -- a team game: the ties, the end and the estimate speak of teams --------------------------------

TEAM = {"partnership": True, "players": 4, "ties": "play-on"}
TEAM_TIE = {
    "en": "(a tie: play on until one team is lower)",
    "de": "(bei Gleichstand weiter, bis ein Team allein vorn liegt)",
    "fr": "jusqu'à ce qu'une seule équipe ait le plus petit total)",
    "es": "(empate: se sigue hasta que un solo equipo tenga el total más bajo)",
}
PLAYER_WORDS = {
    "en": ("one is lowest alone", "a player can"),
    "de": ("jemand", "bis einer allein"),
    "fr": ("un joueur", "un seul soit", "Le premier à"),
    "es": ("alguien", "uno solo", "El primero"),
}
SCOREKEEPER_TEAM_WORDS = (
    "new-game",
    "rematch",
    "hands-estimate",
    "tied",
    "rule.ties.value.play-on",
)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_team_game_s_words_speak_of_teams(code):
    content = load_content(code)
    first = _summary(code, **TEAM)[0]
    assert first.endswith(TEAM_TIE[code].replace(" :", "\u00a0:")), first
    rules = HouseRules(**TEAM)
    said = [fill(content, word, rules) for word in SCOREKEEPER_TEAM_WORDS]
    for text in [first, *said]:
        for wrong in PLAYER_WORDS[code]:
            assert wrong not in text, text
    # a game without teams keeps its own words
    alone = [fill(content, word, HouseRules(ties="play-on")) for word in SCOREKEEPER_TEAM_WORDS]
    assert alone != said


def _summary(code: str, **rules) -> tuple[str, ...]:
    return tuple(score_sheet_text(load_content(code), HouseFile(HouseRules(**rules))).summary)


# -- German: two decks are Kartenspiele (a Blatt is the printed sheet); cases held -----------------


def test_german_names_two_decks_as_decks_and_the_moon_s_cards_in_their_case():
    content = load_content("de")
    words = content.scorekeeper.words
    two_decks = HouseRules(players=6)
    said = [fill(content, word, two_decks) for word in words if "." not in word]
    assert not [text for text in said if "Blätter" in text]
    assert [text for text in said if "(2 Kartenspiele)" in text]
    summary = _summary("de", black_maria=True)
    moon = "Durchmarsch (ein Spieler bekommt alle Herzen, die D♠, den K♠ und das A♠):"
    assert [item for item in summary if moon in item], summary


# -- the refusal of impossible points: said plainly, one colon in the message ---------------------

IMPOSSIBLE = {
    "en": "Not recorded: these points are impossible, since whoever took Q♠ has 13 or more.",
    "de": "diese Punkte sind unmöglich, denn wer die D♠ bekam, hat 13 oder mehr",
    "fr": "ces points sont impossibles, car qui a ramassé la D♠ a 13 ou plus",
    "es": "estos puntos son imposibles, porque quien se llevó la Q♠ tiene 13 o más",
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(
    "rules",
    [HouseRules(), HouseRules(players=8), HouseRules(black_maria=True, bonus_card="JD")],
    ids=["standard", "two-decks", "black-maria-bonus"],
)
def test_impossible_points_are_refused_plainly(code, rules):
    content = load_content(code)
    refusal = fill(content, "refusal.queens", rules)
    for word in ("not-recorded", "not-recorded-moon", "not-recorded-edit"):
        said = fill(content, word, rules).replace("{problem}", refusal)
        assert said.count(":") == 1, said
    if rules == HouseRules():
        assert IMPOSSIBLE[code] in fill(content, "not-recorded", rules).replace(
            "{problem}", refusal
        )
    for wrong in ("no deal", "ningún reparto", "aucune donne", "keine Verteilung"):
        assert wrong not in refusal


# -- the ☾ beside the names says what to do; French Undo and a game's end said as such -------------

MOON_LEGEND = {
    "en": "Tap ☾ beside the name of whoever shot the moon.",
    "de": "Durchmarsch? Tippt auf das ☾ neben dem Namen.",
    "fr": "Touchez ☾ à côté du nom de qui a fait le chelem.",
    "es": "Toca ☾ junto al nombre de quien tiró la luna.",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_moon_legend_says_what_to_tap(code):
    assert load_content(code).scorekeeper.page["moon-legend"] == MOON_LEGEND[code]


def test_french_undo_withdraws_the_entry_not_the_deal():
    content = load_content("fr")
    for word in ("taken-back", "taken-back-revoke", "taken-back-moon"):
        said = fill(content, word, HouseRules())
        assert said.startswith("Saisie de la donne {number} retirée"), said
        assert "annulée" not in said
    for target in (100, 75):
        said = variant_line(content, HouseRules(target=target), "target")
        assert said == f"**Fin de partie à {target} points.**"


# -- Spanish: seats "a dos puestos a tu izquierda", a count of points with its verb, one colon -----


def test_spanish_seats_points_and_refusals_read_right():
    content = load_content("es")
    strings: list[str] = []
    for path in sorted((CONTENT / "es").glob("*.yaml")):
        strings += _texts(yaml.safe_load(path.read_text("utf-8")))
    assert "al jugador sentado a dos puestos a tu izquierda" in strings
    assert "{count} al jugador sentado a dos puestos a tu derecha" in strings
    assert [text for text in strings if "(el que está a {seats} puestos a tu izquierda)" in text]
    assert not [text for text in strings if "sentado dos puestos" in text]
    assert not [text for text in strings if "está {seats}" in text]
    assert fill(content, "to-place", HouseRules()) == "{count:point} por repartir (de {total})."
    refusal = fill(content, "refusal.unmarked-moon", HouseRules())
    for word in ("not-recorded", "not-recorded-moon", "not-recorded-edit", "field-problem"):
        said = fill(content, word, HouseRules()).replace("{problem}", refusal)
        assert said.count(":") == 1, said


def _texts(node) -> list[str]:
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts(value)]
    if isinstance(node, list):
        return [text for value in node for text in _texts(value)]
    return [node] if isinstance(node, str) else []


@pytest.mark.parametrize("direction", ["second-left", "second-right"])
def test_german_labels_the_pass_two_seats_away_in_lower_case_as_links(direction):
    directions = load_content("de").language.directions
    assert directions["left"]["label"] == "← links"
    assert directions[direction]["label"].split(" ")[1] == "übernächster"


def test_french_names_the_hand_without_a_pass_one_way():
    hold = load_content("fr").language.directions["hold"]
    for name in ("name", "plan", "hand"):
        assert hold[name] == "sans échange", (name, hold[name])
    assert "○ sans échange" in _texts(
        yaml.safe_load((CONTENT / "fr" / "language.yaml").read_text())
    )
    assert "○ aucun" not in _texts(yaml.safe_load((CONTENT / "fr" / "language.yaml").read_text()))
