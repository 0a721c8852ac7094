"""Words native readers found wrong or unclear, held right in every language: each rule said
as the rule sheet says it, each thing named as the language names it."""

from __future__ import annotations

import pytest

from sheets.bundle import load_content
from sheets.service.controls import value_text

# -- /make's moon choice: the exception is a win for someone else, not any end of the game --------

MOON_UNLESS = {
    "en": "add to the others unless another would win",
    "de": "allen anderen anrechnen, außer ein anderer würde gewinnen",
    "fr": "ajouté aux autres, sauf s'il fait gagner un autre",
    "es": "se suma a los demás, salvo si le da la victoria a otro",
}


@pytest.mark.parametrize("code", MOON_UNLESS)
def test_make_s_moon_choice_names_the_win_of_another(code):
    said = value_text(load_content(code).language, "moon", "add-unless-it-ends-game")
    assert said == MOON_UNLESS[code]
    for wrong in ("ends the game", "beendet das Spiel", "finit la partie", "acaba la partida"):
        assert wrong not in said
