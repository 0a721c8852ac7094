"""Words native readers found wrong or unclear, held right in every language: each rule said
as the rule sheet says it, each thing named as the language names it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sheets.blocks import signed
from sheets.bundle import load_content
from sheets.housefile import HouseFile
from sheets.houserules import HouseRules
from sheets.language import LANGUAGES
from sheets.scoring import from_cards
from sheets.service.controls import value_text
from sheets.text import score_sheet_text, variant_line
from sheets.words import fill, placeholders

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
    "de": "fällt auf 50 zurück, noch bevor geprüft wird, ob das Spiel zu Ende ist",
    "fr": "redescend d'abord à 50, avant de regarder si la partie est finie",
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
    "en": "Not recorded: whoever took Q♠ has at least 13 points, and nobody here has 13 or more.",
    "de": "wer die D♠ bekommen hat, hat mindestens 13 Punkte – hier hat aber niemand 13 oder mehr",
    "fr": "qui a ramassé la D♠ a au moins 13 points, et personne ici n'a 13 ou plus",
    "es": "quien se llevó la Q♠ tiene al menos 13 puntos, y aquí nadie tiene 13 o más",
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
    "fr": "Chelem\u00a0? Touchez le ☾ à côté du nom de son auteur.",
    "es": "Toca ☾ junto al nombre de quien hizo la luna.",  # "hacer la luna", as the sheets say
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_moon_legend_says_what_to_tap(code):
    assert fill(load_content(code), "moon-legend", HouseRules()) == MOON_LEGEND[code]


def test_french_undo_withdraws_the_entry_not_the_deal():
    content = load_content("fr")
    for word in ("taken-back", "taken-back-revoke", "taken-back-moon"):
        said = fill(content, word, HouseRules())
        assert said.startswith("Enregistrement de la donne {number} annulé"), said
        assert "annulée" not in said
    for target in (100, 75):
        said = variant_line(content, HouseRules(target=target), "target")
        assert said == f"**Fin de partie à {target} points.**"


# -- Spanish: seats "el segundo jugador por tu izquierda", a count of points, one colon -----------


def test_spanish_seats_points_and_refusals_read_right():
    content = load_content("es")
    strings: list[str] = []
    for path in sorted((CONTENT / "es").glob("*.yaml")):
        strings += _texts(yaml.safe_load(path.read_text("utf-8")))
    assert "al segundo jugador por tu izquierda" in strings
    assert "{count} al segundo jugador por tu derecha" in strings
    assert [text for text in strings if "(el que está a {seats} puestos a tu izquierda)" in text]
    assert not [text for text in strings if "sentado dos puestos" in text]
    assert not [text for text in strings if "está {seats}" in text]
    assert fill(content, "to-place", HouseRules()) == "{count:point} sin anotar (de {total})."
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
    for name in ("name", "hand"):
        assert hold[name] == "sans échange", (name, hold[name])
    # an item of the cycle: "3 à gauche, 3 à droite, 3 en face, une donne sans échange"
    assert hold["plan"] == "une donne sans échange"
    assert "○ sans échange" in _texts(
        yaml.safe_load((CONTENT / "fr" / "language.yaml").read_text())
    )
    assert "○ aucun" not in _texts(yaml.safe_load((CONTENT / "fr" / "language.yaml").read_text()))


# -- Cancellation Hearts in German: cards that "löschen sich aus", never "Aufheben" ---------------

GERMAN_CANCELLATION = "Hearts mit Auslöschen"


def _german_strings():
    for path in sorted((CONTENT / "de").glob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.lstrip().startswith("#"):  # the comments say why, naming the old words
                yield path.name, line


def test_german_names_cancellation_hearts_as_cards_that_cancel_out_everywhere():
    language = load_content("de").language
    assert language.presets["cancellation"] == GERMAN_CANCELLATION
    wrong = ("Aufheben", "aufheben", "heben sich", "hebt sich", "aufgehoben", "Aufhebung")
    found = [(name, w) for name, line in _german_strings() for w in wrong if w in line]
    assert found == []
    said = [line for _, line in _german_strings() if "löschen sich aus" in line]
    assert len(said) >= 5, said  # the rules, the variants, the keys' meanings, the example
    named = [name for name, line in _german_strings() if GERMAN_CANCELLATION in line]
    assert {"language.yaml", "rules.yaml", "scorekeeper.yaml", "variants.yaml"} <= set(named)


# -- a trick with no winner: its cards stay in the middle until a trick with a winner takes them --

NO_WINNER = {
    "de": (
        "Löschen sich alle Karten der ausgespielten Farbe aus, bleibt der ganze Stich in der "
        "Tischmitte liegen, bis ein Stich mit Gewinner ihn mitnimmt"
    ),
    "fr": (
        "Si toutes les cartes de la couleur demandée s'annulent, elles restent au milieu de la "
        "table jusqu'au prochain pli qui a un gagnant, qui les emporte"
    ),
    "es": (  # the whole trick, not only the cards of the suit led
        "Si todas las cartas del palo de salida se anulan, nadie gana la baza: todas sus cartas se "
        "quedan en el centro de la mesa"
    ),
}
PILES = {"de": ("wartend", "Stapel"), "fr": ("en attente", "tas "), "es": ("esperan", "montones")}


@pytest.mark.parametrize("code", NO_WINNER)
def test_the_cancelling_rule_says_where_the_cards_of_a_trick_with_no_winner_stay(code):
    rules = (CONTENT / code / "rules.yaml").read_text(encoding="utf-8")
    assert NO_WINNER[code] in rules
    assert [word for word in PILES[code] if word in rules] == []


# -- Spanish worked examples name a card with its article: "juega el A♣", "echa la Q♦" -----------


@pytest.mark.parametrize("players", [4, 6])
def test_spanish_worked_example_names_each_card_with_its_article(players):
    import re

    from sheets.example import find_example

    language = load_content("es").language
    example = find_example(HouseRules(players=players), load_content("es").example, seed=0)
    card = r"(?:10|[2-9JQKA])[♣♦♥♠]"
    # a card played or won with, after a verb or "con": its article before it
    bare = [
        s
        for s in example.sentences
        for m in re.finditer(
            rf"\b(juega|asiste con|echa|echar|gana(?: la baza)? con|sale con) {card}", s
        )
    ]
    assert bare == [], example.sentences
    said = " ".join(example.sentences)
    assert re.search(rf"\b(?:el|la) {card}", said), said
    assert all(article in ("el ", "la ") for article in language.articles)


def test_spanish_worked_example_names_a_numbered_seat_with_its_article():
    from sheets.example import find_example

    example = find_example(HouseRules(players=6), load_content("es").example, seed=0)
    said = [example.intro, *example.sentences]
    assert "a la izquierda del jugador 1" in " ".join(said), said
    assert all(not s.startswith("Jugador") for s in said), said  # "El jugador 2 ..."
    assert [s for s in said if " de Jugador" in s or " Jugador " in s] == [], said
    compass = find_example(HouseRules(), load_content("es").example, seed=0)
    assert compass.intro.endswith("Reparte Norte.")  # the compass's seats keep their bare names


@pytest.mark.parametrize("players", [4, 8])
def test_the_bonus_card_s_example_in_the_points_hint_scores_as_the_engine_does(players):
    """A scorer typed a J♦ taker's 6 hearts and tapped ±, for −6: the hint counts an example
    in one number, as the engine scores a player who took those hearts and one J♦."""
    rules = HouseRules(players=players, bonus_card="JD")
    values = placeholders(load_content(), rules)
    hearts = values["example_hearts"]
    every = rules.point_cards - rules.decks  # the hearts
    taken = [hearts, every - hearts] + [0] * (rules.sides - 2)
    bonus = list(range(rules.decks))  # the first player took one J♦ (the second, the other)
    points, _ = from_cards(rules, taken, [1] * rules.decks, bonus)
    assert points[0] < 0 and values["example_points"] == signed(points[0])
    assert values["example_typed"] == -points[0]
    said = fill(load_content(), "points-hint", rules)
    assert f"({hearts} hearts and J♦: type {-points[0]} and tap ± for {signed(points[0])})" in said
