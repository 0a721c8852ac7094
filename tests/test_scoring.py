"""Scoring whole games: the moon rules, the end, ties, undo and edit (sheets.scoring.Game).

The scorekeeper's scoring.js must score exactly like this; tests/browser/test_scorekeeper_engine.py
checks the two agree.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import play_out

from sheets.houserules import HouseRules
from sheets.scoring import Game


@pytest.mark.parametrize("moon, choice, scores", [
    ("add-to-others", None, (0, 26, 26, 26)),
    ("subtract-from-shooter", None, (-26, 0, 0, 0)),
    ("shooter-chooses", "add-to-others", (0, 26, 26, 26)),
    ("shooter-chooses", "subtract-from-shooter", (-26, 0, 0, 0)),
    ("add-unless-it-ends-game", None, (0, 26, 26, 26)),
])
def test_moon_under_each_rule(moon, choice, scores):
    game = Game(HouseRules(moon=moon))
    record = game.record_points([26, 0, 0, 0], shooter=0, choice=choice)
    assert record.scores == scores
    assert game.totals == scores


def test_add_unless_it_ends_game_subtracts_when_adding_would_hand_someone_the_game():
    game = Game(HouseRules(moon="add-unless-it-ends-game"))
    for points in ([0, 25, 0, 1], [0, 25, 0, 1], [0, 25, 0, 1], [1, 3, 14, 8], [0, 0, 25, 1]):
        game.record_points(points)
    assert game.totals == (1, 78, 39, 12)
    record = game.record_points([0, 0, 26, 0], shooter=2)  # +26 would end it with North winning
    assert record.scores == (0, 0, -26, 0)
    assert game.totals == (1, 78, 13, 12)
    assert not game.is_over
    # When adding leaves the shooter the only lowest, the add stands.
    game2 = Game(HouseRules(moon="add-unless-it-ends-game"))
    for points in ([3, 0, 20, 3], [25, 0, 1, 0], [25, 0, 1, 0], [25, 0, 0, 1]):
        game2.record_points(points)
    assert game2.totals == (78, 0, 22, 4)
    game2.record_points([0, 26, 0, 0], shooter=1)
    assert game2.totals == (104, 0, 48, 30)
    assert game2.is_over and game2.winners == (1,)


def test_shooter_chooses_needs_a_choice():
    game = Game(HouseRules(moon="shooter-chooses"))
    with pytest.raises(ValueError, match="must choose"):
        game.record_points([26, 0, 0, 0], shooter=0)


def test_moon_with_the_bonus_card_applies_the_jack_after():
    game = Game(HouseRules(bonus_card="JD"))
    record = game.record_points([26, -10, 0, 0], shooter=0)
    assert record.scores == (0, 16, 26, 26)
    record = game.record_points([16, 0, 0, 0], shooter=0)
    assert record.scores == (-10, 26, 26, 26)
    with pytest.raises(ValueError, match="did not take every point card"):
        game.record_points([13, 3, 0, 0], shooter=0)


@pytest.mark.parametrize("points, shooter, choice, message", [
    ([26, 0, 0, 0], None, None, "North took every heart and queen of spades: mark the moon"),
    ([30, -4, 0, 0], None, None, "points must be from 0 to 26, not 30"),
    ([13, 13, 0, 0], None, "add-to-others", "a moon choice needs a shooter"),
    ([26, 0, 0, 0], 0, "subtract-from-shooter", "only the shooter-chooses rule takes a choice"),
])
def test_entries_no_deal_could_give_are_refused(points, shooter, choice, message):
    with pytest.raises(ValueError, match=message):
        Game(HouseRules()).record_points(points, shooter=shooter, choice=choice)


def test_hand_must_add_up():
    with pytest.raises(ValueError, match="add up to 25; a hand adds up to 26"):
        Game(HouseRules()).record_points([25, 0, 0, 0])


def test_exactly_100_resets():
    for reset, expected in (("none", 100), (50, 50), (0, 0)):
        game = Game(HouseRules(exactly_100=reset))
        for _ in range(4):
            game.record_points([25, 1, 0, 0])
        assert game.totals[0] == expected
        assert game.is_over is (reset == "none")


def test_target_sets_the_end():
    game = Game(HouseRules(target=50))
    game.record_points([25, 0, 0, 1])
    assert not game.is_over
    game.record_points([25, 0, 0, 1])
    assert game.is_over and game.winners == (1, 2)


def test_ties_joint_winners_or_play_on():
    def tied(ties: str) -> Game:
        game = Game(HouseRules(ties=ties))
        for _ in range(4):
            game.record_points([25, 0, 0, 1])
        return game

    joint = tied("joint-winners")
    assert joint.is_over and joint.winners == (1, 2)
    with pytest.raises(ValueError, match="game is over"):
        joint.record_points([26, 0, 0, 0])
    play_on = tied("play-on")
    assert not play_on.is_over and play_on.winners == ()
    play_on.record_points([0, 13, 13, 0])
    assert play_on.is_over and play_on.winners == (3,)


def test_game_dealer_and_pass_direction_advance():
    game = Game(HouseRules(), dealer=2)
    seen = []
    for k in range(5):
        seen.append((game.dealer, game.pass_direction))
        game.record_points([25 if seat == k % 4 else int(seat == (k + 1) % 4)
                            for seat in range(4)])
    assert seen == [(2, "left"), (3, "right"), (0, "across"), (1, "hold"), (2, "left")]


def test_undo_and_edit_recompute_totals():
    game = Game(HouseRules())
    game.record_points([25, 1, 0, 0])
    game.record_points([0, 25, 1, 0])
    game.edit(0, [0, 0, 25, 1])
    assert game.totals == (0, 25, 26, 1)
    game.undo()
    assert game.totals == (0, 0, 25, 1) and game.hand_number == 1


def test_whole_games_under_every_moon_rule_end_with_winners():
    for moon in ("add-to-others", "subtract-from-shooter", "shooter-chooses",
                 "add-unless-it-ends-game"):
        for reset in ("none", 50):
            for ties in ("joint-winners", "play-on"):
                rules = HouseRules(moon=moon, exactly_100=reset, ties=ties)
                game = Game(rules)
                seed = 0
                while not game.is_over:
                    hand = play_out(game.new_hand(seed), random.Random(seed))
                    game.record_hand(hand, choice="subtract-from-shooter")
                    seed += 1
                    assert seed < 200
                assert max(game.totals) >= 100
                low = min(game.totals)
                assert game.winners == tuple(i for i, t in enumerate(game.totals) if t == low)
                if ties == "play-on":
                    assert len(game.winners) == 1
