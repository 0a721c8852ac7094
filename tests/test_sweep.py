"""Both sheets for hundreds of random house-rules files, read back from the PDFs: one page each,
every number what the engine and the house rules work out, every rule in force printed, and no
"1 cards". A quick subset runs by default; the full sweep runs with ``-m sweep``."""

from __future__ import annotations

import re

import pytest
from pdf_checks import assert_readable, squash
from sweep_cases import FULL_SEEDS, QUICK_SEEDS, Rendered, rendered

from sheets.blocks import signed, strip_bold
from sheets.bundle import load_content
from sheets.engine import Hand
from sheets.facts import Count
from sheets.houserules import MAY_BE_DEAD, OPTIONS, HouseRules, warnings
from sheets.layout import rulesheet
from sheets.layout.rulesheet import name_of
from sheets.text import dead_line, variant_line
from sheets.textlang import differs, selector_value


def _cases(seeds, mark=None):
    for seed in seeds:
        yield pytest.param(seed, marks=[mark] if mark else [], id=f"seed{seed}")


SEEDS = [*_cases(QUICK_SEEDS), *_cases(FULL_SEEDS, pytest.mark.sweep)]

#: Nouns after a number that must agree with it.
BAD_GRAMMAR = re.compile(
    r"(?<![\d.,−-])\b1 (?:cards|points|players|hands|tricks|seats)\b"
    r"|\blast 1\b|\b1 cards go\b|\b(?:[02-9]|\d\d+) (?:card|point|player)\b"
    r"(?! (?:cards|deck))"
)


def _has(text: str, phrase: str, what: str) -> None:
    assert squash(phrase) in text, f"{what}: {phrase!r} is not printed"


def _rule_facts(case: Rendered) -> None:
    """The rule sheet's numbers and rule-dependent facts, from HouseRules and the engine."""
    rules = case.prepared.rules
    text = case.rule_text
    fact = load_content().facts(rules)
    _has(
        text,
        f"{format(Count(rules.hand_size, load_content().language), 'card')} each",
        "cards dealt",
    )
    if rules.kitty_size:
        _has(
            text,
            f"{format(Count(rules.kitty_size, load_content().language), '~card')} face down",
            "kitty size",
        )
    plain = [d for d in rules.passing if d not in ("hold", "scatter")]
    scatter = rules.pass_count("scatter")
    if not any(d != "hold" for d in rules.passing):
        _has(text, "No passing: play the hand you are dealt", "no pass")
    elif selector_value("repeats", rules) == "true":
        _has(text, f"{fact['pass_plan']}; then round again", "pass cycle")
        for direction in dict.fromkeys(rules.passing):  # each pass counted as the engine does
            count = rules.pass_count(direction)
            said = {
                "hold": "none (a hold hand)",
                "scatter": f"1 to each other player ({scatter} in all)",
            }.get(direction, f"{count} ")
            _has(text, said, f"the {direction} pass")
    elif plain:
        _has(
            text,
            f"pass {format(Count(rules.pass_count(plain[0]), load_content().language), 'card')} face down",
            "cards passed",
        )
    else:
        _has(
            text, f"1 card face down to each other player, {scatter} cards in all", "scatter count"
        )
    if rules.first_lead == "lowest-club" and not rules.kitty_size:
        _has(text, f"Whoever holds {fact['lowest_club']} leads it", "first lead")
    elif rules.first_lead == "dealer-left":
        _has(text, "on the dealer's left leads", "first lead")
    _has(text, f"{rules.points_per_hand} points in all", "points a hand")
    moon, sun = rules.moon_value, rules.sun_value
    assert re.search(rf"Shooting the moon\. [^.]*\b{moon}\b", text), "moon's worth"
    if rules.shoot_the_sun:
        _has(text, f"{sun} in place of {moon}", "sun's worth")
    _has(text, f"adds up to {signed(rules.check_sum)}", "check sum")
    add, off = rules.moon_sums()
    if rules.moon_may_add and not rules.partnership:
        _has(text, signed(add), "moon check sum")
    if rules.moon_may_subtract:
        _has(text, signed(off), "moon check sum, subtracted")
    _has(text, f"reaches {rules.target} or more", "target")
    # a revoke's row: the whole hand to the offender (with a bonus card, whoever took it)
    revoke = "scores {} points and the other" if rules.bonus_total else "all {} points"
    _has(text, revoke.format(rules.points_per_hand), "revoke")


def _example(case: Rendered) -> None:
    """The worked example: what the engine plays, the points taken (kitty included)."""
    example = case.prepared.example
    hand = Hand.random(
        example.rules, seed=example.seed, dealer=example.dealer, pass_direction="hold"
    )
    for step in example.steps:
        hand.play(step.card)
    trick = hand.tricks[0]
    taken = hand.points()[trick.taker]
    assert example.points_taken == taken
    points = "no points" if taken == 0 else f"{abs(taken)} point"
    assert points in example.result_sentence
    if hand.kitty and hand.kitty_taker is not None:
        assert "takes the kitty" in example.result_sentence
    for sentence in example.sentences:
        _has(case.rule_text, sentence, "example")
    first = load_content().language.seat_names(example.rules.players)[example.dealer]
    if not example.rules.passes:  # a table that never passes says so, not "the first hand"
        _has(case.rule_text, f"{first} deals; at this table nobody ever passes cards.", "dealer")
    elif example.rules.pass_direction(0) == "hold":
        _has(case.rule_text, f"{first} deals, and the first hand has no pass.", "example dealer")
    else:
        _has(
            case.rule_text, f"from the first lead, after the pass. {first} deals.", "example dealer"
        )


def _phrase(rules: HouseRules, key: str) -> str | None:
    """What the main text says for a key's value in force (None: nothing to look for)."""
    value = getattr(rules, key)
    f = load_content().facts(rules)
    team = rules.partnership
    if key == "players":
        return "4 players in two teams" if team else f"for {rules.players} players"
    if key == "points_on_first_trick":
        if value:
            return "may play a heart or Q♠ on it, as on any later trick"
        return (
            "Nobody may play a heart or Q♠ on it while holding another card they could "
            "play, of the suit led"
            if rules.first_lead == "dealer-left"
            else "Nobody may play a heart or Q♠ on it unless their hand holds nothing else"
        )
    if key == "queen_breaks_hearts" and not rules.hearts_any_time:
        return "until a heart or Q♠ has been played" if value else "Q♠ does not break hearts"
    if key == "hearts_any_time":
        return "Hearts any time. There is no breaking rule" if value else "Breaking hearts."
    if key == "lead_heart_instead_of_queen" and not rules.hearts_any_time:
        return "lead her or a heart" if value else "you must lead her"
    if key == "must_dump_queen":
        return "must play her as soon as she cannot win" if value else "Nobody has to discard Q♠"
    if key == "moon":
        return {
            "add-to-others": "the other team scores" if team else "everyone else scores",
            "subtract-from-shooter": "off its own total" if team else "off your own total",
            "shooter-chooses": "it chooses" if team else "you choose",
            "add-unless-it-ends-game": "unless that would",
        }[value]
    if key == "shoot_the_sun" and value:
        return f"{rules.sun_value} in place of {rules.moon_value}"
    if key == "black_maria":  # the scoring step names every spade that counts
        each = "each " if rules.cancellation else ""
        worth = [f"{each}{card.symbol} {points}" for card, points in rules.penalty_spades]
        return load_content().language.listed(worth, "and") + ", whoever played"
    if key == "bonus_card" and rules.bonus:
        return f"{f['bonus']} takes 10 points off the score of whoever wins it"
    if key == "exactly_100" and value != "none":
        return f"exactly 100 after a hand drops to {value}"
    if key == "target":
        return f"reaches {rules.target} or more"
    if key == "ties":
        return "is a shared win" if value == "joint-winners" else "is played off"
    if key == "deal" and rules.kitty_size:
        return "face down as the kitty"
    if key == "deal" and rules.removed_cards:
        return f"Take out {f['removed']}"
    if key == "kitty_goes_to" and rules.kitty_size and not rules.cancellation:
        return (
            "The first player to win a heart or Q♠ in a trick takes it"
            if value == "first-points"
            else "The winner of the first trick takes it"
        )
    if key == "partnership" and value:
        return "Partners sit opposite each other"
    return None


def _every_key_printed(case: Rendered) -> None:
    """Every key in force is printed: its fact in the text, and under "Our house rules" its
    line when it differs from the standard game (or why it never applies)."""
    content = load_content()
    written, rules = case.house.rules, case.prepared.rules
    dead = {p.key for p in warnings(written)}
    assert dead <= set(MAY_BE_DEAD), "a dead rule with no dead line in variants.yaml"
    text = case.rule_text
    # when space is short the list shrinks to the rules' names (the steps state each rule)
    stage = next(s for s in rulesheet.LADDER if s.gives_way == case.gives_way)
    shown = name_of if stage.form("house-rules") == rulesheet.NAMES else strip_bold
    for option in OPTIONS:
        phrase = _phrase(rules, option.key)
        if phrase:
            _has(text, phrase, option.key)
        if option.key in dead:  # a rule that can never apply is not printed
            assert squash(dead_line(content, written, option.key)) not in text, option.key
        elif differs(rules, option.key):
            _has(text, shown(variant_line(content, rules, option.key)), option.key)
    for note in case.house.notes:
        _has(text, note, "notes")
    _has(text, case.house.title, "title")


def _score_sheet(case: Rendered) -> None:
    rules, words = case.prepared.rules, case.prepared.score_text
    text = case.score_text
    assert case.score_pages == 1
    _has(text, f"{case.house.title} · score sheet", "score sheet title")
    _has(text, f"Game to {rules.target}", "target")
    for line in (*words.summary, *words.footer):
        _has(text, strip_bold(line), "score sheet words")
    add, off = rules.moon_sums()
    if rules.moon_may_add:
        _has(text, f"(row = {signed(add)})", "moon row")
    if rules.moon_may_subtract:
        _has(text, f"(row = {signed(off)})", "moon row, subtracted")
    if not rules.partnership:
        _has(
            text,
            f"{load_content().language.seat_names(rules.players)[0]} deals the first hand",
            "first dealer",
        )
    if not rules.passes:  # no pass column: said once, with the rules
        assert "○ hold" not in text and "no pass" not in text
        assert text.count("No pass: every hand is played with the cards dealt") == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_both_sheets_print_the_rules_in_force_and_the_engines_numbers(seed):
    case = rendered(seed)
    assert not case.rule_error, f"{case.source}\n{case.rule_error}"
    assert not case.score_error, f"{case.source}\n{case.score_error}"
    assert case.rule_pages == 1
    assert_readable(case.rule_pdf, what=f"seed {seed}'s rule sheet")  # nothing under 7 pt
    assert_readable(case.score_pdf, what=f"seed {seed}'s score sheet")
    for check in (_rule_facts, _example, _every_key_printed, _score_sheet):
        try:
            check(case)
        except AssertionError as err:
            raise AssertionError(f"seed {seed} ({case.paper}):\n{case.source}\n{err}") from None
    for text in (case.rule_text, case.score_text):
        bad = BAD_GRAMMAR.search(text)
        assert bad is None, (
            f"seed {seed}: {bad.group()!r} in {text[max(bad.start() - 60, 0) : bad.end() + 20]!r}"
        )


def test_the_sweep_covers_every_table_and_every_key():
    cases = [rendered(seed) for seed in QUICK_SEEDS]
    assert {c.house.rules.players for c in cases} == set(range(3, 11))
    given = {key for c in cases for key in c.house.rules.to_mapping()}
    assert given == {o.key for o in OPTIONS}
    assert any(c.house.notes for c in cases) and any(c.house.title != "Hearts" for c in cases)
    assert {c.paper for c in cases} == {"letter", "a4"}
