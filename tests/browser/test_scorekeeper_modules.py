"""The scorekeeper's source is ES modules; the site serves them combined into one classic script
(sheets.site.scripts), since Chromium refuses a module script from file://. Served over http as
modules, the source is the same page: a game played both ways says the same."""

from __future__ import annotations

import shutil
from importlib import resources

from scorekeeper_page import Scorekeeper, static_server, write_site

from sheets.bundle import load_content
from sheets.houserules import HouseRules
from sheets.site.scorekeeper import scorekeeper_files

SOURCE = resources.files("sheets.site") / "static" / "scorekeeper"
COMBINED = '<script src="scorekeeper.js" defer></script>'
AS_MODULES = '<script type="module" src="scorekeeper/main.js"></script>'


def play(sk: Scorekeeper) -> list[str]:
    """A short game's setup, hands, a refusal and an undo; what the page says at each step."""
    said = [sk.text("#setup")]
    sk.start(moon="shooter-chooses", bonus_card="JD")
    said.append(sk.text("#hand-hint"))
    sk.hand(13, 0, 3)
    said += [sk.text("#hand-status"), sk.text("#standing")]
    sk.hand(30, 0, 0, 0)
    said.append(sk.text("#hand-status"))
    sk.hand(0, 26, -10, 0, shooter=1, choice="subtract-from-shooter")
    said += [sk.text("#hand-status"), sk.text("#scores")]
    sk.page.click("#undo")
    said.append(sk.text("#tools-status"))
    return said


def test_the_modules_served_as_modules_are_the_page_the_site_serves(browser, tmp_path):
    files = scorekeeper_files(HouseRules(), title="Modules", content=load_content())
    page = files["scorekeeper.html"].decode()
    assert page.count(COMBINED) == 1
    files["modules.html"] = page.replace(COMBINED, AS_MODULES).encode()
    write_site(tmp_path, files)
    shutil.copytree(str(SOURCE), tmp_path / "scorekeeper")
    with static_server(tmp_path) as base:
        said = {}
        for name in ("scorekeeper.html", "modules.html"):
            context = browser.new_context()
            errors: list[str] = []
            tab = context.new_page()
            tab.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
            said[name] = play(Scorekeeper(tab, base + name).open())
            loaded = tab.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
            context.close()
            assert not errors, (name, errors)
            if name == "modules.html":
                assert base + "scorekeeper/main.js" in loaded
                assert base + "scorekeeper.js" not in loaded
    assert said["modules.html"] == said["scorekeeper.html"]
    assert "Not recorded: Ann's points must be from −10 to 26, not 30." in said["scorekeeper.html"]
