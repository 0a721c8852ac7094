"""One hand of Hearts (:class:`Hand`): the deal, the pass, the tricks, and what each seat took.

A hand is the one object that plays and takes back, as python-chess's ``Board`` pushes and pops:
:meth:`Hand.play` and :meth:`Hand.undo`, with :attr:`Hand.tricks` and :attr:`Hand.move_stack` as
its public history and :meth:`Hand.legal_plays` as the question "what may I play now?", answered
by the ladder of :mod:`sheets.engine.ladder`. Its :attr:`Hand.phase` is a :class:`Phase`; once it
is over, :meth:`Hand.outcome` says how it came out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from sheets.cards import (
    CARD_BITS,
    CARDS,
    POINTS_MASK,
    SUIT_MASKS,
    Card,
    cards_of,
    mask_of,
    one_suit_cards,
    read_cards,
    suits_cards,
)
from sheets.engine.ladder import FOLLOW_SUIT_ONLY, Steps
from sheets.engine.passing import Passing
from sheets.engine.records import IllegalPlayError, Limit, Phase, Play, Trick
from sheets.engine.table import (
    Dealt,
    Table,
    check_deal,
    check_seating,
    deal,
    first_leader,
    held_cards,
    seats_cards,
    table_of,
)
from sheets.engine.takings import Takings
from sheets.houserules import HouseRules

_CLUBS = SUIT_MASKS[0]
_BIT = CARD_BITS
_PASS, _PLAY, _OVER = Phase.PASS, Phase.PLAY, Phase.OVER
# Builds a NamedTuple record from a tuple of its fields without NamedTuple's __new__, a
# Python-level call, on the hot paths.
_record = tuple.__new__
# For each card led, the mask of its suit and the suit's highest card.
_LED = {card: (SUIT_MASKS[card.suit], CARDS[card.suit * 13 + 12]) for card in CARDS}


class Hand(Passing, Takings):
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
        # the deal, and what its table says about it (see _setup)
        "rules",
        "players",
        "dealer",
        "hand_number",
        "pass_direction",
        "_dealt",
        "kitty",
        "_table",
        "_values",
        "_one_deck",
        "_pass_count",
        "_next_seat",
        "_breaks_hearts",
        "_ladder",
        "_follow_steps",
        "_lead_steps",
        "_lead_broken_steps",
        "_steps",
        # the state of play
        "phase",
        "_h1",
        "_h2",
        "_passes",
        "tricks",
        "_cards",
        "_led_mask",
        "_top",
        "_best",
        "_winner",
        "_pile",
        "hearts_broken",
        "_broken_at",
        "kitty_taker",
        "_kitty_at",
        "_legal",
        "_leader",
        "_to_play",
    )

    def __init__(
        self,
        rules: HouseRules,
        deal: Sequence[Iterable[Card | str]],
        dealer: int = 0,
        hand_number: int = 0,
        pass_direction: str | None = None,
    ) -> None:
        pass_direction = check_seating(rules, dealer, hand_number, pass_direction)
        table = table_of(rules)
        dealt = check_deal(table, tuple(read_cards(cards) for cards in deal))
        self._setup(table, dealt, dealer, hand_number, pass_direction)

    @classmethod
    def random(
        cls,
        rules: HouseRules,
        seed: int | None = None,
        dealer: int = 0,
        hand_number: int = 0,
        pass_direction: str | None = None,
        *,
        rng: random.Random | None = None,
    ) -> Hand:
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
        pass_direction = check_seating(rules, dealer, hand_number, pass_direction)
        table = table_of(rules)
        hand = cls.__new__(cls)  # a shuffled deck needs none of the checks a given deal gets
        hand._setup(table, deal(table, rng, dealer), dealer, hand_number, pass_direction)
        return hand

    def _setup(
        self, table: Table, dealt: Dealt, dealer: int, hand_number: int, pass_direction: str
    ) -> None:
        """Start the hand from a checked deal: the cards held, and nothing played yet."""
        self.rules = table.rules
        self.players = table.players
        self.dealer = dealer
        self.hand_number = hand_number
        self.pass_direction = pass_direction
        self._dealt = dealt
        self.kitty = dealt.kitty
        # What the table says, the parts read on every card (or every pass) kept here.
        self._table = table
        self._values = table.values
        self._one_deck = table.decks == 1
        self._pass_count = table.pass_counts[pass_direction]
        self._next_seat = table.next_seat
        self._ladder = ladder = table.ladder
        # the rungs of a later trick's positions, which play and undo keep as _steps
        self._follow_steps = ladder.follow
        self._lead_steps, self._lead_broken_steps = ladder.lead, ladder.lead_broken
        self._breaks_hearts = table.breaks_hearts
        self._h1 = list(dealt.held)  # the cards each seat holds
        self._h2 = list(dealt.second)  # the second copies among them (two decks)
        self._passes = {}
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
        self._legal = 0  # the legal mask of the seat to play: 0 until worked out, and out of play
        self._steps: Steps = ()  # the rungs in force at this position (see _position_steps)
        self._leader = 0
        self._to_play = 0
        if pass_direction == "hold":
            self._start_play()
        else:
            self.phase = _PASS

    # -- what is where -----------------------------------------------------------------------

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat was dealt, lowest first."""
        return seats_cards(self._dealt.held, self._dealt.second)

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds now, lowest first (a card held twice appears twice)."""
        return held_cards(self._h1[seat], self._h2[seat])

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

    def _start_play(self) -> None:
        """The pass done (or none to make), the first trick's leader leads."""
        self.phase = _PLAY
        self._leader = self._to_play = first_leader(self.rules, self._h1, self.dealer)
        self._steps = self._ladder.first_lead

    @property
    def opening_card(self) -> Card | None:
        """The card that must open the first trick (the lowest club), or None when the
        leader may choose."""
        if not self._table.lowest_club_leads or self.phase is _PASS:
            return None
        clubs = self._h1[self._leader] & _CLUBS
        return CARDS[(clubs & -clubs).bit_length() - 1] if clubs else None

    # -- legal plays ---------------------------------------------------------------------------

    def legal_plays(self, why: list[Limit] | None = None) -> tuple[Card, ...]:
        """The cards the seat to play may play now (each card once), lowest first.

        The rules of legal play are one ladder (:mod:`sheets.engine.ladder`), whose rungs in
        force at this kind of position are climbed in the order the rule sheet states them.
        Each rung that applies narrows the cards allowed so far; a rung that would leave
        nothing does not apply. Given a list ``why``, every rung that narrows the choice is
        appended to it as a :class:`Limit` (its reason and the cards it leaves), which is how
        :meth:`why_illegal` finds the rule that bars a card.
        """
        allowed = self._legal  # 0 until worked out, and whenever the hand is not in play
        if allowed and why is None:  # worked out already for this position
            return one_suit_cards(allowed) or suits_cards(allowed)
        steps = self._steps
        if steps is FOLLOW_SUIT_ONLY and why is None:  # a follower's steps: the hand is in play
            # The commonest position, its one rung written out: the cards of the led suit
            # held, or any card.
            held = self._h1[self._to_play]
            self._legal = allowed = held & self._led_mask or held
            return one_suit_cards(allowed) or suits_cards(allowed)
        if self.phase is not _PLAY:
            return ()
        allowed = self._h1[self._to_play]
        for allows, reason in steps:
            narrower = allows(self, allowed)
            if narrower and narrower != allowed:
                allowed = narrower
                if why is not None:
                    why.append(Limit(reason(self, allowed), cards_of(allowed)))
        self._legal = allowed
        return one_suit_cards(allowed) or suits_cards(allowed)

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
        if self.phase is not _PLAY:
            return f"the hand is in its {self.phase} phase"
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
            if self.phase is not _PLAY or not self._legal_mask() & bit:
                raise IllegalPlayError(self._refusal(card))
        self._legal = 0
        seat = self._to_play
        if self._one_deck:
            self._h1[seat] ^= bit
        elif self._h2[seat] & bit:  # a second copy goes first
            self._h2[seat] ^= bit
        else:
            self._h1[seat] ^= bit
        cards = self._cards
        if not self.hearts_broken and self._breaks_hearts[card]:
            self.hearts_broken = True
            self._broken_at = len(self.tricks) * self.players + len(cards)
        if not cards:  # the lead: the others follow
            self._led_mask, self._top = _LED[card]
            self._best, self._winner = card, seat
            self._steps = self._follow_steps if self.tricks else self._ladder.first_follow
        elif self._best < card <= self._top:  # the highest card of the led suit so far
            self._best, self._winner = card, seat
        cards.append(card)
        seat = self._next_seat[seat]
        if seat != self._leader:
            self._to_play = seat
        else:  # every seat has played
            self._finish_trick()

    def _refusal(self, card: Card) -> str:
        """Why the seat to play may not play a card, naming the seat and the card."""
        if self.phase is not _PLAY:
            return f"{card} may not be played: the hand is in its {self.phase} phase"
        return f"{self.seat_name(self._to_play)} may not play {card}: {self.why_illegal(card)}"

    def _finish_trick(self) -> None:
        """Record the trick just completed and give its cards, with any cancelled cards on the
        table, to whoever takes them; that seat leads next."""
        cards = self._cards
        leader = self._leader
        last = not self._h1[leader]  # every hand empties on the same trick
        if self._one_deck:  # the highest card of the led suit wins
            taker: int | None = self._winner
            values = self._values
            points = 0
            for c in cards:
                points += values[c]
            trick = _record(Trick, (leader, tuple(cards), taker, taker, points, (), ()))
        else:
            trick = self._cancellation_trick(last)
            taker = trick.taker
        self.tricks.append(trick)
        self._cards = []
        self._steps = self._lead_broken_steps if self.hearts_broken else self._lead_steps
        if taker is None:  # the cards stay on the table, and the leader leads again
            self._pile = trick.pile + trick.cards
            self._to_play = leader
            return
        self._pile = ()
        if (
            self.kitty
            and self.kitty_taker is None
            and (
                self._table.kitty_to_first_trick
                or last
                or mask_of(trick.cards + trick.pile) & POINTS_MASK
            )
        ):
            self.kitty_taker = taker
            self._kitty_at = len(self.tricks) - 1
        self._leader = self._to_play = taker
        if last:
            self.phase = _OVER

    def _cancellation_trick(self, last: bool) -> Trick:
        """The trick just completed with two decks: two identical cards cancel, and neither
        can win; the highest card of the led suit left wins, or nobody when all of them cancel.
        Its taker takes any cards left on the table too; with no winner the cards stay there,
        unless this is the last trick, when its leader takes them."""
        cards, leader, pile, values = self._cards, self._leader, self._pile, self._values
        seen: set[Card] = set()
        twice: set[Card] = set()
        for c in cards:
            (twice if c in seen else seen).add(c)
        led = cards[0] // 13
        winner: int | None = None
        best = -1
        for i, c in enumerate(cards):
            if c // 13 == led and c not in twice and c > best:
                winner, best = (leader + i) % self.players, c
        points = sum([values[c] for c in cards]) + sum([values[c] for c in pile])
        taker = winner if winner is not None else (leader if last else None)
        return Trick(leader, tuple(cards), winner, taker, points, tuple(sorted(twice)), pile)

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
            self.phase = _PLAY
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
        self._steps = self._position_steps()
        return c

    def _position_steps(self) -> Steps:
        """The rungs in force at the position now, by its kind: what play and undo keep in
        ``_steps`` as the play moves on."""
        ladder = self._ladder
        if self._cards:
            return ladder.follow if self.tricks else ladder.first_follow
        if not self.tricks:
            return ladder.first_lead
        return ladder.lead_broken if self.hearts_broken else ladder.lead

    @property
    def move_stack(self) -> tuple[Play, ...]:
        """Every play so far, in order."""
        return tuple(p for t in self.tricks for p in t.plays) + self.current_trick

    def _seat_label(self, seat: int) -> str:
        return self.seat_name(seat) if 0 <= seat < self.players else f"seat {seat}"

    def __repr__(self) -> str:
        return (
            f"<Hand {self.players} players, hand {self.hand_number}, {self.phase}, "
            f"{len(self.tricks)} tricks>"
        )
