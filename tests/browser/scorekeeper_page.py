"""The scorekeeper page as the browser tests drive it."""

from __future__ import annotations

PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1100, "height": 900}


class Scorekeeper:
    """The scorekeeper page in a test: setup, hands and what the page shows."""

    def __init__(self, page, url: str):
        self.page = page
        self.url = url

    def open(self, url: str | None = None) -> Scorekeeper:
        self.page.goto(url or self.url)
        return self

    def start(self, names=("Ann", "Bob", "Cy", "Di"), *, table: str | None = None,
              **settings) -> None:
        """Fill in setup and start; settings are select/input ids: moon, target, bonus, ..."""
        page = self.page
        page.select_option("#table", table or ("teams" if len(names) == 2 else str(len(names))))
        for i, name in enumerate(names):
            page.fill(f"#name-{i}", name)
        for key, value in settings.items():
            selector = "#" + key.replace("_", "-")
            if key == "target":
                page.fill(selector, str(value))
            else:
                page.select_option(selector, str(value))
        page.click("text=Start the game")
        page.wait_for_selector("#game:not([hidden])")

    def hand(self, *points: int, shooter: int | None = None, choice: str | None = None) -> None:
        """Enter one hand and press the record (or save) button."""
        page = self.page
        if shooter is not None:
            page.select_option("#shooter", str(shooter))
        for i, p in enumerate(points):
            page.fill(f"#points-{i}", str(p))
        if choice:
            page.check(f"input[name=choice][value={choice}]")
        page.click("#record")

    def totals(self) -> list[int]:
        cells = self.page.locator("#score-foot td").all_inner_texts()
        return [int(c.replace("★", "").replace("winner", "").strip()) for c in cells[:-1]]

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector)

    def hands_shown(self) -> int:
        return self.page.locator("#score-body tr").count()
