"""Random house-rules files, written as a group would write them and read by the same parser
`hearts-sheets check` uses: only the files it accepts come out. Seeded, so a failure names a
file that can be made again. Any sweep (the rule sheet's, the claims') can draw from it.

Titles and notes go up to the README's limits (:data:`~sheets.housefile.MAX_TITLE`,
:data:`~sheets.housefile.MAX_NOTE_LINES`, :data:`~sheets.housefile.MAX_NOTES_CHARS`), often
right up to them, in wide letters as well as ordinary words.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from sheets.bundle import read_preset
from sheets.errors import InputError
from sheets.housefile import (
    MAX_NOTE_LINES,
    MAX_NOTES_CHARS,
    MAX_TITLE,
    PRESETS,
    HouseFile,
    parse_house_rules,
)
from sheets.houserules import OPTIONS

WORDS = (
    "hearts",
    "queen",
    "moon",
    "kitchen",
    "table",
    "league",
    "winter",
    "Thursday",
    "club",
    "dealer",
    "shuffle",
    "biscuits",
    "scores",
    "aloud",
    "every",
    "hand",
    "WWW",
    "MMM",
    "Wednesday",
    "Mum's",
    "rules",
    "no",
    "phones",
    "at",
    "the",
    "Q♠",
    "J♦",
    "10♥",
)
HEAVY = {
    "bonus_card": "JD",
    "black_maria": True,
    "must_dump_queen": True,
    "shoot_the_sun": True,
    "moon": "shooter-chooses",
    "exactly_100": 50,
    "ties": "play-on",
    "points_on_first_trick": False,
}


def _text(rng: random.Random, limit: int) -> str:
    """Words up to ``limit`` characters, often filling it."""
    words: list[str] = []
    target = limit if rng.random() < 0.5 else rng.randint(1, limit)
    while True:
        word = rng.choice(WORDS)
        line = " ".join(words + [word])
        if len(line) > target:
            break
        words.append(word)
    return " ".join(words) or "Hearts"


def _notes(rng: random.Random) -> list[str]:
    count = rng.randint(0, MAX_NOTE_LINES)
    if not count:
        return []
    budget = MAX_NOTES_CHARS if rng.random() < 0.5 else rng.randint(count, MAX_NOTES_CHARS)
    return [_text(rng, max(budget // count, 1)) for _ in range(count)]


def _value(rng: random.Random, option):
    if option.kind == "bool":
        return rng.random() < 0.5
    if option.kind == "int" and option.key == "players":
        return rng.randint(3, 10)
    if option.kind == "int":
        return rng.choice((10, 50, 75, 100, 150, 1000))
    if option.kind == "cycle":
        return rng.sample(option.choices, rng.randint(1, 4))
    return rng.choice(option.choices)


def house_file_text(mapping: dict) -> bytes:
    """A house-rules file holding ``mapping`` (JSON is YAML: strings quoted, lists inline)."""
    return "".join(
        f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in mapping.items()
    ).encode()


def random_mapping(rng: random.Random) -> dict:
    """One file's keys: a preset now and then, about half the switches (the heaviest set a
    quarter of the time), a title and notes."""
    mapping: dict = {}
    if rng.random() < 0.2:
        mapping["preset"] = rng.choice(PRESETS)
    heavy = rng.random() < 0.25
    for option in OPTIONS:
        if heavy and option.key in HEAVY:
            mapping[option.key] = HEAVY[option.key]
        elif rng.random() < (0.8 if option.key == "players" else 0.5):
            mapping[option.key] = _value(rng, option)
    if rng.random() < 0.8:
        mapping["title"] = _text(rng, MAX_TITLE)
    notes = _notes(rng)
    if notes:
        mapping["notes"] = notes
    return mapping


def random_house_files(count: int, seed: int = 11) -> Iterator[tuple[bytes, HouseFile]]:
    """``count`` random files that `check` accepts, each with what the parser read from it."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        data = house_file_text(random_mapping(rng))
        try:
            house = parse_house_rules(data, f"random-{seed}-{made}.yaml", read_preset)
        except InputError:
            continue
        made += 1
        yield data, house


__all__ = ["HEAVY", "house_file_text", "random_house_files", "random_mapping"]
