"""One source for the rules' words and limits: the scorekeeper's scripts learn every rule value,
limit and table from scorekeeper-config.js, generated from the Python declarations, and hold
none of them themselves."""

from __future__ import annotations

import dataclasses
import json
import re
from importlib import resources

import pytest

from sheets.bundle import load_content
from sheets.engine import seat_names, side_names
from sheets.houserules import (
    CANCELLATION_PLAYERS,
    DIRECTIONS,
    OPTIONS_BY_KEY,
    HouseRules,
    default_cycle,
    direction_misfit,
)
from sheets.site import scorekeeper
from sheets.site.scorekeeper import offline_files, scorekeeper_config, scorekeeper_files

STATIC = resources.files("sheets.site") / "static"
SCRIPTS = ("scoring.js", "scorekeeper.js")


def config(rules: HouseRules = HouseRules()) -> dict:
    return scorekeeper_config(rules, load_content())


def code_of(name: str) -> str:
    """A static file's text without its comments (and, for the page, without its
    Content-Security-Policy, whose 'none' is no rule's)."""
    text = (STATIC / name).read_text("utf-8")
    text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", text)
    if name.endswith(".js"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)
    return text


def rule_values() -> set[str]:
    """Every value a scoring rule or a pass can take, as text."""
    values = set(DIRECTIONS)
    for key in ("moon", "bonus_card", "ties", "exactly_100"):
        values |= {str(v) for v in OPTIONS_BY_KEY[key].choices if isinstance(v, str)}
    return values


def rule_numbers() -> set[int]:
    """The numbers the rules state: points a hand, the moon's and sun's worth, the bonus card's,
    the exactly-100 values, the target's and the player count's limits."""
    numbers = {OPTIONS_BY_KEY["target"].minimum, OPTIONS_BY_KEY["target"].maximum,
               OPTIONS_BY_KEY["players"].maximum, CANCELLATION_PLAYERS, 100}
    numbers |= {v for v in OPTIONS_BY_KEY["exactly_100"].choices if isinstance(v, int) and v}
    for rules in (HouseRules(bonus_card="JD"), HouseRules(players=6, bonus_card="JD")):
        numbers |= {rules.points_per_hand, rules.moon_value, rules.sun_value, rules.bonus_total,
                    rules.check_sum}
    return numbers


@pytest.mark.parametrize("name", [*SCRIPTS, "scorekeeper.html"])
def test_the_page_holds_no_rule_value_of_its_own(name):
    code = code_of(name)
    for value in sorted(rule_values()):
        assert not re.search(rf"""["']{re.escape(value)}["']""", code), \
            f"{name} names the rule value {value!r}: take it from HEARTS_SCOREKEEPER_CONFIG"
    if name.endswith(".js"):
        for number in sorted(rule_numbers()):
            assert not re.search(rf"(?<![\w.#-]){number}(?![\w.])", code), \
                f"{name} holds the number {number}: take it from HEARTS_SCOREKEEPER_CONFIG"
    else:
        assert "<option" not in code, "the page's choices come from the config"
        assert not re.search(r">[^<]*\b(26|52|100|1000)\b", code), "a rule's number in the page"


def test_the_check_above_finds_what_it_looks_for():
    """Guard the guard: the old scripts' hard-coded rules would have been caught."""
    old = 'var MOON_VALUE = 26; if (rules.moon === "shooter-chooses") {} "JD" 1000'
    assert re.search(r"(?<![\w.#-])26(?![\w.])", old)
    assert any(re.search(rf"""["']{re.escape(v)}["']""", old) for v in rule_values())
    assert {26, 52, 104, 100, 1000, 10, 50, 16} <= rule_numbers()


def test_the_config_states_what_the_declarations_say():
    c = config(HouseRules(players=5, moon="shooter-chooses", target=75, exactly_100=0))
    players, target = OPTIONS_BY_KEY["players"], OPTIONS_BY_KEY["target"]
    assert c["players"] == {"min": players.minimum, "max": players.maximum,
                            "cancellation": CANCELLATION_PLAYERS}
    assert c["target"] == {"min": target.minimum, "max": target.maximum}
    assert [m["value"] for m in c["moonRules"]] == list(OPTIONS_BY_KEY["moon"].choices)
    assert [b["value"] for b in c["bonusCards"]] == list(OPTIONS_BY_KEY["bonus_card"].choices)
    assert [e["value"] for e in c["exactly100"]["choices"]] == \
        list(OPTIONS_BY_KEY["exactly_100"].choices)
    assert [t["value"] for t in c["ties"]] == list(OPTIONS_BY_KEY["ties"].choices)
    assert list(c["directions"]) == list(DIRECTIONS)
    for m in c["moonRules"]:
        rules = HouseRules(moon=m["value"])
        assert (m["add"], m["subtract"]) == (rules.moon_may_add, rules.moon_may_subtract)
        assert (m["chooser"] is None) == (m["add"] != m["subtract"])
    assert c["defaults"] == {"table": "5", "passing": list(default_cycle(5)),
                             "moon": "shooter-chooses", "target": 75, "bonusCard": "none",
                             "exactly100": 0, "ties": "joint-winners", "shootTheSun": False}
    assert c["bonusValue"] == 10 and c["exactly100"]["total"] == 100


def test_every_table_the_engine_plays_is_offered_with_its_own_facts():
    tables = config()["tables"]
    players = OPTIONS_BY_KEY["players"]
    assert [t["key"] for t in tables] == ["3", "4", "teams"] + \
        [str(n) for n in range(5, players.maximum + 1)]
    for t in tables:
        rules = HouseRules(players=t["players"], partnership=t["partnership"])
        assert (t["sides"], t["decks"], t["pointsPerHand"], t["moonValue"], t["sunValue"]) == \
            (rules.sides, rules.decks, rules.points_per_hand, rules.moon_value, rules.sun_value)
        assert t["bonusTotal"] == rules.replace(bonus_card="TD").bonus_total
        assert t["seatNames"] == list(seat_names(rules.players))
        assert t["sideNames"] == list(side_names(rules))
        assert [[s for s, side in enumerate(t["seatSides"]) if side == i]
                for i in range(rules.sides)] == [list(seats) for seats in rules.side_seats]
        cycles = [tuple(c["value"]) for c in t["cycles"]]
        assert cycles[0] == default_cycle(rules.players)
        assert not [c for c in cycles for d in c
                    if direction_misfit(d, rules.players, rules.partnership)]
        assert ("Cancellation" in t["label"]) == rules.cancellation
    six = next(t for t in tables if t["key"] == "6")
    assert six["cycles"][0]["value"] == ["hold"], "Cancellation Hearts: no pass by default"
    assert six["moonLabels"]["add-to-others"] == "Add 52 to everyone else"
    four = next(t for t in tables if t["key"] == "4")
    offered = {tuple(c["value"]) for c in four["cycles"]}
    assert {("left", "right", "across"), ("left", "right", "across", "scatter"),
            default_cycle(3)} <= offered, "no hold hand, scatter, the 3-player cycle"
    assert default_cycle(5) in {tuple(c["value"]) for c in six["cycles"]}


def test_the_house_rules_own_cycle_is_offered_and_chosen():
    odd = HouseRules(players=4, passing=("right", "left", "hold"))
    c = config(odd)
    four = next(t for t in c["tables"] if t["key"] == "4")
    assert ["right", "left", "hold"] in [x["value"] for x in four["cycles"]]
    assert c["defaults"]["passing"] == ["right", "left", "hold"]


@pytest.mark.parametrize("key, value", [("moon", "add-to-nobody"), ("ties", "coin-toss"),
                                        ("bonus_card", "KD"), ("exactly_100", 25)])
def test_a_new_rule_value_without_words_fails_the_build(monkeypatch, key, value):
    """A value added to OPTIONS must be given its words here, or the site is not built."""
    option = OPTIONS_BY_KEY[key]
    grown = dataclasses.replace(option, choices=(*option.choices, value))
    monkeypatch.setitem(scorekeeper.OPTIONS_BY_KEY, key, grown)
    try:
        made = config()
    except (KeyError, ValueError):
        return
    listed = {"moon": [m["value"] for m in made["moonRules"]],
              "ties": [t["value"] for t in made["ties"]],
              "bonus_card": [b["value"] for b in made["bonusCards"]],
              "exactly_100": [e["value"] for e in made["exactly100"]["choices"]]}[key]
    assert value in listed, f"{key}: {value!r} is declared but the page would not offer it"


def test_a_new_direction_without_words_fails_the_build(monkeypatch):
    monkeypatch.setattr(scorekeeper, "DIRECTIONS", (*DIRECTIONS, "third-left"))
    with pytest.raises(KeyError):
        config()


def test_the_config_file_is_the_one_the_page_loads():
    files = scorekeeper_files(HouseRules(target=60), title="T", content=load_content())
    text = files["scorekeeper-config.js"].decode()
    data = json.loads(text.split("=", 1)[1].rstrip().rstrip(";"))
    assert data == json.loads(json.dumps(config(HouseRules(target=60))))
    page = files["scorekeeper.html"].decode()
    assert page.index('src="scorekeeper-config.js"') < page.index('src="scoring.js"') < \
        page.index('src="scorekeeper.js"')


def test_the_service_worker_version_follows_the_files_it_keeps():
    files = scorekeeper_files(HouseRules(), title="T", content=load_content())
    files["index.html"] = b"<!doctype html><title>Rules</title>"
    files["downloads/x.pdf"] = b"%PDF-1"

    def version(site):
        return re.search(rb'var VERSION = "([0-9a-f]+)"', offline_files(site)["sw.js"]).group(1)

    worker = offline_files(files)["sw.js"].decode()
    kept = json.loads(re.search(r"var FILES = (\[.*?\]);", worker, re.S).group(1))
    assert "index.html" in kept and "scorekeeper.html" in kept and "manifest.json" in kept
    assert "downloads/x.pdf" not in kept and "sw.js" not in kept
    assert version(files) == version(dict(files))
    assert version({**files, "downloads/x.pdf": b"%PDF-2"}) == version(files)  # not kept
    assert version({**files, "index.html": b"<!doctype html><title>New</title>"}) != version(files)
    other = scorekeeper_files(HouseRules(target=50), title="T", content=load_content())
    assert version({**files, **other}) != version(files)  # the config changed
