"""The engine plays 1,000 recorded hands exactly as it did when they were recorded.

``tests/data/golden_hands.txt`` holds, for 200 seeded hands under each of five rule sets, the
passes, every trick's leader and cards and the points (see ``tests/golden.py``, which also
records it again on purpose). A change to dealing, passing, the legal plays, who takes a trick
or the points fails here, naming the rule set and the hand.
"""

from __future__ import annotations

import pytest
from golden import GOLDEN, HANDS, RULE_SETS, section


def _recorded() -> dict[str, list[str]]:
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing: record it with `python tests/golden.py`", pytrace=False)
    sections: dict[str, list[str]] = {}
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            name = line[1 : line.index("]")]
            sections[name] = []
        elif not line.startswith("#"):
            sections[name].append(line)
    return sections


def test_the_golden_file_covers_every_rule_set():
    recorded = _recorded()
    assert list(recorded) == list(RULE_SETS)
    assert all(len(lines) == HANDS for lines in recorded.values())


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_hands_play_as_recorded(name):
    header, *played = section(name)
    with GOLDEN.open(encoding="utf-8") as f:
        assert header in f.read().splitlines(), f"the rules of {name} changed: {header}"
    for seed, (now, then) in enumerate(zip(played, _recorded()[name], strict=True)):
        assert now == then, f"{name}, hand {seed} plays differently now:\n  was {then}\n  now {now}"
