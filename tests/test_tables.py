"""Every table: 3 and 5 players, the kitty, partnerships and Cancellation Hearts (6 to 10)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_helpers import play_out, random_hand, snapshot

from sheets.engine import Card, Hand, HouseRules, IllegalPlayError, Phase
from sheets.houserules import HouseRulesError
from sheets.scoring import Game


def deck(decks: int = 1) -> list[Card]:
    return [Card(i) for i in range(52)] * decks


# -- 3 and 5 players -------------------------------------------------------------------------------


def test_three_player_hand():
    rules = HouseRules(players=3)
    assert rules.passing == ("left", "right", "hold")
    hand = Hand.random(rules, seed=3, dealer=0)
    assert [len(hand.held(s)) for s in range(3)] == [17, 17, 17]
    assert all(Card.parse("2D") not in hand.held(s) for s in range(3))
    assert hand.kitty == ()
    assert hand.pass_direction == "left"
    rng = random.Random(3)
    for seat in range(3):
        hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    assert Card.parse("2C") in hand.held(hand.to_play)
    assert hand.legal_plays() == (Card.parse("2C"),)
    play_out(hand, rng)
    assert len(hand.tricks) == 17 and sum(hand.points()) == 26


def test_five_player_hand_opens_with_the_three_of_clubs():
    rules = HouseRules(players=5)
    assert rules.passing == ("left", "right", "second-left", "second-right", "hold")
    hand = Hand.random(rules, seed=5, pass_direction="hold")
    held = [hand.held(s) for s in range(5)]
    assert all(len(h) == 10 for h in held)
    dealt = {c for h in held for c in h}
    assert Card.parse("2C") not in dealt and Card.parse("2D") not in dealt
    assert Card.parse("3C") in held[hand.to_play]
    assert hand.legal_plays() == (Card.parse("3C"),)
    hand.play("3C")
    play_out(hand, random.Random(5))
    assert sum(hand.points()) == 26 and len(hand.tricks) == 10


def test_second_left_passes_two_seats_clockwise():
    rules = HouseRules(players=5)
    hand = Hand.random(rules, seed=1, hand_number=2)
    assert hand.pass_direction == "second-left"
    given = {s: hand.held(s)[:3] for s in range(5)}
    for seat, cards in given.items():
        hand.pass_cards(seat, cards)
    for seat, cards in given.items():
        assert set(cards) <= set(hand.held((seat + 2) % 5))


@pytest.mark.parametrize(
    "mapping, message",
    [
        ({"players": 3, "passing": ["left", "across"]}, "no seat across with 3 players"),
        ({"passing": ["partner"]}, "partner passing needs partnership"),
        ({"players": 3, "partnership": True}, "partnership needs exactly 4 players"),
        ({"passing": ["second-left"]}, "second-left needs 5 or more players"),
        ({"players": 8, "first_lead": "lowest-club"}, "opens from the dealer's left"),
    ],
)
def test_cycles_and_keys_that_do_not_fit_the_table_are_refused(mapping, message):
    with pytest.raises(HouseRulesError, match=message):
        HouseRules.from_mapping(mapping)


# -- the kitty -------------------------------------------------------------------------------------


def _kitty_deal(kitty: str) -> list[list[Card]]:
    out = {Card.parse(c) for c in kitty.split()}
    rest = [c for c in deck() if c not in out]
    return [rest[s::4] for s in range(4)]


def test_kitty_deal_sizes_for_three_four_and_five():
    for players, size, kitty in ((3, 17, 1), (4, 12, 4), (5, 10, 2)):
        rules = HouseRules(players=players, deal="kitty")
        hand = Hand.random(rules, seed=players)
        assert all(len(hand.held(s)) == size for s in range(players))
        assert len(hand.kitty) == kitty


def test_lowest_club_dealt_leads_when_the_two_of_clubs_is_in_the_kitty():
    hand = Hand(HouseRules(deal="kitty"), _kitty_deal("2C 2H 3H 4D"), pass_direction="hold")
    assert hand.kitty == tuple(Card.parse(c) for c in "2C 4D 2H 3H".split())
    assert hand.legal_plays() == (Card.parse("3C"),)


def test_kitty_goes_to_the_first_player_to_win_a_point_card():
    rules = HouseRules(deal="kitty", kitty_goes_to="first-points")
    for seed in range(200):
        hand = random_hand(rules, seed)
        first = next(t for t in hand.tricks if any(c.suit == 2 or str(c) == "QS" for c in t.cards))
        assert hand.kitty_taker == first.taker
        assert sum(hand.points()) == 26


def test_kitty_goes_to_the_first_tricks_winner():
    rules = HouseRules(deal="kitty", kitty_goes_to="first-trick")
    for seed in range(200):
        hand = random_hand(rules, seed)
        assert hand.kitty_taker == hand.tricks[0].winner
        kitty_points = sum(1 for c in hand.kitty if c.suit == 2) + 13 * (
            Card.parse("QS") in hand.kitty
        )
        assert hand.points()[hand.kitty_taker] >= kitty_points


def test_a_moon_needs_the_kittys_point_cards_too():
    kitty = [Card.parse(c) for c in "2H 3H 2C 3C".split()]
    north = [c for c in deck() if c.suit == 2 and c not in kitty] + [Card.parse("AS")]
    plain = [c for c in deck() if c.suit in (0, 1) and c not in kitty]
    spades = [c for c in deck() if c.suit == 3 and str(c) not in ("AS", "QS")]
    east = [Card.parse("QS")] + plain[:11]  # the queen is East's only spade
    south_west = plain[11:] + spades
    deal = [north, east, south_west[0::2], south_west[1::2]]
    for goes_to in ("first-trick", "first-points"):
        rules = HouseRules(
            deal="kitty",
            kitty_goes_to=goes_to,
            first_lead="dealer-left",
            points_on_first_trick=True,
            hearts_any_time=True,
        )
        # North leads and wins every trick: the kitty's two hearts complete the moon.
        hand = play_out(Hand(rules, deal, dealer=3, pass_direction="hold"), random.Random(0))
        assert hand.kitty_taker == 0
        assert hand.point_cards_taken()[0] == 14 and hand.moon_shooter == 0
    # West leads a diamond; North cannot win it, so the kitty's hearts go elsewhere: no moon.
    rules = HouseRules(
        deal="kitty",
        kitty_goes_to="first-trick",
        first_lead="dealer-left",
        points_on_first_trick=True,
        hearts_any_time=True,
    )
    hand = Hand(rules, deal, dealer=2, pass_direction="hold")
    hand.play(next(c for c in hand.legal_plays() if c.suit == 1))
    play_out(hand, random.Random(0))
    assert hand.kitty_taker != 0
    assert hand.point_cards_taken()[0] <= 12 and hand.moon_shooter is None


# -- partnership --------------------------------------------------------------------------------


def test_partnership_team_moon_under_each_moon_rule():
    deal = [
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split(),
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(),
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS".split(),
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD".split(),
    ]
    for moon, scores in (("add-to-others", (0, 26)), ("subtract-from-shooter", (-26, 0))):
        rules = HouseRules(partnership=True, first_lead="dealer-left", moon=moon)
        hand = play_out(Hand(rules, deal, dealer=3, pass_direction="hold"), random.Random(2))
        team = hand.point_cards_taken()
        assert team[0] + team[2] == 14  # North's hearts and South's queen (South must play her)
        game = Game(rules)
        assert game.names == ("North–South", "East–West")
        record = game.record_hand(hand)
        assert record.shooter == 0 and record.scores == scores


def test_partnership_sun_is_found_in_a_played_hand():
    deal = [
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split(),
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(),
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS".split(),
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD".split(),
    ]
    rules = HouseRules(
        partnership=True, first_lead="dealer-left", shoot_the_sun=True, hearts_any_time=True
    )
    hand = play_out(Hand(rules, deal, dealer=3, pass_direction="hold"), random.Random(2))
    assert {t.taker for t in hand.tricks} == {0}  # North leads hearts and takes every trick
    record = Game(rules).record_hand(hand)
    assert record.shooter == 0 and record.sun and record.scores == (0, 52)


def test_a_pass_direction_given_to_a_hand_must_fit_the_table():
    with pytest.raises(
        IllegalPlayError, match="cannot pass across: there is no seat across with 3 players"
    ):
        Hand.random(HouseRules(players=3), seed=1, pass_direction="across")
    with pytest.raises(IllegalPlayError, match="cannot pass second-left: second-left needs 5"):
        Hand.random(HouseRules(), seed=1, pass_direction="second-left")


def test_partnership_game_ends_when_a_team_reaches_the_target():
    game = Game(HouseRules(partnership=True, passing=["partner"]))
    assert game.pass_direction == "partner"
    for _ in range(3):
        game.record_points([25, 1])
    assert not game.is_over
    game.record_points([25, 1])
    assert game.is_over and game.winners == (1,)


def test_partner_passing_gives_cards_to_the_partner():
    hand = Hand.random(HouseRules(partnership=True, passing=["partner"]), seed=4)
    given = {s: hand.held(s)[-3:] for s in range(4)}
    for seat, cards in given.items():
        hand.pass_cards(seat, cards)
    for seat, cards in given.items():
        assert set(cards) <= set(hand.held((seat + 2) % 4))


# -- Cancellation Hearts -------------------------------------------------------------------------


def _cancellation_deal(spec: dict[int, str], players: int = 8) -> list[list[Card]]:
    """Seats in ``spec`` get exactly those cards first; everything else fills up in order."""
    pool = Counter(deck(2))
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat, text in spec.items():
        for c in text.split():
            card = Card.parse(c)
            pool[card] -= 1
            assert pool[card] >= 0
            hands[seat].append(card)
    rest = sorted(pool.elements())
    size = 104 // players
    for seat in range(players):
        while len(hands[seat]) < size:
            hands[seat].append(rest.pop(0))
    return hands


def test_cancellation_rules_in_force():
    rules = HouseRules(players=8)
    assert rules.decks == 2 and rules.hand_size == 13 and rules.kitty_size == 0
    assert rules.passing == ("hold",) and rules.first_lead == "dealer-left"
    assert rules.moon_value == 52 and rules.check_sum == 52
    assert HouseRules(players=7).kitty_size == 6


def test_cancellation_the_two_highest_cards_cancel():
    clubs = {
        1: "5C 2C 2C 3C 3C 4C 4C 5C 6C 6C 7C 7C 8C",
        2: "AC 8C 9C 9C TC TC",
        3: "AC JC JC QC QC",
        4: "KC KC",
    }
    deal = _cancellation_deal(clubs)
    # Seats 0, 5, 6 and 7 have no clubs.
    assert not any(c.suit == 0 for s in (0, 5, 6, 7) for c in deal[s])
    hand = Hand(HouseRules(players=8), deal, dealer=0)
    assert hand.to_play == 1
    for card in ("5C", "AC", "AC", "KC"):
        hand.play(card)
    while hand.current_trick:
        hand.play(hand.legal_plays()[0])
    trick = hand.tricks[0]
    assert trick.cancelled == (Card.parse("AC"),)
    assert trick.winner == 4 and trick.winning_card == Card.parse("KC")
    assert hand.to_play == 4


def _twin_deal() -> list[list[Card]]:
    suits = [[c for c in deck() if c.suit == s] for s in range(4)]
    return suits + [list(s) for s in suits]  # seats i and i+4 hold the same suit


def _others_discard(hand: Hand) -> None:
    """Seats 1, 2 and 3 (void in clubs in the twin deal) play their first legal card."""
    for _ in range(3):
        hand.play(hand.legal_plays()[0])


def test_cancellation_a_fully_cancelled_trick_goes_to_the_next_winner():
    hand = Hand(HouseRules(players=8), _twin_deal(), dealer=7)
    assert hand.to_play == 0
    hand.play("2C")
    _others_discard(hand)
    hand.play("2C")  # seat 4 cancels the lead
    _others_discard(hand)
    first = hand.tricks[0]
    assert first.winner is None and first.taker is None
    assert len(hand.table_pile) == 8
    assert hand.to_play == 0  # the same player leads again
    hand.play("3C")
    _others_discard(hand)
    hand.play("AC")  # seat 4 wins this one
    _others_discard(hand)
    second = hand.tricks[1]
    assert second.winner == 4 and second.taker == 4
    assert second.pile == first.cards
    assert hand.tricks_taken()[4] == 2 and hand.table_pile == ()


def test_cancellation_last_trick_fully_cancelled_goes_to_its_leader():
    hand = Hand(HouseRules(players=8), _twin_deal(), dealer=7)
    while hand.phase is Phase.PLAY:
        if hand.to_play == 4:
            hand.play(hand.current_trick[0][1])  # always cancel the lead
        else:
            hand.play(hand.legal_plays()[0])
    assert all(t.winner is None for t in hand.tricks)
    assert hand.tricks[-1].taker == 0
    assert hand.points()[0] == 52
    assert hand.moon_shooter == 0
    record = Game(HouseRules(players=8)).record_hand(hand)
    assert record.scores == (0,) + (52,) * 7


def test_cancellation_a_cancelled_king_does_not_force_the_queen():
    # 8 players, the dealer's left (seat 1) leads a spade; seats 2 and 3 play K♠ and K♠, which
    # cancel, so seat 4's Q♠ could still win and need not go. Had seat 3 played A♠, nothing
    # could save her: she must go.
    rules = HouseRules(players=8, must_dump_queen=True, points_on_first_trick=True)
    for third, forced in (("KS", False), ("AS", True)):
        deal = _cancellation_deal({1: "3S", 2: "KS", 3: third, 4: "QS 4S"})
        hand = Hand(rules, deal, dealer=0, pass_direction="hold")
        for card in ("3S", "KS", third):
            hand.play(card)
        assert hand.to_play == 4
        assert set(hand.legal_plays()) == (
            {Card.parse("QS")} if forced else {Card.parse("QS"), Card.parse("4S")}
        )
        if forced:
            assert hand.why_illegal("4S") == (
                "the queen of spades must be played at the first safe chance"
            )


def test_cancellation_dealer_left_may_not_lead_a_heart_first():
    deal = _twin_deal()
    hand = Hand(HouseRules(players=8), deal, dealer=1)  # seat 2 holds only hearts: may lead one
    assert hand.to_play == 2
    assert len(hand.legal_plays()) == 13
    hand = Hand(HouseRules(players=8), deal, dealer=2)  # seat 3: spades, not the queen
    assert Card.parse("QS") not in hand.legal_plays()
    with pytest.raises(IllegalPlayError, match="no points on the first trick"):
        hand.play("QS")


# -- properties for every count ------------------------------------------------------------------

TABLES = [(n, "strip") for n in range(3, 6)] + [(n, "kitty") for n in range(3, 11)]


@pytest.mark.parametrize("players, deal", TABLES)
def test_random_hands_for_every_table(players, deal):
    rules = HouseRules(players=players, deal=deal)
    for seed in range(2000):
        hand = random_hand(rules, seed)
        played = Counter(c for t in hand.tricks for c in t.cards)
        dealt = Counter(c for cards in hand.deal for c in cards)
        assert played == dealt
        assert len(hand.kitty) == rules.kitty_size
        assert sum(hand.points()) == rules.check_sum
        assert sum(hand.tricks_taken()) == len(hand.tricks)
        for before, after in zip(hand.tricks, hand.tricks[1:]):
            assert after.leader == (before.leader if before.winner is None else before.winner)


@pytest.mark.parametrize("players, deal", [(3, "kitty"), (5, "strip"), (7, "kitty"), (8, "kitty")])
def test_undo_restores_the_exact_state_on_every_table(players, deal):
    rules = HouseRules(players=players, deal=deal)
    for seed in range(40):
        hand = Hand.random(rules, seed=seed, pass_direction="hold")
        rng = random.Random(seed)
        while hand.phase is Phase.PLAY:
            before = snapshot(hand)
            card = rng.choice(hand.legal_plays())
            hand.play(card)
            after = snapshot(hand)
            hand.undo()
            assert snapshot(hand) == before
            hand.play(card)
            assert snapshot(hand) == after
