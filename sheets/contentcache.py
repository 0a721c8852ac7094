r"""The checked content, kept between runs in the user's cache folder.

Reading and checking the content files costs a build as much time as drawing the score sheet
(PyYAML's import and parser, then the checks), and gives the same :class:`Content` on every run
until a file changes. So once the content is checked it is pickled into the user's cache folder
(:func:`cache_folder`: ``$HEARTS_SHEETS_CACHE``, else ``$XDG_CACHE_HOME/hearts-sheets`` or
``~/.cache/hearts-sheets``, ``~/Library/Caches/hearts-sheets`` on macOS,
``%LOCALAPPDATA%\hearts-sheets\Cache`` on Windows), one file for each installed copy of the
package and Python, and a later run loads that instead when:

- every content file has the very bytes it had (the cache keeps them, and compares them all);
- the package's version is the same, and every module whose classes or functions the cache
  holds, or that reads and checks the content (``sheets.content`` and the package's modules it
  takes functions and classes from, such as ``sheets.yamlread``), has the modification time and
  size it had (a class changed since would otherwise be given the old fields, and a check
  changed since would be skipped).

Anything else (no cache, another Python, a cache cut short or from another version) is no cache:
the files are read and checked as if there were none, and the cache is written anew. Nothing is
ever written into the installed package. A cache folder that is missing and cannot be made, or
that may not be written, is no cache either, and ``HEARTS_SHEETS_CACHE=`` (empty) turns the
cache off. The cache is trusted as the user's own files are: it lives among them.
"""

from __future__ import annotations

import contextlib
import copyreg
import hashlib
import importlib
import io
import os
import pickle
import sys
from collections.abc import Mapping
from pathlib import Path
from types import FunctionType, MappingProxyType
from typing import Any

from sheets import __version__
from sheets.content import Content

FORMAT = 2  # raised when what the cache holds changes shape
ENVIRONMENT = "HEARTS_SHEETS_CACHE"  # the cache folder; empty: no cache


def cache_folder() -> Path | None:
    """The user's cache folder for Hearts Sheets (see the module's docstring), or None where
    there is none: turned off, or no home folder to keep one in."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:
        return Path(chosen) if chosen else None
    try:
        if sys.platform == "win32":
            local = os.environ.get("LOCALAPPDATA")
            return Path(local) / "hearts-sheets" / "Cache" if local else None
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Caches" / "hearts-sheets"
        base = os.environ.get("XDG_CACHE_HOME")
        return (Path(base) if base else Path.home() / ".cache") / "hearts-sheets"
    except RuntimeError:  # no home folder
        return None


def cache_path(folder: Path) -> Path | None:
    """Where the cache of the content in ``folder`` is kept for this Python and this copy of
    the package (two installs never share a file), or None without a cache folder."""
    cache = cache_folder()
    if cache is None:
        return None
    where = hashlib.sha256(str(folder.resolve()).encode("utf-8")).hexdigest()[:16]
    return cache / f"content-{sys.implementation.cache_tag}-{where}.pickle"


def _frozen(entries: dict) -> MappingProxyType:
    return MappingProxyType(entries)


class _Pickler(pickle.Pickler):
    """A pickler that can keep a read-only mapping (as a dict, read back read-only) and notes
    the module of every class and function it refers to."""

    dispatch_table = copyreg.dispatch_table | {MappingProxyType: lambda m: (_frozen, (dict(m),))}

    def __init__(self, file: io.BytesIO):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.modules: set[str] = set()

    def reducer_override(self, obj: Any) -> Any:
        owner = obj if isinstance(obj, (type, FunctionType)) else type(obj)
        self.modules.add(owner.__module__)
        return NotImplemented


def _checkers() -> set[str]:
    """The modules that read and check the content: ``sheets.content`` and those it takes
    functions and classes from."""
    module = sys.modules[Content.__module__]
    return {module.__name__} | {
        getattr(v, "__module__", None) or ""
        for v in vars(module).values()
        if isinstance(v, (type, FunctionType))
    }


def _stamps(modules: set[str] | Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each of the package's modules named, with its file's modification time and size."""
    names = {m for m in modules if m == "sheets" or m.startswith("sheets.")}
    stamps = {}
    for name in sorted(names):
        file = importlib.import_module(name).__file__
        if file is None:  # a namespace package: no file to stamp
            continue
        stat = os.stat(file)
        stamps[name] = (stat.st_mtime_ns, stat.st_size)
    return stamps


def load(folder: Any, files: Mapping[str, bytes]) -> Content | None:
    """The content cached in ``folder`` if it was made from exactly ``files`` by this code,
    else None."""
    if not isinstance(folder, Path):  # content inside a zip file: no folder to key a cache by
        return None
    path = cache_path(folder)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        form, version, sources, stamps, payload = pickle.loads(data)
        if (form, version, sources) != (FORMAT, __version__, dict(files)):
            return None
        if stamps != _stamps(stamps):
            return None
        content = pickle.loads(payload)
    except Exception:  # a cache cut short or unreadable is no cache; the files are read instead
        return None
    return content if isinstance(content, Content) else None


def store(folder: Any, files: Mapping[str, bytes], content: Content) -> Path | None:
    """Keep ``content``, checked from ``files`` in ``folder``, in the cache; return where, or
    None where there is no cache folder or it may not be written. Written to a temporary file
    and moved into place, so a reader never sees half a cache."""
    path = cache_path(folder) if isinstance(folder, Path) else None
    if path is None:
        return None
    buffer = io.BytesIO()
    pickler = _Pickler(buffer)
    pickler.dump(content)
    data = pickle.dumps(
        (
            FORMAT,
            __version__,
            dict(files),
            _stamps(pickler.modules | _checkers()),
            buffer.getvalue(),
        ),
        protocol=pickle.HIGHEST_PROTOCOL,
    )
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):  # the file, if it was made at all
            temporary.unlink()
        return None
    return path


__all__ = ["ENVIRONMENT", "FORMAT", "cache_folder", "cache_path", "load", "store"]
