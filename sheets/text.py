"""The rule sheet's text for some house rules: one frozen model the PDF and the site both render.

:func:`assemble` is a pure function of the content and a house-rules file. The model is
:class:`~sheets.blocks.RuleSheetText`: a title, a one-line summary, the group's notes and the
sections in the order of :data:`sheets.content.SECTION_IDS`. Each section holds small blocks:
:class:`Paragraph`, :class:`Steps` (numbered, each :class:`Step` with short notes),
:class:`Bullets`, :class:`Definitions`, :class:`Notes` (the group's notes) and
:class:`ExampleSlot` (where the worked example goes).

The model and its markup (:func:`split_lead`, :func:`strip_bold`) live in :mod:`sheets.blocks`,
which loads no YAML, and are re-exported here. The ``house-rules`` section ends with
:func:`differences`: the rules that differ from the standard game (:class:`Bullets`), then the
group's notes (:class:`Notes`).
"""

from __future__ import annotations

from sheets.blocks import (Block, Bullets, Definitions, ExampleSlot, Notes, Paragraph,
                           RuleSheetText, Section, Step, Steps, block_strings, split_lead,
                           strip_bold)
from sheets.content import ANY, Content, SectionSpec, differs, facts, resolve, value_key
from sheets.houserules import OPTIONS, OPTIONS_BY_KEY, HouseRules, HouseRulesError
from sheets.housefile import HouseFile

#: Keys whose other values are described under "other tables", not "other ways to play".
TABLE_KEYS = ("players", "deal", "partnership")


def _present(texts, rules: HouseRules) -> tuple[str, ...]:
    return tuple(t for t in (resolve(x, rules) for x in texts) if t is not None)


def _block(spec: Block, rules: HouseRules) -> Block | None:
    """A block of the content with its TEXT resolved; None when nothing of it is left."""
    if isinstance(spec, Paragraph):
        text = resolve(spec.text, rules)
        return Paragraph(text) if text is not None else None
    if isinstance(spec, Steps):
        steps = tuple(Step(text, _present(s.notes, rules)) for s in spec.items
                      if (text := resolve(s.text, rules)) is not None)
        return Steps(steps) if steps else None
    if isinstance(spec, Bullets):
        items = _present(spec.items, rules)
        return Bullets(items) if items else None
    if isinstance(spec, Definitions):
        return Definitions(tuple((term, text) for term, t in spec.items
                                 if (text := resolve(t, rules)) is not None))
    return spec  # ExampleSlot


def variant_line(content: Content, rules: HouseRules, key: str, value: str | None = None) -> str:
    """The one line ``variants.yaml`` gives for a key's value (default: the value in force)."""
    lines = content.variants[key].lines
    value = value_key(getattr(rules, key)) if value is None else value
    return (lines.get(value) or lines[ANY]).format_map(facts(rules))


def _playable(rules: HouseRules, key: str, value: str) -> HouseRules | None:
    """The rules with one key changed to a value, or None if that cannot be played."""
    option = OPTIONS_BY_KEY[key]
    new = value.split() if option.kind == "cycle" else int(value) if option.kind == "int" else value
    try:
        return rules.replace(**{key: new})
    except HouseRulesError:
        return None


def _other_ways(content: Content, rules: HouseRules) -> tuple[str, ...]:
    """One line for each value not in force that could be played with the other rules."""
    lines = []
    for option in OPTIONS:
        if option.key in TABLE_KEYS:
            continue
        current = value_key(getattr(rules, option.key))
        for value in content.variants[option.key].other:
            changed = _playable(rules, option.key, value) if value != current else None
            if changed is not None:
                lines.append(variant_line(content, changed, option.key, value))
    return tuple(lines)


def differences(content: Content, house: HouseFile) -> tuple[Block, ...]:
    """How a house-rules file differs from the standard game: one line per rule that differs
    (:class:`Bullets`), then the group's notes (:class:`Notes`); each only when there are any."""
    rules = house.rules
    changed = tuple(variant_line(content, rules, o.key) for o in OPTIONS if differs(rules, o.key))
    return ((Bullets(changed),) if changed else ()) + ((Notes(house.notes),) if house.notes else ())


def _section(spec: SectionSpec, content: Content, house: HouseFile) -> Section:
    rules = house.rules
    blocks = [b for b in (_block(s, rules) for s in spec.blocks) if b is not None]
    if spec.id == "house-rules":
        blocks += differences(content, house)
    elif spec.id == "other-ways":
        blocks.append(Bullets(_other_ways(content, rules)))
    return Section(spec.id, resolve(spec.heading, rules) or "", tuple(blocks))


def assemble(content: Content, house: HouseFile) -> RuleSheetText:
    """The rule sheet's text for a house-rules file: the rules in force in the main text, the
    variants not chosen under "other ways to play"."""
    return RuleSheetText(
        title=house.title,
        summary=resolve(content.summary, house.rules) or "",
        notes=house.notes,
        sections=tuple(_section(s, content, house) for s in content.sections),
    )


def rules_in_force_lines(content: Content, house: HouseFile) -> list[str]:
    """What ``hearts-sheets check`` prints: the title, then one line per key, then the notes."""
    rules = house.rules
    lines = [f"title: {house.title}"]
    if house.preset:
        lines.append(f"preset: {house.preset}")
    for option in OPTIONS:
        if option.key == "kitty_goes_to" and not rules.kitty_size:
            continue  # no kitty is dealt: nobody takes one
        value = getattr(rules, option.key)
        shown = ", ".join(value) if isinstance(value, tuple) else value_key(value)
        meaning = strip_bold(variant_line(content, rules, option.key))
        lines.append(f"{option.key}: {shown} — {meaning}")
    lines += [f"notes: {note}" for note in house.notes]
    return lines


__all__ = ["Block", "Bullets", "Definitions", "ExampleSlot", "Notes", "Paragraph",
           "RuleSheetText", "Section", "Step", "Steps", "TABLE_KEYS", "assemble", "block_strings",
           "differences", "rules_in_force_lines", "split_lead", "strip_bold", "variant_line"]
