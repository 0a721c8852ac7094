"""The pocket rule cards' words: ``content/cards.yaml`` read into :class:`CardsContent`, and
assembled for some house rules into :class:`PocketCardText`, the one model the cards' layout
draws (:mod:`sheets.layout.cards`).

A card groups the rules in force for one player under four headings. Its lines are the rule
sheet's own words where the sheet has them (the quick start's steps, so the card and the sheet
can never disagree), the house rules that differ from the standard game (by their names), and
the few lines the card adds (the sun), each TEXT resolved with the facts of the engine and
:class:`~sheets.houserules.HouseRules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sheets.blocks import Bullets, PdfLabels, Steps, name_of
from sheets.houserules import without_dead_rules
from sheets.textlang import Text

if TYPE_CHECKING:
    from sheets.content import Content
    from sheets.housefile import HouseFile

DIFFERENCES = "differences"  # a line that stands for the names of the rules that differ


@dataclass(frozen=True, slots=True)
class QuickStep:
    """A card line that is the quick start's step ``number`` (from 1), as the sheet prints it."""

    number: int


CardLine = Text | QuickStep | str  # TEXT, a quick-start step, or DIFFERENCES


@dataclass(frozen=True, slots=True)
class CardGroupSpec:
    """One heading of the card and its lines, as the content gives them."""

    heading: Text
    lines: tuple[CardLine, ...]


@dataclass(frozen=True, slots=True)
class CardsContent:
    """What ``cards.yaml`` says."""

    heading: Text  # after the group's title: "Hearts · pocket rules"
    subject: Text  # the PDF's subject
    keywords: Text
    groups: tuple[CardGroupSpec, ...]


@dataclass(frozen=True, slots=True)
class CardGroup:
    """A heading of the card and its lines, resolved."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PocketCardText:
    """Everything a pocket rule card says, for one set of house rules."""

    title: str  # the group's title, printed as typed
    heading: str  # "pocket rules"
    groups: tuple[CardGroup, ...]
    labels: PdfLabels

    def plain(self) -> str:
        """The card's text as plain lines, bold marks removed."""
        from sheets.blocks import strip_bold

        lines = [self.title, self.heading]
        for group in self.groups:
            lines += [group.heading, *(strip_bold(line) for line in group.lines)]
        return "\n".join(lines)


def read_cards(reader: Any, root: Any, sections: tuple) -> CardsContent | None:
    """``cards.yaml`` read with a content reader (:class:`sheets.content._Reader`), its
    problems collected on the reader; a ``step:`` must be one of the quick start's in
    ``sections`` (the rule sheet's, as read; when rules.yaml could not be read, its own
    problems are told and the steps are not checked)."""
    from sheets.yamlread import scalar, yaml

    steps = sum(
        len(block.items)
        for section in sections
        if section.id == "quick-start"
        for block in section.blocks
        if isinstance(block, Steps)
    )

    top = reader.mapping(root, "cards")
    if not top:
        return None
    reader.keys(top, root, "cards", ("heading", "subject", "keywords", "groups"), ())
    if any(key not in top for key in ("heading", "subject", "keywords", "groups")):
        return None
    groups = []
    for n, node in enumerate(reader.sequence(top["groups"][1], "groups"), start=1):
        what = f"groups: {n}"
        entries = reader.mapping(node, what)
        if not isinstance(node, yaml.MappingNode):
            continue
        reader.keys(entries, node, what, ("heading", "lines"), ())
        if "heading" not in entries or "lines" not in entries:
            continue
        lines: list[CardLine] = []
        for item in reader.sequence(entries["lines"][1], what):
            if isinstance(item, yaml.ScalarNode) and item.value == DIFFERENCES:
                lines.append(DIFFERENCES)
            elif isinstance(item, yaml.MappingNode) and [scalar(k) for k, _ in item.value] == [
                "step"
            ]:
                value = str(scalar(item.value[0][1]))
                if not value.isdigit() or not 1 <= int(value) <= (steps or int(value)):
                    reader.problem(
                        item,
                        f"{what}: step: expected the number of a quick-start "
                        f"step, 1 to {steps}; found {value!r}",
                    )
                    continue
                lines.append(QuickStep(int(value)))
            else:
                lines.append(reader.text(item, what))
        groups.append(
            CardGroupSpec(reader.text(entries["heading"][1], f"{what}: heading"), tuple(lines))
        )
    return CardsContent(
        reader.text(top["heading"][1], "heading"),
        reader.text(top["subject"][1], "subject"),
        reader.text(top["keywords"][1], "keywords"),
        tuple(groups),
    )


def quick_steps(content: Content) -> tuple:
    """The quick start's step specs, in order."""
    section = content.section("quick-start")
    return tuple(
        step for block in section.blocks if isinstance(block, Steps) for step in block.items
    )


def pocket_card_text(content: Content, house: HouseFile) -> PocketCardText:
    """Every word of the pocket rule card for a house-rules file (a rule that can never matter
    is left out, as on the sheets)."""
    from sheets.text import differences

    rules = without_dead_rules(house.rules)
    cards: CardsContent = content.cards
    steps = quick_steps(content)
    differ = [
        name_of(line)
        for block in differences(content, house)
        if isinstance(block, Bullets)
        for line in block.items
    ]
    groups = []
    for spec in cards.groups:
        lines: list[str] = []
        for line in spec.lines:
            if line == DIFFERENCES:
                lines += differ
            elif isinstance(line, QuickStep):
                said = content.say(steps[line.number - 1].text, rules)
                lines += [said] if said else []
            elif (said := content.say(line, rules)) is not None:
                lines.append(said)
        if lines:
            groups.append(CardGroup(content.say(spec.heading, rules) or "", tuple(lines)))
    heading = content.say(cards.heading, rules) or ""
    return PocketCardText(
        title=house.title,
        heading=heading,
        groups=tuple(groups),
        labels=PdfLabels(
            lang=content.language.code,
            title=f"{house.title} · {heading}",
            subject=content.say(cards.subject, rules) or "",
            keywords=tuple((content.say(cards.keywords, rules) or "").split(", ")),
        ),
    )


__all__ = [
    "CardGroup",
    "CardGroupSpec",
    "CardsContent",
    "DIFFERENCES",
    "PocketCardText",
    "QuickStep",
    "pocket_card_text",
    "quick_steps",
    "read_cards",
]
