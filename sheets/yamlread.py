"""Read small YAML files safely, keeping each value's line and source text.

Both the house-rules file and the content files go through :func:`read_yaml`. It refuses, with
one message per problem naming the file and line:

- a file larger than a size cap (checked before anything is parsed);
- bytes that are not UTF-8, and tabs in the indentation;
- more YAML events than a cap, and any alias (``*name``), so an alias bomb cannot grow;
- more than one document, a key given twice in one mapping, and tags (``!!python/...``).

What it returns is the composed node tree of PyYAML's ``SafeLoader`` (nothing is constructed but
plain scalars, lists and mappings). Nodes keep their marks, so callers can say where a value is,
and plain scalars keep their source text, so callers can tell ``no`` from ``false``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sheets.problems import Problem


def _lazy(name: str) -> ModuleType:
    """The module ``name``, loaded the first time one of its attributes is used: a build of the
    bundled sheets takes its content from the cache (:mod:`sheets.bundle`) and reads no YAML,
    so it need not load PyYAML."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


#: PyYAML, loaded on first use; the modules that read YAML import it from here.
if TYPE_CHECKING:
    import yaml
else:
    yaml = _lazy("yaml")

#: Words YAML 1.1 reads as true or false when they are not quoted.
YAML11_BOOL_WORDS = frozenset({"yes", "no", "on", "off", "y", "n"})


class YamlError(ValueError):
    """A YAML file could not be read; ``problems`` lists every problem found (each with its
    line; the caller puts its file on them)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(p.text() for p in self.problems))


def line_of(node: yaml.Node | yaml.Event) -> int:
    """The 1-based line where a node (or a parser's event) starts (1 when it has no mark)."""
    mark = node.start_mark
    return 1 if mark is None else mark.line + 1


def _decode(data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise YamlError(
            [
                Problem(
                    message=f"not UTF-8 text (byte 0x{data[err.start]:02x} at column {column})",
                    hint="save the file as UTF-8",
                    line=line,
                )
            ]
        ) from None
    return text.removeprefix("\ufeff")


def _tab_problems(text: str) -> list[Problem]:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            problems.append(
                Problem(message="a tab in the indentation", hint="indent with spaces", line=number)
            )
    return problems


def _syntax_problem(err: yaml.YAMLError) -> Problem:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    what = getattr(err, "problem", None) or str(err)
    line = mark.line + 1 if mark else 0
    where = f" (column {mark.column + 1})" if mark else ""
    column = mark.column + 1 if mark else 1
    return Problem(
        message=f"not valid YAML: {what}{where}",
        line=line,
        id="yaml-syntax",
        args=(("detail", what), ("column", column)),
    )


def _check_events(text: str, max_events: int, loader: type) -> None:
    """Walk the event stream once: no aliases, one document, a bounded number of events."""
    count = documents = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            count += 1
            if count > max_events:
                raise YamlError(
                    [
                        Problem(
                            message=f"too many YAML items (more than {max_events})",
                            expected="a short file",
                        )
                    ]
                )
            if isinstance(event, yaml.AliasEvent):
                raise YamlError(
                    [
                        Problem(
                            message=f"a YAML alias (*{event.anchor})",
                            hint="aliases are not allowed, write each value out",
                            line=line_of(event),
                        )
                    ]
                )
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise YamlError(
                        [
                            Problem(
                                message="a second YAML document (---)",
                                expected="one document",
                                line=line_of(event),
                            )
                        ]
                    )
    except yaml.YAMLError as err:
        raise YamlError([_syntax_problem(err)]) from None


# The content files are ours and larger: LibYAML's parser (in PyYAML's wheels) reads them ten
# times faster. House-rules files keep the pure-Python parser: its messages are clearer and it
# keeps each scalar's style, which tells a bare `no` from a quoted "no".
@cache
def _fast_loader() -> type:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def _constructor() -> Any:
    return yaml.constructor.SafeConstructor()


_PLAIN_TAGS = frozenset(
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")
)


def _node_problems(node: yaml.Node) -> Iterator[Problem]:
    """Keys given twice in one mapping, and tags other than plain data (no objects are made)."""
    if node.tag not in _PLAIN_TAGS:
        yield Problem(
            message=f"a YAML tag ({node.tag})", hint="tags are not allowed", line=line_of(node)
        )
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                if key.value in seen:
                    yield Problem(
                        str(key.value),
                        "appears twice",
                        hint="keep one",
                        line=line_of(key),
                        first_line=seen[key.value],
                    )
                else:
                    seen[key.value] = line_of(key)
            yield from _node_problems(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _node_problems(item)


def read_yaml(
    data: bytes, *, max_bytes: int, max_events: int, fast: bool = False
) -> yaml.Node | None:
    """Check and compose one small YAML document; ``None`` for an empty file.

    ``fast`` uses LibYAML where PyYAML has it (for the project's own content files).

    Raises :class:`YamlError` listing every problem found at the stage where reading stopped.
    """
    if len(data) > max_bytes:
        raise YamlError(
            [Problem(message="file too large", expected=f"at most {max_bytes} bytes", found="more")]
        )
    text = _decode(data)
    problems = _tab_problems(text)
    if problems:
        raise YamlError(problems)
    loader = _fast_loader() if fast else yaml.SafeLoader
    _check_events(text, max_events, loader)
    try:
        node = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as err:  # pragma: no cover - the event pass already parsed it
        raise YamlError([_syntax_problem(err)]) from None
    if node is None:
        return None
    problems = list(_node_problems(node))
    if problems:
        raise YamlError(problems)
    return node


def scalar(node: yaml.Node) -> Any:
    """The value of a scalar node as YAML's safe loader reads it (str, int, bool, None, ...)."""
    try:
        return _constructor().construct_object(node, deep=True)
    finally:
        _constructor().constructed_objects.clear()


def is_yaml11_bool_word(node: yaml.Node) -> bool:
    """True for an unquoted ``yes``, ``no``, ``on`` or ``off`` that YAML read as a boolean."""
    return (
        isinstance(node, yaml.ScalarNode)
        and node.style is None
        and node.tag == "tag:yaml.org,2002:bool"
        and node.value.lower() in YAML11_BOOL_WORDS
    )


def plain(node: yaml.Node) -> Any:
    """A node as plain Python: dicts, lists and scalar values (for data with no line needs)."""
    if isinstance(node, yaml.MappingNode):
        return {plain(k): plain(v) for k, v in node.value}
    if isinstance(node, yaml.SequenceNode):
        return [plain(item) for item in node.value]
    return scalar(node)


def kind_of(node: yaml.Node) -> str:
    """A node's kind in words, for messages: "a mapping", "a list" or "a single value"."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return "a single value"


__all__ = [
    "YAML11_BOOL_WORDS",
    "YamlError",
    "is_yaml11_bool_word",
    "kind_of",
    "line_of",
    "plain",
    "read_yaml",
    "scalar",
]
