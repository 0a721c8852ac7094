"""The scorekeeper's words (``content/scorekeeper.yaml``), read and checked like the other content.

The file has ``page`` (the words of the scorekeeper's page and manifest, with ``{title}``) and
TEXT (:mod:`sheets.content`) for everything the page's scripts say: ``words``, then ``rules``
(for each house rule of the "scoring" role, in the order the setup asks them: its label, a line
for each value, why a saved game's value is not one), the shooter's ``choices`` and the
``refusals`` (one for each reason of :data:`sheets.scoring.REFUSALS`). They become one mapping of
word ids (``hand``, ``rule.moon.label``, ``rule.moon.value.*``, ``refusal.sum``) in
:class:`ScorekeeperWords`, to which the content adds each pass direction's words
(``direction.left``) from the one table of them, ``language.yaml``.

TEXT here may use the rule sheet's placeholders, :data:`PLACEHOLDERS` (worked out for the rules
by :func:`placeholders`), and :data:`RUNTIME`, which :func:`fill` leaves as they are for the page
to fill in as the game goes. The checks name the file and line of each problem; a language will
be a folder of these files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sheets.blocks import signed
from sheets.cards import QUEEN_POINTS
from sheets.deadrules import MAY_BE_DEAD
from sheets.facts import FACTS
from sheets.houserules import MIN_PLAYERS, OPTIONS, RESET_AT, SHOOTER_CHOICES, HouseRules, Option
from sheets.language import RULE_NAME_KEYS
from sheets.rulenames import rule_label
from sheets.scoring import REFUSALS, ScoreError
from sheets.textlang import ANY, Text, resolve, value_key
from sheets.yamlread import yaml

if TYPE_CHECKING:
    from sheets.content import Content

#: The longest player or team name the scorekeeper takes.
NAME_LENGTH = 40
#: The scorekeeper's own placeholders, worked out for the rules (:func:`placeholders`).
PLACEHOLDERS = (
    "decks",
    "sides",
    "reset_at",
    "min_players",
    "name_length",
    "bonus_name",
    "queens_value",
    "minimum",
    "maximum",
    "rule",
    "example_hearts",
    "example_typed",
    "example_points",
)
#: What the page fills in as the game goes; of these, ``count`` and ``other_count`` are numbers
#: that may name a noun (``{count:hand}``: "1 hand", "3 hands").
RUNTIME = (
    "number",
    "name",
    "names",
    "other_names",
    "count",
    "other_count",
    "total",
    "totals",
    "ends_at",
    "result",
    "problem",
    "file",
    "date",
    "suffix",
    "trouble",
    "reason",
    "seat",
    "side",
    "dealer",
    "direction",
    "hand",
    "low",
    "high",
    "found",
    "expected",
    "need",
    "copies",
    "scores",
    "score",
    "other_score",
    "rest",
    "last",
    "cycle",
    "before",
    "most",
    "near",  # the chips' own marks, in the line that tells what they mean
    "lowest",
    "mark",  # a mark of the printed sheet's ☾ column, in the line that tells what it means
    "placed",  # the points in the boxes so far, when a minus makes them less than nothing
    "sun_scores",  # what a sun hand's row adds up to, in the printed sheet's key
    "reset_to",  # the total a total of exactly 100 drops to, as chosen at setup
    "ended",  # the hand a game ended with, before a hand that came after it
    "step",  # what a hand entered by its cards asks first, after the hand's number
)
RUNTIME_COUNTS = ("count", "other_count", "total")  # may take a noun: "{total:point}"
SECTIONS = ("page", "words", "rules", "choices", "refusals")


def scoring_options() -> tuple[Option, ...]:
    """The house rules the scorekeeper keeps: every rule of the "scoring" role."""
    return tuple(o for o in OPTIONS if o.role == "scoring")


@dataclass(frozen=True, slots=True)
class ScorekeeperWords:
    """What ``scorekeeper.yaml`` says: the page's words, and TEXT for every other word id."""

    page: Mapping[str, str]
    words: Mapping[str, Text]
    rules: tuple[str, ...]  # the scoring rules' keys, in the order the setup asks them


class _Runtime(dict):
    """Placeholder values, with :data:`RUNTIME`'s left in the text as they were."""

    def __missing__(self, key: str) -> Any:
        return _Kept(key)


class _Kept:
    def __init__(self, name: str):
        self.name = name

    def __format__(self, spec: str) -> str:
        return "{" + self.name + (f":{spec}" if spec else "") + "}"


def placeholders(content: Content, rules: HouseRules, option: Option | None = None) -> _Runtime:
    """Every placeholder's value under some rules (a rule's limits for ``option``), in the
    content's language; the runtime ones are kept for the page."""
    bonus = rules.bonus
    values = _Runtime(content.facts(rules))
    values.update(
        decks=rules.decks,
        sides=rules.sides,
        reset_at=RESET_AT,
        min_players=MIN_PLAYERS,
        name_length=NAME_LENGTH,
        bonus_name=content.language.card_name(bonus) if bonus else "",
        queens_value=QUEEN_POINTS * rules.decks,
        minimum=option.minimum if option else None,
        maximum=option.maximum if option else None,
        rule=rule_label(content.language, option.key, rules)
        if option and option.key in RULE_NAME_KEYS
        else "",
    )
    values.update(_bonus_example(values["heart_value"], values["bonus_value"]) if bonus else {})
    return values


def _bonus_example(heart: int, bonus: int) -> dict[str, Any]:
    """A taker of the bonus card counted in one number, as the hint shows it: a few hearts and
    the card, below 0 (6 hearts and J♦: typed 6 − 10 = −4 as 4 and ±)."""
    hearts = max(1, bonus // heart - 4)
    points = hearts * heart - bonus
    return {"example_hearts": hearts, "example_typed": -points, "example_points": signed(points)}


class _Given:
    """The placeholders of a word of the scorekeeper's (:func:`fill`)."""

    def __init__(self, content: Content, option: Option | None, values: dict[str, Any]):
        self.content, self.option, self.values = content, option, values

    def __call__(self, rules: HouseRules) -> Mapping[str, Any]:
        found = placeholders(self.content, rules, self.option)
        found.update(self.values)
        return found

    def several(self, tables: tuple[HouseRules, ...]) -> Mapping[str, Any]:
        return self.content.facts.several(tables)


def fill(content: Content, word: str, rules: HouseRules, **values: Any) -> str:
    """A word id's words under some rules, the runtime placeholders left for the page (or
    filled with ``values``)."""
    key = word.split(".")[1] if word.startswith("rule.") else ""
    option = next((o for o in OPTIONS if o.key == key), None)
    text = content.scorekeeper.words[word]
    return resolve(text, rules, _Given(content, option, values)) or ""


def fill_sheet(
    content: Content, text: Text, rules: HouseRules, runtime: Sequence[str] = ()
) -> str | None:
    """A sheet's TEXT under some rules (None: left out), as the scorekeeper's page says it: the
    placeholders named in ``runtime`` left for the page to fill."""
    return resolve(text, rules, _Given(content, None, {n: _Kept(n) for n in runtime}))


def refusal_text(
    content: Content, rules: HouseRules, names: Sequence[str], error: ScoreError
) -> str:
    """Why :mod:`sheets.scoring` refused a hand (a :class:`~sheets.scoring.ScoreError` of one of
    :data:`~sheets.scoring.REFUSALS`), in the content's words, as the scorekeeper's page says
    it: the side a refusal names (``side``) by its name in ``names``."""
    values = dict(error.values)
    side = values.get("side")
    if isinstance(side, int) and 0 <= side < len(names):
        values["name"] = names[side]
    return fill(content, "refusal." + error.reason, rules, **values)


def value_word(words: ScorekeeperWords, key: str, value: Any) -> str:
    """The id of the words for a rule's value: its own, or the rule's ``"*"``."""
    own = f"rule.{key}.value.{value_key(value)}"
    return own if own in words.words else f"rule.{key}.value.{ANY}"


# -- reading and checking ------------------------------------------------------------------------


def _flat(
    reader: Any,
    node: yaml.Node,
    what: str,
    prefix: str,
    names: tuple[str, ...] | None,
    out: dict[str, Text],
) -> None:
    """A mapping of ids to TEXT into ``out`` under a prefix; ``names`` are the ids it must
    give, all of them and only those (None: any)."""
    entries = reader.mapping(node, what)
    if names is not None and isinstance(node, yaml.MappingNode):
        reader.keys(entries, node, what, names, ())
    for name, (_, value) in entries.items():
        out[prefix + name] = reader.text(value, f"{what}: {name}")


def _rule(reader: Any, option: Option, node: yaml.Node, out: dict[str, Text]) -> None:
    what = f"rules: {option.key}"
    parts = reader.mapping(node, what)
    named = option.key in RULE_NAME_KEYS  # its values' names are language.yaml's rule-names
    required = (
        ("label", "unknown")
        + (("values",) if option.kind == "choice" and not named else ())
        + (("invalid",) if option.kind == "int" else ())
        + (("dead",) if option.key in MAY_BE_DEAD else ())  # set, yet never applying
        # in a game ending below 100: chosen, and left off (does it matter here? round 34)
        + (("early", "early-none") if option.key == "exactly_100" else ())
    )
    if isinstance(node, yaml.MappingNode):
        reader.keys(parts, node, what, required, ())
    if named and "label" in parts and "{rule}" not in str(getattr(parts["label"][1], "value", "")):
        reader.problem(
            parts["label"][1], f"{what}: label: expected the rule's name, {{rule}}, in it"
        )
    for part in ("label", "unknown", "invalid", "dead", "early", "early-none"):
        if part in parts:
            out[f"rule.{option.key}.{part}"] = reader.text(parts[part][1], f"{what}: {part}")
    if "values" in parts:
        values_node = parts["values"][1]
        cases = reader.mapping(values_node, f"{what}: values")
        known = [value_key(v) for v in option.values]
        for case, (key_node, value) in cases.items():
            if case not in known and case != ANY:
                reader.problem(
                    key_node,
                    f"{what}: values: not a value of {option.key}: "
                    f'{case!r}; expected one of {", ".join(known)} or "*"',
                )
            out[f"rule.{option.key}.value.{case}"] = reader.text(value, f"{what}: {case}")
        missing = [v for v in known if v not in cases]
        if missing and ANY not in cases and isinstance(values_node, yaml.MappingNode):
            reader.problem(
                values_node, f'{what}: values: no line for {", ".join(missing)}; add them or "*"'
            )


def read_scorekeeper_words(reader: Any, root: yaml.Node) -> ScorekeeperWords | None:
    """``scorekeeper.yaml`` read into :class:`ScorekeeperWords` with a content reader
    (:class:`sheets.content` 's, which collects each problem with its line)."""
    top = reader.mapping(root, "scorekeeper")
    if not top:
        return None
    reader.keys(top, root, "scorekeeper", SECTIONS, ())
    page: dict[str, str] = {}
    if "page" in top:
        for name, (_, node) in reader.mapping(top["page"][1], "page").items():
            page[name] = reader.string(node, f"page: {name}", ("title",)) or ""
    words: dict[str, Text] = {}
    if "words" in top:
        _flat(reader, top["words"][1], "words", "", None, words)
    if "choices" in top:
        _flat(reader, top["choices"][1], "choices", "choice.", SHOOTER_CHOICES, words)
    if "refusals" in top:
        _flat(reader, top["refusals"][1], "refusals", "refusal.", REFUSALS, words)
    order: list[str] = []
    if "rules" in top:
        node = top["rules"][1]
        rules = reader.mapping(node, "rules")
        keys = tuple(o.key for o in scoring_options())
        if isinstance(node, yaml.MappingNode):
            reader.keys(rules, node, "rules", keys, ())
        for key, (_, rule_node) in rules.items():
            if key in keys:
                _rule(reader, next(o for o in OPTIONS if o.key == key), rule_node, words)
                order.append(key)
    if set(top) != set(SECTIONS):
        return None
    return ScorekeeperWords(MappingProxyType(page), MappingProxyType(words), tuple(order))


#: Every placeholder the scorekeeper's TEXT may use, and those that may name a noun.
ALL_PLACEHOLDERS = (*FACTS, *PLACEHOLDERS, *RUNTIME)
__all__ = [
    "ALL_PLACEHOLDERS",
    "NAME_LENGTH",
    "PLACEHOLDERS",
    "RUNTIME",
    "RUNTIME_COUNTS",
    "ScorekeeperWords",
    "fill",
    "fill_sheet",
    "placeholders",
    "read_scorekeeper_words",
    "refusal_text",
    "scoring_options",
    "value_word",
]
