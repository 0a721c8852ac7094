"""From paper to phone: a sheet's QR code, read from the rendered page, opens the static site's
scorekeeper (served on loopback) set up with the sheet's rules, and says what it took."""

from __future__ import annotations

import pytest
from sheet_codes import read_codes

from sheets.bundle import load_content
from sheets.housefile import HouseFile
from sheets.houserules import HouseRules
from sheets.pipeline import prepare, render
from sheets.site.scorekeeper import record_rules

CASES = {
    "standard": HouseRules(),
    "3 players": HouseRules(players=3, moon="subtract-from-shooter", target=50, shoot_the_sun=True),
    "5 players": HouseRules(players=5, bonus_card="TD", exactly_100="0", ties="play-on"),
    "8 players": HouseRules(players=8, moon="shooter-chooses", black_maria=True),
    "teams": HouseRules(partnership=True, bonus_card="JD", target=150),
    "own cycle": HouseRules.from_mapping({"players": 4, "passing": ["left", "hold", "across"]}),
}

SETUP_READ = """() => {
  const config = window.HEARTS_SCOREKEEPER_CONFIG;
  const rules = {};
  for (const rule of config.rules) {
    const control = document.getElementById(rule.id);
    rules[rule.name] = rule.kind === "bool" ? control.checked
      : rule.kind === "int" ? Number(control.value)
      : rule.values.find(v => String(v) === control.value);
  }
  return {table: document.getElementById("table").value,
          passing: document.getElementById("passing").value.split(" "), rules: rules,
          shown: !document.getElementById("from-address").hidden,
          taken: Array.from(document.querySelectorAll("#from-address-list li"),
                            li => li.textContent)};
}"""


@pytest.mark.parametrize("name", CASES)
def test_the_code_opens_the_scorekeeper_with_the_sheet_s_rules(page, served_site, shots, name):
    rules = CASES[name]
    content = load_content()
    prepared = prepare(content, HouseFile(rules))
    site_url = served_site.rstrip("/")
    codes = [
        code
        for kind in ("rule-sheet", "score-sheet")
        for code in read_codes(render(prepared, kind, "letter", site_url))
    ]
    assert len(codes) == 2 and codes[0] == codes[1] and codes[0].startswith(served_site)
    page.goto(codes[0])
    setup = page.evaluate(SETUP_READ)
    expected = record_rules(prepared.rules, content)
    players, partnership = expected.pop("players"), expected.pop("partnership")
    table = "teams" if partnership else str(players)
    assert setup["table"] == table
    assert setup["rules"] == expected
    assert setup["passing"] == list(prepared.rules.passing)
    assert setup["shown"] and len(setup["taken"]) == 2 + len(expected)
    page.screenshot(path=str(shots / f"from-address-{name.replace(' ', '-')}.png"))


def test_without_rules_in_the_address_nothing_is_taken(page, served_site):
    page.goto(served_site + "scorekeeper.html")
    assert not page.evaluate(SETUP_READ)["shown"]


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_what_was_taken_is_shown_on_a_phone(browser, served_site, shots, width, scheme):
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(served_site + "scorekeeper.html?players=5&moon=shooter-chooses&target=50")
        box = page.locator("#from-address")
        assert box.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box.screenshot(path=str(shots / f"from-address-{width}-{scheme}.png"))
        page.locator("#name-0").fill("Ann")
        page.click("#setup button[type=submit]")
        assert not box.is_visible()
    finally:
        context.close()
