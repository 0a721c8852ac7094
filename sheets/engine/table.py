"""The table a hand is played at: its seats, what a hand needs from its house rules (worked out
once for each :class:`~sheets.houserules.HouseRules` value, :func:`table_of`), and the deal.

The deal shuffles the deck as ``random.shuffle`` would, deals it one card at a time from the
dealer's left and gives each seat's cards as a bit mask (:func:`deal`); :func:`random_deal` and
:func:`random_holdings` are its public faces. Nothing here knows the state of play.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple, TypeVar

from sheets.cards import (
    ACE_OF_SPADES,
    ACE_POINTS,
    BONUS_POINTS,
    CARD_BITS,
    CARDS,
    HEART_POINTS,
    HEARTS_MASK,
    KING_OF_SPADES,
    KING_POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    QUEEN_POINTS,
    SUIT_MASKS,
    Card,
    cards_of,
    mask_of,
    suits_cards,
)
from sheets.engine.ladder import Ladder, ladder_in_force
from sheets.engine.records import Deal, IllegalPlayError
from sheets.houserules import DIRECTIONS, HouseRules, direction_misfit

_CLUBS = SUIT_MASKS[0]
_T = TypeVar("_T")


@lru_cache(maxsize=16)
def seat_names(players: int) -> tuple[str, ...]:
    """Names of the seats, clockwise from seat 0: compass points for 4, numbers otherwise."""
    if players == 4:
        return ("North", "East", "South", "West")
    return tuple(f"Player {i + 1}" for i in range(players))


def side_names(rules: HouseRules) -> tuple[str, ...]:
    """Who keeps a score: each seat, or each team of a partnership named by its seats
    (``"North–South"``), in the order of :attr:`HouseRules.side_seats`."""
    names = seat_names(rules.players)
    return tuple("–".join(names[s] for s in seats) for seats in rules.side_seats)


class Table:
    """What every hand under one :class:`HouseRules` value reads, worked out once: the deck,
    the seats, what each card scores, the pass counts and the ladder of legal play in force."""

    __slots__ = (
        "rules",
        "players",
        "decks",
        "deck",
        "bits",
        "swaps",
        "size",
        "dealt",
        "kitty",
        "cuts",
        "names",
        "values",
        "lowest_club_leads",
        "breaks_hearts",
        "kitty_to_first_trick",
        "pass_counts",
        "pass_offsets",
        "next_seat",
        "ladder",
    )

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.decks = rules.decks
        removed = rules.removed_cards
        self.deck = tuple(c for c in CARDS if c not in removed) * self.decks
        self.bits = tuple(CARD_BITS[c] for c in self.deck)
        # random.shuffle's swaps: card i changes places with a card j <= i drawn with as many
        # bits as i + 1 has, drawn again while j > i
        self.swaps = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(self.deck))))
        self.size = rules.hand_size
        self.dealt = self.players * self.size
        self.kitty = self.dealt < len(self.deck)  # whether cards are left for a kitty
        # The k-th card dealt goes to seat (dealer + 1 + k) % n, so each seat's cards are every
        # n-th card of the deck from its first one: each seat's slice, for each dealer.
        n = self.players
        self.cuts = tuple(
            tuple(slice((seat - dealer - 1) % n, self.dealt, n) for seat in range(n))
            for dealer in range(n)
        )
        self.names = seat_names(self.players)
        values = [0] * 52
        for c in CARDS:
            if c.bit & HEARTS_MASK:
                values[c] = HEART_POINTS
        values[QUEEN_OF_SPADES] = QUEEN_POINTS
        if rules.black_maria:  # the king and ace of spades score too (and a moon needs them)
            values[KING_OF_SPADES], values[ACE_OF_SPADES] = KING_POINTS, ACE_POINTS
        if rules.bonus is not None:
            values[rules.bonus] = BONUS_POINTS
        self.values = tuple(values)
        self.lowest_club_leads = rules.first_lead == "lowest-club"
        breaks = HEARTS_MASK | (QS_BIT if rules.queen_breaks_hearts else 0)
        self.breaks_hearts = tuple(bool(CARD_BITS[c] & breaks) for c in CARDS)  # by card
        self.kitty_to_first_trick = rules.kitty_goes_to == "first-trick"
        self.pass_counts = {d: rules.pass_count(d) for d in DIRECTIONS}
        self.pass_offsets = {d: rules.pass_offset(d) for d in DIRECTIONS}
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))
        self.ladder: Ladder = ladder_in_force(rules)


_TABLES: dict[int, Table] = {}


def table_of(rules: HouseRules) -> Table:
    """The table of some rules, found by identity (hashing a HouseRules value costs more than
    a whole deal's setup)."""
    table = _TABLES.get(id(rules))
    if table is None or table.rules is not rules:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        table = _TABLES[id(rules)] = Table(rules)  # holds the rules, so the id stays theirs
    return table


def check_seating(
    rules: HouseRules, dealer: int, hand_number: int, pass_direction: str | None
) -> str:
    """Check the dealer and any pass direction given; return the pass direction."""
    n = rules.players
    if not 0 <= dealer < n:
        raise IllegalPlayError(f"dealer must be a seat from 0 to {n - 1}, got {dealer}")
    if pass_direction is None:
        return rules.pass_direction(hand_number)
    misfit = direction_misfit(pass_direction, n, rules.partnership)
    if misfit:
        raise IllegalPlayError(f"cannot pass {pass_direction}: {misfit}")
    return pass_direction


def first_leader(rules: HouseRules, held: Sequence[int], dealer: int) -> int:
    """The seat that leads the first trick: the first seat holding the lowest club held (seat
    0 if nobody holds one), or the dealer's left. ``held`` is each seat's card mask."""
    if rules.first_lead == "dealer-left":
        return (dealer + 1) % rules.players
    holder, lowest = 0, 1 << 13
    for seat, h in enumerate(held):
        clubs = h & _CLUBS
        if clubs and clubs & -clubs < lowest:
            holder, lowest = seat, clubs & -clubs
    return holder


# -- the deal ----------------------------------------------------------------------------------


def second_copies(cards: Iterable[Card]) -> int:
    """The mask of the cards given twice."""
    seen = second = 0
    for c in cards:
        bit = CARD_BITS[c]
        if seen & bit:
            second |= bit
        seen |= bit
    return second


class Dealt(NamedTuple):
    """A deal as masks: the cards each seat holds, the second copies among them (two decks),
    and the kitty."""

    held: list[int]
    second: list[int]
    kitty: tuple[Card, ...]


def deal(table: Table, rng: random.Random, dealer: int) -> Dealt:
    """Shuffle the deck with ``rng`` and deal it one card at a time from the dealer's left."""
    cuts = table.cuts[dealer]  # each seat's cards of the shuffled deck
    if table.decks == 1:
        # The cards' bits are shuffled, so that a seat's mask is their sum.
        bits = _shuffled(table.bits, table.swaps, rng)
        held = [sum(bits[cut]) for cut in cuts]
        kitty = cards_of(sum(bits[table.dealt :])) if table.kitty else ()
        return Dealt(held, [0] * table.players, kitty)
    deck = _shuffled(table.deck, table.swaps, rng)
    hands = [deck[cut] for cut in cuts]
    return Dealt(
        [mask_of(cards) for cards in hands],
        [second_copies(c) for c in hands],
        tuple(sorted(deck[table.dealt :])),
    )


def _shuffled(deck: Sequence[_T], swaps: Sequence[tuple[int, int]], rng: random.Random) -> list[_T]:
    """The deck as ``rng.shuffle`` leaves it, written out: the same swaps, a call fewer for
    each."""
    shuffled = list(deck)
    getrandbits = rng.getrandbits
    for i, bits in swaps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def check_deal(table: Table, hands: Sequence[Sequence[Card]]) -> Dealt:
    """A deal given card by card, checked: a hand for each seat, each of the table's size, and
    no card dealt more often than the deck has it; the deck's other cards are the kitty."""
    n = table.players
    if len(hands) != n:
        raise IllegalPlayError(f"a deal for {n} players needs {n} hands, got {len(hands)}")
    counts = [0] * 52
    for seat, cards in enumerate(hands):
        if len(cards) != table.size:
            raise IllegalPlayError(
                f"{table.names[seat]} must be dealt {table.size} cards, got {len(cards)}"
            )
        for c in cards:
            counts[c] += 1
    deck_counts = [0] * 52
    for c in table.deck:
        deck_counts[c] += 1
    kitty: list[Card] = []
    for card in CARDS:
        extra = counts[card] - deck_counts[card]
        if extra > 0:
            raise IllegalPlayError(
                f"{card} is dealt {counts[card]} times; this deck has {deck_counts[card]}"
            )
        kitty += [card] * -extra
    return Dealt(
        [mask_of(cards) for cards in hands], [second_copies(cards) for cards in hands], tuple(kitty)
    )


def held_cards(first: int, second: int) -> tuple[Card, ...]:
    """The cards of a hand's two masks, lowest first (a card held twice appears twice)."""
    if second:
        return tuple(sorted(cards_of(first) + cards_of(second)))
    return suits_cards(first)


def seats_cards(held: Sequence[int], second: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards, lowest first."""
    return tuple(map(held_cards, held, second))


def random_deal(rules: HouseRules, seed: int | None, dealer: int = 0) -> Deal:
    """The cards each seat is dealt from a deck shuffled by ``seed`` (lowest first), and the
    kitty: what :meth:`Hand.random <sheets.engine.Hand.random>` deals, without starting a
    hand."""
    held, second, kitty = deal(table_of(rules), random.Random(seed), dealer)
    return Deal(seats_cards(held, second), kitty)


def random_holdings(rules: HouseRules, seed: int | None, dealer: int = 0) -> list[int]:
    """Each seat's cards as one mask (a card held twice is one bit), dealt as
    :func:`random_deal` deals them: a cheap first look at a deal, before any card is named."""
    return deal(table_of(rules), random.Random(seed), dealer).held
