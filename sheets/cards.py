"""Cards, suits and decks.

A card is one small integer, ``suit * 13 + rank``, so that a set of cards fits in an integer
bit mask whose suits are contiguous 13-bit blocks. :class:`Card` is an ``int`` subclass whose
instances are interned, so ``Card.parse("QS") is Card.parse("QS")``.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
RED_SUITS = frozenset({1, 2})

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))


class InvalidCardError(ValueError):
    """Text (or a number) that is no card, as python-chess's ``InvalidMoveError`` is a move it
    cannot read; the message names what was given and what a card looks like. A card that is a
    card but may not be dealt, passed or played is the engine's ``IllegalPlayError``."""


class Card(int):
    """One of the 52 cards; ``str(card)`` is its two-character form, for example ``"QS"``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if type(index) is Card:
            return index
        if type(index) is int and 0 <= index < DECK_SIZE:
            return _CARDS[index]
        raise InvalidCardError(
            f"{index!r} is not a card: expected a number from 0 to {DECK_SIZE - 1}"
        )

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read ``"QS"``, ``"TH"``, ``"10H"`` or ``"2c"``; raise :class:`InvalidCardError`
        otherwise."""
        if isinstance(text, Card):
            return text
        t = str(text).strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise InvalidCardError(
                f"{text!r} is not a card: expected a rank of {RANKS} (or 10) and a suit of {SUITS}"
            )
        return _CARDS[SUITS.index(t[1]) * 13 + RANKS.index(t[0])]

    @property
    def suit(self) -> int:
        """The suit, 0..3 for clubs, diamonds, hearts, spades."""
        return int(self) // 13

    @property
    def rank(self) -> int:
        """The rank, 0 for the 2 up to 12 for the ace."""
        return int(self) % 13

    @property
    def bit(self) -> int:
        """This card's bit in a card mask."""
        return 1 << int(self)

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS

    @property
    def rank_text(self) -> str:
        """The rank as printed on a card: ``"2"`` to ``"10"``, ``"J"``, ``"Q"``, ``"K"``,
        ``"A"``."""
        rank = RANKS[self.rank]
        return "10" if rank == "T" else rank

    @property
    def suit_symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ or ♠."""
        return SUIT_SYMBOLS[self.suit]

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, for example ``"Q♠"`` or ``"10♥"``."""
        return self.rank_text + self.suit_symbol

    @property
    def name(self) -> str:
        """Words, for example ``"queen of spades"``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


DECK_SIZE = 52
_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(DECK_SIZE))
CARDS = _CARDS

# Each card's bit, looked up: on the engine's hot paths cheaper than ``1 << card``.
CARD_BITS: dict[Card, int] = {card: 1 << card for card in CARDS}

QUEEN_OF_SPADES = Card.parse("QS")
KING_OF_SPADES = Card.parse("KS")
ACE_OF_SPADES = Card.parse("AS")
HEARTS_MASK = SUIT_MASKS[HEARTS]
QS_BIT = QUEEN_OF_SPADES.bit
POINTS_MASK = HEARTS_MASK | QS_BIT

# What the cards score for whoever takes them.
HEART_POINTS = 1
QUEEN_POINTS = 13  # the queen of spades
KING_POINTS = 10  # the king of spades, where it scores (Black Maria spades)
ACE_POINTS = 7  # the ace of spades, where it scores (Black Maria spades)
BONUS_POINTS = -10  # the bonus card (Omnibus), when one is played


# The cards of each pattern of ranks, one list for each suit: a suit's 13 bits index its list,
# filled in the first time a pattern is met (at most 4 x 8192 entries). Each is also kept by its
# mask in _ONE_SUIT, so that a mask within one suit, the most asked for, takes one look-up.
_BY_SUIT: tuple[list[tuple[Card, ...] | None], ...] = tuple([None] * 8192 for _ in range(4))
_CLUB_CARDS, _DIAMOND_CARDS, _HEART_CARDS, _SPADE_CARDS = _BY_SUIT
_ONE_SUIT: dict[int, tuple[Card, ...]] = {}
# The cards of a mask within one suit met before, or None: cards_of's first look-up, for callers
# on a hot path that can save the call.
one_suit_cards = _one_suit = _ONE_SUIT.get


def _suit_cards(suit: int, ranks: int) -> tuple[Card, ...]:
    """The cards of one suit whose ranks are the bits of ``ranks``, remembered."""
    first = suit * 13
    cards = tuple(_CARDS[first + r] for r in range(13) if ranks >> r & 1)
    _BY_SUIT[suit][ranks] = _ONE_SUIT[ranks << first] = cards
    return cards


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest suit and rank first."""
    return _one_suit(mask) or suits_cards(mask)


def suits_cards(mask: int) -> tuple[Card, ...]:
    """:func:`cards_of` put together suit by suit, without first looking for a mask within one
    suit: for callers whose masks most often span several suits."""
    # Two halves of 26 bits are small ints, whose arithmetic costs less than the whole mask's.
    # The four suits are written out rather than looped over: this is the engine's hot path.
    low, high = mask & 0x3FFFFFF, mask >> 26
    if not 0 <= high < 1 << 26:
        raise ValueError(f"{mask} is not a mask of cards")
    clubs = _CLUB_CARDS[low & 0x1FFF]
    if clubs is None:
        clubs = _suit_cards(0, low & 0x1FFF)
    diamonds = _DIAMOND_CARDS[low >> 13]
    if diamonds is None:
        diamonds = _suit_cards(1, low >> 13)
    hearts = _HEART_CARDS[high & 0x1FFF]
    if hearts is None:
        hearts = _suit_cards(2, high & 0x1FFF)
    spades = _SPADE_CARDS[high >> 13]
    if spades is None:
        spades = _suit_cards(3, high >> 13)
    return clubs + diamonds + hearts + spades


def read_cards(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards given as :class:`Card` or text, as cards; text that is no card is an
    :class:`InvalidCardError`."""
    given = tuple(cards)
    for c in given:
        if type(c) is not Card:
            return tuple([Card.parse(c) for c in given])
    return given  # type: ignore[return-value]  # every one is a Card


def mask_of(cards: Iterable[Card | str]) -> int:
    """The mask of some cards (a card given twice has the one bit)."""
    m = 0
    for c in cards:
        m |= 1 << (Card.parse(c) if isinstance(c, str) else c)
    return m
