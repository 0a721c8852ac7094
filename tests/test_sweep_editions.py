"""The other editions for the sweep's random house-rules files (:mod:`sweep_cases`), read back
from the PDFs: the pocket rule cards fit one page with nothing under 7 pt, every card carries
the rules in force, and every number on them is what the engine and the house rules work out.
A quick subset runs by default; the full sweep runs with ``-m sweep``."""

from __future__ import annotations

import functools

import pytest
from pdf_checks import assert_readable, page_count, pdf_text, squash
from sweep_cases import FULL_SEEDS, QUICK_SEEDS, rendered

from sheets.blocks import name_of, strip_bold
from sheets.bundle import load_content
from sheets.cardtext import quick_steps
from sheets.houserules import OPTIONS
from sheets.layout.cards import CARDS
from sheets.pipeline import render_pocket_cards
from sheets.text import variant_line
from sheets.textlang import differs

SEEDS = [
    *(pytest.param(s, id=f"seed{s}") for s in QUICK_SEEDS),
    *(pytest.param(s, id=f"seed{s}", marks=pytest.mark.sweep) for s in FULL_SEEDS),
]


@functools.cache
def cards_pdf(seed: int) -> bytes:
    case = rendered(seed)
    return render_pocket_cards(case.prepared, case.paper).pdf


def _has(text: str, phrase: str, what: str, times: int = CARDS) -> None:
    found = text.count(squash(phrase))
    assert found >= times, f"{what}: {phrase!r} is printed {found} times, not {times}"


@pytest.mark.parametrize("seed", SEEDS)
def test_pocket_cards_fit_and_print_the_rules_in_force(seed):
    case = rendered(seed)
    pdf = cards_pdf(seed)
    assert page_count(pdf) == 1
    assert_readable(pdf, what=f"seed {seed}'s pocket cards")  # nothing under 7 pt
    text = pdf_text(pdf)
    rules, content = case.prepared.rules, load_content()
    facts = content.facts(rules)
    try:
        _has(text, f"{case.house.title} · pocket rules", "title")
        for step in quick_steps(content):  # the quick start's steps, as the rule sheet says them
            said = content.say(step.text, rules)
            if said:
                _has(text, strip_bold(said), "a quick-start step")
                _has(case.rule_text, strip_bold(said), "the same step on the rule sheet", 1)
        _has(text, f"Q♠ {facts['queen_value']}", "the queen's points")
        _has(text, f"reaches {rules.target}", "target")
        _has(text, f"{format(facts['hand_size'], 'card')} each", "cards dealt")
        _has(text, f"{rules.moon_value}", "the moon's worth")
        if rules.shoot_the_sun:
            _has(text, f"{rules.sun_value} in place of {rules.moon_value}", "sun")
        if rules.kitty_size:  # who takes the kitty, as the rule sheet says it
            taker = (
                "winner of the first trick"
                if rules.kitty_goes_to == "first-trick"
                else "first player to win a heart or Q♠"
            )
            _has(text, f"The kitty, points and all, goes to the {taker}", "the kitty")
        else:
            assert "kitty" not in text, "a kitty named where none is dealt"
        if rules.first_lead == "lowest-club" and not rules.kitty_size:
            _has(text, f"Whoever holds {facts['lowest_club']} leads it", "first lead")
        for option in OPTIONS:  # the house rules that differ, by name
            if differs(rules, option.key):
                _has(text, name_of(variant_line(content, rules, option.key)), option.key)
    except AssertionError as err:
        raise AssertionError(f"seed {seed} ({case.paper}):\n{case.source}\n{err}") from None


def test_pocket_cards_are_the_same_bytes_every_time():
    case = rendered(0)
    assert (
        render_pocket_cards(case.prepared, "a4").pdf == render_pocket_cards(case.prepared, "a4").pdf
    )
