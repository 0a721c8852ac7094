"""The ladder of legal play as data: its rungs in the order the rule sheet states them, the rungs
each house rule puts in force at each kind of position, and a new house rule added as one new
rung, which the legal plays and the reasons then follow."""

from __future__ import annotations

import pytest
from engine_helpers import cards, seat_deal

from sheets.cards import QS_BIT
from sheets.engine import Card, Hand, HouseRules, IllegalPlayError, ladder
from sheets.engine.ladder import FOLLOW_SUIT_ONLY, LADDER, Rung, ladder_in_force


def _names(steps) -> list[str]:
    return [allows.__name__ for allows, _ in steps]


def test_the_ladder_reads_in_the_order_of_the_rule_sheet():
    assert [rung.allows.__name__ for rung in LADDER] == [
        "follow_suit",
        "lead_the_lowest_club",
        "no_heart_leads_the_first_trick",
        "no_points_on_the_first_trick",
        "no_heart_leads_until_broken",
        "no_heart_leads_until_broken_but_instead_of_the_queen",
        "get_rid_of_the_queen",
    ]
    # each rung's one-line docstring starts with its number on the rule sheet
    assert [rung.allows.__doc__[0] for rung in LADDER] == list("1223445")
    # a follower's steps are worked out without asking whether hearts are broken
    assert all(rung.leading for rung in LADDER if rung.hearts_broken is not None)


def test_the_rungs_in_force_are_those_the_house_rules_call_for():
    standard = ladder_in_force(HouseRules())
    assert _names(standard.first_lead) == ["lead_the_lowest_club", "no_points_on_the_first_trick"]
    assert _names(standard.first_follow) == ["follow_suit", "no_points_on_the_first_trick"]
    assert _names(standard.lead) == ["no_heart_leads_until_broken"]
    assert standard.lead_broken == ()
    assert standard.follow is FOLLOW_SUIT_ONLY  # the position legal_plays takes a short way
    loose = ladder_in_force(
        HouseRules(
            first_lead="dealer-left",
            points_on_first_trick=True,
            hearts_any_time=True,
            must_dump_queen=True,
        )
    )
    assert _names(loose.first_lead) == ["no_heart_leads_the_first_trick"]
    assert (
        _names(loose.first_follow)
        == _names(loose.follow)
        == ["follow_suit", "get_rid_of_the_queen"]
    )
    assert loose.lead == loose.lead_broken == ()
    relaxed = ladder_in_force(HouseRules(lead_heart_instead_of_queen=True))
    assert _names(relaxed.lead) == ["no_heart_leads_until_broken_but_instead_of_the_queen"]


def no_queen_lead(hand: Hand, allowed: int) -> int:
    """The queen of spades may not lead a trick (a house rule made up for this test)."""
    return allowed & ~QS_BIT


def test_a_new_house_rule_is_a_new_rung(monkeypatch):
    # East wins trick 1 and holds only the queen of spades and hearts, which may lead any time.
    deal = seat_deal(
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "QS AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    )

    def east_leads() -> Hand:
        # a new HouseRules value, so that its table reads the ladder as it is now
        hand = Hand(HouseRules(hearts_any_time=True), deal, dealer=3, pass_direction="hold")
        for card in "2C AC 2D 2S".split():
            hand.play(card)
        return hand

    assert Card.parse("QS") in east_leads().legal_plays()
    rung = Rung(
        no_queen_lead, lambda hand, allowed: "the queen of spades may not lead", leading=True
    )
    monkeypatch.setattr(ladder, "LADDER", (*ladder.LADDER, rung))
    hand = east_leads()
    assert set(hand.legal_plays()) == cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert hand.why_illegal("QS") == "the queen of spades may not lead"
    with pytest.raises(
        IllegalPlayError, match="^East may not play QS: the queen of spades may not lead$"
    ):
        hand.play("QS")
