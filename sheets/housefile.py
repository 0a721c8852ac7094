"""The house-rules file: one small YAML mapping a group edits before printing.

Keys are the switches of :data:`sheets.houserules.OPTIONS` plus ``title`` (the sheet's heading),
``notes`` (a few lines the group wants printed: a string or a list of strings), ``preset``
(start from one of :data:`PRESETS` and override keys) and ``language`` (the sheets' language,
one of :data:`sheets.language.LANGUAGES`; not a rule of the game). Every key is optional; an empty file is
the standard game.

:func:`parse_house_rules` is pure: it takes the file's bytes, its name for messages and a way to
read a preset; the command line (:mod:`sheets.cli`) reads the files and passes them in. Every
problem in a file is reported together, one line each, as ``house.yaml:3: key 'moon': expected
one of ...; found 'sometimes'``, in an :class:`~sheets.errors.InputError` (exit code 2, no
traceback).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from sheets.cards import Card, InvalidCardError
from sheets.charset import describe, unprintable
from sheets.errors import InputError
from sheets.houserules import (
    OPTIONS,
    OPTIONS_BY_KEY,
    STANDARD,
    HouseRules,
    HouseRulesError,
    Option,
    nearest,
    value_text,
)
from sheets.problems import Problem
from sheets.yamlread import YamlError, is_yaml11_bool_word, kind_of, line_of, plain, read_yaml, yaml

PRESETS = (
    "standard",
    "omnibus",
    "three-players",
    "five-players",
    "cancellation",
    "partnership",
    "short-game",
)
FILE_KEYS = ("title", "notes", "preset", "language")
DEFAULT_TITLE = "Hearts"

MAX_BYTES = 16 * 1024  # a house-rules file is a screenful; refuse anything far bigger unparsed
MAX_EVENTS = 1000
MAX_TITLE = 60
MAX_NOTE_LINES = 4
MAX_NOTES_CHARS = 300

#: Reads a preset by name: its bytes and the name to use in messages, or None if it is missing.
PresetReader = Callable[[str], "tuple[bytes, str] | None"]


@dataclass(frozen=True, slots=True)
class HouseFile:
    """A house-rules file, read and checked: the rules in force, the heading and the notes."""

    rules: HouseRules = STANDARD
    title: str = DEFAULT_TITLE
    notes: tuple[str, ...] = ()
    source: str = ""  # the file it came from ("" for the built-in standard game)
    preset: str = ""  # the preset it starts from, if any
    language: str = ""  # the language the file asks for ("": none, the command's choice)
    titled: str = ""  # where the title comes from: "file", "preset" or "" (none given)

    def in_language(self, language: Any) -> HouseFile:
        """The file as printed in a :class:`~sheets.language.Language`: with no title given,
        the language's name of the game; a preset's title, the language's name of the preset."""
        if self.titled == "file":
            return self
        title = language.presets.get(self.preset) if self.titled == "preset" else language.game
        return self if not title or title == self.title else replace(self, title=title)


STANDARD_FILE = HouseFile()


@dataclass(slots=True)
class _Raw:
    """What one file says, before presets are applied; ``lines`` maps keys to their lines."""

    source: str
    options: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    title: str | None = None
    notes: tuple[str, ...] | None = None
    preset: str | None = None
    language: str | None = None
    problems: list[Problem] = field(default_factory=list)

    def problem(self, node: yaml.Node | int, problem: Problem) -> None:
        """Note a problem at a node's line (or at a line: 0 for the whole file)."""
        line = node if isinstance(node, int) else line_of(node)
        self.problems.append(problem.at(self.source, line))


def _found_word(node: yaml.Node) -> str:
    truth = "true" if node.value.lower() in ("yes", "on", "y") else "false"
    return f"{node.value} (YAML reads a bare {node.value} as {truth})"


def _text_lines(raw: _Raw, key: str, node: yaml.Node) -> list[str] | None:
    """The strings of a title or notes value (source text, so ``no`` stays ``no``), or None."""
    items = node.value if isinstance(node, yaml.SequenceNode) and key == "notes" else [node]
    if not all(isinstance(item, yaml.ScalarNode) for item in items):
        expected = "a line of text" if key == "title" else "a string or a list of strings"
        raw.problem(
            node,
            Problem(
                key,
                expected=expected,
                found=kind_of(node),
                id=f"{key}-kind",
                args=(("kind", kind_of(node)),),
            ),
        )
        return None
    if any(item.tag == "tag:yaml.org,2002:null" for item in items):
        raw.problem(node, Problem(key, "no value given", "some text", "nothing", id="no-text"))
        return None
    lines = []
    for item in items:
        lines += [line.strip() for line in item.value.splitlines() if line.strip()]
    missing = unprintable("".join(lines))
    if missing:
        raw.problem(
            node,
            Problem(
                key,
                "the sheets' font has no glyph for " + ", ".join(describe(ch) for ch in missing),
                "letters of Latin alphabets, digits, punctuation or suit symbols",
                id="no-glyph",
                args=(("characters", ", ".join(describe(ch) for ch in missing)),),
            ),
        )
        return None
    return lines


def _read_title(raw: _Raw, node: yaml.Node) -> None:
    lines = _text_lines(raw, "title", node)
    if lines is None:
        return
    title = " ".join(lines)
    if not title:
        raw.problem(
            node,
            Problem(
                "title",
                expected=f"a heading of 1 to {MAX_TITLE} characters",
                found="an empty string",
                id="title-empty",
                args=(("most", MAX_TITLE),),
            ),
        )
    elif len(lines) > 1:
        raw.problem(
            node,
            Problem(
                "title",
                expected="one line",
                found=f"{len(lines)} lines",
                id="title-lines",
                args=(("lines", len(lines)),),
            ),
        )
    elif len(title) > MAX_TITLE:
        raw.problem(
            node,
            Problem(
                "title",
                "too long to print",
                f"at most {MAX_TITLE} characters",
                str(len(title)),
                id="too-many-characters",
                args=(("most", MAX_TITLE), ("count", len(title))),
            ),
        )
    else:
        raw.title = title


def _read_notes(raw: _Raw, node: yaml.Node) -> None:
    lines = _text_lines(raw, "notes", node)
    if lines is None:
        return
    size = sum(len(line) for line in lines)
    if len(lines) > MAX_NOTE_LINES:
        raw.problem(
            node,
            Problem(
                "notes",
                "too long to print",
                f"at most {MAX_NOTE_LINES} lines",
                str(len(lines)),
                id="too-many-lines",
                args=(("most", MAX_NOTE_LINES), ("count", len(lines))),
            ),
        )
    elif size > MAX_NOTES_CHARS:
        raw.problem(
            node,
            Problem(
                "notes",
                "too long to print",
                f"at most {MAX_NOTES_CHARS} characters",
                str(size),
                id="too-many-characters",
                args=(("most", MAX_NOTES_CHARS), ("count", size)),
            ),
        )
    else:
        raw.notes = tuple(lines)


def _read_preset(raw: _Raw, node: yaml.Node) -> None:
    name = node.value if isinstance(node, yaml.ScalarNode) else None
    if name in PRESETS:
        raw.preset = name
        return
    hint = nearest(name, PRESETS) if name else None
    found = repr(name) if name else "nothing" if name == "" else kind_of(node)
    guess = f" (did you mean {hint!r}?)" if hint else ""
    raw.problem(
        node,
        Problem(
            "preset",
            f"unknown preset{guess}",
            "one of " + ", ".join(PRESETS),
            found,
            id="unknown-preset-near" if hint else "unknown-preset",
            args=(("near", repr(hint)), ("presets", ", ".join(PRESETS))),
        ),
    )


def _read_language(raw: _Raw, node: yaml.Node) -> None:
    from sheets.language import LANGUAGES

    code = node.value if isinstance(node, yaml.ScalarNode) else None
    if code in LANGUAGES:
        raw.language = code
        return
    found = repr(code) if code else "nothing" if code == "" else kind_of(node)
    raw.problem(
        node,
        Problem(
            "language",
            expected="one of " + ", ".join(LANGUAGES),
            found=found,
            id="language",
            args=(("languages", ", ".join(LANGUAGES)),),
        ),
    )


def _read_option(raw: _Raw, key: str, node: yaml.Node) -> None:
    option = OPTIONS_BY_KEY[key]
    if option.kind != "bool" and is_yaml11_bool_word(node):
        truth = "true" if node.value.lower() in ("yes", "on", "y") else "false"
        raw.problem(
            node,
            Problem(
                key,
                expected=option.expected(),
                found=_found_word(node),
                hint="write none to turn this rule off" if "none" in option.choices else "",
                id="yaml-word",
                args=(("word", node.value), ("truth", truth)),
            ),
        )
        return
    value = plain(node)
    if key == "bonus_card" and isinstance(value, str):
        try:
            value = str(Card.parse(value))
        except InvalidCardError:
            pass
    raw.options[key] = value


def _read_file(data: bytes, source: str, *, preset_allowed: bool = True) -> _Raw:
    """Read one file's keys and their lines; structural problems are collected in ``problems``."""
    raw = _Raw(source)
    try:
        root = read_yaml(data, max_bytes=MAX_BYTES, max_events=MAX_EVENTS)
    except YamlError as err:
        raw.problems += [p.at(source) for p in err.problems]
        return raw
    if root is None or (isinstance(root, yaml.ScalarNode) and root.tag.endswith(":null")):
        return raw
    if not isinstance(root, yaml.MappingNode):
        raw.problem(
            root,
            Problem(
                expected="a mapping of house-rule keys to values (key: value, one a line)",
                found=kind_of(root),
                id="not-a-mapping",
                args=(("kind", kind_of(root)),),
            ),
        )
        return raw
    readers = {
        "title": _read_title,
        "notes": _read_notes,
        "preset": _read_preset,
        "language": _read_language,
    }
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key is None:
            raw.problem(
                key_node,
                Problem(
                    expected="a key name",
                    found=kind_of(key_node),
                    id="key-name",
                    args=(("kind", kind_of(key_node)),),
                ),
            )
            continue
        raw.lines[key] = line_of(key_node)
        if key in OPTIONS_BY_KEY:
            _read_option(raw, key, value_node)
        elif key == "preset" and not preset_allowed:
            raw.problem(
                key_node,
                Problem(
                    "preset", "a preset cannot start from another preset", id="preset-in-preset"
                ),
            )
        elif key in readers:
            readers[key](raw, value_node)
        else:
            hint = nearest(key, [*OPTIONS_BY_KEY, *FILE_KEYS])
            raw.problem(
                key_node,
                Problem(
                    key,
                    unknown=True,
                    hint=f"did you mean {hint!r}?" if hint else "",
                    expected="" if hint else "a house-rule key (hearts-sheets variants lists them)",
                    id="unknown-rule" if hint else "unknown-file-key",
                    args=(("near", repr(hint)),),
                ),
            )
    return raw


def _fail(raws: list[_Raw], language: str = "") -> None:
    problems = [p for raw in raws for p in sorted(raw.problems, key=lambda p: p.line)]
    if problems:
        raise InputError(problems, language=language)


def _check_rules(raw: _Raw, options: dict[str, Any], preset: str) -> HouseRules:
    """The rules the options make; each problem goes to its key's line (or, for a key the
    preset sets, to the preset's)."""
    try:
        return HouseRules.from_mapping(options)
    except HouseRulesError as err:
        for problem in err.problems:
            if problem.key in raw.lines:
                raw.problem(raw.lines[problem.key], problem)
            else:
                origin = f"set by preset {preset!r}" if preset else ""
                raw.problem(
                    raw.lines.get("preset", 0),
                    replace(problem, origin=origin, args=(*problem.args, ("preset", repr(preset)))),
                )
        return STANDARD


def parse_house_rules(
    data: bytes, source: str, read_preset: PresetReader | None = None
) -> HouseFile:
    """Read a house-rules file's bytes; raise :class:`InputError` listing every problem.

    ``source`` names the file in messages; ``read_preset`` reads a preset when the file asks
    for one (without it, ``preset`` is refused as unknown).
    """
    raw = _read_file(data, source)
    base = _Raw(source)
    if raw.preset:
        found = read_preset(raw.preset) if read_preset else None
        if found is None:
            raw.problem(
                raw.lines["preset"],
                Problem(
                    "preset",
                    f"preset {raw.preset!r} is missing",
                    "one of the bundled presets",
                    id="preset-missing",
                    args=(("preset", repr(raw.preset)),),
                ),
            )
        else:
            base = _read_file(found[0], found[1], preset_allowed=False)
    rules = preset = _check_rules(base, base.options, "")
    if not base.problems:
        rules = _check_rules(raw, {**base.options, **raw.options}, raw.preset or "")
    _fail([base, raw], raw.language or "")
    # A preset's title names its rules: a file that changes them gets the game's name instead.
    named = base.title if base.title and rules.keeps(preset) else ""
    title = raw.title or named or DEFAULT_TITLE
    notes = raw.notes if raw.notes is not None else base.notes or ()
    titled = "file" if raw.title else "preset" if named else ""
    return HouseFile(rules, title, notes, source, raw.preset or "", raw.language or "", titled)


def _values_text(option: Option) -> str:
    """An option's values as the README's key table gives them, the default first."""
    if option.kind == "int":
        return f"{option.default}, or {option.minimum} to {option.maximum}"
    others = "; ".join(
        f"{tables}: {value_text(value)}" for tables, value in option.other_defaults()
    )
    if option.kind == "cycle":
        listed = ", ".join(f"`{d}`" for d in option.choices)
        return f"a list of {listed} (default: {value_text(option.default_at(4))}; {others})"
    first = option.default_at(4)
    text = ", ".join(
        f"`{value_text(v)}`" for v in [first, *(v for v in option.values if v != first)]
    )
    return text + (f" ({others} first)" if others else "")


def key_table() -> list[str]:
    """The README's table of house-rules keys, made from :data:`OPTIONS`: keys whose values
    are the same share a row (``hearts-sheets variants --markdown`` prints it)."""
    rows: dict[str, list[str]] = {}
    for option in OPTIONS:
        rows.setdefault(_values_text(option), []).append(option.key)
    lines = ["| key | values (default first) |", "|---|---|"]
    lines += [
        f"| {', '.join(f'`{k}`' for k in keys)} | {values} |" for values, keys in rows.items()
    ]
    files = ", ".join(f"`{k}`" for k in FILE_KEYS)
    return lines + [
        f"| {files} | the heading, up to {MAX_NOTE_LINES} lines of your own, a preset "
        "to start from, the sheets' language |"
    ]


__all__ = [
    "DEFAULT_TITLE",
    "FILE_KEYS",
    "HouseFile",
    "MAX_BYTES",
    "MAX_NOTES_CHARS",
    "MAX_NOTE_LINES",
    "MAX_TITLE",
    "PRESETS",
    "PresetReader",
    "STANDARD_FILE",
    "key_table",
    "parse_house_rules",
]
