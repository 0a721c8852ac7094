"""The content and presets that ship inside the package, read with :mod:`importlib.resources`.

The YAML files are edited in the checkout's top-level ``content/`` folder, which
``pyproject.toml`` installs as the package data ``sheets.content_files``; so a wheel installed
with pip or pipx finds them as readily as a checkout does. The command line and the service read
the bundled files through this module; the parsers (:mod:`sheets.content`,
:mod:`sheets.housefile`) stay pure functions of bytes.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sheets import contentcache
from sheets.content import CONTENT_FILES, Content, parse_content
from sheets.content import MAX_BYTES as CONTENT_MAX_BYTES
from sheets.errors import InputError
from sheets.housefile import MAX_BYTES as HOUSE_MAX_BYTES
from sheets.housefile import PRESETS, HouseFile, parse_house_rules
from sheets.problems import Problem

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

PACKAGE = "sheets.content_files"


def root() -> Traversable:
    """The folder of the bundled content files: the package's folder where it is one (as
    :func:`importlib.resources.files` would give it, without loading that machinery on every
    build), else what :mod:`importlib.resources` finds (a package inside a zip file)."""
    where = getattr(importlib.import_module(PACKAGE), "__file__", None)
    if where is not None and Path(where).parent.is_dir():
        return Path(where).parent
    from importlib import resources

    return resources.files(PACKAGE)


def read_capped(source: Traversable, cap: int) -> bytes:
    """A file's bytes, never more than ``cap + 1`` however big the file (the parsers refuse
    anything over ``cap`` with a message)."""
    with source.open("rb") as handle:
        return handle.read(cap + 1)


def language_folder(language: str = "en") -> Traversable:
    """The folder of one language's content files: English in the content's own folder, any
    other in a folder named by its code (``de/``)."""
    return root() if language == "en" else root() / language


def content_bytes(language: str = "en") -> dict[str, bytes]:
    """One language's bundled content files by name (those that are there; the parser names
    any missing)."""
    folder = language_folder(language)
    return {
        name: read_capped(folder / name, CONTENT_MAX_BYTES)
        for name in CONTENT_FILES
        if (folder / name).is_file()
    }


@cache
def load_content(language: str = "en") -> Content:
    """The bundled content in a language (one of :data:`~sheets.language.LANGUAGES`), read and
    checked once per process, or taken from the user's cache when the files are as they were
    (:mod:`sheets.contentcache`)."""
    from sheets.language import LANGUAGES

    if language not in LANGUAGES:
        raise InputError(
            [
                Problem(
                    key="language", expected=f"one of {', '.join(LANGUAGES)}", found=repr(language)
                )
            ]
        )
    folder, files = language_folder(language), content_bytes(language)
    content = contentcache.load(folder, files)
    if content is None:
        try:
            content = parse_content(files)
        except InputError as err:  # say where the files were looked for
            raise InputError(
                [replace(p, origin=f"content read from {folder}") for p in err.problems]
            ) from None
        contentcache.store(folder, files, content)
    return content


def read_preset(name: str) -> tuple[bytes, str] | None:
    """A bundled preset's bytes and its name for messages, or None if there is no such preset
    (a :data:`~sheets.housefile.PresetReader`)."""
    if name not in PRESETS:
        return None
    path = root() / "presets" / f"{name}.yaml"
    if not path.is_file():
        return None
    return read_capped(path, HOUSE_MAX_BYTES), f"presets/{name}.yaml"


@cache
def load_preset(name: str) -> HouseFile:
    """One of :data:`~sheets.housefile.PRESETS` as a house-rules file."""
    return parse_house_rules(f"preset: {name}\n".encode(), f"preset {name}", read_preset)


def load_presets() -> dict[str, HouseFile]:
    """Every bundled preset by name, in :data:`~sheets.housefile.PRESETS` order."""
    return {name: load_preset(name) for name in PRESETS}


__all__ = [
    "CONTENT_FILES",
    "PACKAGE",
    "content_bytes",
    "language_folder",
    "load_content",
    "load_preset",
    "load_presets",
    "read_capped",
    "read_preset",
    "root",
]
