"""``language.yaml`` read into a :class:`~sheets.language.Language` with the content's reader,
so every problem names its file and line: each section checked for the names it must give
(:mod:`sheets.language` lists them) and the placeholders each string may use."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from sheets.houserules import DIRECTIONS
from sheets.language import (
    CLI,
    COUNTS,
    DIRECTION_WORDS,
    FACT_WORDS,
    KEY_FACTS,
    LISTS,
    MAKE,
    MESSAGE_FIELDS,
    MESSAGES,
    NOUNS,
    PICTURE,
    PLACEHOLDERS,
    PLURAL_TABLE,
    PROBLEM_WORDS,
    RULE_NAME_KEYS,
    SEAT_FORMS,
    SHEETS,
    SITE,
    Language,
    plural_rule,
)
from sheets.papers import PAPERS


def _strings(reader: Any, node: Any, section: str, names: tuple[str, ...]) -> dict[str, str]:
    """A section of strings, every name of ``names`` given and no other."""
    entries = reader.mapping(node, section)
    reader.keys(entries, node, section, names, ())
    out = {}
    for name in names:
        if name in entries:
            where = f"{section}.{name}"
            out[name] = (
                reader.string(
                    entries[name][1], where, PLACEHOLDERS.get(where, ()), COUNTS.get(where, ())
                )
                or ""
            )
    return out


def _list(reader: Any, node: Any, section: str, length: int | None) -> tuple[str, ...]:
    items = reader.sequence(node, section)
    if length is not None and items and len(items) != length:
        reader.problem(node, f"{section}: expected {length} words; found {len(items)}")
    return tuple(reader.string(item, section, ()) or "" for item in items)


def _facts(reader: Any, node: Any) -> dict[str, Any]:
    """The words the facts are made of: ``nothing`` and ``across-far`` strings, ``point-cards``
    TEXT that may select by a house rule but, being a fact itself, uses no placeholders."""
    entries = reader.mapping(node, "facts")
    reader.keys(entries, node, "facts", FACT_WORDS, ())
    out: dict[str, Any] = {}
    for name in ("nothing", "across-far"):
        if name in entries:
            key = f"facts.{name}"
            out[name] = reader.string(entries[name][1], key, PLACEHOLDERS.get(key, ())) or ""
    if "point-cards" in entries:
        placeholders, reader.facts = reader.facts, ()
        try:
            out["point-cards"] = reader.text(entries["point-cards"][1], "facts.point-cards")
        finally:
            reader.facts = placeholders
    return out


def _rule_names(reader: Any, node: Any) -> dict[str, Mapping[str, Any]]:
    """The one table of rule names: for each of :data:`RULE_NAME_KEYS`, a name (TEXT) for each
    of its values (or ``"*"`` for any other), and the rule's ``label`` (a string), but for a
    yes-or-no rule, which its "true" name names."""
    from sheets.houserules import OPTIONS_BY_KEY
    from sheets.textlang import ANY, option_values

    entries = reader.mapping(node, "rule-names")
    reader.keys(entries, node, "rule-names", RULE_NAME_KEYS, ())
    out: dict[str, Mapping[str, Any]] = {}
    for key, (_, value) in entries.items():
        if key not in RULE_NAME_KEYS:
            continue
        what = f"rule-names.{key}"
        option = OPTIONS_BY_KEY[key]
        values = option_values(key)
        names = reader.mapping(value, what)
        label = () if option.kind == "bool" else ("label",)
        required = label + (values if ANY not in names else ()) + (() if values else (ANY,))
        reader.keys(names, value, what, required, (*values, ANY) if values else ())
        found: dict[str, Any] = {}
        for case, (_, name_node) in names.items():
            if case == "label":
                found[case] = reader.string(name_node, f"{what}.label", ()) or ""
            elif case in values or case == ANY:
                found[case] = reader.text(name_node, f"{what}.{case}")
        out[key] = MappingProxyType(found)
    return out


def read_language(reader: Any, root: Any) -> Language | None:
    """``language.yaml`` read into :class:`Language` with a content reader (which collects each
    problem with its line); None when a section is missing."""
    top = reader.mapping(root, "language")
    sections = (
        "code",
        "nouns",
        "lists",
        "seats",
        "suits",
        "ranks",
        "indices",
        "articles",
        "card",
        "directions",
        "facts",
        "picture",
        "sheets",
        "papers",
        "site",
        "make",
        "rule-names",
        "game",
        "presets",
        "cli",
        "keys",
        "problems",
        "messages",
    )
    reader.keys(top, root, "language", sections, ())
    if any(s not in top for s in sections):
        return None
    code = reader.string(top["code"][1], "code", ()) or ""
    rule = plural_rule(code) if code else None
    if rule is None:
        reader.problem(
            top["code"][1],
            f"code: no plural rule for {code!r}; expected a language Babel knows, as en or de",
        )
    nouns = {}
    for noun, (_, node) in reader.mapping(top["nouns"][1], "nouns").items():
        forms = reader.mapping(node, f"nouns.{noun}")
        nouns[noun] = MappingProxyType(
            {k: reader.string(v, f"nouns.{noun}.{k}", ()) or "" for k, (_, v) in forms.items()}
        )
        if "other" not in forms:
            reader.problem(node, f"nouns.{noun}: missing key 'other'")
        if rule is not None:
            for form, (key_node, _) in forms.items():
                if form not in rule.tags | {"other"}:
                    reader.problem(
                        key_node,
                        f"nouns.{noun}: {code} has no plural category "
                        f"{form!r}; expected one of "
                        f"{', '.join(sorted(rule.tags | {'other'}))}",
                    )
    for noun in NOUNS:
        if noun not in nouns:
            reader.problem(top["nouns"][1], f"nouns: missing noun {noun!r}")
    seats = reader.mapping(top["seats"][1], "seats")
    reader.keys(seats, top["seats"][1], "seats", ("compass", "numbered", "team"), ("sentence",))
    directions: dict[str, Mapping[str, Any]] = {}
    entries = reader.mapping(top["directions"][1], "directions")
    reader.keys(entries, top["directions"][1], "directions", DIRECTIONS, ())
    for direction in DIRECTIONS:
        if direction not in entries:
            continue
        node = entries[direction][1]
        words = reader.mapping(node, f"directions.{direction}")
        reader.keys(words, node, f"directions.{direction}", DIRECTION_WORDS, ())
        found: dict[str, Any] = {}
        for name in DIRECTION_WORDS:
            if name == "label" and name in words:
                found[name] = reader.text(words[name][1], f"directions.{direction}.label")
            elif name in words:
                found[name] = (
                    reader.string(
                        words[name][1],
                        f"directions.{direction}.{name}",
                        PLACEHOLDERS.get(f"directions.{name}", ()),
                    )
                    or ""
                )
        directions[direction] = MappingProxyType(found)
    picture: dict[str, Any] = {}
    picture_node = top["picture"][1]
    picture_entries = reader.mapping(picture_node, "picture")
    reader.keys(picture_entries, picture_node, "picture", PICTURE, ())
    for name in PICTURE:
        if name == "clockwise" and name in picture_entries:
            picture[name] = _list(reader, picture_entries[name][1], "picture.clockwise", None)
        elif name in picture_entries:
            picture[name] = (
                reader.string(
                    picture_entries[name][1],
                    f"picture.{name}",
                    PLACEHOLDERS.get(f"picture.{name}", ()),
                )
                or ""
            )
    papers = {}
    paper_entries = reader.mapping(top["papers"][1], "papers")
    reader.keys(paper_entries, top["papers"][1], "papers", tuple(PAPERS), ())
    for paper, (_, node) in paper_entries.items():
        papers[paper] = MappingProxyType(
            _strings(reader, node, f"papers.{paper}", ("name", "size"))
        )
    return Language(
        code=code,
        nouns=MappingProxyType(nouns),
        lists=MappingProxyType(_strings(reader, top["lists"][1], "lists", LISTS)),
        compass=_list(reader, seats["compass"][1], "seats.compass", 4)
        if "compass" in seats
        else (),
        numbered=reader.string(seats["numbered"][1], "seats.numbered", ("number",)) or ""
        if "numbered" in seats
        else "",
        team=reader.string(seats["team"][1], "seats.team", ("first", "second")) or ""
        if "team" in seats
        else "",
        suits=_list(reader, top["suits"][1], "suits", 4),
        ranks=_list(reader, top["ranks"][1], "ranks", 13),
        indices=_list(reader, top["indices"][1], "indices", 13),
        articles=_list(reader, top["articles"][1], "articles", 13),
        card=reader.string(top["card"][1], "card", ("rank", "suit")) or "",
        directions=MappingProxyType(directions),
        facts=MappingProxyType(_facts(reader, top["facts"][1])),
        picture=MappingProxyType(picture),
        sheets=MappingProxyType(_strings(reader, top["sheets"][1], "sheets", SHEETS)),
        papers=MappingProxyType(papers),
        site=MappingProxyType(_strings(reader, top["site"][1], "site", SITE)),
        make=MappingProxyType(_strings(reader, top["make"][1], "make", MAKE)),
        rule_names=MappingProxyType(_rule_names(reader, top["rule-names"][1])),
        seat_forms=_seat_forms(reader, seats["sentence"][1]) if "sentence" in seats else {},
        plurals=tuple(rule(n) for n in range(PLURAL_TABLE)) if rule is not None else (),
        **_messages(reader, top),
    )


def _seat_forms(reader: Any, node: Any) -> dict[str, Mapping[str, str]]:
    """seats.sentence: for each form a sentence names a seat in (:data:`SEAT_FORMS`), its
    pattern for a compass seat (``{seat}``) and for a numbered one (``{number}``)."""
    entries = reader.mapping(node, "seats.sentence")
    reader.keys(entries, node, "seats.sentence", SEAT_FORMS, ())
    out: dict[str, Mapping[str, str]] = {}
    for form, (_, value) in entries.items():
        kinds = reader.mapping(value, f"seats.sentence.{form}")
        reader.keys(kinds, value, f"seats.sentence.{form}", ("compass", "numbered"), ())
        out[form] = MappingProxyType(
            {
                kind: reader.string(kinds[kind][1], f"seats.sentence.{form}.{kind}", names) or ""
                for kind, names in (("compass", ("seat",)), ("numbered", ("number",)))
                if kind in kinds
            }
        )
    return out


def _words(
    reader: Any,
    node: Any,
    section: str,
    names: dict[str, tuple[str, ...]],
    counts: tuple[str, ...] = (),
) -> dict[str, str]:
    """A section of strings that are not the sheets' text (messages, the command line's
    words): each of ``names`` given with only its placeholders, and no other name."""
    from sheets.yamlread import yaml

    entries = reader.mapping(node, section)
    reader.keys(entries, node, section, tuple(names), ())
    out = {}
    for name, (_, value) in entries.items():
        if name not in names:
            continue
        if not isinstance(value, yaml.ScalarNode) or value.tag != "tag:yaml.org,2002:str":
            reader.problem(value, f"{section}.{name}: expected text")
            continue
        reader.placeholders(value, f"{section}.{name}", value.value, names[name], counts)
        out[name] = value.value
    return out


def _messages(reader: Any, top: Any) -> dict[str, Any]:
    """The command line's and the problems' words: the game's and the presets' names, the
    words of ``check`` and ``variants``, each key's meaning, and each kind of problem's words."""
    from sheets.housefile import FILE_KEYS, PRESETS
    from sheets.houserules import OPTIONS

    game = reader.string(top["game"][1], "game", ()) or ""
    presets = _words(reader, top["presets"][1], "presets", {p: () for p in PRESETS})
    cli = _words(reader, top["cli"][1], "cli", CLI, ("count",))
    keys = _words(
        reader,
        top["keys"][1],
        "keys",
        {k: KEY_FACTS for k in (*(o.key for o in OPTIONS), *FILE_KEYS)},
    )
    problems = _words(reader, top["problems"][1], "problems", PROBLEM_WORDS)
    node = top["messages"][1]
    entries = reader.mapping(node, "messages")
    reader.keys(entries, node, "messages", tuple(MESSAGES), ())
    messages = {}
    for kind, (_, value) in entries.items():
        if kind in MESSAGES:
            names = {f: (*MESSAGES[kind], "option") for f in MESSAGE_FIELDS}
            fields = reader.mapping(value, f"messages.{kind}")
            reader.keys(fields, value, f"messages.{kind}", (), MESSAGE_FIELDS)
            messages[kind] = MappingProxyType(
                _words(
                    reader, value, f"messages.{kind}", {f: names[f] for f in fields if f in names}
                )
            )
    return dict(
        game=game,
        presets=MappingProxyType(presets),
        cli=MappingProxyType(cli),
        keys=MappingProxyType(keys),
        problems=MappingProxyType(problems),
        messages=MappingProxyType(messages),
    )


__all__ = ["read_language"]
