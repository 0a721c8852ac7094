"""The sheets already made, kept on disk: one folder that every render worker writes and the
front reads, so that the workers share their sheets and a restart loses none of them.

A file is named by its key (a digest of the code's fingerprint, the canonical house-rules file,
the product and the paper: :func:`sheets.service.renders.cache_key`) and written whole to a
temporary name in the same folder, then renamed into place, so a reader sees the whole file or
none. The front keeps the index: each file's size in the order last used, read from the folder at
start; past :attr:`DiskCache.max_bytes` it removes the least recently used files. A file that
another process removed is simply made again.

:meth:`DiskCache.open` returns None (and says why) when the folder cannot be made or written:
the service then keeps its sheets in memory only.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

TEMPORARY = ".part-"  # the prefix of a file still being written
STALE_SECONDS = 60  # a temporary file this old was left by a process that died


@dataclass(frozen=True, slots=True)
class NotFit:
    """A remembered :class:`~sheets.errors.DoesNotFitError`: the sheet has no bytes, only this
    message."""

    message: str


_NOT_FIT = b"\0not-fit\0"  # a stored NotFit starts with this (no PDF, PNG or page does)


def encode(value: bytes | NotFit) -> bytes:
    return _NOT_FIT + value.message.encode("utf-8") if isinstance(value, NotFit) else value


def decode(data: bytes) -> bytes | NotFit:
    if data.startswith(_NOT_FIT):
        return NotFit(data[len(_NOT_FIT) :].decode("utf-8"))
    return data


class DiskCache:
    """A folder of sheets, each in one file named by its key (see the module)."""

    def __init__(self, folder: Path, max_bytes: int):
        self.folder = folder
        self.max_bytes = max_bytes
        self.size = 0
        self._sizes: OrderedDict[str, int] = OrderedDict()  # key -> bytes, least recent first

    @classmethod
    def open(cls, folder: Path, max_bytes: int) -> tuple[DiskCache | None, str]:
        """The cache in ``folder`` (made if missing) with its index read, or None and why not."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=folder, prefix=TEMPORARY):
                pass
        except OSError as err:
            return None, f"{folder}: {err.strerror or err}"
        cache = cls(folder, max_bytes)
        cache.scan()
        return cache, ""

    def path(self, key: str) -> Path:
        return self.folder / key

    # -- every process --------------------------------------------------------------------------

    def read(self, key: str) -> bytes | NotFit | None:
        """The value kept under a key, or None."""
        try:
            data = self.path(key).read_bytes()
        except OSError:
            if self._sizes.pop(key, None) is not None:
                self.size = sum(self._sizes.values())
            return None
        if key in self._sizes:
            self._sizes.move_to_end(key)
        return decode(data)

    def write(self, key: str, value: bytes | NotFit) -> int:
        """Keep a value under a key (whole or not at all); the bytes written, 0 on failure."""
        data = encode(value)
        try:
            handle, name = tempfile.mkstemp(dir=self.folder, prefix=TEMPORARY)
        except OSError:
            return 0
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(name, self.path(key))
        except OSError:
            with suppress(OSError):
                os.unlink(name)
            return 0
        return len(data)

    # -- the front: the index and the bound -----------------------------------------------------

    def scan(self) -> None:
        """Read the folder into the index, oldest first; remove temporary files left behind."""
        found = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                with suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if entry.name.startswith(TEMPORARY):
                        if info.st_mtime < time.time() - STALE_SECONDS:
                            os.unlink(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        found.append((info.st_mtime, entry.name, info.st_size))
        self._sizes = OrderedDict((name, size) for _, name, size in sorted(found))
        self.size = sum(self._sizes.values())
        self.trim()

    def added(self, key: str, size: int) -> None:
        """Count a file a worker has written; remove the least recently used past the bound."""
        self.size += size - self._sizes.pop(key, 0)
        self._sizes[key] = size
        self.trim()

    def trim(self) -> None:
        while self.size > self.max_bytes and self._sizes:
            key, size = self._sizes.popitem(last=False)
            self.size -= size
            with suppress(OSError):
                os.unlink(self.path(key))

    def __len__(self) -> int:
        return len(self._sizes)


__all__ = ["DiskCache", "NotFit", "decode", "encode"]
