"""The scorekeeper's JavaScript scores exactly like the engine's Game, at every table.

The same hands go through sheets.scoring.Game and through HeartsScoring.replay in chromium;
every hand's scores and totals, the end and the winners must agree, and so must the refusals,
reason for reason (the ids of sheets.scoring.REFUSALS): 3 to 5 players, 4 in teams and
Cancellation Hearts for 6 to 10, under every scoring rule, with hands stopped by a revoke among
them, and entries no share of the bonus cards could give.
"""

from __future__ import annotations

import random

import pytest

from sheets.bundle import load_content
from sheets.gamerecord import record_name
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY, HouseRules, warnings
from sheets.scoring import REFUSALS, Game, ScoreError
from sheets.site.scorekeeper import record_rules

Hand = dict  # {"points": [...], "shooter": int | None, "sun": bool, "choice": str | None,
#                "revoke": int | None}
PLAYERS = range(OPTIONS_BY_KEY["players"].minimum, OPTIONS_BY_KEY["players"].maximum + 1)


def js_rules(rules: HouseRules) -> dict:
    """The scoring rules as scoring.js takes them: the game record's table and rules."""
    return record_rules(rules, load_content())


def hand(
    *points: int,
    shooter: int | None = None,
    sun: bool = False,
    choice: str | None = None,
    revoke: int | None = None,
) -> Hand:
    return {
        "points": list(points),
        "shooter": shooter,
        "sun": sun,
        "choice": choice,
        "revoke": revoke,
    }


def revoke(rules: HouseRules, offender: int) -> Hand:
    """A hand stopped by a revoke, as the scorer enters it: the offender's whole points."""
    return hand(
        *(rules.points_per_hand if i == offender else 0 for i in range(rules.sides)),
        revoke=offender,
    )


def marks(h: Hand) -> dict:
    """A hand's marks, as Game's keyword arguments."""
    return {key: h[key] for key in ("shooter", "sun", "choice", "revoke")}


def engine_result(rules: HouseRules, hands: list[Hand], edits=()) -> dict:
    """Play the hands through Game, then the edits (index, hand); the outcome, or the error."""
    game = Game(rules)
    try:
        for h in hands:
            game.record_points(h["points"], **marks(h))
        for index, h in edits:
            game.edit(index, h["points"], **marks(h))
    except ScoreError as err:
        return {"error": err.reason}
    return {
        "scores": [list(r.scores) for r in game.history],
        "ways": [r.moon_rule for r in game.history],
        "totals": [list(r.totals) for r in game.history],
        "over": game.is_over,
        "winners": list(game.winners),
    }


def final_hands(hands: list[Hand], edits=()) -> list[Hand]:
    out = list(hands)
    for index, h in edits:
        out[index] = h
    return out


REPLAY = """([rules, hands]) => {
  try {
    const r = HeartsScoring.replay(rules, hands);
    return {scores: r.rows.map(row => row.delta), ways: r.rows.map(row => row.rule),
            totals: r.rows.map(row => row.totals),
            over: r.over, winners: r.winners};
  } catch (err) {
    if (err instanceof HeartsScoring.ScoreError) { return {error: err.reason}; }
    throw err;
  }
}"""


@pytest.fixture(scope="module")
def scoring(browser, standard_url):
    """A page with scoring.js loaded: call it with (rules, hands); .problem(rules, hand) is
    HeartsScoring.handProblem's refusal (None for a hand it takes)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(standard_url)

    def replay(rules: HouseRules, hands: list[Hand]) -> dict:
        return page.evaluate(REPLAY, [js_rules(rules), hands])

    replay.batch = lambda cases: page.evaluate(
        "(cases) => cases.map(c => (" + REPLAY + ")(c))",
        [[js_rules(rules), hands] for rules, hands in cases],
    )
    replay.problem = lambda rules, one: page.evaluate(
        "([rules, hand]) => HeartsScoring.handProblem(rules, hand)", [js_rules(rules), one]
    )
    replay.page = page
    yield replay
    context.close()


STORIES = {
    "a plain game to the end": (
        HouseRules(),
        [hand(13, 13, 0, 0), hand(0, 13, 13, 0)] * 3 + [hand(0, 25, 1, 0)],
        (),
    ),
    "moon added to the others": (
        HouseRules(players=3),
        [hand(26, 0, 0, shooter=0), hand(10, 3, 13)],
        (),
    ),
    "moon taken off the shooter": (
        HouseRules(moon="subtract-from-shooter"),
        [hand(0, 26, 0, 0, shooter=1)],
        (),
    ),
    "the shooter chooses each way": (
        HouseRules(moon="shooter-chooses", players=5),
        [
            hand(0, 0, 26, 0, 0, shooter=2, choice="subtract-from-shooter"),
            hand(26, 0, 0, 0, 0, shooter=0, choice="add-to-others"),
        ],
        (),
    ),
    "add unless it ends the game": (
        HouseRules(moon="add-unless-it-ends-game", target=50),
        [
            hand(0, 26, 0, 0, shooter=1),
            hand(26, 0, 0, 0, shooter=0),
            hand(0, 0, 0, 26, shooter=3),
            hand(0, 0, 13, 13),
            hand(0, 0, 0, 26, shooter=3),
        ],
        (),
    ),
    "exactly 100 drops to 50": (
        HouseRules(exactly_100=50),
        [hand(0, 26, 0, 0, shooter=1)] * 3 + [hand(22, 0, 4, 0)],
        (),
    ),
    "exactly 100 drops to 0 as the game ends": (
        HouseRules(exactly_100=0, moon="subtract-from-shooter"),
        [hand(13, 13, 0, 0)] * 7 + [hand(9, 13, 4, 0)],
        (),
    ),
    "tie: joint winners": (HouseRules(players=3, target=20), [hand(1, 1, 24)], ()),
    "tie: play on": (
        HouseRules(players=3, target=20, ties="play-on"),
        [hand(1, 1, 24), hand(1, 0, 25)],
        (),
    ),
    "bonus card, moon with and without the jack": (
        HouseRules(bonus_card="JD"),
        [hand(25, 1, -10, 0), hand(0, 16, 0, 0, shooter=1), hand(-10, 26, 0, 0, shooter=1)],
        (),
    ),
    "ten of diamonds, shooter chooses": (
        HouseRules(bonus_card="TD", moon="shooter-chooses"),
        [hand(-10, 0, 26, 0, shooter=2, choice="subtract-from-shooter")],
        (),
    ),
    "partnership moon": (HouseRules(partnership=True), [hand(20, 6), hand(0, 26, shooter=1)], ()),
    "the sun": (
        HouseRules(shoot_the_sun=True, moon="add-unless-it-ends-game"),
        [hand(26, 0, 0, 0, shooter=0, sun=True), hand(0, 26, 0, 0, shooter=1, sun=True)],
        (),
    ),
    "an edited hand": (
        HouseRules(),
        [hand(13, 13, 0, 0), hand(0, 0, 13, 13), hand(25, 0, 1, 0)],
        ((0, hand(0, 0, 0, 26, shooter=3)),),
    ),
    "an edit that would end the game early": (
        HouseRules(target=25),
        [hand(20, 6, 0, 0), hand(0, 0, 6, 20)],
        ((0, hand(25, 1, 0, 0)),),
    ),
    "Cancellation Hearts, 6 players: 52 a hand, a moon of 52": (
        HouseRules(players=6),
        [hand(20, 13, 9, 5, 5, 0), hand(0, 0, 52, 0, 0, 0, shooter=2)],
        (),
    ),
    "Cancellation Hearts, 10 players, both jacks and the sun": (
        HouseRules(players=10, bonus_card="JD", shoot_the_sun=True, moon="subtract-from-shooter"),
        [
            hand(40, -10, 2, 0, 0, 0, 0, 0, -10, 10),
            hand(32, 0, 0, 0, 0, 0, 0, 0, 0, 0, shooter=0, sun=True),
            hand(0, 42, -10, 0, 0, 0, 0, 0, 0, 0, shooter=1),
        ],
        (),
    ),
    "Cancellation Hearts, 8 players, the shooter chooses": (
        HouseRules(players=8, moon="shooter-chooses", target=60),
        [
            hand(0, 0, 0, 52, 0, 0, 0, 0, shooter=3, choice="add-to-others"),
            hand(52, 0, 0, 0, 0, 0, 0, 0, shooter=0, choice="subtract-from-shooter"),
        ],
        (),
    ),
    "a bonus card's 16, 0, 0, 0 unmarked: Q♠ and 3 hearts, and 10 hearts with J♦": (
        HouseRules(bonus_card="JD"),
        [hand(16, 0, 0, 0)],
        (),
    ),
    "a revoke: the offender takes 26, nobody else scores": (
        HouseRules(),
        [hand(13, 13, 0, 0), revoke(HouseRules(), 2)],
        (),
    ),
    "a revoke under the bonus card: exactly 26, no -10 for anyone": (
        HouseRules(bonus_card="JD", moon="subtract-from-shooter"),
        [hand(25, 1, -10, 0), revoke(HouseRules(), 1)],
        (),
    ),
    "a team's revoke goes to the team": (
        HouseRules(partnership=True),
        [hand(20, 6), revoke(HouseRules(partnership=True), 1)],
        (),
    ),
    "Cancellation Hearts, 7 players, both jacks: a revoke of 52": (
        HouseRules(players=7, bonus_card="TD", shoot_the_sun=True),
        [hand(30, -10, 2, 0, 0, -10, 20), revoke(HouseRules(players=7), 6)],
        (),
    ),
    "a revoke that lands on exactly 100 and one that ends the game": (
        HouseRules(exactly_100=0),
        [hand(0, 25, 1, 0)] * 2
        + [hand(25, 0, 0, 1)] * 2
        + [hand(24, 0, 1, 1)]
        + [revoke(HouseRules(), 0), revoke(HouseRules(), 1), revoke(HouseRules(), 1)],
        (),
    ),
    "a hand edited into a revoke, and a revoke edited into a moon": (
        HouseRules(players=3),
        [hand(13, 13, 0), revoke(HouseRules(players=3), 0)],
        ((0, revoke(HouseRules(players=3), 2)), (1, hand(0, 26, 0, shooter=1))),
    ),
    "1 J♦ and -5, 0, 21, 0: the jack took 5 hearts": (
        HouseRules(bonus_card="JD"),
        [hand(-5, 0, 21, 0)],
        (),
    ),
    "Black Maria: 43 a hand, 5 points for one player, a moon of 43 and a revoke of 43": (
        HouseRules(black_maria=True),
        [hand(5, 38, 0, 0), hand(0, 0, 43, 0, shooter=2), revoke(HouseRules(black_maria=True), 3)],
        (),
    ),
    "Black Maria, 3 players, the bonus card and the sun": (
        HouseRules(
            players=3,
            black_maria=True,
            bonus_card="JD",
            shoot_the_sun=True,
            moon="shooter-chooses",
            target=200,
        ),
        [
            hand(-10, 20, 23),
            hand(33, 0, 0, shooter=0, sun=True, choice="add-to-others"),
            hand(0, 43, -10, shooter=1, choice="subtract-from-shooter"),
        ],
        (),
    ),
    "Black Maria, 8 players: 86 a hand, a moon of 86": (
        HouseRules(players=8, black_maria=True, target=200),
        [hand(23, 23, 20, 10, 5, 5, 0, 0), hand(0, 0, 0, 0, 86, 0, 0, 0, shooter=4)],
        (),
    ),
}


@pytest.mark.parametrize("story", list(STORIES))
def test_the_same_story_scores_the_same(scoring, story):
    rules, hands, edits = STORIES[story]
    expected = engine_result(rules, hands, edits)
    assert scoring(rules, final_hands(hands, edits)) == expected


def test_the_stories_reach_what_they_are_about(scoring):
    """Guard the stories themselves: each shows the thing it is named for."""
    results = {name: engine_result(*story) for name, story in STORIES.items()}
    refused = [name for name, result in results.items() if result.get("error")]
    assert refused == ["an edit that would end the game early"]
    assert results["a plain game to the end"]["totals"][-1] == [39, 103, 40, 0]
    assert results["a plain game to the end"]["winners"] == [3]
    assert results["add unless it ends the game"]["totals"][1] == [0, 0, 26, 26]
    assert results["add unless it ends the game"]["totals"][-1] == [26, 26, 65, 13]
    assert results["exactly 100 drops to 50"]["totals"][-1] == [50, 0, 82, 78]
    assert results["exactly 100 drops to 0 as the game ends"]["totals"][-1] == [0, 104, 4, 0]
    assert results["exactly 100 drops to 0 as the game ends"]["winners"] == [0, 3]
    assert results["tie: joint winners"]["winners"] == [0, 1]
    assert results["tie: play on"]["totals"][0] == [1, 1, 24]
    assert results["tie: play on"]["winners"] == [1]
    assert results["bonus card, moon with and without the jack"]["totals"][1] == [51, -9, 16, 26]
    assert results["an edited hand"]["totals"][-1] == [51, 26, 40, 13]
    assert results["an edit that would end the game early"] == {"error": "game-over"}
    assert results["Cancellation Hearts, 6 players: 52 a hand, a moon of 52"]["totals"][-1] == [
        72,
        65,
        9,
        57,
        57,
        52,
    ]
    assert results["Cancellation Hearts, 10 players, both jacks and the sun"]["totals"][-1] == [
        -84,
        -72,
        -8,
        0,
        0,
        0,
        0,
        0,
        -10,
        10,
    ]  # the sun: -20 - 104; the moon: -10 - 52
    assert results["Cancellation Hearts, 8 players, the shooter chooses"]["totals"][-1] == [
        0,
        52,
        52,
        0,
        52,
        52,
        52,
        52,
    ]
    rules, _, ((_, edited),) = STORIES["an edit that would end the game early"]
    alone = engine_result(rules, [edited])  # the edited hand is fine: it just ends the game
    assert alone["over"] and alone["winners"] == [2, 3]
    assert results["a revoke: the offender takes 26, nobody else scores"]["scores"][-1] == [
        0,
        0,
        26,
        0,
    ]
    assert results["a revoke under the bonus card: exactly 26, no -10 for anyone"]["totals"][
        -1
    ] == [25, 27, -10, 0]
    assert results["a team's revoke goes to the team"]["totals"][-1] == [20, 32]
    assert results["Cancellation Hearts, 7 players, both jacks: a revoke of 52"]["scores"][-1] == [
        0,
        0,
        0,
        0,
        0,
        0,
        52,
    ]
    lands = results["a revoke that lands on exactly 100 and one that ends the game"]
    assert lands["totals"][4:] == [[74, 50, 3, 3], [0, 50, 3, 3], [0, 76, 3, 3], [0, 102, 3, 3]]
    assert lands["over"] and lands["winners"] == [0]
    edited = results["a hand edited into a revoke, and a revoke edited into a moon"]
    assert edited["scores"] == [[0, 0, 26], [26, 0, 26]]
    black = results[
        "Black Maria: 43 a hand, 5 points for one player, a moon of 43 and a revoke of 43"
    ]
    assert black["scores"] == [[5, 38, 0, 0], [43, 43, 0, 43], [0, 0, 0, 43]]
    assert results["Black Maria, 3 players, the bonus card and the sun"]["scores"] == [
        [-10, 20, 23],
        [-10, 86, 86],
        [0, -43, -10],
    ]
    assert results["Black Maria, 8 players: 86 a hand, a moon of 86"]["totals"][-1] == [
        109,
        109,
        106,
        96,
        5,
        91,
        86,
        86,
    ]


# Hands both must refuse for one reason each, named by its id (sheets.scoring.REFUSALS, which
# the config gives scoring.js).
WHOLE_HAND, OUT_OF_RANGE = "unmarked-moon", "range"
NO_SHOOTER, NOT_CHOOSING = "choice-needs-shooter", "no-choice-here"
TOO_FEW_BONUS = TOO_FEW_BONUS_2 = "bonus-shares"
REVOKE_POINTS, NO_MOON = "revoke-points", "revoke-moon"
NO_SUCH_SIDE = "no-side"
SPADES = "queens"  # the penalty spades cannot be shared out
NEW_REFUSALS = [
    # one side took all the hearts and the queen of spades, but no moon is marked
    (HouseRules(), hand(0, 26, 0, 0), WHOLE_HAND),
    (HouseRules(players=3), hand(0, 0, 26), WHOLE_HAND),
    (HouseRules(players=5, moon="shooter-chooses"), hand(26, 0, 0, 0, 0), WHOLE_HAND),
    (HouseRules(partnership=True), hand(26, 0), WHOLE_HAND),
    (HouseRules(bonus_card="JD"), hand(26, 0, -10, 0), WHOLE_HAND),
    (HouseRules(bonus_card="TD", players=3), hand(-10, 0, 26), WHOLE_HAND),
    # a side's points outside -10 (with a bonus card, else 0) .. 26, though the sum is right
    (HouseRules(), hand(27, -1, 0, 0), OUT_OF_RANGE),
    (HouseRules(), hand(-1, 14, 13, 0), OUT_OF_RANGE),
    (HouseRules(partnership=True), hand(30, -4), OUT_OF_RANGE),
    (HouseRules(bonus_card="JD"), hand(-11, 14, 13, 0), OUT_OF_RANGE),
    (HouseRules(bonus_card="TD"), hand(27, -10, -1, 0), OUT_OF_RANGE),
    (HouseRules(), hand(0, 27, -1, 0, shooter=1), OUT_OF_RANGE),
    # a choice without a shooter, or under a moon rule that takes none
    (HouseRules(moon="shooter-chooses"), hand(13, 13, 0, 0, choice="add-to-others"), NO_SHOOTER),
    (HouseRules(), hand(13, 13, 0, 0, choice="subtract-from-shooter"), NO_SHOOTER),
    (HouseRules(), hand(0, 26, 0, 0, shooter=1, choice="add-to-others"), NOT_CHOOSING),
    (
        HouseRules(moon="subtract-from-shooter"),
        hand(0, 26, 0, 0, shooter=1, choice="subtract-from-shooter"),
        NOT_CHOOSING,
    ),
    (
        HouseRules(moon="add-unless-it-ends-game"),
        hand(0, 0, 26, 0, shooter=2, choice="add-to-others"),
        NOT_CHOOSING,
    ),
    # two decks: 52 a hand, the bonus cards' -20 between them
    (HouseRules(players=7), hand(52, 0, 0, 0, 0, 0, 0), WHOLE_HAND),
    (HouseRules(players=9, bonus_card="TD"), hand(-21, 53, 0, 0, 0, 0, 0, 0, 0), OUT_OF_RANGE),
    (HouseRules(players=6), hand(53, -1, 0, 0, 0, 0), OUT_OF_RANGE),
    # minus points no share of the bonus cards gives: two sides below 0 with one jack, ...
    (HouseRules(bonus_card="JD"), hand(-10, -10, 20, 16), TOO_FEW_BONUS),
    (HouseRules(bonus_card="TD", players=5), hand(-1, 0, -2, 19, 0), TOO_FEW_BONUS),
    # ... three with two jacks, or one side's -15 and another's -5
    (
        HouseRules(bonus_card="JD", players=8),
        hand(-10, -10, -10, 40, 10, 12, 0, 0),
        TOO_FEW_BONUS_2,
    ),
    (
        HouseRules(bonus_card="TD", players=10),
        hand(-15, 0, -5, 0, 0, 50, 2, 0, 0, 0),
        TOO_FEW_BONUS_2,
    ),
    # a revoke that is not one: wrong points, a moon or choice beside it, no such side
    (HouseRules(), hand(0, 26, 0, 0, revoke=0), REVOKE_POINTS),
    (HouseRules(bonus_card="JD"), hand(16, 0, 0, 0, revoke=0), REVOKE_POINTS),
    (HouseRules(bonus_card="JD"), hand(26, -10, 0, 0, revoke=0), REVOKE_POINTS),
    (HouseRules(players=6), hand(26, 0, 0, 0, 0, 0, revoke=0), REVOKE_POINTS),
    (HouseRules(), hand(26, 0, 0, 0, shooter=0, revoke=0), NO_MOON),
    (HouseRules(shoot_the_sun=True), hand(26, 0, 0, 0, sun=True, revoke=0), NO_MOON),
    (
        HouseRules(moon="shooter-chooses"),
        hand(26, 0, 0, 0, choice="add-to-others", revoke=0),
        NO_SHOOTER,
    ),
    (HouseRules(), hand(26, 0, 0, 0, revoke=4), NO_SUCH_SIDE),
    (HouseRules(partnership=True), hand(26, 0, revoke=-1), NO_SUCH_SIDE),
    # Black Maria spades: 43 a hand (86 with two decks), K♠ and A♠ somebody's, a moon of 43
    (HouseRules(black_maria=True), hand(0, 43, 0, 0), WHOLE_HAND),
    (HouseRules(black_maria=True), hand(26, 0, 0, 0), "sum"),
    (HouseRules(black_maria=True), hand(12, 11, 10, 10), SPADES),
    (HouseRules(black_maria=True), hand(20, 9, 8, 6), SPADES),
    (HouseRules(black_maria=True, bonus_card="JD"), hand(12, 12, 12, -3), SPADES),
    (HouseRules(black_maria=True, players=8), hand(12, 12, 12, 12, 12, 12, 7, 7), SPADES),
    (HouseRules(black_maria=True), hand(0, 26, 0, 17, shooter=1), "shooter-missed"),
    # a sun wins every trick: a bonus card's minus anywhere but the shooter's cannot be
    (
        HouseRules(shoot_the_sun=True, bonus_card="JD"),
        hand(0, 26, 0, -10, shooter=1, sun=True),
        "sun-missed",
    ),
    (
        HouseRules(players=8, shoot_the_sun=True, bonus_card="JD"),
        hand(42, -10, 0, 0, 0, 0, 0, 0, shooter=0, sun=True),
        "sun-missed",
    ),
    (
        HouseRules(partnership=True, shoot_the_sun=True, bonus_card="TD"),
        hand(26, -10, shooter=0, sun=True),
        "sun-missed",
    ),
    (HouseRules(black_maria=True), hand(26, 0, 0, 0, revoke=0), REVOKE_POINTS),
]

BAD_HANDS = [
    (HouseRules(), hand(13, 12, 0, 0)),  # adds up to 25
    (HouseRules(), hand(13, 13, 0)),  # one side missing
    (HouseRules(), hand(0, 25, 1, 0, shooter=1)),  # the shooter missed a heart
    (HouseRules(), hand(0, 26, 0, 0, shooter=4)),  # no such side
    (HouseRules(), hand(13, 13, 0, 0, sun=True)),  # a sun without a shooter
    (HouseRules(), hand(26, 0, 0, 0, shooter=0, sun=True)),  # the sun is not played
    (HouseRules(moon="shooter-chooses"), hand(26, 0, 0, 0, shooter=0)),  # no choice
    (HouseRules(bonus_card="JD"), hand(13, 13, 0, 0)),  # the jack's -10 is missing
    (HouseRules(bonus_card="JD"), hand(16, -10, 10, 0, shooter=0)),
    (HouseRules(players=6), hand(26, 0, 0, 0, 0, 0)),  # one deck's points of two
    (HouseRules(players=8, bonus_card="JD"), hand(42, 0, 0, 0, 0, 0, 0, 0, shooter=0)),  # one jack
    (HouseRules(players=10), hand(26, 26, 0, 0, 0, 0, 0, 0, 0, 0, shooter=0)),
] + [(rules, bad) for rules, bad, _ in NEW_REFUSALS]


def test_the_same_hands_are_refused(scoring):
    for rules, bad in BAD_HANDS:
        refused = engine_result(rules, [bad])
        assert refused.get("error") in REFUSALS, bad
        assert scoring(rules, [bad]) == refused, bad  # for the same reason
        # a refused hand is refused after other hands too, and as an edit
        played = [hand(*([0] * (rules.sides - 2) + [13, rules.check_sum - 13]))]
        assert engine_result(rules, played)["scores"] == [played[0]["points"]], rules
        assert engine_result(rules, played + [bad]) == refused, bad
        assert engine_result(rules, played, ((0, bad),)) == refused, bad
        assert scoring(rules, played + [bad]) == refused, bad


@pytest.mark.parametrize(
    "rules, bad, reason",
    NEW_REFUSALS,
    ids=[f"{reason}: {bad['points']}" for _, bad, reason in NEW_REFUSALS],
)
def test_the_new_refusals_give_the_same_reason(scoring, rules, bad, reason):
    """Each of the newer refusals is refused by both for that reason, not another."""
    with pytest.raises(ScoreError) as info:
        Game(rules).record_points(bad["points"], **marks(bad))
    assert info.value.reason == reason
    problem = scoring.problem(rules, bad)
    assert problem is not None and problem["reason"] == reason, problem


def random_hand(rules: HouseRules, rng: random.Random) -> Hand:
    """A hand a scorer could enter: hearts, penalty spades and bonus cards spread, sometimes a
    moon, now and then a hand stopped by a revoke."""
    n = rules.sides
    if rng.random() < 0.08:
        return revoke(rules, rng.randrange(n))
    points = [0] * n
    shooter = None
    if rng.random() < 0.2:
        shooter = rng.randrange(n)
        points[shooter] = rules.points_per_hand
    else:
        for _ in range(13 * rules.decks):
            points[rng.randrange(n)] += 1
        for _, spade in rules.penalty_spades * rules.decks:
            points[rng.randrange(n)] += spade
        if rules.points_per_hand in points:  # one side took them all: a scorer marks the moon
            shooter = points.index(rules.points_per_hand)
    sun = shooter is not None and rules.shoot_the_sun and rng.random() < 0.3
    if rules.bonus:
        for _ in range(rules.decks):  # a sun wins every trick, each bonus card's among them
            points[shooter if sun else rng.randrange(n)] -= 10
    choice = (
        rng.choice(["add-to-others", "subtract-from-shooter"])
        if shooter is not None and rules.moon == "shooter-chooses"
        else None
    )
    return hand(*points, shooter=shooter, sun=sun, choice=choice)


def random_value(option, rng: random.Random):
    """A value of a scoring rule: any choice; a switch on now and then; a number about its
    default (a target of 50 to 150)."""
    if option.kind == "bool":
        return rng.random() < 0.3
    if option.kind == "int":
        return rng.choice(
            [option.default // 2, option.default, option.default, option.default * 3 // 2]
        )
    return rng.choice(option.choices)


def random_rules(rng: random.Random) -> HouseRules:
    """Any table the engine plays, under any value of every scoring rule."""
    partnership = rng.random() < 0.15
    return HouseRules(
        players=4 if partnership else rng.choice(PLAYERS),
        partnership=partnership,
        **{o.key: random_value(o, rng) for o in OPTIONS if o.role == "scoring"},
    )


def test_random_games_score_the_same(scoring):
    """400 random games at every table, played to the end, revokes among their hands, each
    with a random edit: the same to the point."""
    rng = random.Random(20241)
    cases, expected, tables, revoked = [], [], set(), set()
    for _ in range(400):
        rules = random_rules(rng)
        tables.add((rules.players, rules.partnership))
        game = Game(rules)
        hands = []
        while not game.is_over and len(hands) < 200:
            h = random_hand(rules, rng)
            game.record_points(h["points"], **marks(h))
            hands.append(h)
            if h["revoke"] is not None:
                revoked.add((rules.players, rules.partnership, rules.bonus_card != "none"))
        edits = ((rng.randrange(len(hands)), random_hand(rules, rng)),)
        for played in (hands, final_hands(hands, edits)):
            cases.append((rules, played))
        expected.append(engine_result(rules, hands))
        expected.append(engine_result(rules, hands, edits))
    assert scoring.batch(cases) == expected
    assert tables == {(n, False) for n in PLAYERS} | {(4, True)}, "every table was played"
    assert revoked == {(n, teams, bonus) for n, teams in tables for bonus in (False, True)}, (
        "a revoke at every table, with and without a bonus card"
    )
    assert any(e.get("error") for e in expected), "some random edit should end a game too early"


def nudged(rules: HouseRules, rng: random.Random) -> Hand:
    """A hand a scorer might mistype: a point or a bonus card's -10 moved, a moon or a revoke
    marked or not, a choice or sun where none belongs, a revoke by nobody at the table, or a
    whole hand's points unmarked."""
    h = random_hand(rules, rng)
    points, n = h["points"], rules.sides
    kind = rng.randrange(8)
    if kind == 0:
        points[rng.randrange(n)] += rng.choice([-10, -1, 1, 13])
    elif kind == 1:  # a heart, or a bonus card's -10, written on the wrong side
        moved = rng.choice([1, 1, 10])
        i, j = rng.randrange(n), rng.randrange(n)
        points[i] -= moved
        points[j] += moved
    elif kind == 2:
        h["shooter"] = None if h["shooter"] is not None else rng.randrange(n)
    elif kind == 3:
        h["choice"] = rng.choice([None, "add-to-others", "subtract-from-shooter"])
    elif kind == 4:
        h["sun"] = not h["sun"]
    elif kind == 5:
        h["revoke"] = None if h["revoke"] is not None else rng.randrange(n)
    elif kind == 6:
        h["revoke"] = rng.choice([-1, n])
    return h


def test_random_refusals_are_the_same(scoring):
    """5,000 single hands, many of them mistyped, at every table: each refused by both or by
    neither."""
    rng = random.Random(778)
    cases, expected = [], []
    for _ in range(5000):
        rules = random_rules(rng)
        h = nudged(rules, rng)
        cases.append((rules, [h]))
        expected.append(engine_result(rules, [h]))
    assert scoring.batch(cases) == expected  # each refused by both for the same reason
    refused = sum(1 for e in expected if e.get("error"))
    assert 800 < refused < 4200, f"{refused} of 5000 refused: the mix should hold both kinds"
    reasons = [(e.get("error"), rules.decks) for (rules, _), e in zip(cases, expected)]
    for reason, decks in (
        (TOO_FEW_BONUS, 1),
        (TOO_FEW_BONUS_2, 2),
        (REVOKE_POINTS, 1),
        (NO_MOON, 1),
        (NO_SUCH_SIDE, 1),
        ("sun-missed", 1),
    ):
        assert reasons.count((reason, decks)) >= 5, f"too few refused for {reason!r}"
    taken = sum(
        1 for (_, [h]), e in zip(cases, expected) if h["revoke"] is not None and not e.get("error")
    )
    assert taken >= 30, f"{taken} revokes taken: the mix should hold good ones too"


def test_the_same_rules_are_found_never_to_apply(scoring):
    """A game's setup says under a rule set that can never apply that it never will (in a game
    to 50, no total is ever exactly 100; two teams, the moon's safeguard never: round 34):
    HeartsScoring.deadRules finds what
    sheets.deadrules.warnings finds among the rules a game keeps, with the same numbers, at
    every table and under every scoring rule."""
    rng = random.Random(5150)
    cases = (
        [random_rules(rng) for _ in range(1500)]
        + [
            HouseRules(players=8, target=t, exactly_100=50, moon=m)
            for t in (40, 48, 49, 60)
            for m in ("add-to-others", "subtract-from-shooter")
        ]
        + [
            HouseRules(players=p, partnership=p == 4, moon=m, target=50, exactly_100=e)
            for p in (3, 4, 5)
            for m in ("add-unless-it-ends-game", "shooter-chooses")
            for e in ("none", 50)
        ]
    )
    found = scoring.page.evaluate(
        "(all) => all.map(r => HeartsScoring.deadRules(r))", [js_rules(r) for r in cases]
    )
    kept = {o.key for o in OPTIONS if o.role == "scoring"}
    dead_kinds = set()
    for rules, said in zip(cases, found):
        expected = [w for w in warnings(rules) if w.key in kept]
        assert [d["rule"] for d in said] == [
            record_name(OPTIONS_BY_KEY[w.key]) for w in expected
        ], rules
        for w, d in zip(expected, said):
            if w.id == "dead-safeguard":
                assert d["values"] == {} and rules.partnership
                dead_kinds.add("safeguard")
                continue
            args = dict(w.args)
            assert d["values"] == {
                "ends_at": args["target"],
                "before": args["before"],
                "most": args["most"],
            }
            dead_kinds.add((rules.players > 5, rules.shoot_the_sun, rules.moon))
    assert len(dead_kinds) >= 8, "dead rules under many tables, suns and moons"
    assert "safeguard" in dead_kinds
    assert sum(1 for s in found if s) > 30, "a fair share of rules set that never apply"
