"""The blocks a rule-sheet section is made of, generic over their text.

The content (:mod:`sheets.content`) holds them with TEXT that may still depend on the house rules
(``Paragraph[Text]``); the assembled sheet (:mod:`sheets.text`) holds them with plain strings
(``Paragraph[str]``), which is what the PDF layout and the site render.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar, Union

T = TypeVar("T")


@dataclass(frozen=True)
class Paragraph(Generic[T]):
    """A paragraph of text."""

    text: T


@dataclass(frozen=True)
class Step(Generic[T]):
    """One numbered step, with short notes printed under it."""

    text: T
    notes: tuple[T, ...] = ()


@dataclass(frozen=True)
class Steps(Generic[T]):
    """A numbered list."""

    items: tuple[Step[T], ...]


@dataclass(frozen=True)
class Bullets(Generic[T]):
    """A list of short lines."""

    items: tuple[T, ...]


@dataclass(frozen=True)
class Definitions(Generic[T]):
    """Terms and their meanings (the glossary)."""

    items: tuple[tuple[str, T], ...]


@dataclass(frozen=True)
class ExampleSlot:
    """Where the worked example (picture and captions) goes."""


Block = Union[Paragraph, Steps, Bullets, Definitions, ExampleSlot]


def block_strings(block: Block) -> list:
    """Every text of a block, in reading order (a definition as ``"term: text"`` when a string)."""
    if isinstance(block, Paragraph):
        return [block.text]
    if isinstance(block, Steps):
        return [t for step in block.items for t in (step.text, *step.notes)]
    if isinstance(block, Bullets):
        return list(block.items)
    if isinstance(block, Definitions):
        return [f"{term}: {text}" for term, text in block.items]
    return []


__all__ = ["Block", "Bullets", "Definitions", "ExampleSlot", "Paragraph", "Step", "Steps",
           "block_strings"]
