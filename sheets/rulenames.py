"""The one table of rule names (``rule-names`` in language.yaml, :data:`RULE_NAME_KEYS`): a
house rule's name and its values' names in a language, as the rule sheet's headings, /make's
labels and menus, ``check`` and the scorekeeper's setup all say them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheets.facts import Facts
from sheets.houserules import OPTIONS_BY_KEY, STANDARD, HouseRules, HouseRulesError
from sheets.language import RULE_NAME_KEYS, Language
from sheets.textlang import ANY, Placeholders, resolve


def _with(rules: HouseRules, key: str, value: str) -> HouseRules:
    """The rules with a key set to a value (as content writes it), where that can be played."""
    option = OPTIONS_BY_KEY[key]
    new: Any = {"true": True, "false": False}.get(value, value) if option.kind == "bool" else value
    if option.kind == "int":
        new = int(value) if value.isdigit() else getattr(rules, key)
    try:
        return rules.replace(**{key: new})
    except (HouseRulesError, TypeError, ValueError):
        return rules


def rule_name(
    language: Language,
    key: str,
    value: str,
    rules: HouseRules = STANDARD,
    placeholders: Placeholders | None = None,
) -> str:
    """A value's name (as content writes the value, "true", "add-to-others", "75") in the
    language, under some rules with that value in force."""
    names = language.rule_names[key]
    text = names[value] if value in names else names[ANY]
    return resolve(text, _with(rules, key, value), placeholders or Facts(language)) or ""


def rule_label(language: Language, key: str, rules: HouseRules = STANDARD) -> str:
    """A rule's name: its ``label``, or for a yes-or-no rule the name of its "true" (under
    some rules, as the sheet names it there)."""
    names = language.rule_names[key]
    return str(names["label"]) if "label" in names else rule_name(language, key, "true", rules)


class Named:
    """A line's placeholders with ``{rule}``, the name of a rule's value, besides the facts."""

    def __init__(self, facts: Placeholders, language: Language, key: str, value: str):
        self.facts, self.language, self.key, self.value = facts, language, key, value

    def _name(self, rules: HouseRules) -> str:
        if self.key not in RULE_NAME_KEYS:
            return "{rule}"
        return rule_name(self.language, self.key, self.value, rules, self.facts)

    def __call__(self, rules: HouseRules) -> Mapping[str, Any]:
        return {**self.facts(rules), "rule": self._name(rules)}

    def several(self, tables: tuple[HouseRules, ...]) -> Mapping[str, Any]:
        return {**self.facts.several(tables), "rule": self._name(tables[0])}


__all__ = ["RULE_NAME_KEYS", "Named", "rule_label", "rule_name"]
