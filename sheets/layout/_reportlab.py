"""ReportLab, imported once for every layout, with two costly regular expressions compiled on
first use instead of at import.

As ``reportlab.platypus`` is imported, two of its modules compile patterns whose character
classes run to the end of Unicode's basic plane: ``paragraph.uri_pat`` (web addresses, case
ignored, looked for only when a word is hyphenated) and ``textsplit.rx`` (for ``cjkwrap``).
Compiling them takes about 22 ms, more than a tenth of a whole ``hearts-sheets build``, in every
process; Hearts Sheets hyphenates nothing and wraps no CJK text, so it never uses either. Here
the import is made with such patterns deferred: each is compiled by :mod:`re`, exactly as
before, the first time any of its methods is used, so ReportLab behaves as it always did.

Only patterns that ReportLab's own modules compile during this one import are deferred, and
only those that span to U+FFFF; :func:`re.compile` is itself again when the import returns.
"""

from __future__ import annotations

import re
import sys
import threading

COSTLY = "\uffff"  # a class running to the end of the plane: the compiler visits every character


class DeferredPattern:
    """A compiled pattern made on first use: any attribute (``match``, ``sub``, ``pattern``...)
    compiles it, with the arguments :func:`re.compile` was given, and answers from the result."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int):
        self._args = (pattern, flags)
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = _compile(*self._args)
        return getattr(self._compiled, name)

    def __repr__(self) -> str:
        return f"DeferredPattern({self._args[0]!r}, {self._args[1]!r})"


_compile = re.compile
_lock = threading.Lock()


def _deferring_compile(pattern, flags=0):
    caller = sys._getframe(1).f_globals.get("__name__", "")
    if caller.startswith("reportlab.") and isinstance(pattern, str) and COSTLY in pattern:
        return DeferredPattern(pattern, flags)
    return _compile(pattern, flags)


def import_platypus() -> None:
    """Import ``reportlab.platypus`` (and with it the pdfgen and pdfbase modules the layouts
    use) with the costly patterns deferred; nothing is deferred if it was already imported."""
    if "reportlab.platypus" in sys.modules:
        return
    with _lock:
        re.compile = _deferring_compile
        try:
            import reportlab.platypus  # noqa: F401 - imported for its modules
        finally:
            re.compile = _compile
