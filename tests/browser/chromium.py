"""The Chromium the browser tests drive, found one way for `make test` and for the tests.

Looked for in this order:

1. ``$HEARTS_SHEETS_CHROMIUM``, when it is set: the path of a Chromium or Chrome to use;
2. one installed on the system: Debian's ``/usr/bin/chromium``, then ``chromium``,
   ``chromium-browser``, ``google-chrome`` or ``google-chrome-stable`` on the ``PATH``, then
   Chromium or Google Chrome in macOS's ``/Applications``;
3. playwright's own Chromium, where ``python -m playwright install chromium`` has put it.

``python tests/browser/chromium.py`` prints the one it finds (exit 0) or one line saying what to
install (exit 1). With ``--install`` it first tries to get one when there is none: Debian's
package where we are root and have apt-get, else playwright's own download (where its download
host is reachable). Only the standard library is imported at the top, so `make` can run this
before anything else is set up.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ENV = "HEARTS_SHEETS_CHROMIUM"
ON_PATH = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
MAC_APPS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)
HOW_TO_INSTALL = (
    "no Chromium for the browser tests: install one (Debian/Ubuntu: apt-get install chromium; "
    "Fedora: dnf install chromium; macOS: brew install --cask chromium), or run "
    "`.venv/bin/python -m playwright install chromium`, or set HEARTS_SHEETS_CHROMIUM to a "
    "Chromium or Chrome program"
)


class NoChromium(Exception):
    """No usable Chromium; the message says what to do, in one line."""


def _runnable(path: str | Path) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _on_system() -> Path | None:
    candidates = ["/usr/bin/chromium", *filter(None, map(shutil.which, ON_PATH))]
    if sys.platform == "darwin":
        candidates += MAC_APPS
    return next((Path(c) for c in candidates if _runnable(c)), None)


def _playwrights_own() -> Path | None:
    """Where playwright keeps its own Chromium, if it has been downloaded."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        path = Path(playwright.chromium.executable_path)
    return path if _runnable(path) else None


def find_chromium() -> Path:
    """The Chromium to drive; :class:`NoChromium` with a one-line message when there is none."""
    chosen = os.environ.get(ENV)
    if chosen:
        if not _runnable(chosen):
            raise NoChromium(
                f"{ENV}={chosen} is not a program that can be run; set it to the "
                "path of a Chromium or Chrome, or unset it"
            )
        return Path(chosen)
    found = _on_system() or _playwrights_own()
    if found is None:
        raise NoChromium(HOW_TO_INSTALL)
    return found


def _run(command: list[str], *, quiet: bool = False) -> bool:
    """Run a command; when ``quiet``, show only the first line of its output, on failure."""
    print("$", " ".join(command), file=sys.stderr)
    if not quiet:
        return subprocess.run(command).returncode == 0
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        first = (done.stderr or done.stdout).strip().splitlines()[:1]
        print(f"  failed: {first[0] if first else f'exit code {done.returncode}'}", file=sys.stderr)
    return done.returncode == 0


def install() -> None:
    """Get a Chromium: Debian's package as root, else playwright's own download."""
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        if _run(["apt-get", "update"]) and _run(["apt-get", "install", "-y", "chromium"]):
            return
    _run([sys.executable, "-m", "playwright", "install", "chromium"], quiet=True)


def main(argv: list[str]) -> int:
    try:
        print(find_chromium())
        return 0
    except NoChromium:
        if "--install" not in argv or os.environ.get(ENV):
            raise
    install()
    print(find_chromium())
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except NoChromium as err:
        print(err, file=sys.stderr)
        sys.exit(1)
