"""The site in its languages, in real Chromium: the language switcher from file:// (each language
named in itself, axe at 0, at 320, 390 and 1280 px, light and dark), a game kept in German and
shown in German when opened from the French scorekeeper, and /make in French against the real
server. Screenshots go to the ``shots`` folder (lang-*.png) for a person to look at."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from scorekeeper_page import STORAGE_KEY

from sheets.bundle import load_content

SIZES = {
    "320": {"width": 320, "height": 700},
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 800},
}
SCHEMES = ("light", "dark")
AXE = Axe()


def _open(browser, url: str, size: str, scheme: str = "light"):
    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme)
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: (
            msg.type == "error"
            and "400 (Bad Request)" not in msg.text
            and problems.append(f"console: {msg.text}")
        ),
    )
    page.on("pageerror", lambda err: problems.append(f"page error: {err}"))
    page.goto(url)
    return context, page, problems


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_the_language_switcher_leads_to_each_language_from_a_file(
    browser, standard_site, shots, size, scheme
):
    context, page, problems = _open(browser, (standard_site / "index.html").as_uri(), size, scheme)
    try:
        switcher = page.get_by_role("navigation", name="Languages")
        assert switcher.get_by_role("link").all_inner_texts() == [
            "English",
            "Deutsch",
            "Français",
            "Español",
        ]
        switcher.get_by_role("link", name="Deutsch").click()
        page.wait_for_url("**/de/index.html")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.get_by_role("navigation", name="Sprachen").is_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        page.screenshot(path=shots / f"lang-de-{size}-{scheme}-top.png")
        page.evaluate("document.querySelectorAll('img').forEach(img => { img.loading = 'eager'; })")
        page.evaluate("Promise.all([...document.images].map(img => img.decode()))")
        assert page.evaluate("[...document.images].filter(i => !i.naturalWidth).length") == 0
        assert problems == []
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
        page.get_by_role("link", name="Français").first.click()
        page.wait_for_url("**/fr/index.html")
        page.get_by_role("link", name="English").first.click()
        page.wait_for_url("**/site/index.html")
    finally:
        context.close()


@pytest.mark.parametrize(("code", "after"), [("", ": "), ("fr", "\u00a0: "), ("de", ": ")])
def test_the_glossary_sets_its_colon_as_the_language_does(browser, standard_site, code, after):
    """ "Pli\u00a0: ..." in French, which sets a space before a colon; "Stich: ..." elsewhere."""
    page_path = standard_site / code / "index.html" if code else standard_site / "index.html"
    context, page, problems = _open(browser, page_path.as_uri(), "390")
    try:
        shown = page.eval_on_selector(
            ".glossary dt", "dt => getComputedStyle(dt, '::after').content"
        )
        assert shown == f'"{after}"', shown
        assert problems == []
    finally:
        context.close()


def test_a_german_game_is_kept_in_german_and_opens_in_german_from_french(browser, standard_site):
    context, page, problems = _open(
        browser, (standard_site / "de" / "scorekeeper.html").as_uri(), "390"
    )
    try:
        assert page.evaluate("document.documentElement.lang") == "de"
        page.select_option("#table", "4")
        for i, name in enumerate(("Anna", "Ben", "Cem", "Dora")):
            page.fill(f"#name-{i}", name)
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#game:not([hidden])")
        assert "Runde 1" in page.inner_text("#hand-legend")
        for i, points in enumerate((13, 0, 5, 8)):
            page.fill(f"#points-{i}", str(points))
        page.click("#record")
        expect(page.locator("#score-body tr")).to_have_count(1)
        saved = page.evaluate(f"JSON.parse(localStorage.getItem('{STORAGE_KEY}'))")
        assert saved["language"] == "de" and len(saved["hands"]) == 1
        # French and Spanish say 0 and 1 as their CLDR categories say, from Babel's table
        plural = page.evaluate(
            "[0, 1, 2, 101].map(n => [n, window.HEARTS_SCOREKEEPER_CONFIG.plural.small[n % 100]])"
        )
        assert plural[1] == [1, "one"] and plural[0] == [0, "other"]
        page.goto((standard_site / "fr" / "scorekeeper.html").as_uri())
        page.wait_for_url("**/de/scorekeeper.html")  # the game keeps its language
        page.wait_for_selector("#game:not([hidden])")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert "1 Runde gespielt" in page.inner_text("#status")  # CLDR's "one": no "1 hands"
        assert problems == []
    finally:
        context.close()


def test_a_record_without_a_language_opens_in_the_page_language(browser, standard_site):
    """Games saved before they kept a language stay readable, in the page's language."""
    context, page, problems = _open(
        browser, (standard_site / "fr" / "scorekeeper.html").as_uri(), "390"
    )
    try:
        page.select_option("#table", "4")
        for i, name in enumerate(("A", "B", "C", "D")):
            page.fill(f"#name-{i}", name)
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#game:not([hidden])")
        for points in ((5, 8, 13, 0), (13, 13, 0, 0)):
            for i, p in enumerate(points):
                page.fill(f"#points-{i}", str(p))
            page.click("#record")
        expect(page.locator("#score-body tr")).to_have_count(2)
        page.evaluate(f"""(() => {{  // as saved before games kept their language
            const g = JSON.parse(localStorage.getItem('{STORAGE_KEY}'));
            delete g.language;
            localStorage.setItem('{STORAGE_KEY}', JSON.stringify(g));
        }})()""")
        page.reload()
        page.wait_for_selector("#game:not([hidden])")
        assert page.url.endswith("/fr/scorekeeper.html")
        assert "Partie retrouvée telle que vous l'avez laissée (2 donnes)" in page.inner_text(
            "#status"
        )
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_make_in_french(browser, server, shots, size, scheme):
    context, page, problems = _open(
        browser, f"{server.url}/make?language=fr&players=11", size, scheme
    )
    try:
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert "Joueurs\u00a0: 11 n'est pas possible" in page.inner_text("#summary")
        page.select_option("#players", "4")
        page.wait_for_selector("#preview img")
        page.evaluate("document.querySelector('#preview img').decode()")
        assert "à jour" in page.inner_text("#status")
        assert page.input_value("#language") == "fr"
        page.screenshot(path=shots / f"lang-make-fr-{size}-{scheme}.png")
        if size == "1280":  # the side panel fits the window: preview and downloads in sight
            page.mouse.wheel(0, 600)  # down to the choices: the panel stays in sight
            page.wait_for_timeout(300)
            box = page.locator("#downloads").bounding_box()
            assert box["y"] + box["height"] <= SIZES[size]["height"]
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
        page.select_option("#language", "de")  # another language: the page, whole, in it
        page.wait_for_url("**language=de**")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        assert page.get_by_role(
            "heading", name=load_content("de").language.make["heading"]
        ).is_visible()
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_make_says_what_to_fix_in_spanish(browser, server, shots, size, scheme):
    """The status line after a change, the preset list that keeps "Corazones, partida corta"
    whole, and Cancellation's fixed deal with its way out, in Spanish."""
    words = load_content("es").language
    context, page, problems = _open(
        browser, f"{server.url}/make?language=es&players=7&deal=strip", size, scheme
    )
    try:
        summary = page.inner_text("#summary")
        assert "o juega con menos jugadores" in summary
        page.fill("#target", "x")  # a second mistake, read by the page's script
        page.locator("#target").blur()
        expect(page.locator("#status")).to_have_text(words.make["to-fix-beside"].format(count=2))
        page.screenshot(path=shots / f"lang-make-es-fix-{size}-{scheme}.png", full_page=True)
        results = AXE.run(page)
        assert results.violations_count == 0, results.generate_report()
        page.goto(f"{server.url}/make?language=es&preset=corta")
        quoted = words.make["quoted"].format(text=words.presets["short-game"])
        assert f"{quoted}." in page.inner_text("#summary")
        assert problems == []
    finally:
        context.close()
