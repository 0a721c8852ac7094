"""The scorekeeper page as the browser tests drive it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1100, "height": 900}
STORAGE_KEY = "hearts-sheets.scorekeeper.v1"


@contextmanager
def static_server(folder: Path) -> Iterator[str]:
    """Serve a folder over http from a local static server on a free loopback port; yields the
    base URL. The server is a child process, stopped by its process id."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
            str(folder),
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = server.stdout.readline()  # "Serving HTTP on 127.0.0.1 port 41234 (http://...) ..."
        if " port " not in line:
            pytest.fail(f"the static server did not start: {line!r}", pytrace=False)
        yield f"http://127.0.0.1:{int(line.split(' port ')[1].split()[0])}/"
    finally:
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def write_site(folder: Path, files: dict[str, bytes]) -> None:
    """Write a built site (files by relative path) into a folder. A file written again is dated
    two seconds after its last writing: a server's Last-Modified counts whole seconds, and a
    browser asking whether a file changed must not be told "not modified" for a new build."""
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        before = path.stat().st_mtime if path.exists() else None
        path.write_bytes(data)
        if before is not None:
            os.utime(path, (before + 2, before + 2))


def mark_moon(page, side: int | str | None) -> None:
    """Mark the moon by the ☾ beside the shooter's name, as a scorer does (None or "": take the
    mark off, by the ☾ pressed); a ☾ already pressed for that side is left as it is."""
    buttons = page.locator("#point-fields .moon-button")
    pressed = [buttons.nth(i).get_attribute("aria-pressed") for i in range(buttons.count())]
    now = pressed.index("true") if "true" in pressed else None
    wanted = None if side in (None, "") else int(side)
    if wanted != now:
        buttons.nth(wanted if wanted is not None else now).click()


def chips_said(page) -> list[str]:
    """The standing's chips as a screen reader reads them: a name cut short to fit is read
    whole (its cut letters hidden from the reader), a mark by its words; spaces made single."""
    return page.locator("#standing-totals li").evaluate_all(
        """chips => chips.map(chip => {
            var said = [...chip.childNodes].filter(n => !(n.getAttribute &&
                n.getAttribute("aria-hidden") === "true")).map(n => n.textContent);
            return said.join(" ").split(/\\s+/).filter(Boolean).join(" ");
        })"""
    )


def in_view(page, selector: str) -> bool:
    """Whether an element is wholly in the window, below the pinned standing bar when it shows."""
    box = page.locator(selector).bounding_box()
    if box is None:
        return False
    top = 0.0
    if page.is_visible("#standing"):
        bar = page.locator("#standing").bounding_box()
        top = bar["y"] + bar["height"] if selector != "#standing" else 0.0
    height = page.viewport_size["height"]
    return box["y"] >= top - 1 and box["y"] + box["height"] <= height + 1


def choose_revoke(page, value: str) -> None:
    """Choose who revoked, opening the folded-away question first."""
    if not page.evaluate("document.getElementById('revoke-more').open"):
        page.click("#revoke-more summary")
    page.select_option("#revoke", value)


class Scorekeeper:
    """The scorekeeper page in a test: setup, hands and what the page shows."""

    def __init__(self, page, url: str):
        self.page = page
        self.url = url

    def open(self, url: str | None = None) -> Scorekeeper:
        self.page.goto(url or self.url)
        return self

    def start(
        self, names=("Ann", "Bob", "Cy", "Di"), *, table: str | None = None, **settings
    ) -> None:
        """Fill in setup and start; settings are select/input ids: moon, target, bonus, ...
        (a value True or False ticks or clears a checkbox)."""
        page = self.page
        page.select_option("#table", table or ("teams" if len(names) == 2 else str(len(names))))
        for i, name in enumerate(names):
            page.fill(f"#name-{i}", name)
        for key, value in settings.items():
            selector = "#" + key.replace("_", "-")
            if isinstance(value, bool):
                page.set_checked(selector, value)
            elif key == "target":
                page.fill(selector, str(value))
            else:
                page.select_option(selector, str(value))
        page.click("text=Start the game")
        page.wait_for_selector("#game:not([hidden])")

    def hand(self, *points: int, shooter: int | None = None, choice: str | None = None) -> None:
        """Enter one hand and press the record (or save) button."""
        page = self.page
        if shooter is not None:
            mark_moon(page, shooter)
        for i, p in enumerate(points):
            page.fill(f"#points-{i}", str(p))
        if choice:
            page.check(f"input[name=choice][value={choice}]")
        page.click("#record")

    def by_cards(self, queens, hearts, bonus=()) -> None:
        """Enter one hand by its cards (who took each Q♠ and bonus card, each side's hearts)
        and press the record (or save) button."""
        page = self.page
        page.check("#method-cards")
        for i, side in enumerate(queens):
            page.select_option(f"#queen-{i}", str(side))
        for i, side in enumerate(bonus):
            page.select_option(f"#bonus-{i}", str(side))
        for i, count in enumerate(hearts):
            page.fill(f"#hearts-{i}", str(count))
        page.click("#record")

    def game_over_and_a_rematch(self) -> None:
        """At a target of 20, a game of four played out (Ann reaches 26), then a rematch one hand
        in: the game over is kept in the past games."""
        self.start(("Ann", "Bob", "Cy", "Di"))
        self.hand(13, 13, 0, 0)
        self.hand(13, 0, 13, 0)
        self.page.click("#rematch")
        self.hand(13, 13, 0, 0)

    def revoke(self, side: int) -> None:
        """Record a hand stopped by a revoke: choose the offender, press the record button."""
        choose_revoke(self.page, str(side))
        self.page.click("#record")

    def totals(self) -> list[int]:
        cells = self.page.locator("#score-foot td:not(.foot-gap)").all_inner_texts()
        return [
            int(c.replace("winner", "").replace("lowest", "").replace("\u2212", "-").strip())
            for c in cells
        ]

    def dealers(self) -> list[str]:
        """Who dealt each hand, as the history names them (a phone shows the hand's pass under
        the dealer's name, in the same cell)."""
        return self.page.locator("#score-body td.dealer").evaluate_all(
            "cells => cells.map(c => c.firstChild.textContent)"
        )

    def points(self) -> list[str]:
        """What the points fields hold now."""
        return [
            self.page.input_value(f"#points-{i}")
            for i in range(self.page.locator("#point-fields input").count())
        ]

    def hand_points(self, k: int) -> list[str]:
        """Each side's points for hand k (counted from 0) as the history shows them, with their
        marks (☾ moon, revoke), its lines joined by a space: from their own column, or over the
        total in a table drawn narrow (the dealer's • and its words left out)."""
        return (
            self.page.locator("#score-body tr")
            .nth(k)
            .evaluate(
                r"""row => [...row.querySelectorAll('td.pts, td.both .hand-pts')].map(cell => {
                const copy = cell.cloneNode(true);
                copy.querySelectorAll('.dealt, .dealt + .visually-hidden')
                    .forEach(x => x.remove());
                document.body.appendChild(copy);
                const text = copy.innerText.split(/\s+/).filter(Boolean).join(' ');
                copy.remove();
                return text;
            })"""
            )
        )

    def text(self, selector: str) -> str:
        """What an element shows; for a status line, all it says, as a screen reader hears it
        (on a phone the totals after a hand are read aloud but not shown)."""
        if self.page.get_attribute(selector, "role") == "status":
            return self.page.text_content(selector)
        return self.page.inner_text(selector)

    def hands_shown(self) -> int:
        return self.page.locator("#score-body tr").count()

    def saved(self) -> dict | None:
        """The game as this browser keeps it."""
        raw = self.page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')")
        return None if raw is None else json.loads(raw)


def four_in(page, folder: Path, language: str) -> Scorekeeper:
    """The standard scorekeeper in a language, written to a folder and opened, a game of Ann,
    Bob, Cy and Di started."""
    from sheets.bundle import load_content
    from sheets.houserules import STANDARD
    from sheets.site.scorekeeper import scorekeeper_files

    write_site(folder, scorekeeper_files(STANDARD, title="Tisch", content=load_content(language)))
    page.goto((folder / "scorekeeper.html").as_uri())
    page.select_option("#table", "4")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        page.fill(f"#name-{i}", name)
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#game:not([hidden])")
    return Scorekeeper(page, page.url)
