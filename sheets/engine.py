"""The Hearts rules engine: one hand (:class:`Hand`), from the deal through the pass to the last
trick. Scoring hands into a game (totals, the moon rules, the end) is :mod:`sheets.scoring`.

It covers every table of the rule specification: 3 to 5 players with one deck (stripped or with
a kitty), 4 players in partnership, and Cancellation Hearts for 6 to 10 players with two decks,
under every house rule of :class:`~sheets.houserules.HouseRules`.

The rules of legal play are one ladder, :meth:`Hand.legal_plays`, read both for the cards a seat
may play and for the reason a card is refused. Cards a player holds are bit masks (see
:mod:`sheets.cards`); with two decks a second mask holds the second copies, always a subset of
the first. The engine imports no YAML, ReportLab or click.

    >>> hand = Hand.random(HouseRules(), seed=7)
    >>> hand.phase
    'pass'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from sheets.cards import (
    ACE_OF_SPADES,
    ACE_POINTS,
    BONUS_POINTS,
    CARDS,
    HEART_POINTS,
    HEARTS_MASK,
    KING_OF_SPADES,
    KING_POINTS,
    POINTS_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    QUEEN_POINTS,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    CardError,
    cards_of,
    mask_of,
    one_suit_cards,
    suits_cards,
)
from sheets.houserules import DIRECTIONS, HouseRules, HouseRulesError, direction_misfit

__all__ = [
    "BONUS_POINTS",
    "HEART_POINTS",
    "QUEEN_POINTS",
    "Card",
    "Deal",
    "Hand",
    "HouseRules",
    "HouseRulesError",
    "IllegalPlayError",
    "Limit",
    "Moon",
    "Play",
    "Trick",
    "first_leader",
    "random_deal",
    "random_holdings",
    "seat_names",
    "side_names",
]

_CLUBS = SUIT_MASKS[0]
_BIT = {card: 1 << card for card in CARDS}  # each card's bit: cheaper than 1 << card
# Builds a NamedTuple record from a tuple of its fields without NamedTuple's __new__, a
# Python-level call, on the hot paths.
_record = tuple.__new__
# For each card led, the mask of its suit and the suit's highest card.
_LED = {card: (SUIT_MASKS[card.suit], CARDS[card.suit * 13 + 12]) for card in CARDS}


class IllegalPlayError(ValueError):
    """A play or pass the rules do not allow; the message names the card and the rule."""


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


# -- records ----------------------------------------------------------------------------------


class Play(NamedTuple):
    """One card played, and by whom."""

    seat: int
    card: Card


class Trick(NamedTuple):
    """A finished trick.

    ``cards`` are in the order played, from ``leader`` clockwise. ``winner`` is None when every
    card of the led suit was cancelled (Cancellation Hearts); ``taker`` is who took the cards
    (None while they lie on the table for the next trick); ``pile`` holds cards of earlier
    cancelled tricks that this trick's taker took with it.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    taker: int | None
    points: int
    cancelled: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()

    @property
    def plays(self) -> tuple[Play, ...]:
        """Who played which card, in order."""
        n = len(self.cards)  # one card from every seat
        return tuple(Play((self.leader + i) % n, c) for i, c in enumerate(self.cards))

    @property
    def led_suit(self) -> int:
        """The suit of the first card."""
        return self.cards[0].suit

    @property
    def winning_card(self) -> Card | None:
        """The card that won, or None."""
        if self.winner is None:
            return None
        return self.cards[(self.winner - self.leader) % len(self.cards)]


class Deal(NamedTuple):
    """The cards each seat is dealt, seat 0 first, and the kitty (sorted)."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


class Moon(NamedTuple):
    """Who shot the moon in a finished hand (None if nobody), and whether it was the sun."""

    side: int | None
    sun: bool


class Limit(NamedTuple):
    """A rung of the ladder of legal play that narrowed a seat's choice: the rule, and the
    cards it still allows (see :meth:`Hand.legal_plays`)."""

    reason: str
    allowed: tuple[Card, ...]


def _limit(reason: str, allowed: int) -> Limit:
    """A :class:`Limit` from the mask of the cards it allows."""
    return Limit(reason, cards_of(allowed))


class _Pass(NamedTuple):
    """The cards a seat has put down to pass, and the masks of what it keeps."""

    cards: tuple[Card, ...]
    kept: int  # the first copies kept
    kept_second: int  # the second copies kept (two decks)
    given: int  # the mask of the cards passed (one deck: each card once)


class _Lot(NamedTuple):
    """Cards taken together: a trick with any pile it took from the table, or the kitty."""

    seat: int
    cards: tuple[Card, ...]
    tricks: int  # how many tricks it counts as (the kitty: none)


# -- what a hand needs from its house rules --------------------------------------------------------


class _Table:
    """What every hand under one :class:`HouseRules` value reads, worked out once."""

    __slots__ = ("rules", "players", "decks", "deck", "bits", "swaps", "dealt", "size", "names",
                 "values", "lowest_club_leads", "points_on_first_trick", "hearts_any_time",
                 "lead_heart_instead_of_queen", "must_dump_queen", "breaks_hearts",
                 "kitty_to_first_trick", "pass_counts", "pass_offsets", "next_seat")

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.players = rules.players
        self.decks = rules.decks
        removed = rules.removed_cards
        self.deck = tuple(c for c in CARDS if c not in removed) * self.decks
        self.bits = tuple(_BIT[c] for c in self.deck)
        # random.shuffle's swaps: card i changes places with a card j <= i drawn with as many
        # bits as i + 1 has, drawn again while j > i
        self.swaps = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(self.deck))))
        self.size = rules.hand_size
        self.dealt = self.players * self.size
        self.names = seat_names(self.players)
        bonus = rules.bonus
        values = [0] * 52
        for c in CARDS:
            if c.bit & HEARTS_MASK:
                values[c] = HEART_POINTS
        values[QUEEN_OF_SPADES] = QUEEN_POINTS
        if rules.black_maria:  # the king and ace of spades score too (and a moon needs them)
            values[KING_OF_SPADES], values[ACE_OF_SPADES] = KING_POINTS, ACE_POINTS
        if bonus is not None:
            values[bonus] = BONUS_POINTS
        self.values = tuple(values)
        self.lowest_club_leads = rules.first_lead == "lowest-club"
        self.points_on_first_trick = rules.points_on_first_trick
        self.hearts_any_time = rules.hearts_any_time
        self.lead_heart_instead_of_queen = rules.lead_heart_instead_of_queen
        self.must_dump_queen = rules.must_dump_queen
        breaks = HEARTS_MASK | (QS_BIT if rules.queen_breaks_hearts else 0)
        self.breaks_hearts = tuple(bool(_BIT[c] & breaks) for c in CARDS)  # by card
        self.kitty_to_first_trick = rules.kitty_goes_to == "first-trick"
        self.pass_counts = {d: rules.pass_count(d) for d in DIRECTIONS}
        self.pass_offsets = {d: rules.pass_offset(d) for d in DIRECTIONS}
        self.next_seat = tuple((seat + 1) % self.players for seat in range(self.players))


_TABLES: dict[int, _Table] = {}


def _table(rules: HouseRules) -> _Table:
    """The table of some rules, found by identity (hashing a HouseRules value costs more than
    a whole deal's setup)."""
    table = _TABLES.get(id(rules))
    if table is None or table.rules is not rules:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        table = _TABLES[id(rules)] = _Table(rules)  # holds the rules, so the id stays theirs
    return table


def _second_copies(cards: Iterable[Card]) -> int:
    """The mask of the cards given twice."""
    seen = second = 0
    for c in cards:
        bit = _BIT[c]
        if seen & bit:
            second |= bit
        seen |= bit
    return second


class _Dealt(NamedTuple):
    """A deal as masks: the cards each seat holds, the second copies among them (two decks),
    and the kitty."""

    held: list[int]
    second: list[int]
    kitty: tuple[Card, ...]


def _deal(table: _Table, rng: random.Random, dealer: int) -> _Dealt:
    """Shuffle the deck with ``rng`` and deal it one card at a time from the dealer's left."""
    # With one deck the cards' bits are shuffled, so that a seat's mask is their sum.
    deck = list(table.bits if table.decks == 1 else table.deck)
    # rng.shuffle(deck), written out: the same swaps, a call fewer for each
    getrandbits = rng.getrandbits
    for i, bits in table.swaps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    n = table.players
    dealt = table.dealt
    # The k-th card dealt goes to seat (dealer + 1 + k) % n, so each seat's cards are every
    # n-th card of the deck from its first one.
    if table.decks == 1:
        held = [sum(deck[(seat - dealer - 1) % n:dealt:n]) for seat in range(n)]
        return _Dealt(held, [0] * n, cards_of(sum(deck[dealt:])))
    hands = [deck[(seat - dealer - 1) % n:dealt:n] for seat in range(n)]
    return _Dealt([mask_of(cards) for cards in hands], [_second_copies(c) for c in hands],
                  tuple(sorted(deck[dealt:])))


def _held(first: int, second: int) -> tuple[Card, ...]:
    """The cards of a hand's two masks, lowest first (a card held twice appears twice)."""
    if second:
        return tuple(sorted(cards_of(first) + cards_of(second)))
    return suits_cards(first)


def _hands(held: Sequence[int], second: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards, lowest first."""
    return tuple(map(_held, held, second))


def random_deal(rules: HouseRules, seed: int | None, dealer: int = 0) -> Deal:
    """The cards each seat is dealt from a deck shuffled by ``seed`` (lowest first), and the
    kitty: what :meth:`Hand.random` deals, without starting a hand."""
    held, second, kitty = _deal(_table(rules), random.Random(seed), dealer)
    return Deal(_hands(held, second), kitty)


def random_holdings(rules: HouseRules, seed: int | None, dealer: int = 0) -> list[int]:
    """Each seat's cards as one mask (a card held twice is one bit), dealt as
    :func:`random_deal` deals them: a cheap first look at a deal, before any card is named."""
    return _deal(_table(rules), random.Random(seed), dealer).held


def _read(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards given as ``Card`` or text; text that is no card is an :class:`IllegalPlayError`."""
    try:
        return tuple(c if type(c) is Card else Card.parse(c) for c in cards)
    except CardError as err:
        raise IllegalPlayError(str(err)) from None


def _check_seating(rules: HouseRules, dealer: int, hand_number: int,
                   pass_direction: str | None) -> str:
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


class Hand:
    """One hand of Hearts, from the deal through the pass to the last trick.

    ``deal`` has one list of cards (``Card`` or text) per seat, seats numbered clockwise from 0.
    Cards of the deck that nobody was dealt form the kitty.

    The state of play is the cards each seat holds, the finished :attr:`tricks` and the cards
    of the trick in progress; :meth:`undo` takes a card back by reading them, so there is no
    separate history to drift from them.

    In Cancellation Hearts a first trick whose led suit cancels out is still the first trick:
    the one its leader leads again is the second, so the first-trick limits no longer apply,
    and a kitty for "the first trick's winner" goes to whoever takes the cards of both.
    """

    # Slots keep attribute access fast on the hot paths of play.
    __slots__ = (
        # the deal
        "rules", "players", "dealer", "hand_number", "pass_direction", "_dealt", "kitty",
        "_names", "_values", "_decks", "_pass_count", "_pass_offset", "_next_seat",
        # house rules read on every play (see _setup)
        "_lowest_club_leads", "_points_on_first_trick", "_hearts_any_time",
        "_lead_heart_instead_of_queen", "_must_dump_queen", "_breaks_hearts",
        "_kitty_to_first_trick",
        # the state of play
        "phase", "_h1", "_h2", "_passes", "tricks", "_cards", "_led_mask", "_top", "_best",
        "_winner",
        "_pile", "hearts_broken", "_broken_at", "kitty_taker", "_kitty_at", "_legal",
        "_leader", "_to_play",
    )

    def __init__(
        self,
        rules: HouseRules,
        deal: Sequence[Iterable[Card | str]],
        dealer: int = 0,
        hand_number: int = 0,
        pass_direction: str | None = None,
    ) -> None:
        n = rules.players
        if len(deal) != n:
            raise IllegalPlayError(f"a deal for {n} players needs {n} hands, got {len(deal)}")
        pass_direction = _check_seating(rules, dealer, hand_number, pass_direction)
        hands = tuple(_read(cards) for cards in deal)
        table = _table(rules)
        counts = [0] * 52
        for seat, cards in enumerate(hands):
            if len(cards) != table.size:
                raise IllegalPlayError(
                    f"{table.names[seat]} must be dealt {table.size} cards, got {len(cards)}")
            for c in cards:
                counts[c] += 1
        deck_counts = [0] * 52
        for c in table.deck:
            deck_counts[c] += 1
        kitty = []
        for c in range(52):
            extra = counts[c] - deck_counts[c]
            if extra > 0:
                raise IllegalPlayError(f"{CARDS[c]} is dealt {counts[c]} times; this deck has "
                                       f"{deck_counts[c]}")
            kitty += [CARDS[c]] * -extra
        dealt = _Dealt([mask_of(cards) for cards in hands],
                       [_second_copies(cards) for cards in hands], tuple(kitty))
        self._setup(table, dealt, dealer, hand_number, pass_direction)

    @classmethod
    def random(cls, rules: HouseRules, seed: int | None = None, dealer: int = 0,
               hand_number: int = 0, pass_direction: str | None = None, *,
               rng: random.Random | None = None) -> Hand:
        """A shuffled deal, dealt one card at a time from the dealer's left, the leftover cards
        to the kitty.

        The deck is shuffled by ``rng.shuffle``, ``rng`` being by default a new
        ``random.Random(seed)``: the same seed gives the same deal. To deal many hands, pass
        one generator as ``rng`` rather than a seed for each (seeding a generator costs as
        much as a third of a deal).
        """
        if rng is None:
            rng = random.Random(seed)
        elif seed is not None:
            raise ValueError("give a seed or a generator to shuffle with, not both")
        pass_direction = _check_seating(rules, dealer, hand_number, pass_direction)
        table = _table(rules)
        hand = cls.__new__(cls)  # a shuffled deck needs none of the checks a given deal gets
        hand._setup(table, _deal(table, rng, dealer), dealer, hand_number, pass_direction)
        return hand

    def _setup(self, table: _Table, dealt: _Dealt, dealer: int, hand_number: int,
               pass_direction: str) -> None:
        """Start the hand from a checked deal: the cards held, and nothing played yet."""
        self.rules = table.rules
        self.players = table.players
        self.dealer = dealer
        self.hand_number = hand_number
        self.pass_direction = pass_direction
        self._dealt = dealt
        self.kitty = dealt.kitty
        self._names = table.names
        self._values = table.values
        self._decks = table.decks
        self._pass_count = table.pass_counts[pass_direction]
        self._pass_offset = table.pass_offsets[pass_direction]
        self._next_seat = table.next_seat
        # House rules read on every play, kept here as plain flags and masks.
        self._lowest_club_leads = table.lowest_club_leads
        self._points_on_first_trick = table.points_on_first_trick
        self._hearts_any_time = table.hearts_any_time
        self._lead_heart_instead_of_queen = table.lead_heart_instead_of_queen
        self._must_dump_queen = table.must_dump_queen
        self._breaks_hearts = table.breaks_hearts
        self._kitty_to_first_trick = table.kitty_to_first_trick
        self._h1 = list(dealt.held)  # the cards each seat holds
        self._h2 = list(dealt.second)  # the second copies among them (two decks)
        self._passes: dict[int, _Pass] = {}
        self.tricks: list[Trick] = []
        # The trick in progress: its cards from the leader on, the mask of the led suit and its
        # highest card, and the highest card of the led suit played so far and by whom.
        self._cards: list[Card] = []
        self._led_mask = self._top = self._best = self._winner = 0
        self._pile: tuple[Card, ...] = ()
        self.hearts_broken = False
        self._broken_at = -1  # how many cards had been played when hearts were broken
        self.kitty_taker: int | None = None
        self._kitty_at = -1  # the trick that gave the kitty
        self._legal = 0  # the legal mask of the seat to play, 0 until worked out
        self._leader = 0
        self._to_play = 0
        if pass_direction == "hold":
            self._start_play()
        else:
            self.phase = "pass"

    # -- what is where -----------------------------------------------------------------------

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat was dealt, lowest first."""
        return _hands(self._dealt.held, self._dealt.second)

    def seat_name(self, seat: int) -> str:
        """The name of a seat, for messages."""
        return self._names[seat]

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now, lowest first (a card held twice appears twice)."""
        return _held(self._h1[seat], self._h2[seat])

    @property
    def to_play(self) -> int:
        """The seat whose turn it is to play."""
        return self._to_play

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[Play, ...]:
        """The plays of the trick in progress."""
        n, leader = self.players, self._leader
        return tuple(Play((leader + i) % n, c) for i, c in enumerate(self._cards))

    @property
    def table_pile(self) -> tuple[Card, ...]:
        """Cards of fully cancelled tricks still lying on the table."""
        return self._pile

    # -- passing -----------------------------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Put down a seat's cards to pass; they change hands once every seat has passed.

        For a scatter, ``cards[i]`` goes to the (i+1)-th seat clockwise.
        """
        if self.phase != "pass":
            raise IllegalPlayError(f"{self._seat_label(seat)} may not pass: there is no pass now")
        if not 0 <= seat < self.players:
            raise IllegalPlayError(f"there is no seat {seat}")
        if seat in self._passes:
            raise IllegalPlayError(f"{self._names[seat]} may not pass twice")
        chosen = tuple(cards)
        for c in chosen:
            if type(c) is not Card:
                chosen = _read(chosen)
                break
        held = h1 = self._h1[seat]
        h2 = self._h2[seat]
        missing = None
        for c in chosen:  # take each card out of the hand: a card passed twice is held twice
            bit = _BIT[c]
            if h2 & bit:
                h2 ^= bit
            elif h1 & bit:
                h1 ^= bit
            elif missing is None:
                missing = c
        if len(chosen) != self._pass_count:
            raise IllegalPlayError(f"{self._names[seat]} must pass {self._pass_count} cards, "
                                   f"not {len(chosen)}")
        if missing is not None:
            raise IllegalPlayError(f"{self._names[seat]} may not pass {missing}: not held")
        self._passes[seat] = _record(_Pass, (chosen, h1, h2, held ^ h1))
        if len(self._passes) == self.players:
            self._exchange()

    def _exchange(self) -> None:
        """Once every seat has passed, move the passed cards and start the play."""
        n = self.players
        h1, h2 = self._h1, self._h2
        passes = self._passes
        for seat, p in passes.items():  # every seat puts down its cards first
            h1[seat], h2[seat] = p.kept, p.kept_second
        if self.pass_direction == "scatter":
            for seat, p in passes.items():
                for i, c in enumerate(p.cards):
                    self._put_in((seat + i + 1) % n, c)
        elif self._decks == 1:
            for seat, p in passes.items():
                h1[(seat + self._pass_offset) % n] |= p.given
        else:
            for seat, p in passes.items():
                for c in p.cards:
                    self._put_in((seat + self._pass_offset) % n, c)
        self._start_play()

    def _put_in(self, seat: int, card: Card) -> None:
        """Add a card to a hand; a card already held becomes a second copy."""
        bit = _BIT[card]
        if self._h1[seat] & bit:
            self._h2[seat] |= bit
        else:
            self._h1[seat] |= bit

    def _start_play(self) -> None:
        self.phase = "play"
        self._leader = self._to_play = first_leader(self.rules, self._h1, self.dealer)

    @property
    def opening_card(self) -> Card | None:
        """The card that must open the first trick (the lowest club), or None when the
        leader may choose."""
        if not self._lowest_club_leads or self.phase == "pass":
            return None
        clubs = self._h1[self._leader] & _CLUBS
        return CARDS[(clubs & -clubs).bit_length() - 1] if clubs else None

    # -- legal plays ---------------------------------------------------------------------------

    def legal_plays(self, why: list[Limit] | None = None) -> tuple[Card, ...]:
        """The cards the seat to play may play now (each card once).

        This is the one statement of the rules of legal play: a ladder, one rung a rule, in
        the order the rule sheet states them. Each rung that applies narrows the cards allowed
        so far; a rung that would leave nothing does not apply. Given a list ``why``, every
        rung that narrows the choice is appended to it as a :class:`Limit` (its reason and the
        cards it leaves), which is how :meth:`why_illegal` finds the rule that bars a card.
        A new house rule is a new rung here.
        """
        if self.phase != "play":
            return ()
        allowed = self._legal
        if allowed and why is None:  # worked out already for this position
            return one_suit_cards(allowed) or suits_cards(allowed)
        allowed = self._h1[self._to_play]
        leading = not self._cards
        following = False
        first_trick = not self.tricks
        if not leading:
            # 1. Follow suit: a player holding the led suit must play it.
            follow = allowed & self._led_mask
            if follow:
                following = True
                if follow != allowed:
                    allowed = follow
                    if why is not None:
                        suit = SUIT_NAMES[(self._led_mask.bit_length() - 1) // 13]
                        why.append(_limit(f"must follow suit ({suit})", allowed))
                # only rungs 3 (on the first trick) and 5 can narrow a follower's choice
                if not self._must_dump_queen and not (first_trick and allowed & POINTS_MASK):
                    self._legal = allowed
                    return one_suit_cards(allowed) or suits_cards(allowed)
        if leading and first_trick:
            # 2. The first lead: the lowest club, or from the dealer's left any card but a heart.
            if self._lowest_club_leads:
                clubs = allowed & _CLUBS
                if clubs:
                    lowest = clubs & -clubs
                    if lowest != allowed:
                        allowed = lowest
                        if why is not None:
                            opening = CARDS[lowest.bit_length() - 1]
                            why.append(_limit(f"the first trick must be led with {opening}",
                                              allowed))
            else:
                rest = allowed & ~HEARTS_MASK
                if rest and rest != allowed:
                    allowed = rest
                    if why is not None:
                        why.append(_limit("no heart may lead the first trick", allowed))
        if first_trick and not self._points_on_first_trick:
            # 3. The first-trick limit: no heart or queen of spades unless nothing else, among
            #    the cards that follow suit as among discards and leads.
            rest = allowed & ~POINTS_MASK
            if rest and rest != allowed:
                allowed = rest
                if why is not None:
                    why.append(_limit("no points on the first trick", allowed))
        if (leading and not first_trick and not self.hearts_broken
                and not self._hearts_any_time):
            # 4. Hearts not yet broken: no heart may lead, unless the hand holds nothing else;
            #    with only hearts and the queen of spades, the queen leads (the strict rule).
            rest = allowed & ~HEARTS_MASK
            if rest and rest != allowed:
                if rest != QS_BIT:
                    allowed = rest
                    if why is not None:
                        why.append(_limit("hearts are not broken", allowed))
                elif not self._lead_heart_instead_of_queen:
                    allowed = rest
                    if why is not None:
                        why.append(_limit("hearts are not broken: with only hearts and the "
                                          "queen, lead the queen", allowed))
        if (self._must_dump_queen and not leading and allowed & QS_BIT and allowed != QS_BIT
                and (not following or self._queen_beaten())):
            # 5. Get rid of the queen: void in the led suit, or spades led and the king or ace
            #    of spades already down (and not cancelled), a player holding her must play her.
            allowed = QS_BIT
            if why is not None:
                why.append(_limit("the queen of spades must be played at the first safe "
                                  "chance", allowed))
        # 6. Anything else may be played.
        self._legal = allowed
        if following:  # the cards of one suit
            return one_suit_cards(allowed) or suits_cards(allowed)
        return suits_cards(allowed)

    def _queen_beaten(self) -> bool:
        """True when a spade above the queen is in the trick so far and can still win it: with
        two decks, a king or ace that an identical card has cancelled cannot."""
        if self._decks == 1:
            return self._best > QUEEN_OF_SPADES
        cards = self._cards
        return any(c > QUEEN_OF_SPADES and c.suit == cards[0].suit and cards.count(c) == 1
                   for c in cards)

    def _legal_mask(self) -> int:
        """The mask of :meth:`legal_plays`."""
        self.legal_plays()
        return self._legal

    def is_legal(self, card: Card | str) -> bool:
        """True when the seat to play may play this card now."""
        return Card.parse(card) in self.legal_plays()

    def why_illegal(self, card: Card | str) -> str | None:
        """The rule that forbids this card for the seat to play, or None if it is legal."""
        c = Card.parse(card)
        if self.phase != "play":
            return "the hand is not in play"
        if not self._h1[self._to_play] & _BIT[c]:
            return "not held"
        why: list[Limit] = []
        self.legal_plays(why)
        for limit in why:
            if c not in limit.allowed:
                return limit.reason
        return None

    # -- playing -------------------------------------------------------------------------------

    def play(self, card: Card | str) -> None:
        """Play a card for the seat to play; raise :class:`IllegalPlayError` if not allowed."""
        if type(card) is not Card:
            card = Card.parse(card)
        bit = _BIT[card]
        if not self._legal & bit:  # not among the legal plays worked out for this position
            if self.phase != "play":
                raise IllegalPlayError("no card may be played: the hand is in its "
                                       f"{self.phase} phase")
            if not self._legal_mask() & bit:
                raise IllegalPlayError(f"{self._names[self._to_play]} may not play {card}: "
                                       f"{self.why_illegal(card)}")
        self._legal = 0
        seat = self._to_play
        if self._decks == 1:
            self._h1[seat] ^= bit
        elif self._h2[seat] & bit:  # a second copy goes first
            self._h2[seat] ^= bit
        else:
            self._h1[seat] ^= bit
        cards = self._cards
        if not self.hearts_broken and self._breaks_hearts[card]:
            self.hearts_broken = True
            self._broken_at = len(self.tricks) * self.players + len(cards)
        if not cards:
            self._led_mask, self._top = _LED[card]
            self._best, self._winner = card, seat
        elif self._best < card <= self._top:  # the highest card of the led suit so far
            self._best, self._winner = card, seat
        cards.append(card)
        seat = self._next_seat[seat]
        if seat != self._leader:
            self._to_play = seat
        else:  # every seat has played
            self._finish_trick()

    def _finish_trick(self) -> None:
        """Record the trick just completed and give its cards, with any cancelled cards on the
        table, to whoever takes them; that seat leads next."""
        cards = self._cards
        leader = self._leader
        pile = self._pile
        values = self._values
        if self._decks == 1:  # the highest card of the led suit wins
            winner: int | None = self._winner
            cancelled: tuple[Card, ...] = ()
            points = 0
            for c in cards:
                points += values[c]
        else:
            # Two identical cards in one trick cancel: neither can win. The highest card of
            # the led suit left wins, or nobody when all of them cancel.
            seen: set[Card] = set()
            twice: set[Card] = set()
            for c in cards:
                (twice if c in seen else seen).add(c)
            cancelled = tuple(sorted(twice))
            led = cards[0] // 13
            winner, best = None, -1
            for i, c in enumerate(cards):
                if c // 13 == led and c not in twice and c > best:
                    winner, best = (leader + i) % self.players, c
            points = sum([values[c] for c in cards]) + sum([values[c] for c in pile])
        last = not self._h1[leader]  # every hand empties on the same trick
        taker = winner if winner is not None else (leader if last else None)
        trick = _record(Trick, (leader, tuple(cards), winner, taker, points, cancelled,
                                      pile))
        self.tricks.append(trick)
        self._cards = []
        if taker is None:
            self._pile = pile + trick.cards
            self._to_play = leader
            return
        self._pile = ()
        if self.kitty and self.kitty_taker is None and (
                self._kitty_to_first_trick or last
                or (mask_of(cards) | mask_of(pile)) & POINTS_MASK):
            self.kitty_taker = taker
            self._kitty_at = len(self.tricks) - 1
        self._leader = self._to_play = taker
        if last:
            self.phase = "over"

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        cards = self._cards
        if not cards:
            if not self.tricks:
                raise IllegalPlayError("there is no play to take back")
            trick = self.tricks.pop()
            self._leader, self._pile = trick.leader, trick.pile
            if self._kitty_at == len(self.tricks):
                self.kitty_taker, self._kitty_at = None, -1
            cards = self._cards = list(trick.cards)
            self.phase = "play"
        c = cards.pop()
        seat = (self._leader + len(cards)) % self.players
        bit = _BIT[c]
        if self._h1[seat] & bit:  # the seat still holds the other copy: this was the second
            self._h2[seat] |= bit
        else:
            self._h1[seat] |= bit
        if self._broken_at == len(self.tricks) * self.players + len(cards):
            self.hearts_broken, self._broken_at = False, -1
        if cards:  # the trick so far, worked out again
            self._led_mask, self._top = _LED[cards[0]]
            self._best = max(c for c in cards if c <= self._top and c >= self._top - 12)
            self._winner = (self._leader + cards.index(self._best)) % self.players
        self._legal = 0
        self._to_play = seat
        return c

    @property
    def move_stack(self) -> tuple[Play, ...]:
        """Every play so far, in order."""
        return tuple(p for t in self.tricks for p in t.plays) + self.current_trick

    # -- results -------------------------------------------------------------------------------
    #
    # What each seat has taken is read back from the tricks and the kitty rather than kept in
    # running counters, so that it is always exact, after an undo too.

    def _takings(self) -> Iterator[_Lot]:
        """Each lot of cards taken so far: a trick with the cancelled tricks it took from the
        table, then the kitty."""
        on_table = 0
        for trick in self.tricks:
            on_table += 1
            if trick.taker is not None:
                yield _Lot(trick.taker, trick.cards + trick.pile, on_table)
                on_table = 0
        if self.kitty_taker is not None:
            yield _Lot(self.kitty_taker, self.kitty, 0)

    def points(self) -> tuple[int, ...]:
        """Points each seat took this hand, as counted from the cards: hearts 1, the queen of
        spades 13 (under Black Maria the king 10 and the ace 7 too), the bonus card -10. The
        moon is scored by :mod:`sheets.scoring`, not here."""
        values = self._values
        totals = [0] * self.players
        for lot in self._takings():
            totals[lot.seat] += sum(values[c] for c in lot.cards)
        return tuple(totals)

    def point_cards_taken(self) -> tuple[int, ...]:
        """How many point cards (the cards that cost points: hearts and penalty spades) each
        seat took."""
        values = self._values
        counts = [0] * self.players
        for lot in self._takings():
            counts[lot.seat] += sum(1 for c in lot.cards if values[c] > 0)
        return tuple(counts)

    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat took (a cancelled trick counts for whoever took its cards)."""
        counts = [0] * self.players
        for lot in self._takings():
            counts[lot.seat] += lot.tricks
        return tuple(counts)

    def moon(self, sides: Sequence[Sequence[int]] | None = None) -> Moon:
        """The side that shot the moon, once the hand is over, and whether it shot the sun.

        A side is a group of seats (each seat alone unless ``sides`` groups them, as the teams
        of a partnership); it shoots the moon by taking every point card (every heart and
        penalty spade), kitty included, and the sun (when that is played) by taking every trick as well.
        """
        if self.phase != "over":
            return Moon(None, False)
        groups = sides if sides is not None else [(s,) for s in range(self.players)]
        cards = self.point_cards_taken()
        for side, seats in enumerate(groups):
            if sum(cards[s] for s in seats) == self.rules.point_cards:
                sun = self.rules.shoot_the_sun and all(
                    t.taker in seats for t in self.tricks if t.taker is not None)
                return Moon(side, sun)
        return Moon(None, False)

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every point card (kitty included), once over."""
        return self.moon().side

    @property
    def sun_shooter(self) -> int | None:
        """The seat that took every trick, once over (only when shooting the sun is played)."""
        shooter, sun = self.moon()
        return shooter if sun else None

    def _seat_label(self, seat: int) -> str:
        return self._names[seat] if 0 <= seat < self.players else f"seat {seat}"

    def __repr__(self) -> str:
        return (f"<Hand {self.players} players, hand {self.hand_number}, {self.phase}, "
                f"{len(self.tricks)} tricks>")

