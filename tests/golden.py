"""The engine's golden file: 200 seeded hands under five rule sets, played by a fixed policy.

Like the perft counts python-chess keeps, ``tests/data/golden_hands.txt`` records what the engine
did once: for every hand the cards passed, each trick's leader and cards in order, and the points
each seat took. ``test_golden.py`` plays the same hands again and compares; any change to dealing,
passing, the legal plays, who wins a trick or the points shows up as a changed line.

The policy uses no random numbers, so only the deal is shuffled:

- pass: each seat passes its highest cards (the last of :meth:`Hand.held`, clubs lowest and
  spades highest); for a scatter, the i-th of them goes to the (i+1)-th seat clockwise;
- play: with ``k`` cards played so far in the hand, the seat to play plays
  ``legal[k * 7 % len(legal)]`` of :meth:`Hand.legal_plays` (lowest first), which lands on a
  different card of the legal set from play to play, so a change to the set changes the play.

Hand ``seed`` is ``Hand.random(rules, seed=seed, dealer=seed % players, hand_number=seed)``, so
the passing cycle and the dealer both turn.

To record the file again on purpose (only when a change to the rules is meant to change play)::

    .venv/bin/python tests/golden.py

then read the diff of ``tests/data/golden_hands.txt`` before committing it.

Each hand is one line: ``seed direction passes | tricks | points``, where ``passes`` is each
seat's passed cards joined by ``,`` (``-`` for a hold hand), each trick is its leader's seat
number and its cards (``1:2C5CKCAD``) and ``points`` each seat's points joined by ``,``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sheets.engine import Hand, HouseRules, Phase

GOLDEN = Path(__file__).parent / "data" / "golden_hands.txt"
HANDS = 200
STEP = 7  # the play policy's stride through the legal cards

RULE_SETS: dict[str, HouseRules] = {
    "standard": HouseRules(),
    "omnibus": HouseRules(
        bonus_card="JD", points_on_first_trick=True, queen_breaks_hearts=True, shoot_the_sun=True
    ),
    "three-kitty": HouseRules(players=3, deal="kitty"),
    "five-scatter": HouseRules(
        players=5,
        passing=["scatter", "left", "second-right", "hold"],
        first_lead="dealer-left",
        must_dump_queen=True,
        lead_heart_instead_of_queen=True,
    ),
    "cancellation-8": HouseRules(players=8, passing=["left", "hold"], hearts_any_time=True),
}


def play_hand(rules: HouseRules, seed: int) -> str:
    """Deal hand ``seed``, pass and play it by the fixed policy; return its golden line."""
    n = rules.players
    hand = Hand.random(rules, seed=seed, dealer=seed % n, hand_number=seed)
    passes = "-"
    if hand.phase is Phase.PASS:
        count = rules.pass_count(hand.pass_direction)
        chosen = [hand.held(seat)[-count:] for seat in range(n)]
        for seat, cards in enumerate(chosen):
            hand.pass_cards(seat, cards)
        passes = ",".join("".join(map(str, cards)) for cards in chosen)
    played = 0
    while hand.phase is Phase.PLAY:
        legal = hand.legal_plays()
        hand.play(legal[played * STEP % len(legal)])
        played += 1
    tricks = " ".join(f"{t.leader}:{''.join(map(str, t.cards))}" for t in hand.tricks)
    points = ",".join(map(str, hand.points()))
    return f"{seed} {hand.pass_direction} {passes} | {tricks} | {points}"


def section(name: str) -> list[str]:
    """The lines of one rule set: its header, then one line a hand."""
    rules = RULE_SETS[name]
    header = f"[{name}] " + " ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in rules.to_mapping().items()
    )
    return [header] + [play_hand(rules, seed) for seed in range(HANDS)]


def golden_lines() -> list[str]:
    """Every line of the golden file, as the engine plays the hands now."""
    lines = [f"# Hearts Sheets engine golden file: see tests/golden.py. {HANDS} hands a rule set."]
    for name in RULE_SETS:
        lines += section(name)
    return lines


def main() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(golden_lines()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
