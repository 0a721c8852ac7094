"""Problems with some input, as records: made where they are found, worded where they are shown.

A :class:`Problem` names the file and line, the key, what is wrong, what was expected and what
was found, each a field. Nothing reads a problem back out of its words: the command line prints
:meth:`Problem.located`, the ``/make`` page puts :meth:`Problem.text` beside the control of
:attr:`Problem.key`. Loads nothing (the engine's :class:`~sheets.houserules.HouseRules` makes
these too).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

#: How a problem is framed in English: the words :meth:`Problem.text` puts around its fields
#: (another language's are the ``problems`` group of its ``language.yaml``).
FRAME: Mapping[str, str] = {
    "key": "key {key}: {text}",
    "unknown": "unknown key {key}",
    "expected": "expected {expected}",
    "found": "found {found}",
    "first-line": " (first on line {line})",
    "separator": "; ",
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with some input.

    ``key`` is the key it is about ("" for none); ``unknown`` says the key itself is not one.
    ``message`` says what is wrong where ``expected`` and ``found`` do not say it all ("" for a
    value that is simply not one of those expected); ``hint`` how to put it right. ``source``
    and ``line`` say where (line 0: the whole file); ``first_line`` is where a key given twice
    was given first; ``origin`` where a value came from ("set by preset 'omnibus'").

    ``id`` names the kind of problem and ``args`` its values, so that the words can be taken
    from another language's content where the problem is shown (:mod:`sheets.messages`); the
    English words above are what :meth:`text` prints.
    """

    key: str = ""
    message: str = ""
    expected: str = ""
    found: str = ""
    hint: str = ""
    source: str = ""
    line: int = 0
    first_line: int = 0
    unknown: bool = False
    origin: str = ""
    id: str = field(default="", compare=False)
    args: tuple[tuple[str, Any], ...] = field(default=(), compare=False)

    def values(self) -> dict[str, Any]:
        """The problem's values by name, to fill its words in any language."""
        return dict(self.args)

    def at(self, source: str, line: int | None = None) -> Problem:
        """The same problem in a file (and at a line of it)."""
        return replace(self, source=source, line=self.line if line is None else line)

    def text(self, *, lines: bool = True, words: Mapping[str, str] | None = None) -> str:
        """The problem in words, without the file and line: ``key 'moon': expected one of ...;
        found 'sometimes'``. ``lines=False`` leaves out any reference to other lines (for input
        that has none, as a page's address); ``words`` frames it in another language (the
        ``problems`` group of its ``language.yaml``; :data:`FRAME` is English's)."""
        w = FRAME if words is None else words
        parts = []
        message = self.message
        if self.first_line and lines:
            message += w["first-line"].format(line=self.first_line)
        if self.unknown:
            parts.append(w["unknown"].format(key=repr(self.key)))
        elif message:
            parts.append(message)
        if self.expected:
            parts.append(w["expected"].format(expected=self.expected))
        if self.found:
            parts.append(w["found"].format(found=self.found))
        if self.hint:
            parts.append(self.hint)
        text = w["separator"].join(parts)
        if self.key and not self.unknown:
            text = w["key"].format(key=repr(self.key), text=text)
        return text + (f" ({self.origin})" if self.origin else "")

    def located(self, words: Mapping[str, str] | None = None) -> str:
        """The problem with its file and line in front: ``house.yaml:3: key 'moon': ...``."""
        where = (
            f"{self.source}:{self.line}: "
            if self.line
            else f"{self.source}: "
            if self.source
            else ""
        )
        return where + self.text(words=words)

    def __str__(self) -> str:
        return self.located()


__all__ = ["FRAME", "Problem"]
