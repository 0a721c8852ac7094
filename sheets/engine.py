"""The Hearts rules engine: one hand (:class:`Hand`) and a whole game (:class:`Game`).

It covers every table of the rule specification: 3 to 5 players with one deck (stripped or with
a kitty), 4 players in partnership, and Cancellation Hearts for 6 to 10 players with two decks,
under every house rule of :class:`~sheets.houserules.HouseRules`.

Cards a player holds are bit masks (see :mod:`sheets.cards`); with two decks a second mask holds
the second copies, always a subset of the first. The engine imports no YAML, ReportLab or click.

    >>> hand = Hand.random(HouseRules(), seed=7)
    >>> hand.phase
    'pass'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from sheets.cards import (
    CARDS,
    HEARTS,
    HEARTS_MASK,
    POINTS_MASK,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    CardError,
    cards_of,
    mask_of,
)
from sheets.houserules import HouseRules, HouseRulesError, direction_misfit

__all__ = [
    "Card",
    "Game",
    "Hand",
    "HandRecord",
    "HouseRules",
    "HouseRulesError",
    "IllegalPlayError",
    "ScoreError",
    "Trick",
    "first_leader",
    "random_deal",
    "seat_names",
    "side_names",
]

_KS_AS = Card.parse("KS").bit | Card.parse("AS").bit
_CLUBS = SUIT_MASKS[0]


class IllegalPlayError(ValueError):
    """A play or pass the rules do not allow; the message names the card and the rule."""


class ScoreError(ValueError):
    """Points entered for a hand that cannot be scored; the message says why."""


@lru_cache(maxsize=16)
def seat_names(players: int) -> tuple[str, ...]:
    """Names of the seats, clockwise from seat 0: compass points for 4, numbers otherwise."""
    if players == 4:
        return ("North", "East", "South", "West")
    return tuple(f"Player {i + 1}" for i in range(players))


def side_names(rules: HouseRules) -> tuple[str, ...]:
    """Who keeps a score: the seats, or the two teams of a partnership."""
    if rules.partnership:
        return ("North–South", "East–West")
    return seat_names(rules.players)


class Trick(NamedTuple):
    """A finished trick.

    ``winner`` is None when every card of the led suit was cancelled (Cancellation Hearts);
    ``taker`` is who took the cards (None while they lie on the table for the next trick);
    ``pile`` holds cards of earlier cancelled tricks that this trick's taker took with it.
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None
    taker: int | None
    points: int
    cancelled: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played to this trick, in order."""
        return tuple(c for _, c in self.plays)

    @property
    def led_suit(self) -> int:
        """The suit of the first card."""
        return self.plays[0][1].suit

    @property
    def winning_card(self) -> Card | None:
        """The card that won, or None."""
        for seat, card in self.plays:
            if seat == self.winner:
                return card
        return None


@lru_cache(maxsize=64)
def _deck(decks: int, removed: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c for c in CARDS if c not in removed) * decks


def _second_copies(cards: Iterable[Card]) -> int:
    """The mask of the cards given twice."""
    seen = second = 0
    for c in cards:
        bit = 1 << c
        if seen & bit:
            second |= bit
        seen |= bit
    return second


_BIT_OF = {card: 1 << card for card in CARDS}


def _mask_of_distinct(cards: Iterable[Card]) -> int:
    """The mask of some cards, none given twice: :func:`mask_of` without its checks, for a
    checked deal."""
    return sum(map(_BIT_OF.__getitem__, cards))


@lru_cache(maxsize=64)
def _point_values(bonus: Card | None) -> tuple[int, ...]:
    values = [0] * 52
    for i in range(26, 39):
        values[i] = 1
    values[QUEEN_OF_SPADES] = 13
    if bonus is not None:
        values[bonus] = -10
    return tuple(values)


def random_deal(rules: HouseRules, seed: int | None, dealer: int = 0
                ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The cards each seat is dealt from a deck shuffled by ``seed``, and the kitty (sorted):
    what :meth:`Hand.random` deals, without starting a hand."""
    deck = list(_deck(rules.decks, rules.removed_cards))
    random.Random(seed).shuffle(deck)
    n = rules.players
    dealt = n * rules.hand_size
    # The k-th card dealt goes to seat (dealer + 1 + k) % n, so each seat's cards are every
    # n-th card of the deck from its first one.
    hands = tuple(tuple(deck[(seat - dealer - 1) % n:dealt:n]) for seat in range(n))
    return hands, tuple(sorted(deck[dealt:]))


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

    In Cancellation Hearts a first trick whose led suit cancels out is still the first trick:
    the one its leader leads again is the second, so the first-trick limits no longer apply,
    and a kitty for "the first trick's winner" goes to whoever takes the cards of both.
    """

    # Slots keep attribute access fast on the hot paths of play.
    __slots__ = (
        # the deal
        "rules", "players", "dealer", "hand_number", "pass_direction", "deal", "kitty",
        "_names", "_values", "_decks",
        # house rules read on every play (see _setup)
        "_lowest_club_leads", "_points_on_first_trick", "_hearts_any_time",
        "_lead_heart_instead_of_queen", "_must_dump_queen", "_breaks_hearts",
        # the state of play
        "phase", "_h1", "_h2", "_passes", "tricks", "_plays", "_pile",
        "hearts_broken", "kitty_taker", "_stack", "_legal", "_leader", "_to_play", "_led_mask",
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
        try:
            hands = tuple(tuple(c if type(c) is Card else Card.parse(c) for c in cards)
                          for cards in deal)
        except CardError as err:
            raise IllegalPlayError(str(err)) from None
        size = rules.hand_size
        names = seat_names(n)
        counts = [0] * 52
        for seat, cards in enumerate(hands):
            if len(cards) != size:
                raise IllegalPlayError(
                    f"{names[seat]} must be dealt {size} cards, got {len(cards)}")
            for c in cards:
                counts[c] += 1
        deck_counts = [0] * 52
        for c in _deck(rules.decks, rules.removed_cards):
            deck_counts[c] += 1
        kitty = []
        for c in range(52):
            extra = counts[c] - deck_counts[c]
            if extra > 0:
                raise IllegalPlayError(f"{CARDS[c]} is dealt {counts[c]} times; this deck has "
                                       f"{deck_counts[c]}")
            kitty += [CARDS[c]] * -extra
        self._setup(rules, hands, tuple(kitty), dealer, hand_number, pass_direction)

    @classmethod
    def random(cls, rules: HouseRules, seed: int | None = None, dealer: int = 0,
               hand_number: int = 0, pass_direction: str | None = None) -> Hand:
        """A shuffled deal, the same for the same seed; dealt one card at a time from the
        dealer's left, the leftover cards to the kitty."""
        pass_direction = _check_seating(rules, dealer, hand_number, pass_direction)
        hands, kitty = random_deal(rules, seed, dealer)
        hand = cls.__new__(cls)  # a shuffled deck needs none of the checks a given deal gets
        hand._setup(rules, hands, kitty, dealer, hand_number, pass_direction)
        return hand

    def _setup(self, rules: HouseRules, hands: tuple[tuple[Card, ...], ...],
               kitty: tuple[Card, ...], dealer: int, hand_number: int,
               pass_direction: str) -> None:
        """Start the hand from a checked deal: the cards held, and nothing played yet."""
        self.rules = rules
        self.players = n = rules.players
        self.dealer = dealer
        self.hand_number = hand_number
        self.pass_direction = pass_direction
        self.deal = hands
        self.kitty = kitty
        self._names = seat_names(n)
        self._values = _point_values(rules.bonus)
        self._decks = rules.decks
        # House rules read on every play, kept here as plain flags and masks.
        self._lowest_club_leads = rules.first_lead == "lowest-club"
        self._points_on_first_trick = rules.points_on_first_trick
        self._hearts_any_time = rules.hearts_any_time
        self._lead_heart_instead_of_queen = rules.lead_heart_instead_of_queen
        self._must_dump_queen = rules.must_dump_queen
        self._breaks_hearts = HEARTS_MASK | (QS_BIT if rules.queen_breaks_hearts else 0)
        if self._decks == 1:
            self._h1 = [_mask_of_distinct(cards) for cards in hands]  # the cards each seat holds
            self._h2 = [0] * n
        else:
            self._h1 = [mask_of(cards) for cards in hands]
            self._h2 = [_second_copies(cards) for cards in hands]  # the second copies among them
        self._passes: dict[int, tuple[Card, ...]] = {}
        self.tricks: list[Trick] = []
        self._plays: list[tuple[int, Card]] = []
        self._pile: tuple[Card, ...] = ()
        self.hearts_broken = False
        self.kitty_taker: int | None = None
        self._stack: list[tuple] = []
        self._legal = 0  # the legal mask of the seat to play, 0 until worked out
        self._leader = 0
        self._to_play = 0
        self._led_mask = 0  # the mask of the led suit, while a trick is in progress
        if pass_direction == "hold":
            self._start_play()
        else:
            self.phase = "pass"

    # -- what is where -----------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """The name of a seat, for messages."""
        return self._names[seat]

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now, lowest first (a card held twice appears twice)."""
        if self._h2[seat]:
            return tuple(sorted(cards_of(self._h1[seat]) + cards_of(self._h2[seat])))
        return cards_of(self._h1[seat])

    @property
    def to_play(self) -> int:
        """The seat whose turn it is to play."""
        return self._to_play

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """The plays of the trick in progress."""
        return tuple(self._plays)

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
        name = self._names[seat]
        if seat in self._passes:
            raise IllegalPlayError(f"{name} may not pass twice")
        try:
            chosen = tuple(c if type(c) is Card else Card.parse(c) for c in cards)
        except CardError as err:
            raise IllegalPlayError(str(err)) from None
        need = self.rules.pass_count(self.pass_direction)
        if len(chosen) != need:
            raise IllegalPlayError(f"{name} must pass {need} cards, not {len(chosen)}")
        h1, h2 = self._h1[seat], self._h2[seat]
        for c in chosen:  # a card passed twice must be held twice
            bit = 1 << c
            if h2 & bit:
                h2 ^= bit
            elif h1 & bit:
                h1 ^= bit
            else:
                raise IllegalPlayError(f"{name} may not pass {c}: not held")
        self._passes[seat] = chosen
        if len(self._passes) == self.players:
            self._exchange()

    def _exchange(self) -> None:
        """Once every seat has passed, move the passed cards and start the play."""
        n = self.players
        direction = self.pass_direction
        offset = self.rules.pass_offset(direction)
        incoming: list[list[Card]] = [[] for _ in range(n)]
        for seat, cards in self._passes.items():
            self._take_out(seat, cards)
            for i, c in enumerate(cards):
                to = (seat + (i + 1 if direction == "scatter" else offset)) % n
                incoming[to].append(c)
        for seat, cards in enumerate(incoming):
            self._put_in(seat, cards)
        self._start_play()

    def _put_in(self, seat: int, cards: Iterable[Card]) -> None:
        """Add cards to a hand; a card already held becomes a second copy."""
        h1, h2 = self._h1[seat], self._h2[seat]
        for c in cards:
            bit = 1 << c
            if h1 & bit:
                h2 |= bit
            else:
                h1 |= bit
        self._h1[seat], self._h2[seat] = h1, h2

    def _take_out(self, seat: int, cards: Iterable[Card]) -> None:
        """Take cards out of a hand, second copies first."""
        h1, h2 = self._h1[seat], self._h2[seat]
        for c in cards:
            bit = 1 << c
            if h2 & bit:
                h2 ^= bit
            else:
                h1 ^= bit
        self._h1[seat], self._h2[seat] = h1, h2

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

    def _legal_mask(self) -> int:
        h = self._h1[self._to_play]
        plays = self._plays
        first = not self.tricks
        if not plays:
            if first:
                if self._lowest_club_leads:
                    clubs = h & _CLUBS
                    return clubs & -clubs if clubs else h
                m = h
                if not self._points_on_first_trick:
                    m = (h & ~POINTS_MASK) or h
                return (m & ~HEARTS_MASK) or m
            if self.hearts_broken or self._hearts_any_time:
                return h
            rest = h & ~HEARTS_MASK
            if not rest:
                return h
            if rest == QS_BIT and self._lead_heart_instead_of_queen:
                return h
            return rest
        follow = h & self._led_mask
        if follow:
            if (self._must_dump_queen and follow & QS_BIT
                    and any((1 << c) & _KS_AS for _, c in plays)):
                return QS_BIT
            return follow
        m = h
        if first and not self._points_on_first_trick:
            m = (h & ~POINTS_MASK) or h
        if self._must_dump_queen and m & QS_BIT:
            return QS_BIT
        return m

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to play may play now (each card once)."""
        if self.phase != "play":
            return ()
        mask = self._legal = self._legal_mask()
        return cards_of(mask)

    def is_legal(self, card: Card | str) -> bool:
        """True when the seat to play may play this card now."""
        return self.phase == "play" and bool(self._legal_mask() >> Card.parse(card) & 1)

    def why_illegal(self, card: Card | str) -> str | None:
        """The rule that forbids this card for the seat to play, or None if it is legal."""
        c = Card.parse(card)
        if self.phase != "play":
            return "the hand is not in play"
        legal = self._legal_mask()
        if legal >> c & 1:
            return None
        rules = self.rules
        h = self._h1[self._to_play]
        if not h >> c & 1:
            return "not held"
        plays = self._plays
        first = not self.tricks
        if plays:
            led = plays[0][1].suit
            if h & SUIT_MASKS[led] and c.suit != led:
                return f"must follow suit ({SUIT_NAMES[led]})"
            if legal == QS_BIT and rules.must_dump_queen:
                return "the queen of spades must be played at the first safe chance"
            return "no points on the first trick"
        if first:
            if rules.first_lead == "lowest-club":
                return f"the first trick must be led with {self.opening_card}"
            if c.suit == HEARTS:
                return "no heart may lead the first trick"
            return "no points on the first trick"
        if c.suit == HEARTS:
            if h & ~HEARTS_MASK == QS_BIT:
                return "hearts are not broken: with only hearts and the queen, lead the queen"
            return "hearts are not broken"
        return "not allowed now"

    # -- playing -------------------------------------------------------------------------------

    def play(self, card: Card | str) -> None:
        """Play a card for the seat to play; raise :class:`IllegalPlayError` if not allowed."""
        if self.phase != "play":
            raise IllegalPlayError(f"no card may be played: the hand is in its {self.phase} phase")
        c = card if type(card) is Card else Card.parse(card)
        seat = self._to_play
        legal = self._legal or self._legal_mask()
        self._legal = 0
        if not legal >> c & 1:
            raise IllegalPlayError(f"{self._names[seat]} may not play {c}: {self.why_illegal(c)}")
        broken = self.hearts_broken
        bit = 1 << c
        second = self._decks == 2 and self._h2[seat] & bit != 0  # a second copy goes first
        if second:
            self._h2[seat] ^= bit
        else:
            self._h1[seat] ^= bit
        if not broken and bit & self._breaks_hearts:
            self.hearts_broken = True
        plays = self._plays
        if not plays:
            self._led_mask = SUIT_MASKS[c // 13]
        plays.append((seat, c))
        if len(plays) < self.players:
            self._stack.append((seat, c, second, broken, None))
            self._to_play = (seat + 1) % self.players
            return
        undo = (self._leader, self._pile, self.kitty_taker)
        self._finish_trick()
        self._stack.append((seat, c, second, broken, undo))

    def _finish_trick(self) -> None:
        """Record the trick just completed and give its cards, with any cancelled cards on the
        table, to whoever takes them; that seat leads next."""
        plays = self._plays
        leader = self._leader
        led = plays[0][1] // 13
        cancelled: tuple[Card, ...] = ()
        if self._decks == 1:
            winner, best = plays[0]
            for seat, c in plays:
                if c > best and c // 13 == led:
                    winner, best = seat, c
        else:
            seen = set()
            dup = set()
            for _, c in plays:
                (dup if c in seen else seen).add(c)
            cancelled = tuple(sorted(dup))
            winner = None
            best = -1
            for seat, c in plays:
                if c // 13 == led and c not in dup and c > best:
                    winner, best = seat, c
        pile = self._pile
        values = self._values
        points = 0
        for _, c in plays:
            points += values[c]
        for c in pile:
            points += values[c]
        last = not self._h1[leader]  # every hand empties on the same trick
        taker = winner if winner is not None else (leader if last else None)
        # tuple.__new__ builds the Trick without NamedTuple's __new__, a Python-level call
        trick = tuple.__new__(Trick, (leader, tuple(plays), winner, taker, points, cancelled, pile))
        self.tricks.append(trick)
        self._plays = []
        if taker is None:
            self._pile = pile + trick.cards
            self._to_play = leader
            return
        self._pile = ()
        if self.kitty and self.kitty_taker is None:
            if self.rules.kitty_goes_to == "first-trick" or last or any(
                    (1 << c) & POINTS_MASK for c in trick.cards + pile):
                self.kitty_taker = taker
        self._leader = self._to_play = taker
        if last:
            self.phase = "over"

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self._stack:
            raise IllegalPlayError("there is no play to take back")
        seat, c, second, broken, trick_undo = self._stack.pop()
        if trick_undo is not None:
            trick = self.tricks.pop()
            self._leader, self._pile, self.kitty_taker = trick_undo
            self._plays = list(trick.plays)
            self._led_mask = SUIT_MASKS[trick.plays[0][1] // 13]
            self.phase = "play"
        self._plays.pop()
        self._legal = 0
        bit = 1 << c
        if second:
            self._h2[seat] |= bit
        else:
            self._h1[seat] |= bit
        self.hearts_broken = broken
        self._to_play = seat
        return c

    @property
    def move_stack(self) -> tuple[tuple[int, Card], ...]:
        """Every play so far, in order, as (seat, card)."""
        return tuple((s, c) for s, c, *_ in self._stack)

    # -- results -------------------------------------------------------------------------------
    #
    # What each seat has taken is read back from the tricks and the kitty rather than kept in
    # running counters, so that it is always exact, after an undo too.

    def _takings(self) -> Iterator[tuple[int, tuple[Card, ...], int]]:
        """Each lot of cards taken so far, as (seat, cards, tricks it counts as): a trick with
        the cancelled tricks it took from the table, then the kitty, which counts as none."""
        on_table = 0
        for trick in self.tricks:
            on_table += 1
            if trick.taker is not None:
                yield trick.taker, trick.cards + trick.pile, on_table
                on_table = 0
        if self.kitty_taker is not None:
            yield self.kitty_taker, self.kitty, 0

    def points(self) -> tuple[int, ...]:
        """Points each seat took this hand, as counted from the cards: hearts 1, the queen of
        spades 13, the bonus card -10. The moon is scored by :class:`Game`, not here."""
        values = self._values
        totals = [0] * self.players
        for seat, cards, _ in self._takings():
            totals[seat] += sum(values[c] for c in cards)
        return tuple(totals)

    def point_cards_taken(self) -> tuple[int, ...]:
        """How many hearts and queens of spades each seat took."""
        values = self._values
        counts = [0] * self.players
        for seat, cards, _ in self._takings():
            counts[seat] += sum(1 for c in cards if values[c] > 0)
        return tuple(counts)

    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat took (a cancelled trick counts for whoever took its cards)."""
        counts = [0] * self.players
        for seat, _, tricks in self._takings():
            counts[seat] += tricks
        return tuple(counts)

    def moon(self, sides: Sequence[Sequence[int]] | None = None) -> tuple[int | None, bool]:
        """The side that shot the moon, once the hand is over, and whether it shot the sun.

        A side is a group of seats (each seat alone unless ``sides`` groups them, as the teams
        of a partnership); it shoots the moon by taking every heart and queen of spades, kitty
        included, and the sun (when that is played) by taking every trick as well.
        """
        if self.phase != "over":
            return None, False
        groups = sides if sides is not None else [(s,) for s in range(self.players)]
        cards = self.point_cards_taken()
        for side, seats in enumerate(groups):
            if sum(cards[s] for s in seats) == self.rules.point_cards:
                sun = self.rules.shoot_the_sun and all(
                    t.taker in seats for t in self.tricks if t.taker is not None)
                return side, sun
        return None, False

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took every heart and queen of spades (kitty included), once over."""
        return self.moon()[0]

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


# -- the game -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandRecord:
    """One scored hand of a game.

    ``points`` are what each side took, as counted from the cards; ``scores`` what was added
    to each total; ``totals`` the totals after the hand (after any exactly-100 reset);
    ``moon_rule`` the moon rule that was applied, if a moon or sun was shot.
    """

    points: tuple[int, ...]
    shooter: int | None
    sun: bool
    choice: str | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    moon_rule: str | None


class Game:
    """A whole game: hands recorded as a scorer would, totals, the end and the winners.

    With a partnership the sides are the two teams (0 = North–South, 1 = East–West) and points
    are entered per team; otherwise each seat is a side.
    """

    def __init__(self, rules: HouseRules, players: Sequence[str] | None = None,
                 dealer: int = 0) -> None:
        self.rules = rules
        names = tuple(players) if players is not None else side_names(rules)
        if len(names) != rules.sides:
            raise ScoreError(f"this game needs {rules.sides} names, got {len(names)}")
        if not 0 <= dealer < rules.players:
            raise ScoreError(f"dealer must be a seat from 0 to {rules.players - 1}")
        self.names = names
        self.first_dealer = dealer
        self._entries: list[tuple[tuple[int, ...], int | None, bool, str | None]] = []
        self._history: list[HandRecord] = []

    # -- entering hands -----------------------------------------------------------------------

    def record_points(self, points: Sequence[int], *, shooter: int | None = None,
                      sun: bool = False, choice: str | None = None) -> HandRecord:
        """Score a hand from the points each side took; mark a moon (or sun) with ``shooter``."""
        if self.is_over:
            raise ScoreError("the game is over")
        entry = self._check(points, shooter, sun, choice)
        record = self._score(self.totals, entry)
        self._entries.append(entry)
        self._history.append(record)
        return record

    def record_hand(self, hand: Hand, choice: str | None = None) -> HandRecord:
        """Score a finished :class:`Hand`, finding any moon or sun from the cards."""
        if hand.phase != "over":
            raise ScoreError("the hand is not over")
        rules = self.rules
        sides = ((0, 2), (1, 3)) if rules.partnership else tuple((s,) for s in range(rules.players))
        seat_points = hand.points()
        points = [sum(seat_points[s] for s in seats) for seats in sides]
        shooter, sun = hand.moon(sides)
        if shooter is None or rules.moon != "shooter-chooses":
            choice = None
        elif choice is None:
            choice = "add-to-others"
        return self.record_points(points, shooter=shooter, sun=sun, choice=choice)

    def edit(self, index: int, points: Sequence[int], *, shooter: int | None = None,
             sun: bool = False, choice: str | None = None) -> HandRecord:
        """Replace an earlier hand's entry and score the whole history again.

        Refused when the change would end the game before a hand that was played after it.
        """
        if not 0 <= index < len(self._entries):
            raise ScoreError(f"there is no hand {index + 1}")
        entries = list(self._entries)
        entries[index] = self._check(points, shooter, sun, choice)
        history = self._replay(entries)
        self._entries = entries
        self._history = history
        return history[index]

    def undo(self) -> HandRecord:
        """Take back the last hand recorded."""
        if not self._entries:
            raise ScoreError("there is no hand to take back")
        self._entries.pop()
        return self._history.pop()

    def _check(self, points: Sequence[int], shooter: int | None, sun: bool,
               choice: str | None) -> tuple[tuple[int, ...], int | None, bool, str | None]:
        rules = self.rules
        pts = tuple(points)
        if len(pts) != rules.sides or not all(isinstance(p, int) and not isinstance(p, bool)
                                              for p in pts):
            raise ScoreError(f"enter {rules.sides} whole numbers, one for each "
                             f"{'team' if rules.partnership else 'player'}")
        low, high = -rules.bonus_total, rules.points_per_hand
        for p in pts:
            if not low <= p <= high:
                raise ScoreError(f"points must be from {low} to {high}, not {p}")
        if sum(pts) != rules.check_sum:
            raise ScoreError(f"the points add up to {sum(pts)}; a hand adds up to "
                             f"{rules.check_sum}")
        if shooter is None:
            if sun:
                raise ScoreError("a sun needs a shooter")
            if choice is not None:
                raise ScoreError("a moon choice needs a shooter")
            if high in pts:  # all the hearts and queens: only a moon scores that
                raise ScoreError(f"{self.names[pts.index(high)]} took every heart and queen of "
                                 "spades: mark the moon")
            return pts, None, False, None
        if not 0 <= shooter < rules.sides:
            raise ScoreError(f"there is no side {shooter}")
        if sun and not rules.shoot_the_sun:
            raise ScoreError("shooting the sun is not played under these rules")
        bonus_steps = {-10 * k for k in range(rules.decks + 1)} if rules.bonus else {0}
        parts = [p - (rules.points_per_hand if i == shooter else 0) for i, p in enumerate(pts)]
        if any(b not in bonus_steps for b in parts):
            raise ScoreError(f"{self.names[shooter]} did not take every point card")
        if rules.moon == "shooter-chooses":
            if choice not in ("add-to-others", "subtract-from-shooter"):
                raise ScoreError("the shooter must choose add-to-others or subtract-from-shooter")
        elif choice is not None:
            raise ScoreError("only the shooter-chooses rule takes a choice")
        return pts, shooter, sun, choice

    # -- scoring -------------------------------------------------------------------------------

    def _score(self, before: tuple[int, ...], entry) -> HandRecord:
        points, shooter, sun, choice = entry
        rules = self.rules
        if shooter is None:
            return self._apply(before, points, entry, None)
        rule = choice if rules.moon == "shooter-chooses" else rules.moon
        if rule == "add-unless-it-ends-game":
            trial = self._apply(before, self._moon_scores(points, shooter, sun, True), entry,
                                rule)
            if self._over(trial.totals) and self._lowest(trial.totals) != (shooter,):
                return self._apply(before, self._moon_scores(points, shooter, sun, False),
                                   entry, rule)
            return trial
        return self._apply(before, self._moon_scores(points, shooter, sun,
                                                     rule == "add-to-others"), entry, rule)

    def _moon_scores(self, points, shooter: int, sun: bool, add: bool) -> tuple[int, ...]:
        value = self.rules.sun_value if sun else self.rules.moon_value
        scores = []
        for i, p in enumerate(points):
            bonus = p - (self.rules.points_per_hand if i == shooter else 0)
            if i == shooter:
                scores.append(bonus - (0 if add else value))
            else:
                scores.append(bonus + (value if add else 0))
        return tuple(scores)

    def _apply(self, before, scores, entry, rule) -> HandRecord:
        reset = self.rules.exactly_100
        totals = []
        for total, score in zip(before, scores):
            total += score
            if reset != "none" and total == 100:
                total = reset
            totals.append(total)
        points, shooter, sun, choice = entry
        return HandRecord(points, shooter, sun, choice, tuple(scores), tuple(totals), rule)

    def _replay(self, entries) -> list[HandRecord]:
        history: list[HandRecord] = []
        totals = (0,) * self.rules.sides
        for k, entry in enumerate(entries):
            if history and self._over(totals):
                raise ScoreError(f"with that change the game ends after hand {k}, before "
                                 f"hand {k + 1}")
            record = self._score(totals, entry)
            history.append(record)
            totals = record.totals
        return history

    def _over(self, totals: tuple[int, ...]) -> bool:
        if max(totals) < self.rules.target:
            return False
        return self.rules.ties == "joint-winners" or len(self._lowest(totals)) == 1

    @staticmethod
    def _lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
        low = min(totals)
        return tuple(i for i, t in enumerate(totals) if t == low)

    # -- state ---------------------------------------------------------------------------------

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """Every hand scored so far."""
        return tuple(self._history)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total now."""
        return self._history[-1].totals if self._history else (0,) * self.rules.sides

    @property
    def is_over(self) -> bool:
        """True once a total has reached the target (and, when ties play on, one is lowest)."""
        return bool(self._history) and self._over(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides with the lowest total once the game is over; empty before."""
        return self._lowest(self.totals) if self.is_over else ()

    @property
    def hand_number(self) -> int:
        """The number of the next hand, counted from 0."""
        return len(self._history)

    @property
    def dealer(self) -> int:
        """The seat that deals the next hand."""
        return (self.first_dealer + self.hand_number) % self.rules.players

    @property
    def pass_direction(self) -> str:
        """The pass direction of the next hand."""
        return self.rules.pass_direction(self.hand_number)

    def new_hand(self, seed: int | None = None) -> Hand:
        """A random deal for the next hand, with its dealer and pass direction."""
        return Hand.random(self.rules, seed=seed, dealer=self.dealer,
                           hand_number=self.hand_number)
