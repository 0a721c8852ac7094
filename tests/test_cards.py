"""Cards: the text form round-trips, masks read back as their cards, and what is no card is an
:class:`~sheets.cards.InvalidCardError` that names it (never an ``IllegalPlayError``, which is
for a card the rules do not allow)."""

from __future__ import annotations

import random

import pytest

from sheets.cards import (
    CARDS,
    Card,
    InvalidCardError,
    cards_of,
    mask_of,
    read_cards,
    suits_cards,
)
from sheets.engine import IllegalPlayError


def test_card_text_round_trips():
    assert str(Card.parse("QS")) == "QS"
    assert str(Card.parse("10H")) == "TH"
    assert Card.parse("th") is Card.parse("TH")
    assert repr(Card.parse("2C")) == "Card.parse('2C')"
    assert Card.parse("QS").symbol == "Q♠" and Card.parse("TH").symbol == "10♥"
    assert Card.parse("AD").name == "ace of diamonds"
    assert len({Card(i) for i in range(52)}) == 52


def test_masks_read_back_as_their_cards():
    rng = random.Random(5)
    for k in range(3000):
        if k % 2:  # any cards
            chosen = rng.sample(CARDS, rng.randrange(53))
        else:  # cards of one suit
            chosen = [c for c in CARDS if c.suit == k % 4 and rng.random() < 0.5]
        mask = mask_of(chosen)
        assert cards_of(mask) == suits_cards(mask) == tuple(sorted(chosen))
        assert cards_of(mask) == tuple(sorted(chosen))  # again, from what was remembered
    for bad in (-1, 1 << 52):
        with pytest.raises(ValueError, match="not a mask of cards"):
            cards_of(bad)


@pytest.mark.parametrize("text", ["1S", "QX", "", "10", "QSS", " 5 "])
def test_text_that_is_no_card_is_refused_naming_it(text):
    with pytest.raises(InvalidCardError) as refused:
        Card.parse(text)
    assert str(refused.value) == (
        f"{text!r} is not a card: expected a rank of 23456789TJQKA (or 10) and a suit of CDHS"
    )
    assert isinstance(refused.value, ValueError)
    assert not isinstance(refused.value, IllegalPlayError)


@pytest.mark.parametrize("index", [52, -1, 2.0, "5", True])
def test_a_number_that_is_no_card_is_refused_naming_it(index):
    with pytest.raises(InvalidCardError) as refused:
        Card(index)
    assert str(refused.value) == f"{index!r} is not a card: expected a number from 0 to 51"


def test_every_number_of_the_deck_is_its_one_card():
    assert [Card(i) for i in range(52)] == list(CARDS)
    assert all(Card(i) is CARDS[i] and Card(CARDS[i]) is CARDS[i] for i in range(52))


def test_cards_given_as_cards_or_text_are_read_in_order():
    two_clubs = Card.parse("2C")
    given = (two_clubs, Card.parse("QS"))
    assert read_cards(given) is given  # cards already: nothing to read
    assert read_cards(["QS", two_clubs, "10h"]) == tuple(map(Card.parse, ["QS", "2C", "TH"]))
    assert read_cards(iter(["AH", "AH"])) == (Card.parse("AH"),) * 2
    with pytest.raises(InvalidCardError, match="^'11H' is not a card"):
        read_cards(["QS", "11H"])
