"""The scorekeeper installs and works offline: over http://127.0.0.1 from a local static server
(the site under a path of its own), a valid web app manifest with icons and a theme colour, a
service worker that takes control and keeps the scorekeeper and the rules page, a game shown
after a reload with the network off, a new build replacing the old cache, each sheet kept once
opened; and from file:// the page works as before, with no errors."""

from __future__ import annotations

import json
import os
import struct
import time

import pytest
from scorekeeper_page import PHONE, Scorekeeper, static_server, write_site

from sheets.bundle import load_content
from sheets.houserules import HouseRules
from sheets.site.icons import ACCENT
from sheets.site.scorekeeper import offline_files, scorekeeper_files


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), "not a PNG"
    return struct.unpack(">II", data[16:24])


def watch(page) -> list[str]:
    """Everything that goes wrong while the page is open: script errors, console errors and
    warnings, and responses of 400 or more."""
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.on(
        "console",
        lambda msg: (
            msg.type in ("error", "warning") and problems.append(f"console {msg.type}: {msg.text}")
        ),
    )
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    return problems


def until(page, script: str, seconds: float = 10) -> None:
    """Wait until a script's value is true (wait_for_function would need eval, which the page's
    Content-Security-Policy bars)."""
    end = time.monotonic() + seconds
    while not page.evaluate(script):
        if time.monotonic() > end:
            pytest.fail(f"still false after {seconds} s: {script}", pytrace=False)
        time.sleep(0.05)


def controlled(page) -> None:
    """Wait until the service worker controls the page."""
    until(page, "!!navigator.serviceWorker.controller")


@pytest.fixture
def web(browser):
    """A fresh profile at phone size for the served site."""
    context = browser.new_context(viewport=PHONE)
    yield context
    context.close()


def test_the_manifest_is_valid_and_its_icons_load(web, served_site):
    page = web.new_page()
    problems = watch(page)
    page.goto(served_site + "scorekeeper.html")
    cdp = web.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    assert found["url"] == served_site + "manifest.json"
    assert found["errors"] == [], found["errors"]
    manifest = json.loads(found["data"])
    assert manifest["display"] == "standalone" and manifest["theme_color"] == ACCENT
    assert manifest["name"].startswith("Hearts scorekeeper") and manifest["short_name"]
    assert manifest["start_url"] == "scorekeeper.html" and manifest["scope"] == "./"
    sizes = {}
    for icon in manifest["icons"]:
        response = page.request.get(served_site + icon["src"])
        assert response.ok, icon
        assert response.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = png_size(response.body())
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes[(width, icon["purpose"])] = True
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= set(sizes)
    assert page.locator("meta[name=theme-color]").get_attribute("content") == ACCENT
    assert problems == []


def test_chromium_finds_the_scorekeeper_installable(profile, served_site):
    """Installable by Chromium's own criteria, asked in an ordinary (not incognito) profile."""
    page = profile.pages[0] if profile.pages else profile.new_page()
    page.goto(served_site + "scorekeeper.html")
    controlled(page)
    cdp = profile.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_no_request_fails_and_there_is_a_favicon(web, served_site):
    page = web.new_page()
    problems = watch(page)
    page.goto(served_site + "scorekeeper.html")
    icons = page.locator("link[rel=icon]")
    assert icons.count() >= 1
    for i in range(icons.count()):
        assert page.request.get(served_site + icons.nth(i).get_attribute("href")).ok
    favicon = page.request.get(served_site + "favicon.ico")
    assert favicon.ok and favicon.body()[:4] == b"\0\0\1\0"
    page.goto(served_site + "index.html")  # the rules page names the icon too
    assert page.locator("link[rel=icon]").get_attribute("href") == "icon.svg"
    assert problems == []


def test_the_service_worker_controls_the_page_and_a_reload_offline_shows_the_game(web, served_site):
    page = web.new_page()
    problems = watch(page)
    sk = Scorekeeper(page, served_site + "scorekeeper.html").open()
    controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == served_site
    sk.start()
    sk.hand(13, 13, 0, 0)
    web.set_offline(True)
    try:
        page.reload()
        assert sk.totals() == [13, 13, 0, 0]
        assert sk.text("#status") == "Game restored: 1 hand played."
        sk.hand(0, 0, 26, 0, shooter=2)
        assert sk.totals() == [39, 39, 0, 26]
        page.goto(served_site + "index.html")  # the rules page, too
        assert page.title().endswith("the rules and sheets to print")
        assert page.locator("h1").inner_text()
        previews = [
            page.locator("img[src^='previews/']").nth(i).get_attribute("src")
            for i in range(page.locator("img[src^='previews/']").count())
        ]
        assert previews and all(
            page.evaluate(
                "(src) => caches.match(new URL(src, location.href).href).then(r => !!r && r.ok)",
                src,
            )
            for src in previews
        ), "the rules page's previews are kept"
        page.goto(served_site)  # the folder's own address: its index.html
        assert page.title().endswith("the rules and sheets to print")
    finally:
        web.set_offline(False)
    assert problems == []


def test_without_the_service_worker_the_page_needs_the_network(browser, served_site):
    """Guard the test above: the same reload offline fails in a profile without the worker."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        page = context.new_page()
        Scorekeeper(page, served_site + "scorekeeper.html").open().start()
        context.set_offline(True)
        with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
            page.reload()
    finally:
        context.close()


def test_a_new_build_replaces_the_old_cache(web, tmp_path):
    """Each build names its cache by the digest of the files it keeps: a changed build
    installs a new cache, serves the new files and deletes the old cache."""
    content = load_content()

    def build(target: int) -> dict[str, bytes]:
        files = scorekeeper_files(HouseRules(target=target), title="T", content=content)
        files.update(offline_files(files))
        return files

    write_site(tmp_path, build(100))
    with static_server(tmp_path) as base:
        page = web.new_page()
        page.goto(base + "scorekeeper.html")
        controlled(page)
        old = page.evaluate("caches.keys()")
        assert len(old) == 1 and page.input_value("#target") == "100"
        write_site(tmp_path, build(75))  # the next build, deployed
        page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
        until(
            page,
            f"caches.keys().then(k => k.length === 1 && k[0] !== {json.dumps(old[0])})",
            seconds=30,
        )
        page.reload()
        assert page.input_value("#target") == "75"
        write_site(tmp_path, build(75))  # the same build again: the same cache stays
        page.evaluate("navigator.serviceWorker.ready.then(r => r.update())")
        new = page.evaluate("caches.keys()")
        page.reload()
        assert page.evaluate("caches.keys()") == new


def test_from_a_file_the_page_works_without_errors(browser, standard_url):
    """Opened from disk, where service workers are not available: no error, no warning, and
    no worker is tried."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        problems = watch(page)
        failed: list[str] = []
        page.on("requestfailed", lambda r: failed.append(r.url))
        sk = Scorekeeper(page, standard_url).open()
        sk.start()
        sk.hand(13, 13, 0, 0)
        page.reload()
        assert sk.totals() == [13, 13, 0, 0]
        assert page.evaluate("location.protocol") == "file:"
        assert not [u for u in failed if "sw.js" in u]
        assert problems == []
    finally:
        context.close()


FETCH = """(href) => fetch(href).then(
    r => r.ok ? r.text() : "status " + r.status, () => "no network")"""


def test_a_sheet_opened_online_opens_offline_and_is_fresh_online(web, tmp_path):
    """A PDF of the site, once opened, is kept for offline use; with a network the network's
    copy is always the one shown (a new build's sheet is never hidden by an old copy); a sheet
    never opened, and one asked for with a query (a sheet made to order), are not kept."""
    files = scorekeeper_files(HouseRules(), title="T", content=load_content())
    files.update(offline_files(files))
    files.update(
        {
            "sheets/rule-sheet.pdf": b"%PDF one",
            "sheets/score-sheet.pdf": b"%PDF never",
            "made.pdf": b"%PDF made",
            # the site's pages may not fetch (connect-src 'none'): a page here that may
            "probe.html": b"<!doctype html><title>probe</title>",
        }
    )
    write_site(tmp_path, files)
    # Dated in the future, so the browser's own HTTP cache never keeps it by heuristic freshness
    # (a tenth of its age at the first fetch, seconds on a slow machine): the question here is
    # whether the worker keeps it.
    future = time.time() + 3600
    os.utime(tmp_path / "made.pdf", (future, future))
    with static_server(tmp_path) as base:
        page = web.new_page()
        page.goto(base + "scorekeeper.html")
        controlled(page)
        page.goto(base + "probe.html")
        controlled(page)
        assert page.evaluate(FETCH, "sheets/rule-sheet.pdf") == "%PDF one"
        assert page.evaluate(FETCH, "made.pdf?players=5") == "%PDF made"
        sheet = tmp_path / "sheets" / "rule-sheet.pdf"
        sheet.write_bytes(b"%PDF two")  # the next build, deployed a minute later
        later = time.time() + 60
        os.utime(sheet, (later, later))
        assert page.evaluate(FETCH, "sheets/rule-sheet.pdf") == "%PDF two"
        web.set_offline(True)
        try:
            assert page.evaluate(FETCH, "sheets/rule-sheet.pdf") == "%PDF two"
            assert page.evaluate(FETCH, "sheets/score-sheet.pdf") == "no network"
            assert page.evaluate(FETCH, "made.pdf?players=5") == "no network"
        finally:
            web.set_offline(False)
