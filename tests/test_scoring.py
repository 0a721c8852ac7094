"""Scoring whole games: the moon rules, the end, ties, undo and edit, a hand stopped by a revoke,
and what no share of the bonus cards could give (sheets.scoring.Game).

The scorekeeper's scoring.js must score exactly like this; tests/browser/test_scorekeeper_engine.py
checks the two agree.
"""

from __future__ import annotations

import random
import re
from contextlib import contextmanager
from itertools import combinations_with_replacement

import pytest
from engine_helpers import play_out

from sheets.bundle import load_content
from sheets.engine import BONUS_POINTS
from sheets.houserules import OPTIONS_BY_KEY, HouseRules, exactly_100_reachable, warnings
from sheets.scoring import Game, ScoreError, from_cards
from sheets.words import refusal_text

PLAYERS = range(OPTIONS_BY_KEY["players"].minimum, OPTIONS_BY_KEY["players"].maximum + 1)
TABLES = [HouseRules(players=n) for n in PLAYERS] + [HouseRules(partnership=True)]


@contextmanager
def refused(game: Game, words: str, reason: str | None = None):
    """The call in the block is refused with ScoreError, whose words (the content's English, as
    the scorekeeper shows them) match ``words`` (a regex, searched for) and whose reason id is
    ``reason`` when given."""
    with pytest.raises(ScoreError) as info:
        yield
    said = refusal_text(load_content(), game.rules, game.names, info.value)
    assert re.search(words, said) and "{" not in said, said
    assert reason is None or info.value.reason == reason


@pytest.mark.parametrize(
    "moon, choice, scores",
    [
        ("add-to-others", None, (0, 26, 26, 26)),
        ("subtract-from-shooter", None, (-26, 0, 0, 0)),
        ("shooter-chooses", "add-to-others", (0, 26, 26, 26)),
        ("shooter-chooses", "subtract-from-shooter", (-26, 0, 0, 0)),
        ("add-unless-it-ends-game", None, (0, 26, 26, 26)),
    ],
)
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
    with refused(game, "must choose", "choose-moon"):
        game.record_points([26, 0, 0, 0], shooter=0)


def test_moon_with_the_bonus_card_applies_the_jack_after():
    game = Game(HouseRules(bonus_card="JD"))
    record = game.record_points([26, -10, 0, 0], shooter=0)
    assert record.scores == (0, 16, 26, 26)
    record = game.record_points([16, 0, 0, 0], shooter=0)
    assert record.scores == (-10, 26, 26, 26)
    with refused(game, "did not take every point card", "shooter-missed"):
        game.record_points([13, 3, 0, 0], shooter=0)


@pytest.mark.parametrize(
    "points, shooter, choice, message",
    [
        ([26, 0, 0, 0], None, None, "North took every heart and Q♠, so mark the moon"),
        ([30, -4, 0, 0], None, None, "points must be from 0 to 26, not 30"),
        ([13, 13, 0, 0], None, "add-to-others", "a moon choice needs a shooter"),
        (
            [26, 0, 0, 0],
            0,
            "subtract-from-shooter",
            "only a rule where the shooter chooses takes a choice",
        ),
    ],
)
def test_entries_no_deal_could_give_are_refused(points, shooter, choice, message):
    game = Game(HouseRules())
    with refused(game, f"^{message}$"):
        game.record_points(points, shooter=shooter, choice=choice)


def test_hand_must_add_up():
    game = Game(HouseRules())
    with refused(game, "add up to 25; a hand adds up to 26", "sum"):
        game.record_points([25, 0, 0, 0])


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
    with refused(joint, "^the game ends with hand 4, before hand 5$", "game-over"):
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
        game.record_points([25 if seat == k % 4 else int(seat == (k + 1) % 4) for seat in range(4)])
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
    for moon in (
        "add-to-others",
        "subtract-from-shooter",
        "shooter-chooses",
        "add-unless-it-ends-game",
    ):
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


# -- a hand stopped by a revoke ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [t.replace(bonus_card=b) for t in TABLES for b in ("none", "JD")],
    ids=lambda r: f"{r.players}{'-teams' if r.partnership else ''}-{r.bonus_card}",
)
def test_a_revoke_gives_the_offender_the_whole_hand_at_every_table(rules):
    """The offender (a team, at a partnership) takes 26, or 52 with two decks; nobody else
    scores, and no bonus card counts: the check sum is not the hand's."""
    offender = rules.sides - 1
    game = Game(rules)
    record = game.record_revoke(offender)
    whole = 26 * rules.decks
    expected = tuple(whole if i == offender else 0 for i in range(rules.sides))
    assert record.points == record.scores == record.totals == expected
    assert record.revoke == offender
    assert (record.shooter, record.sun, record.choice, record.moon_rule) == (
        None,
        False,
        None,
        None,
    )
    assert sum(record.scores) == rules.points_per_hand != rules.check_sum or not rules.bonus
    # entered as points with the revoke marked, it is the same hand
    again = Game(rules)
    assert again.record_points(list(expected), revoke=offender) == record


def test_a_revoke_is_scored_alike_under_every_moon_rule():
    for moon in OPTIONS_BY_KEY["moon"].choices:
        game = Game(HouseRules(moon=moon, shoot_the_sun=True))
        game.record_points([13, 13, 0, 0])
        record = game.record_revoke(2)
        assert record.scores == (0, 0, 26, 0) and game.totals == (13, 13, 26, 0), moon
        assert record.moon_rule is None


def test_a_revoke_resets_at_exactly_100_and_ends_the_game_like_any_hand():
    game = Game(HouseRules(exactly_100=50))
    for _ in range(3):
        game.record_points([0, 25, 1, 0])
    game.record_points([13, 0, 13, 0])
    assert game.totals == (13, 75, 16, 0)
    record = game.record_revoke(1)  # East: 75 + 26 = 101, and the game ends
    assert record.totals == (13, 101, 16, 0) and game.is_over and game.winners == (3,)
    with refused(game, "the game ends with hand", "game-over"):
        game.record_revoke(0)
    game.undo()
    game.record_points([0, 0, 0, 26], shooter=3)  # East +26 with the moon: 101 too
    game.edit(4, revoke=0)  # no: North revoked, and 13 + 26 ends nothing
    assert game.totals == (39, 75, 16, 0) and not game.is_over
    game.record_points([0, 0, 13, 13])
    for _ in range(2):
        game.record_revoke(0)
    assert game.totals[0] == 91
    assert game.undo().revoke == 0
    game.record_points([9, 0, 17, 0])
    assert game.totals == (74, 75, 46, 13)
    record = game.record_revoke(0)  # 74 + 26: exactly 100 drops to 50
    assert record.scores == (26, 0, 0, 0) and game.totals == (50, 75, 46, 13)
    assert not game.is_over


def test_a_revoke_reaches_exactly_100_where_nothing_else_can():
    """Taking a moon off the shooter, in a game to 75, one hand adds at most 25 without a
    revoke, so only a revoke brings 74 to 100: the reset is live and the sheets print it."""
    rules = HouseRules(moon="subtract-from-shooter", target=75, exactly_100=50)
    assert exactly_100_reachable(rules)
    assert "exactly_100" not in {p.key for p in warnings(rules)}
    assert "exactly_100" in {p.key for p in warnings(rules.replace(target=74))}
    game = Game(rules)
    for points in ([25, 1, 0, 0], [25, 0, 1, 0], [24, 0, 1, 1]):
        game.record_points(points)
    assert game.totals[0] == 74
    game.record_revoke(0)
    assert game.totals == (50, 1, 2, 1) and not game.is_over
    assert game.history[-1].scores == (26, 0, 0, 0)


def test_a_revoke_is_edited_and_undone_like_any_hand():
    game = Game(HouseRules(partnership=True))
    game.record_points([20, 6])
    game.record_revoke(0)
    game.record_points([0, 26], shooter=1)
    assert game.totals == (72, 6)
    game.edit(1, revoke=1)  # it was the other team
    assert game.totals == (46, 32)
    assert [r.revoke for r in game.history] == [None, 1, None]
    game.edit(1, [13, 13])  # no revoke after all
    assert game.totals == (59, 19) and game.history[1].revoke is None
    game.edit(0, revoke=0)
    assert game.history[0].scores == (26, 0) and game.totals == (65, 13)
    assert game.undo().shooter == 1
    assert game.undo().revoke is None
    assert game.undo().revoke == 0
    game.record_points([13, 13])
    with pytest.raises(ScoreError) as info:
        game.edit(0)
    assert info.value.reason == "edit-needs-points"


@pytest.mark.parametrize(
    "rules, points, marks, message",
    [
        (HouseRules(), [26, 0, 0, 0], {"revoke": 4}, "there is no player 4"),
        (HouseRules(), [26, 0, 0, 0], {"revoke": True}, "there is no player True"),
        (
            HouseRules(),
            [26, 0, 0, 0],
            {"revoke": 0, "shooter": 0},
            "no moon is possible in a hand stopped by a revoke",
        ),
        (
            HouseRules(shoot_the_sun=True),
            [26, 0, 0, 0],
            {"revoke": 0, "sun": True},
            "no moon is possible in a hand stopped by a revoke",
        ),
        (
            HouseRules(moon="shooter-chooses"),
            [26, 0, 0, 0],
            {"revoke": 0, "choice": "add-to-others"},
            "a moon choice needs a shooter",
        ),
        (
            HouseRules(),
            [0, 26, 0, 0],
            {"revoke": 0},
            "a revoke scores 26 for the offender and 0 for everyone else",
        ),
        (
            HouseRules(bonus_card="JD"),
            [16, 0, 0, 0],
            {"revoke": 0},
            "a revoke scores 26 for the offender and 0 for everyone else",
        ),
        (
            HouseRules(bonus_card="JD"),
            [26, -10, 0, 0],
            {"revoke": 0},
            "a revoke scores 26 for the offender and 0 for everyone else",
        ),
        (
            HouseRules(players=6),
            [26, 0, 0, 0, 0, 0],
            {"revoke": 0},
            "a revoke scores 52 for the offender and 0 for everyone else",
        ),
        (
            HouseRules(partnership=True),
            [26, 0, 0],
            {"revoke": 0},
            "enter 2 whole numbers, one for each team",
        ),
    ],
)
def test_a_revoke_that_is_not_one_is_refused(rules, points, marks, message):
    game = Game(rules)
    with refused(game, f"^{message}$"):
        game.record_points(points, **marks)


def test_every_heart_and_queen_unmarked_is_still_refused_but_names_the_revoke_way():
    """26, 0, 0, 0 is a moon, or a revoke: unmarked it is neither."""
    game = Game(HouseRules())
    with refused(game, "mark the moon", "unmarked-moon"):
        game.record_points([26, 0, 0, 0])
    assert Game(HouseRules()).record_points([26, 0, 0, 0], revoke=0).scores == (26, 0, 0, 0)


# -- what no deal could give: the bonus cards and the queens -----------------------------------------


def could_be_dealt(rules: HouseRules, points: list[int]) -> bool:
    """The rule, by brute force: some share of the deck's bonus cards and some share of its
    penalty spades (Q♠ 13 each; under Black Maria K♠ 10 and A♠ 7 too) leave every side a
    number of hearts from 0 to all of them, with no side holding every point card (that is a
    moon)."""
    if sum(points) != rules.check_sum:
        return False
    whole, hearts = rules.points_per_hand, 13 * rules.decks
    copies = rules.decks if rules.bonus else 0

    def spades_fit(left: list[int], kinds: list[int]) -> bool:
        if not kinds:
            return all(0 <= h <= hearts for h in left)
        for takers in combinations_with_replacement(range(rules.sides), rules.decks):
            rest = [h - kinds[0] * takers.count(i) for i, h in enumerate(left)]
            if min(rest) >= 0 and spades_fit(rest, kinds[1:]):
                return True
        return False

    for share in combinations_with_replacement(range(rules.sides), copies):
        taken = [p + -BONUS_POINTS * share.count(i) for i, p in enumerate(points)]
        if all(0 <= t < whole for t in taken) and spades_fit(
            taken, [value for _, value in rules.penalty_spades]
        ):
            return True
    return False


@pytest.mark.parametrize(
    "rules, points, message",
    [
        (
            HouseRules(bonus_card="JD"),
            [-10, -10, 20, 16],
            "the points below 0 need 2 J♦ between them; there is only 1",
        ),
        (
            HouseRules(bonus_card="TD"),
            [-1, -1, 2, 16],
            "the points below 0 need 2 10♦ between them; there is only 1",
        ),
        (HouseRules(bonus_card="JD", players=3), [-5, 0, 21], None),
        (HouseRules(bonus_card="JD", partnership=True), [-4, 20], None),
        (
            HouseRules(bonus_card="JD", players=8),
            [-10, -10, -10, 40, 10, 12, 0, 0],
            "the points below 0 need 3 J♦ between them; there are only 2",
        ),
        (
            HouseRules(bonus_card="JD", players=8),
            [-15, -5, 0, 40, 10, 2, 0, 0],
            "the points below 0 need 3 J♦ between them; there are only 2",
        ),
        (HouseRules(bonus_card="JD", players=8), [-11, 0, 0, 41, 0, 2, 0, 0], None),
        (
            HouseRules(bonus_card="JD", players=10),
            [-10, -10, 0, 0, 52, 0, 0, 0, 0, 0],
            "Player 5 took every heart and both Q♠, so mark the moon",
        ),
        (HouseRules(bonus_card="JD"), [16, 0, 0, 0], None),  # Q♠ and 3 hearts; J♦ and 10 hearts
        # nobody can have taken Q♠ (13), counting a J♦'s 10 back where one was taken
        (
            HouseRules(),
            [7, 7, 6, 6],
            "whoever took Q♠ has at least 13 points, and nobody here has 13 or more",
        ),
        (
            HouseRules(players=5),
            [5, 5, 5, 5, 6],
            "whoever took Q♠ has at least 13 points, and nobody here has 13 or more",
        ),
        (
            HouseRules(players=8),
            [10, 10, 10, 10, 6, 6, 0, 0],
            "each Q♠ is worth 13, so two players have 13 or more, or one has 26 or more; neither is "
            "true here",
        ),
        (HouseRules(players=8), [26, 10, 10, 6, 0, 0, 0, 0], None),  # both Q♠ to Player 1
        (
            HouseRules(bonus_card="JD"),
            [-10, 12, 12, 2],
            "whoever took Q♠ has at least 13 points (10 fewer if they took J♦ too), and nobody "
            "here can have taken Q♠",
        ),
        (HouseRules(bonus_card="JD"), [3, 3, 5, 5], None),  # Q♠ and J♦ together make 3
        (HouseRules(partnership=True), [13, 13], None),
        # Black Maria spades: Q♠ 13, K♠ 10 and A♠ 7 must each have gone to someone
        (HouseRules(black_maria=True), [5, 38, 0, 0], None),  # 5 hearts; the spades and 8 hearts
        (
            HouseRules(black_maria=True),
            [12, 11, 10, 10],
            "points come only from the hearts (1 each), Q♠ (13), K♠ (10) and A♠ (7), and no sharing "
            "of those cards gives these",
        ),
        (
            HouseRules(black_maria=True),
            [20, 9, 8, 6],  # Q♠ and A♠ fit in 20, K♠ nowhere
            "points come only from the hearts (1 each), Q♠ (13), K♠ (10) and A♠ (7), and no sharing "
            "of those cards gives these",
        ),
        (HouseRules(black_maria=True, bonus_card="JD"), [-10, 20, 13, 10], None),
        (HouseRules(black_maria=True, players=3), [17, 13, 13], None),
        (HouseRules(black_maria=True, players=8), [23, 23, 20, 10, 5, 5, 0, 0], None),
        (
            HouseRules(black_maria=True, players=8),
            [12, 12, 12, 12, 12, 12, 7, 7],
            "points come only from the hearts (1 each) and each deck's Q♠ (13), K♠ (10) and A♠ (7), "
            "and no sharing of those cards gives these",
        ),
        (
            HouseRules(black_maria=True),
            [43, 0, 0, 0],
            "North took every heart, Q♠, K♠ and A♠, so mark the moon",
        ),
    ],
)
def test_points_no_share_of_the_bonus_cards_gives_are_refused(rules, points, message):
    assert could_be_dealt(rules, points) is (message is None)
    game = Game(rules)
    if message is None:
        assert game.record_points(points).scores == tuple(points)
    else:
        with refused(game, f"^{re.escape(message)}$"):
            game.record_points(points)


def random_entry(rules: HouseRules, rng: random.Random) -> list[int]:
    """Points in range that add up, with minus points often under a bonus card (they are what
    its rule is about)."""
    low, high = -rules.bonus_total, rules.points_per_hand
    while True:
        points = [
            rng.randint(low, -1) if low < 0 and rng.random() < 0.3 else rng.randint(0, high // 2)
            for _ in range(rules.sides - 1)
        ]
        last = rules.check_sum - sum(points)
        if low <= last <= high:
            points.insert(rng.randrange(rules.sides), last)
            return points


@pytest.mark.parametrize(
    "bonuses, black_maria, seed, fewest_refused",
    [
        (
            ("JD", "TD"),
            False,
            16,
            1000,
        ),  # a side below 0 needs a bonus card, and the deck has so many
        (("none",), False, 17, 400),  # somebody must have taken each Q♠
        (("none", "JD"), True, 18, 400),  # and under Black Maria each K♠ and A♠ too
    ],
)
def test_random_entries_are_taken_exactly_when_a_deal_gives_them(
    bonuses, black_maria, seed, fewest_refused
):
    """4,000 entries at every table: Game takes those and only those the brute-force rule
    above finds a deal for."""
    rng = random.Random(seed)
    taken = refused = 0
    for _ in range(4000):
        rules = rng.choice(TABLES).replace(bonus_card=rng.choice(bonuses), black_maria=black_maria)
        points = random_entry(rules, rng)
        try:
            Game(rules).record_points(points)
            ok = True
        except ScoreError:
            ok = False
        assert ok is could_be_dealt(rules, points), (rules.players, points)
        taken += ok
        refused += not ok
    assert taken > 1000 and refused > fewest_refused, (taken, refused)


@pytest.mark.parametrize("bonus", ["none", "JD"])
def test_every_real_hand_is_taken(bonus):
    """Hands played out by the engine never trip the rules, at every table."""
    for k, table in enumerate(TABLES):
        rules = table.replace(bonus_card=bonus)
        game = Game(rules)
        for seed in range(12):
            hand = play_out(game.new_hand(seed + 100 * k), random.Random(seed))
            game.record_hand(hand)
            if game.is_over:
                break


def test_a_hand_entered_by_the_cards_taken():
    """Who took Q♠ and the bonus card, and each side's hearts: the points a scorer would have
    added up, and the side that took every heart and queen as the moon's shooter."""
    bonus = HouseRules(bonus_card="JD")
    assert from_cards(HouseRules(), [5, 3, 0, 5], [1]) == ((5, 16, 0, 5), None)
    assert from_cards(bonus, [5, 3, 0, 5], [1], [2]) == ((5, 16, -10, 5), None)
    assert from_cards(bonus, [13, 0, 0, 0], [0], [1]) == ((26, -10, 0, 0), 0)
    assert from_cards(HouseRules(), [13, 0, 0, 0], [1]) == ((13, 13, 0, 0), None)
    six = HouseRules(players=6)
    assert from_cards(six, [26, 0, 0, 0, 0, 0], [0, 0]) == ((52, 0, 0, 0, 0, 0), 0)
    assert from_cards(six, [20, 6, 0, 0, 0, 0], [0, 1]) == ((33, 19, 0, 0, 0, 0), None)
    game = Game(bonus)
    points, shooter = from_cards(bonus, [13, 0, 0, 0], [0], [1])
    assert game.record_points(points, shooter=shooter).scores == (0, 16, 26, 26)


@pytest.mark.parametrize(
    "rules, hearts, queens, bonus, reason",
    [
        (HouseRules(), [5, 3, 0], [1], [], "count"),
        (HouseRules(), [5, 3, 0, 5], [], [], "queen-takers"),
        (HouseRules(), [5, 3, 0, 5], [4], [], "queen-takers"),
        (HouseRules(players=6), [26, 0, 0, 0, 0, 0], [0], [], "queen-takers"),
        (HouseRules(bonus_card="JD"), [5, 3, 0, 5], [1], [], "bonus-takers"),
        (HouseRules(), [5, 3, 0, 5], [1], [2], "bonus-takers"),
        (HouseRules(), [14, -1, 0, 0], [1], [], "hearts-range"),
        (HouseRules(), [5, 3, 0, 4], [1], [], "hearts-sum"),
    ],
)
def test_cards_that_no_hand_gives_are_refused(rules, hearts, queens, bonus, reason):
    with pytest.raises(ScoreError) as info:
        from_cards(rules, hearts, queens, bonus)
    assert info.value.reason == reason


@pytest.mark.parametrize(
    "options, check, moon_rows, sun",
    [
        ({"black_maria": True}, 43, (129, -43), 86),
        ({"black_maria": True, "players": 3}, 43, (86, -43), 86),
        ({"black_maria": True, "bonus_card": "JD"}, 33, (119, -53), 86),
        ({"black_maria": True, "players": 8}, 86, (602, -86), 172),
        ({"black_maria": True, "partnership": True}, 43, (43, -43), 86),
    ],
)
def test_black_maria_sums(options, check, moon_rows, sun):
    """Black Maria spades: 43 a hand (86 with two decks), the moon worth the hand, the sun
    twice that; the bonus card's -10 apart."""
    rules = HouseRules(**options)
    assert rules.check_sum == check and rules.moon_sums() == moon_rows
    assert rules.moon_value == rules.points_per_hand == 43 * rules.decks
    assert rules.sun_value == sun and rules.point_cards == 16 * rules.decks


def test_black_maria_moons_revokes_and_suns_are_scored_at_43():
    game = Game(HouseRules(black_maria=True, shoot_the_sun=True, bonus_card="JD", target=500))
    assert game.record_points([5, 38, -10, 0]).scores == (5, 38, -10, 0)
    assert game.record_points([33, 0, 0, 0], shooter=0).scores == (-10, 43, 43, 43)
    assert game.record_points([0, 33, 0, 0], shooter=1, sun=True).scores == (86, -10, 86, 86)
    assert game.record_revoke(2).scores == (0, 0, 43, 0)
    with refused(game, "did not take every point card", "shooter-missed"):
        game.record_points([26, 17, -10, 0], shooter=0)  # K♠ and A♠ went to East
    with refused(game, "a sun wins every trick, so the shooter took J♦ too", "sun-missed"):
        game.record_points([0, 43, 0, -10], shooter=1, sun=True)  # J♦ was West's
    with refused(game, "add up to 16; a hand adds up to 33", "sum"):
        game.record_points([26, 0, -10, 0])  # the plain game's numbers


def test_the_words_refusing_points_nobody_took_q_spades_with_are_true_of_them():
    """Without a bonus card, the refusal says what the points lack: at one deck nobody has 13 or
    more; at two, fewer than two players have 13 or more and nobody 26 or more. 4,000 random
    entries at every table: each refused for the queens is so."""
    rng = random.Random(19)
    seen = set()
    for _ in range(4000):
        rules = rng.choice(TABLES)
        points = random_entry(rules, rng)
        game = Game(rules)
        try:
            game.record_points(points)
            continue
        except ScoreError as err:
            if err.reason != "queens":
                continue
            said = refusal_text(load_content(), rules, game.names, err)
        seen.add(rules.decks)
        if rules.decks == 1:
            assert said.endswith("nobody here has 13 or more") and max(points) < 13, points
        else:
            assert said.endswith("neither is true here"), said
            assert sum(p >= 13 for p in points) < 2 and max(points) < 26, points
    assert seen == {1, 2}
