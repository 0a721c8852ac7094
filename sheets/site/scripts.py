"""The scorekeeper's ES modules combined into one classic script, when the site is built.

The page's scripts are written as ES modules (``static/scorekeeper/*.js``, ``main.js`` first), one
job each, importing from each other with ``import {a, b as c} from "./file.js";`` and exporting
with ``export function`` and ``export const``. A browser refuses ``<script type="module">`` from
``file://``, and the site must work opened from disk, so :func:`combine_modules` writes them as
one classic script: each module in a function of its own (its names stay its own, as in a module),
run once, in an order where every module comes after those it imports, its exports returned as an
object the modules after it take their imports from.

Only that much of the module syntax is taken, and anything else is refused with the file and
line (a default or ``let`` export, ``export {...}``, a namespace or default import, an import
from outside the folder, a name not exported, a cycle): the combined script is then exactly the
modules' meaning. The output is a function of the files alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

ENTRY = "main.js"
_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([a-z][a-z0-9-]*\.js)";[ \t]*$', re.M)
_EXPORT = re.compile(r"^export (function|const) ([A-Za-z_$][\w$]*)", re.M)
_OTHER_MODULE_SYNTAX = re.compile(
    r"^[ \t]*(?:export|import)\b|\bimport\s*\(|\bimport\.meta\b", re.M
)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


class Folder(Protocol):
    """A folder of files, as :mod:`importlib.resources` or :mod:`pathlib` gives it."""

    def __truediv__(self, name: str) -> Folder: ...

    def read_text(self, encoding: str) -> str: ...

    def is_file(self) -> bool: ...


class ModuleError(ValueError):
    """A module uses what the combining does not take, or imports what is not there."""


@dataclass(frozen=True)
class Module:
    """One module read: its imports (module -> [(name, local name)]), exports and body (the
    source without its import lines and with ``export`` taken off)."""

    name: str
    imports: dict[str, list[tuple[str, str]]]
    exports: tuple[str, ...]
    body: str


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def read_module(name: str, text: str) -> Module:
    """Read one module's imports and exports; raise :class:`ModuleError` for anything else."""
    imports: dict[str, list[tuple[str, str]]] = {}
    for match in _IMPORT.finditer(text):
        pairs = []
        for item in match[1].split(","):
            parts = item.split()
            if not parts:
                continue
            if (
                len(parts) not in (1, 3)
                or (len(parts) == 3 and parts[1] != "as")
                or not all(_NAME.fullmatch(p) for p in parts[::2])
            ):
                raise ModuleError(
                    f"{name}:{_line(text, match.start())}: cannot read the import "
                    f"{item.strip()!r}; expected a name or 'name as other'"
                )
            pairs.append((parts[0], parts[-1]))
        imports.setdefault(match[2], []).extend(pairs)
    body = _IMPORT.sub(lambda m: "\n" * m[0].count("\n"), text)  # the lines kept
    exports = tuple(m[2] for m in _EXPORT.finditer(body))
    body = _EXPORT.sub(lambda m: f"{m[1]} {m[2]}", body)
    stray = _OTHER_MODULE_SYNTAX.search(body)
    if stray:  # the body keeps the source's lines (an import's line is left empty)
        raise ModuleError(
            f"{name}:{_line(body, stray.start())}: {stray.group().strip()!r} is "
            "not taken: write "
            'imports as import {a, b} from "./file.js"; and exports as export '
            "function or export const"
        )
    return Module(name, imports, exports, body)


def module_order(modules: dict[str, Module], entry: str = ENTRY) -> list[str]:
    """The modules the entry needs, each after those it imports (in the order imported)."""
    order: list[str] = []
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            raise ModuleError(f"{name}: imports form a cycle: {' -> '.join(visiting + [name])}")
        if name not in modules:
            raise ModuleError(
                f"{visiting[-1]}: imports ./{name}, which is not there"
                if visiting
                else f"{name}: no such module"
            )
        visiting.append(name)
        for other, names in modules[name].imports.items():
            visit(other)
            missing = [n for n, _ in names if n not in modules[other].exports]
            if missing:
                raise ModuleError(
                    f"{name}: imports {', '.join(missing)} from {other}, which does not export it"
                )
        visiting.pop()
        order.append(name)

    visit(entry)
    return order


def _variable(name: str) -> str:
    return "module_" + name.removesuffix(".js").replace("-", "_")


def combine(modules: dict[str, Module], entry: str = ENTRY) -> str:
    """The modules as one classic script (see the module's docstring)."""
    parts = [
        "/* Made by sheets.site.scripts from the ES modules in scorekeeper/: each module\n"
        " * in a function of its own, after those it imports; one classic script, so the\n"
        " * page works from file:// too. */\n",
        "(function () {\n",
        '  "use strict";\n',
    ]
    for name in module_order(modules, entry):
        module = modules[name]
        imported = [
            f"  var {local} = {_variable(other)}.{exported};\n"
            for other, names in module.imports.items()
            for exported, local in names
        ]
        exports = ", ".join(f"{n}: {n}" for n in module.exports)
        parts += [
            f"\n  /* -- {name} -- */\n",
            f"  var {_variable(name)} = (function () {{\n",
            *imported,
            module.body.strip("\n") + "\n",
            f"  return {{{exports}}};\n",
            "  })();\n",
        ]
    return "".join(parts) + "})();\n"


def combine_modules(folder: Folder, entry: str = ENTRY) -> bytes:
    """Read the modules the entry needs from a folder and combine them."""
    modules: dict[str, Module] = {}
    pending = [entry]
    while pending:
        name = pending.pop()
        if name in modules:
            continue
        path = folder / name
        if path.is_file():  # a module that is not there is named by module_order
            modules[name] = read_module(name, path.read_text("utf-8"))
            pending += sorted(modules[name].imports)
    return combine(modules, entry).encode("utf-8")


__all__ = [
    "ENTRY",
    "Module",
    "ModuleError",
    "combine",
    "combine_modules",
    "module_order",
    "read_module",
]
