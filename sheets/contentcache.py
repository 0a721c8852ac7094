"""The checked content, kept between runs as Python keeps byte-code.

Reading and checking the content files costs a build as much time as drawing the score sheet
(PyYAML's import and parser, then the checks), and gives the same :class:`Content` on every run
until a file changes. So once the content is checked it is pickled to
``__pycache__/content.<tag>.pickle`` in the content's folder, beside the byte-code Python writes
there, and a later run loads that instead when:

- every content file has the very bytes it had (the cache keeps them, and compares them all);
- the package's version is the same, and every module whose classes or functions the cache
  holds, or that reads and checks the content (``sheets.content`` and the package's modules it
  takes functions and classes from, such as ``sheets.yamlread``), has the modification time and
  size it had (a class changed since would otherwise be given the old fields, and a check
  changed since would be skipped).

Anything else (no cache, another Python, a cache cut short or from another version) is no cache:
the files are read and checked as if there were none, and the cache is written anew. As with
byte-code, it is written only where the folder may be written and ``PYTHONDONTWRITEBYTECODE`` is
not set (``make`` writes it when it installs the package, whatever that says), and it is trusted
as the package's own files are: it lives beside them, writable by whoever may change the code.
"""

from __future__ import annotations

import contextlib
import copyreg
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

FORMAT = 1  # raised when what the cache holds changes shape


def cache_path(folder: Path) -> Path:
    """Where the cache of the content in ``folder`` is kept for this Python."""
    return folder / "__pycache__" / f"content.{sys.implementation.cache_tag}.pickle"


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
    functions and classes from (the records module, which decides how a record keeps its
    fields, among them)."""
    module = sys.modules[Content.__module__]
    return {module.__name__} | {getattr(v, "__module__", None) or "" for v in vars(module).values()
                                if isinstance(v, (type, FunctionType))}


def _stamps(modules: set[str] | Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Each of the package's modules named, with its file's modification time and size."""
    names = {m for m in modules if m == "sheets" or m.startswith("sheets.")}
    stamps = {}
    for name in sorted(names):
        module = importlib.import_module(name)
        stat = os.stat(module.__file__)
        stamps[name] = (stat.st_mtime_ns, stat.st_size)
    return stamps


def load(folder: Any, files: Mapping[str, bytes]) -> Content | None:
    """The content cached in ``folder`` if it was made from exactly ``files`` by this code,
    else None."""
    if not isinstance(folder, Path):  # content inside a zip file: no folder to keep a cache in
        return None
    try:
        data = cache_path(folder).read_bytes()
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


def store(folder: Any, files: Mapping[str, bytes], content: Content, *,
          force: bool = False) -> Path | None:
    """Keep ``content``, checked from ``files``, in ``folder``'s cache; return where, or None
    where it may not be written (``force`` writes it even under ``PYTHONDONTWRITEBYTECODE``).
    Written to a temporary file and moved into place, so a reader never sees half a cache."""
    if not isinstance(folder, Path) or (sys.dont_write_bytecode and not force):
        return None
    buffer = io.BytesIO()
    pickler = _Pickler(buffer)
    pickler.dump(content)
    data = pickle.dumps((FORMAT, __version__, dict(files), _stamps(pickler.modules | _checkers()),
                         buffer.getvalue()), protocol=pickle.HIGHEST_PROTOCOL)
    path = cache_path(folder)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):  # the file, if it was made at all
            temporary.unlink()
        return None
    return path


__all__ = ["FORMAT", "cache_path", "load", "store"]
