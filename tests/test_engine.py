"""The rules of legal play: the specification's worked example card by card, the ladder one rung
at a time, every house rule of play both ways, and the legal set and the reasons compared with
the rules written a second time (``reference_rules.py``) at every position of many hands."""

from __future__ import annotations

import collections
import itertools
import random

import pytest
from engine_helpers import EXAMPLE, cards, example_hand, play_out, random_hand, seat_deal
from reference_rules import legal_by_the_book

from sheets import options
from sheets.cards import CARDS
from sheets.engine import Card, Hand, HouseRules, IllegalPlayError, Limit, Phase, side_names
from sheets.houserules import OPTIONS, PARTNER_OFFSET, TEAMS, HouseRulesError
from sheets.scoring import Game

# -- the specification's worked example, card by card -------------------------------------------


def test_worked_example_trick_card_by_card():
    hand = example_hand()
    assert hand.phase is Phase.PLAY
    assert hand.to_play == 0
    assert set(hand.legal_plays()) == cards("2C")
    hand.play("2C")
    assert set(hand.legal_plays()) == cards("KC 6C 7C")
    hand.play("KC")
    south = hand.legal_plays()
    assert Card.parse("QS") not in south
    assert set(south) == set(hand.held(2)) - cards("QS")
    with pytest.raises(
        IllegalPlayError, match="South may not play QS: no points on the first trick"
    ):
        hand.play("QS")
    hand.play("AD")
    assert set(hand.legal_plays()) == cards("5C 8C 9C TC JC QC AC")
    hand.play("5C")
    trick = hand.tricks[0]
    assert trick.winner == 1 and trick.points == 0
    assert trick.winning_card == Card.parse("KC")
    assert hand.to_play == 1
    assert set(hand.legal_plays()) == cards("6C 7C 5D 6D 7D 5S 6S 7S")
    with pytest.raises(IllegalPlayError, match="East may not play 6H: hearts are not broken"):
        hand.play("6H")


def test_points_on_first_trick_lets_the_void_player_drop_the_queen():
    hand = example_hand(points_on_first_trick=True)
    hand.play("2C")
    hand.play("KC")
    assert Card.parse("QS") in hand.legal_plays()
    hand.play("QS")
    hand.play("5C")
    assert hand.tricks[0].points == 13
    assert hand.points() == (0, 13, 0, 0)


def test_follow_suit_is_enforced_with_a_clear_message():
    hand = example_hand()
    hand.play("2C")
    with pytest.raises(IllegalPlayError, match=r"East may not play 5D: must follow suit \(clubs\)"):
        hand.play("5D")


# -- the ladder of legal play, one rung at a time ------------------------------------------------
#
# Each story shows a rung narrowing the cards, the reason it gives for a card it bars, and the
# same position with the rung's house rule the other way.


def test_rung_follow_suit():
    hand = example_hand()
    hand.play("2C")
    assert set(hand.legal_plays()) == cards("KC 6C 7C")
    assert hand.why_illegal("5D") == hand.why_illegal("6H") == "must follow suit (clubs)"
    assert hand.why_illegal("KC") is None and hand.is_legal("KC")


def test_the_ladder_tells_which_rungs_narrowed_a_choice():
    hand = example_hand(must_dump_queen=True)
    why: list[Limit] = []
    assert hand.legal_plays(why) == (Card.parse("2C"),)
    assert why == [Limit("the first trick must be led with 2C", (Card.parse("2C"),))]
    hand.play("2C")
    hand.play("KC")
    why = []
    south = hand.legal_plays(why)  # void in clubs on trick 1: no points, so the queen waits
    assert [limit.reason for limit in why] == ["no points on the first trick"]
    assert why[0].allowed == south and Card.parse("QS") not in south
    hand.play("AD")
    why = []
    assert hand.legal_plays(why) == tuple(sorted(cards("5C 8C 9C TC JC QC AC")))
    assert [limit.reason for limit in why] == ["must follow suit (clubs)"]


def test_rung_first_lead_is_the_lowest_club():
    hand = example_hand()
    assert set(hand.legal_plays()) == cards("2C")
    assert hand.why_illegal("3C") == hand.why_illegal("2D") == "the first trick must be led with 2C"
    assert hand.why_illegal("KC") == "not held"


def test_rung_first_lead_from_the_dealers_left_is_not_a_heart():
    hand = example_hand(first_lead="dealer-left")
    assert set(hand.legal_plays()) == set(hand.held(0)) - cards("2H 3H 4H 5H")
    assert hand.why_illegal("2H") == "no heart may lead the first trick"
    assert hand.why_illegal("3C") is None


def test_rung_first_trick_limit_lapses_for_a_hand_of_only_points():
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
        "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    )
    hand = Hand(HouseRules(), deal, dealer=3, pass_direction="hold")
    for c in "2C AC AD".split():
        hand.play(c)
    # West, void in clubs, holds nothing but hearts and the queen: any of them, the queen too.
    assert set(hand.legal_plays()) == set(hand.held(3))
    assert hand.why_illegal("QS") is None


def test_rung_hearts_not_broken_and_the_strict_queen_lead():
    hand = _trick_two_position()
    assert hand.why_illegal("6H") == "hearts are not broken"
    assert _trick_two_position(hearts_any_time=True).why_illegal("6H") is None
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "QS AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    for relaxed in (False, True):
        hand = Hand(
            HouseRules(lead_heart_instead_of_queen=relaxed), deal, dealer=3, pass_direction="hold"
        )
        for c in "2C AC 2D 2S".split():  # East wins and holds only hearts and the queen
            hand.play(c)
        assert hand.why_illegal("3H") == (
            None
            if relaxed
            else "hearts are not broken: with only hearts and the queen, lead the queen"
        )


def test_rung_must_dump_queen_when_spades_are_led_and_the_king_is_down():
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KS",
        "QS 2S 4S 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 3S 5S 6S 7S 8S 9S TS JS AS 2H KH AC",
    )
    hand = Hand(HouseRules(must_dump_queen=True), deal, dealer=3, pass_direction="hold")
    for c in "2C 2S 2D AC 3S KS".split():  # West leads a spade on trick 2, North plays the king
        hand.play(c)
    assert set(hand.legal_plays()) == cards("QS")
    assert hand.why_illegal("4S") == "the queen of spades must be played at the first safe chance"
    assert hand.why_illegal("3H") == "must follow suit (spades)"  # the first rung to bar it


def test_last_rung_anything_else_for_a_void_player_after_trick_one():
    hand = example_hand()
    for c in "2C KC AD 5C 5S 8S AS 2S".split():  # West wins trick 2 with the ace of spades
        hand.play(c)
    for c in "8C 3C 6C".split():  # West leads clubs; South has none
        hand.play(c)
    assert hand.to_play == 2
    assert set(hand.legal_plays()) == set(hand.held(2))
    assert hand.why_illegal("QS") is None


# -- each house rule changes a position, checked both ways --------------------------------------


def test_dealer_left_leads_first_with_any_card_but_a_heart():
    standard = example_hand()
    assert standard.to_play == 0
    hand = example_hand(first_lead="dealer-left")  # dealer West: North leads
    assert hand.to_play == 0
    assert set(hand.legal_plays()) == set(hand.held(0)) - cards("2H 3H 4H 5H")
    moved = Hand(HouseRules(first_lead="dealer-left"), EXAMPLE, dealer=0, pass_direction="hold")
    assert moved.to_play == 1
    assert Card.parse("6H") not in moved.legal_plays()
    assert Card.parse("KC") in moved.legal_plays()


def test_trick_one_limit_narrows_the_cards_that_follow_a_spade_lead():
    # The dealer's left (East, dealer North) leads a spade on trick 1. South follows spades:
    # holding Q♠ and another spade, South may not play her while points are barred.
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2S 3S 4S 5S 2D 3D 4D 5D 6D 7D 8D 9D TD",
        "QS 6S 2H 3H 4H 5H 6H 7H 8H 9H TH JH JD",
        "QD KD AD 7S 8S 9S TS JS KS AS QH KH AH",
    )
    for points in (False, True):
        hand = Hand(
            HouseRules(first_lead="dealer-left", points_on_first_trick=points),
            deal,
            dealer=0,
            pass_direction="hold",
        )
        assert hand.to_play == 1
        hand.play("2S")
        if points:
            assert set(hand.legal_plays()) == cards("QS 6S")
        else:
            assert set(hand.legal_plays()) == cards("6S")
            assert hand.why_illegal("QS") == "no points on the first trick"
            with pytest.raises(
                IllegalPlayError, match="South may not play QS: no points on the first trick"
            ):
                hand.play("QS")
    # Holding only the queen in the suit led, South must follow with her, even on trick 1.
    only = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2S 3S 4S 5S 2D 3D 4D 5D 6D 7D 8D 9D TD",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH JD QD",
        "6S KD AD 7S 8S 9S TS JS KS AS QH KH AH",
    )
    hand = Hand(HouseRules(first_lead="dealer-left"), only, dealer=0, pass_direction="hold")
    hand.play("2S")
    assert set(hand.legal_plays()) == cards("QS")


def test_dealer_left_trick_one_bars_the_queen_unless_points_are_allowed():
    deal = seat_deal(
        "QS 2D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD KH",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    barred = Hand(HouseRules(first_lead="dealer-left"), deal, dealer=3, pass_direction="hold")
    assert set(barred.legal_plays()) == cards("2D")  # North leads: not a heart, not the queen
    assert barred.why_illegal("QS") == "no points on the first trick"
    allowed = Hand(
        HouseRules(first_lead="dealer-left", points_on_first_trick=True),
        deal,
        dealer=3,
        pass_direction="hold",
    )
    assert set(allowed.legal_plays()) == cards("QS 2D")  # the queen may lead trick 1 now
    assert allowed.why_illegal("QS") is None
    # With nothing but hearts and the queen, the queen leads under either rule.
    only = seat_deal(
        "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    for points in (False, True):
        hand = Hand(
            HouseRules(first_lead="dealer-left", points_on_first_trick=points),
            only,
            dealer=3,
            pass_direction="hold",
        )
        assert set(hand.legal_plays()) == cards("QS")
        assert hand.why_illegal("2H") == "no heart may lead the first trick"


def _trick_two_position(**rules) -> Hand:
    """East leads trick 2 after winning trick 1; South has discarded AD."""
    hand = example_hand(**rules)
    for c in "2C KC AD 5C".split():
        hand.play(c)
    return hand


def test_hearts_any_time_allows_a_heart_lead_on_trick_two():
    assert Card.parse("6H") not in _trick_two_position().legal_plays()
    assert Card.parse("6H") in _trick_two_position(hearts_any_time=True).legal_plays()


def test_queen_breaks_hearts():
    for flag in (False, True):
        hand = _trick_two_position(queen_breaks_hearts=flag)
        for c in "5S QS AS 2S".split():  # East leads, South drops the queen, West wins with AS
            hand.play(c)
        assert hand.tricks[1].winner == 3
        assert hand.hearts_broken is flag
        hearts = cards("TH JH QH KH AH")
        assert (hearts <= set(hand.legal_plays())) is flag


def test_strict_queen_rule_and_its_relaxation_on_a_later_lead():
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "QS AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",  # placeholder fixed below
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )
    # East: QS, AC and hearts. East wins trick 1 with AC, then holds only hearts and the queen.
    for flag, expected in (
        (False, cards("QS")),
        (True, cards("QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")),
    ):
        hand = Hand(
            HouseRules(lead_heart_instead_of_queen=flag), deal, dealer=3, pass_direction="hold"
        )
        for c in "2C AC 2D 2S".split():
            hand.play(c)
        assert hand.tricks[0].winner == 1 and not hand.hearts_broken
        assert set(hand.legal_plays()) == expected


def test_must_dump_queen_when_void_and_when_a_higher_spade_is_down():
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "QS 2S 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H",
    )
    for flag in (False, True):
        hand = Hand(HouseRules(must_dump_queen=flag), deal, dealer=3, pass_direction="hold")
        hand.play("2C")
        # East void in clubs on trick 1: points barred, so the queen may not go yet.
        assert set(hand.legal_plays()) == cards("2S")
        assert hand.why_illegal("3H") == hand.why_illegal("QS") == "no points on the first trick"
        hand.play("2S")
        hand.play("2D")
        hand.play("3S")
        hand.play("AC")  # North leads clubs again
        legal = set(hand.legal_plays())
        if flag:
            assert legal == cards("QS")  # void, trick 2: the first safe chance
            assert hand.why_illegal("3H") == (
                "the queen of spades must be played at the first safe chance"
            )
        else:
            assert Card.parse("QS") in legal and len(legal) > 1
    # Spades led and the king already down: the queen must go.
    deal2 = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KS",
        "QS 2S 4S 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 3S 5S 6S 7S 8S 9S TS JS AS 2H KH AC",
    )
    for flag in (False, True):
        hand = Hand(HouseRules(must_dump_queen=flag), deal2, dealer=3, pass_direction="hold")
        for c in "2C 2S 2D AC".split():
            hand.play(c)
        hand.play("3S")  # West leads a spade
        hand.play("KS")  # North plays the king
        legal = set(hand.legal_plays())
        assert legal == (cards("QS") if flag else cards("QS 4S"))


# -- the legal set and the reasons are one statement ---------------------------------------------

#: The house rules that change what may be played: every rule of the "play" role.
PLAY_RULES = tuple(o for o in OPTIONS if o.role == "play")


def _every_legal_play_rule():
    """Every combination of the values of the rules that change what may be played, at every
    kind of table (where the table allows it: Cancellation Hearts opens from the dealer's
    left)."""
    for table in ({}, {"players": 3, "deal": "kitty"}, {"players": 5}, {"players": 8}):
        for values in itertools.product(*(o.values for o in PLAY_RULES)):
            try:
                yield HouseRules(**table, **{o.key: v for o, v in zip(PLAY_RULES, values)})
            except HouseRulesError:
                assert table.get("players") == 8, (table, values)


def test_the_legal_set_and_the_reasons_agree_under_every_house_rule():
    positions = 0
    for k, rules in enumerate(_every_legal_play_rule()):
        for seed in (k, k + 1000):
            hand = Hand.random(rules, seed=seed, dealer=seed % rules.players, pass_direction="hold")
            rng = random.Random(seed)
            while hand.phase is Phase.PLAY:
                legal = set(hand.legal_plays())
                held = set(hand.held(hand.to_play))
                assert legal and legal <= held
                for card in held:
                    reason = hand.why_illegal(card)
                    assert (reason is None) is (card in legal) is hand.is_legal(card), (
                        f"{rules}: {card} is {'' if card in legal else 'not '}legal, "
                        f"why_illegal says {reason!r}"
                    )
                absent = next(c for c in CARDS if c not in held)
                assert hand.why_illegal(absent) == "not held" and not hand.is_legal(absent)
                positions += 1
                hand.play(rng.choice(sorted(legal)))
    assert positions > 20_000, positions


def _compare_with_the_book(hand: Hand, rules: HouseRules, seen: dict) -> None:
    legal = set(hand.legal_plays())
    book = legal_by_the_book(hand)
    assert legal == book, (
        f"{rules}, {hand.current_trick}, trick {len(hand.tricks) + 1}: "
        f"the engine allows {sorted(map(str, legal))}, the rules "
        f"{sorted(map(str, book))}"
    )
    trick = hand.current_trick
    held = hand.held(hand.to_play)
    if (
        not hand.tricks
        and trick
        and trick[0].card.suit == 3
        and Card.parse("QS") in held
        and sum(c.suit == 3 for c in held) > 1
    ):
        seen["queen follows a spade on trick 1"] += 1
    seen["positions"] += 1


def _check_every_lead(rules: HouseRules, seed: int, seen: dict) -> None:
    """Trick 1 from each card its leader may lead (then random legal cards), and the rest of
    the hand from the last of them, compared with the rules written plainly at every play."""
    rng = random.Random(seed)
    start = Hand.random(rules, seed=seed, dealer=seed % rules.players, pass_direction="hold")
    for lead in start.legal_plays():
        hand = Hand.random(rules, seed=seed, dealer=seed % rules.players, pass_direction="hold")
        _compare_with_the_book(hand, rules, seen)
        hand.play(lead)
        while hand.phase is Phase.PLAY and (hand.current_trick or rng.random() < 0.2):
            _compare_with_the_book(hand, rules, seen)
            hand.play(rng.choice(hand.legal_plays()))
    while hand.phase is Phase.PLAY:
        _compare_with_the_book(hand, rules, seen)
        hand.play(rng.choice(hand.legal_plays()))


def _every_lead_agrees(seeds_per_rule: int) -> dict:
    seen = collections.Counter()
    for k, rules in enumerate(_every_legal_play_rule()):
        for seed in range(k * seeds_per_rule, (k + 1) * seeds_per_rule):
            _check_every_lead(rules, seed, seen)
    return seen


def test_every_lead_of_trick_one_agrees_with_the_rules_written_plainly():
    seen = _every_lead_agrees(2)
    assert seen["queen follows a spade on trick 1"] > 20, seen
    assert seen["positions"] > 20_000, seen


@pytest.mark.sweep
def test_every_lead_of_trick_one_agrees_with_the_rules_written_plainly_long():
    seen = _every_lead_agrees(25)
    assert seen["queen follows a spade on trick 1"] > 300, seen


# -- house rules: each default and the seating stated once ---------------------------------------


def test_every_house_rule_field_takes_its_default_from_its_option():
    fields = [f for f in HouseRules.__dataclass_fields__.values() if not f.name.startswith("_")]
    assert [f.name for f in fields] == [o.key for o in OPTIONS]
    for f, option in zip(fields, OPTIONS):
        assert f.default == option.plain_default, f.name
        assert type(f.default) is type(option.plain_default), f.name
        assert (f.default is None) == option.by_table, f.name


def test_a_default_that_depends_on_the_table_is_its_declarations_at_every_table():
    for players in range(3, 11):
        rules = HouseRules(players=players)
        for option in OPTIONS:
            if option.key != "players":
                assert getattr(rules, option.key) == option.default_at(players), option.key
    assert HouseRules(players=3).passing == ("left", "right", "hold")
    assert HouseRules(players=8).deal == "kitty" and HouseRules(players=5).deal == "strip"


def test_partnership_seating_is_stated_once(monkeypatch):
    rules = HouseRules(partnership=True)
    assert rules.side_seats == TEAMS == ((0, 2), (1, 3))
    assert side_names(rules) == ("North–South", "East–West")
    assert rules.pass_offset("partner") == PARTNER_OFFSET == 2
    # Seat the teams differently in that one place: the names and the scoring follow it.
    monkeypatch.setattr(options, "TEAMS", ((0, 1), (2, 3)))
    assert side_names(rules) == ("North–East", "South–West")
    hand = Hand(rules, EXAMPLE, dealer=3, pass_direction="hold")
    play_out(hand, random.Random(0))
    seat_points = hand.points()
    record = Game(rules).record_hand(hand)
    assert record.points == (seat_points[0] + seat_points[1], seat_points[2] + seat_points[3])


def test_the_cancellation_threshold_is_read_from_its_one_constant(monkeypatch):
    # With 6 players a kitty rule needs no "deal: kitty", because 6 play Cancellation Hearts...
    HouseRules(players=6, kitty_goes_to="first-trick")
    # ...and if Cancellation began at 7, 6 players would deal one deck with no kitty.
    monkeypatch.setattr(options, "CANCELLATION_PLAYERS", 7)
    with pytest.raises(HouseRulesError, match="there is no kitty unless deal is kitty"):
        HouseRules(players=6, kitty_goes_to="first-trick")


# -- Black Maria spades ----------------------------------------------------------------------------

#: Three players: the first takes every club trick, 13 hearts and Q♠ with them; the third keeps
#: K♠ and A♠ and wins them at the end.
BLACK_MARIA_DEAL = seat_deal(
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC QS 3D 4D 5D",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 6D 7D 8D 9D",
    "AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S TD JD QD KD AD",
)
BLACK_MARIA_PLAY = (
    ["2C", "6D", "3S"],
    *(
        [club, heart, discard]
        for club, heart, discard in zip(
            "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(),
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH".split(),
            "JS TS 9S 8S 7S 6S 5S 4S TD JD QD KD".split(),
        )
    ),
    ["QS", "AH", "2S"],
    ["3D", "7D", "AD"],
    ["KS", "4D", "8D"],
    ["AS", "5D", "9D"],
)


def played_black_maria_deal(black_maria: bool) -> Hand:
    hand = Hand(
        HouseRules(players=3, black_maria=black_maria), BLACK_MARIA_DEAL, pass_direction="hold"
    )
    for trick in BLACK_MARIA_PLAY:
        for card in trick:
            hand.play(card)
    return hand


def test_black_maria_spades_count_and_a_moon_needs_them():
    """Every heart and Q♠ is a moon in the plain game; under Black Maria the king (10) and the
    ace (7) of spades count too, and a player who misses them has shot no moon."""
    plain = played_black_maria_deal(False)
    assert plain.phase == "over" and plain.points() == (26, 0, 0)
    assert plain.moon_shooter == 0
    black = played_black_maria_deal(True)
    assert black.points() == (26, 0, 17) and sum(black.points()) == 43
    assert black.point_cards_taken() == (14, 0, 2) and black.moon_shooter is None
    assert Game(black.rules).record_hand(black).scores == (26, 0, 17)


@pytest.mark.parametrize("players", [4, 8])
def test_black_maria_points_per_card_and_the_moon_with_every_point_card(players):
    """Random hands: each seat's points are its cards' (heart 1, Q♠ 13, K♠ 10, A♠ 7), 43 a
    deck in all, and a moon takes 16 point cards a deck."""
    rules = HouseRules(players=players, black_maria=True)
    worth = {"QS": 13, "KS": 10, "AS": 7}
    for seed in range(30):
        hand = random_hand(rules, seed)
        taken = [0] * players
        for trick in hand.tricks:
            if trick.taker is not None:
                taken[trick.taker] += sum(
                    1 if c.suit == 2 else worth.get(str(c), 0) for c in trick.cards + trick.pile
                )
        if hand.kitty_taker is not None:
            taken[hand.kitty_taker] += sum(
                1 if c.suit == 2 else worth.get(str(c), 0) for c in hand.kitty
            )
        assert hand.points() == tuple(taken) and sum(taken) == 43 * rules.decks
    sun = HouseRules(black_maria=True, shoot_the_sun=True)
    hand = Hand(
        sun,
        seat_deal(*(" ".join(r + s for r in "23456789TJQKA") for s in "SHDC")),
        pass_direction="hold",
    )
    while hand.phase == "play":  # West leads every club and wins every trick
        hand.play(hand.legal_plays()[0])
    assert hand.point_cards_taken()[3] == 16 and hand.points()[3] == 43
    assert hand.moon() == (3, True)
