"""A page address's choices read as a house-rules file: the one reading every route shares.

The query (``preset=omnibus&moon=subtract-from-shooter&notes=Loser+deals&paper=a4``) is written
out as the YAML of a house-rules file, one line per parameter, and read with
:func:`sheets.housefile.parse_house_rules`: so a choice is checked by the same code, against the
same limits (60 characters of title, 300 of notes), with the same messages as ``hearts-sheets
check`` gives for a file. A key given twice is refused as a file's duplicate key is.

An empty value means "not chosen": the preset's value (or the usual one for the table) applies.
Only ``notes`` differs: given at all, even empty, it replaces the preset's notes.

:func:`read_choices` is pure: bytes of a query in, :class:`Choices` out. When the choices are
good, :attr:`Choices.yaml` is the canonical house-rules file for them (only the keys that differ
from the preset, in a fixed order): the file the page offers for download and the key of the
render caches and ETags. Read back, it gives the same rules, title and notes as the query (the
tests check it for every preset and hundreds of random files), so ``hearts-sheets build`` on the
downloaded file gives the same bytes as the page.
"""

from __future__ import annotations

import functools
import re
import textwrap
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, unquote_to_bytes

import yaml

from sheets.bundle import load_content, load_preset, read_preset
from sheets.content import value_key
from sheets.errors import InputError
from sheets.housefile import FILE_KEYS, PRESETS, STANDARD_FILE, HouseFile, parse_house_rules
from sheets.houserules import OPTIONS_BY_KEY, Problem
from sheets.language import Language
from sheets.messages import warning_line
from sheets.options import nearest
from sheets.papers import PAPERS

MAX_QUERY = 6144  # bytes: the longest notes and title, every key and percent-encoding fit
MAX_PARAMS = 64
PAPER = "paper"
DEFAULT_PAPER = "letter"  # English's; each language lists its own first (Language.default_paper)
LIST_KEYS = ("passing", "notes")
SOURCE = "query"  # the name parse_house_rules gives the query in its messages
DOWNLOAD_NAME = "house-rules.yaml"
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_WORD = re.compile(r"[A-Za-z]{1,5}")  # a switch's yes or no, as a file may write it
KNOWN = {*OPTIONS_BY_KEY, *FILE_KEYS, PAPER}


class QueryTooLong(ValueError):
    """The query is longer than any set of choices needs: the kind of refusal (its words are
    ``refused-{kind}`` in each language's /make section) and the values they say."""

    def __init__(self, kind: str, **values: object):
        super().__init__(kind)
        self.kind = kind
        self.values = values


@dataclass(frozen=True, slots=True)
class KeyProblem:
    """One thing wrong with the choices as the page shows it: the key it is about ("" for
    none) and the message, as ``hearts-sheets check`` words it without file and lines (an
    address has none)."""

    key: str
    message: str
    problem: Problem | None = None  # the problem itself, to be worded in a page's language

    @classmethod
    def of(cls, problem: Problem) -> KeyProblem:
        return cls(problem.key, problem.text(lines=False), problem)


@dataclass(frozen=True, slots=True)
class Choices:
    """A query read: what it asked for, and the house-rules file it makes or what is wrong."""

    params: tuple[tuple[str, str | None], ...]  # every parameter as given (None: no ``=``)
    paper: str
    house: HouseFile | None  # None when there are problems
    problems: tuple[KeyProblem, ...] = ()
    yaml: bytes = b""  # the canonical house-rules file, when the choices are good
    query: str = ""  # the canonical query for these choices (paper included)

    @property
    def ok(self) -> bool:
        return self.house is not None

    @property
    def good(self) -> HouseFile:
        """The house-rules file of choices that are :attr:`ok` (asked of others, a bug)."""
        if self.house is None:
            raise ValueError("these choices have problems: there is no house-rules file")
        return self.house

    @property
    def preset(self) -> str:
        """The preset asked for, if it is one (even when other choices are wrong)."""
        named = [value for key, value in self.params if key == "preset" and value]
        return named[-1] if named and named[-1] in PRESETS else ""

    @property
    def language(self) -> str:
        """The language the page and the sheets are in: the file's, else the last language
        asked for that is one (even when other choices are wrong), else English."""
        from sheets.language import LANGUAGES

        if self.house is not None:
            return self.house.language or "en"
        named = [value for key, value in self.params if key == "language" and value]
        return named[-1] if named and named[-1] in LANGUAGES else "en"

    def given(self, key: str) -> list[str] | None:
        """The non-empty values given for a key, or None when the query does not name it."""
        values = [value for name, value in self.params if name == key]
        if not values:
            return None
        return [value for value in values if value]  # None and "" are no value


def _decode(raw: str, key: str = "") -> tuple[str | None, Problem | None]:
    """One percent-encoded part of the query as text (a key's value, or a key when ``key`` is
    ""), or the problem saying why not."""
    data = unquote_to_bytes(raw.replace("+", " "))
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as err:
        what = "" if key else "a key: "
        return None, Problem(
            key,
            f"{what}not UTF-8 text (byte 0x{data[err.start]:02x} at character {err.start + 1})",
            "letters, digits and punctuation",
            id="not-text" if key else "not-text-key",
        )


def split_query(query: str) -> tuple[list[tuple[str, str | None]], list[Problem]]:
    """The parameters of a query string, decoded, in order (a key written without ``=`` has
    the value None); problems for parts that are not UTF-8. Raises :class:`QueryTooLong` past
    :data:`MAX_QUERY` or :data:`MAX_PARAMS`."""
    parts = [part for part in query.split("&") if part]
    if len(query) > MAX_QUERY:
        longest = max(parts, key=len).partition("=")[0] if parts else ""
        name, _ = _decode(longest)
        raise QueryTooLong(
            "address-key" if name else "address",
            most=MAX_QUERY,
            count=len(query),
            key=repr(name),
        )
    if len(parts) > MAX_PARAMS:
        raise QueryTooLong(
            "choices",
            most=MAX_PARAMS,
            count=len(parts),
        )
    params: list[tuple[str, str | None]] = []
    problems = []
    for part in parts:
        raw_key, equals, raw_value = part.partition("=")
        key, problem = _decode(raw_key)
        if key is None:
            problems += [problem] if problem else []
            continue
        if not equals:  # ``?moon``: a key with no value, as ``moon:`` is in a file
            params.append((key, None))
            continue
        value, problem = _decode(raw_value, key)
        if value is None:
            problems += [problem] if problem else []
            continue
        params.append((key, value))
    return params, problems


def _yaml_line(key: str, value: Any) -> str:
    return yaml.safe_dump(
        {key: value}, allow_unicode=True, width=2**31 - 1, default_flow_style=False, sort_keys=False
    )


def _typed(key: str, value: str) -> Any:
    """A query's text as the YAML value a file would hold: whole numbers for number keys and
    YAML's words for yes and no for switches, each read without the spaces around it, as a
    file reads them."""
    option = OPTIONS_BY_KEY.get(key)
    if option is None:
        return value
    word = value.strip()
    if option.kind == "int" and _WHOLE_NUMBER.fullmatch(word):
        return int(word)
    if option.kind == "bool" and _WORD.fullmatch(word):
        read = yaml.safe_load(word)  # YAML's own reading of yes and no, as the file reader's
        return read if isinstance(read, bool) else word
    return word


def _ignored(key: str) -> bool:
    """A parameter the page does not know and that is not a misspelt choice either: what a link
    picks up on its way (a sharing site's tracking tag, ``fbclid``, ``utm_source``), left out
    so a shared link still makes its sheets."""
    return key not in KNOWN and nearest(key, KNOWN) is None


def query_yaml(params: list[tuple[str, str | None]]) -> str:
    """The house-rules file the parameters (``paper`` aside) make, one line per parameter."""
    lines, listed = [], set()
    for key, value in params:
        if key == PAPER or _ignored(key):
            continue
        if value is None:
            lines.append(_yaml_line(key, None))
        elif key in LIST_KEYS:
            if key in listed:
                continue
            listed.add(key)
            values = [_typed(key, v) for k, v in params if k == key and v is not None and v]
            if values or key == "notes":
                lines.append(_yaml_line(key, values))
        elif value or key not in KNOWN:  # an unknown key is refused even without a value
            lines.append(_yaml_line(key, _typed(key, value)))
    return "".join(lines)


def default_paper(language: str) -> str:
    """The paper a page in this language offers first and prints on when none is asked for."""
    if not language or language == "en":
        return DEFAULT_PAPER
    return load_content(language).language.default_paper


def _paper(params: list[tuple[str, str | None]]) -> tuple[str, list[Problem]]:
    """The paper asked for ("" for the language's default) and what is wrong with it."""
    values = [value for key, value in params if key == PAPER and value]
    if len(values) > 1:
        return "", [Problem(PAPER, "appears twice", hint="keep one")]
    if values and values[0] not in PAPERS:
        return "", [Problem(PAPER, expected="one of " + ", ".join(PAPERS), found=repr(values[0]))]
    return (values[0] if values else ""), []


def base_file(house_preset: str) -> HouseFile:
    """The file a preset stands for (the standard game without one)."""
    return load_preset(house_preset) if house_preset else STANDARD_FILE


def canonical_mapping(house: HouseFile) -> dict[str, Any]:
    """The fewest keys that give a house-rules file: the preset, then what differs from it."""
    base = base_file(house.preset)
    preset_keys = base.rules.to_mapping()
    out: dict[str, Any] = {}
    if house.title not in _default_titles(base, house):
        out["title"] = house.title
    if house.preset:
        out["preset"] = house.preset
    if house.language and house.language != "en":  # English is every file's language unsaid
        out["language"] = house.language
    for key, value in house.rules.to_mapping().items():
        option = OPTIONS_BY_KEY[key]
        if key in preset_keys or not option.by_table:  # else the table's default: kept
            if preset_keys.get(key, option.default) == value:
                continue
        out[key] = value
    if house.notes != base.notes:
        out["notes"] = list(house.notes)
    return out


def _default_titles(base: HouseFile, house: HouseFile) -> set[str]:
    """The titles a file gets without one of its own: its preset's name (the game's, where it
    changes the preset's rules) in English and in its language (a page in French shows "Dame de
    pique" as the title)."""
    if not house.rules.keeps(base.rules):
        base = STANDARD_FILE
    titles, language = {base.title}, house.language
    if language and language != "en":
        titles.add(base.in_language(load_content(language).language).title)
    return titles


def header(language: Language) -> str:
    """The file's first comment, in its language: what it is and why to keep it."""
    return "".join(f"# {line}\n" for line in textwrap.wrap(language.make["yaml-header"], 96))


def canonical_yaml(house: HouseFile, warnings: tuple[Problem, ...] = ()) -> bytes:
    """The house-rules file for a house, as the page offers it for download."""
    mapping = canonical_mapping(house)
    body = (
        yaml.safe_dump(
            mapping, allow_unicode=True, width=2**31 - 1, default_flow_style=False, sort_keys=False
        )
        if mapping
        else ""
    )
    language = load_content(house.language or "en").language
    notes = "".join(f"# {warning_line(w, language)}\n" for w in warnings)
    return (header(language) + notes + body).encode("utf-8")


def canonical_query(house: HouseFile, paper: str) -> str:
    """The shortest query that gives these choices: the canonical keys, then a paper that is
    not the default for the file's language."""
    pairs: list[tuple[str, str]] = []
    for key, value in canonical_mapping(house).items():
        if key in LIST_KEYS:
            pairs += [(key, str(v)) for v in value] or [(key, "")]
        else:
            pairs.append((key, value_key(value)))
    if paper != default_paper(house.language):
        pairs.append((PAPER, paper))
    return "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in pairs)


@functools.lru_cache(maxsize=512)  # a pure function: repeated addresses skip the YAML reading
def read_choices(query: str) -> Choices:
    """Read a query string (as the server got it, percent-encoded). Raises
    :class:`QueryTooLong`; every other problem is in :attr:`Choices.problems`."""
    params, problems = split_query(query)
    paper, paper_problems = _paper(params)
    problems += paper_problems
    try:
        house = parse_house_rules(query_yaml(params).encode("utf-8"), SOURCE, read_preset)
    except InputError as err:
        problems += err.problems
    if problems:
        bad = Choices(tuple(params), paper, None, tuple(KeyProblem.of(p) for p in problems))
        return bad if paper else replace(bad, paper=default_paper(bad.language))
    paper = paper or default_paper(house.language)
    return Choices(
        tuple(params), paper, house, (), canonical_yaml(house), canonical_query(house, paper)
    )


__all__ = [
    "Choices",
    "DEFAULT_PAPER",
    "DOWNLOAD_NAME",
    "KeyProblem",
    "LIST_KEYS",
    "MAX_PARAMS",
    "MAX_QUERY",
    "PAPER",
    "QueryTooLong",
    "base_file",
    "canonical_mapping",
    "canonical_query",
    "canonical_yaml",
    "default_paper",
    "query_yaml",
    "read_choices",
    "split_query",
]
