"""One source for the rules and the words: the scorekeeper's scripts learn every rule, value,
limit, table and word from scorekeeper-config.js, generated from the Python declarations and
content/scorekeeper.yaml, and hold none of them themselves; its page holds no word either."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from sheets import words as words_module
from sheets.bundle import content_bytes, load_content
from sheets.cards import BONUS_POINTS, QUEEN_POINTS
from sheets.content import parse_content, value_key
from sheets.errors import InputError
from sheets.houserules import (
    CANCELLATION_PLAYERS,
    DIRECTIONS,
    OPTIONS,
    OPTIONS_BY_KEY,
    RESET_AT,
    STANDARD,
    HouseRules,
    Option,
    default_cycle,
    direction_misfit,
)
from sheets.scoring import REFUSALS
from sheets.site.scorekeeper import (
    SERVICE_WORKER,
    language_config,
    offline_files,
    record_name,
    record_rules,
    scorekeeper_config,
    scorekeeper_files,
)
from sheets.site.sheetwords import PASSES

STATIC = resources.files("sheets.site") / "static"
MODULES = sorted(p.name for p in (STATIC / "scorekeeper").iterdir() if p.name.endswith(".js"))
SCRIPTS = ("scoring.js", *(f"scorekeeper/{name}" for name in MODULES))
SCORING = [o for o in OPTIONS if o.role == "scoring"]


def config(rules: HouseRules = STANDARD) -> dict:
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
    for option in SCORING:
        values |= {str(v) for v in option.values if isinstance(v, str)}
    return values


def rule_numbers() -> set[int]:
    """The numbers the rules state: points a hand, the moon's and sun's worth, the bonus card's,
    the exactly-100 values, the target's and the player count's limits."""
    numbers = {
        OPTIONS_BY_KEY["target"].minimum,
        OPTIONS_BY_KEY["target"].maximum,
        OPTIONS_BY_KEY["players"].maximum,
        CANCELLATION_PLAYERS,
        RESET_AT,
    }
    numbers |= {v for v in OPTIONS_BY_KEY["exactly_100"].choices if isinstance(v, int) and v}
    for rules in (HouseRules(bonus_card="JD"), HouseRules(players=6, bonus_card="JD")):
        numbers |= {
            rules.points_per_hand,
            rules.moon_value,
            rules.sun_value,
            rules.bonus_total,
            rules.check_sum,
        }
    return numbers


@pytest.mark.parametrize("name", [*SCRIPTS, "scorekeeper.html"])
def test_the_page_holds_no_rule_value_of_its_own(name):
    code = code_of(name)
    for value in sorted(rule_values()):
        assert not re.search(rf"""["']{re.escape(value)}["']""", code), (
            f"{name} names the rule value {value!r}: take it from HEARTS_SCOREKEEPER_CONFIG"
        )
    if name.endswith(".js"):
        for number in sorted(rule_numbers()):
            assert not re.search(rf"(?<![\w.#-]){number}(?![\w.])", code), (
                f"{name} holds the number {number}: take it from HEARTS_SCOREKEEPER_CONFIG"
            )
    else:
        assert "<option" not in code, "the page's choices come from the config"
        assert not re.search(r">[^<]*\b(26|52|100|1000)\b", code), "a rule's number in the page"


@pytest.mark.parametrize("name", MODULES)
def test_the_page_names_no_house_rule(name):
    """The page's modules read the scoring rules from config.rules: none is named in them (only
    scoring.js, which scores them, does). The table and the passing cycle are the game record's
    own fields."""
    code = code_of(f"scorekeeper/{name}")
    for option in SCORING:
        for spelling in {option.key, record_name(option), option.key.replace("_", "-")}:
            assert not re.search(
                rf"""["']#?{re.escape(spelling)}["']|\brules\.{spelling}\b""", code
            ), f"{name} names the house rule {spelling!r}"


def test_the_check_above_finds_what_it_looks_for():
    """Guard the guard: the old scripts' hard-coded rules would have been caught."""
    old = 'var MOON_VALUE = 26; if (rules.moon === "shooter-chooses") {} "JD" 1000'
    assert re.search(r"(?<![\w.#-])26(?![\w.])", old)
    assert any(re.search(rf"""["']{re.escape(v)}["']""", old) for v in rule_values())
    assert re.search(r"\brules\.moon\b", old)
    assert {26, 52, 104, 100, 1000, 10, 50, 16} <= rule_numbers()


def test_the_page_holds_no_words():
    """Every word of the page's template is one of the content's ({{id}}), and every sentence
    the scripts say comes from the config: no string in them holds two words that are not the
    page's class names (but for an Error thrown at a developer, which the console shows)."""
    page = code_of("scorekeeper.html")
    body = page[page.index("<body>") :]
    assert not re.findall(r">\s*[^<\s{][^<]*<", body), "words in scorekeeper.html"
    classes = set(re.findall(r"\.([a-z][a-z-]*)", code_of("scorekeeper.css")))
    for name in MODULES:
        code = re.sub(r"(?m)^import [^;]*;", "", code_of(f"scorekeeper/{name}"))
        code = re.sub(r'new Error\("[^"]*"', "", code)  # for a developer, in the console
        for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', code):
            tokens = [t for t in literal.split() if re.search(r"[A-Za-z]", t)]
            assert len(tokens) < 2 or set(tokens) <= classes, (name, literal)


def test_every_word_is_said_somewhere():
    """No word in the content that nothing says: each id appears in the page's code or the
    Python reader of its game records (or is one of those made from a rule's key, a value, a
    direction or a reason)."""
    code = "".join(code_of(f"scorekeeper/{name}") for name in MODULES)
    code += (resources.files("sheets.site") / "scorekeeper.py").read_text("utf-8")
    code += (resources.files("sheets") / "gamerecord.py").read_text("utf-8")  # a record's words
    families = ("rule.", "refusal.", "direction.", "pass.", "choice.")
    words = load_content().scorekeeper
    unsaid = [w for w in words.words if not w.startswith(families) and f'"{w}"' not in code]
    assert unsaid == []
    template = code_of("scorekeeper.html")
    page_ids = set(re.findall(r"\{\{([a-z0-9-]+)\}\}", template))
    assert page_ids | {"app-name", "app-short-name", "app-description"} == set(words.page)


def test_the_config_states_what_the_declarations_say():
    c = config(HouseRules(players=5, moon="shooter-chooses", target=75, exactly_100=0))
    assert [r["key"] for r in c["rules"]] == [  # the setup's order
        "moon",
        "shoot_the_sun",
        "target",
        "black_maria",
        "bonus_card",
        "exactly_100",
        "ties",
    ]
    assert {r["key"] for r in c["rules"]} == {o.key for o in SCORING}
    for rule in c["rules"]:
        option = OPTIONS_BY_KEY[rule["key"]]
        assert rule["kind"] == option.kind and rule["fallback"] == option.default
        assert rule.get("values") == (list(option.choices) if option.kind == "choice" else None)
        assert (rule.get("min"), rule.get("max")) == (option.minimum, option.maximum)
    assert [m["value"] for m in c["moonRules"]] == list(OPTIONS_BY_KEY["moon"].choices)
    assert [b["value"] for b in c["bonusCards"]] == list(OPTIONS_BY_KEY["bonus_card"].choices)
    assert [t["value"] for t in c["ties"]] == list(OPTIONS_BY_KEY["ties"].choices)
    assert c["directions"] == list(DIRECTIONS)
    assert c["refusals"] == list(REFUSALS)
    for m in c["moonRules"]:
        rules = HouseRules(moon=m["value"])
        assert (m["add"], m["subtract"], m["chooser"]) == (
            rules.moon_may_add,
            rules.moon_may_subtract,
            rules.moon_chooser,
        )
    assert c["defaults"] == {
        "table": "5",
        "passing": list(default_cycle(5)),
        "rules": {
            "moon": "shooter-chooses",
            "shootTheSun": False,
            "target": 75,
            "blackMaria": False,
            "bonusCard": "none",
            "exactly100": 0,
            "ties": "joint-winners",
        },
    }
    assert (c["bonusValue"], c["queenValue"], c["resetAt"]) == (
        -BONUS_POINTS,
        QUEEN_POINTS,
        RESET_AT,
    )


def test_the_record_keeps_each_scoring_rule_by_its_name():
    rules = HouseRules(players=7, shoot_the_sun=True, exactly_100=50)
    assert record_rules(rules, load_content()) == {
        "players": 7,
        "partnership": False,
        "moon": "add-to-others",
        "shootTheSun": True,
        "target": 100,
        "blackMaria": False,
        "bonusCard": "none",
        "exactly100": 50,
        "ties": "joint-winners",
    }


def test_every_table_the_engine_plays_is_offered_with_its_own_facts():
    c = config()
    tables = c["tables"]
    players = OPTIONS_BY_KEY["players"]
    assert [t["key"] for t in tables] == ["3", "4", "teams"] + [
        str(n) for n in range(5, players.maximum + 1)
    ]
    for t in tables:
        rules = HouseRules(players=t["players"], partnership=t["partnership"])
        assert (t["sides"], t["decks"]) == (rules.sides, rules.decks)
        assert [f["when"] for f in t["facts"]] == [
            {"blackMaria": m, "bonusCard": b}
            for m in (False, True)
            for b in OPTIONS_BY_KEY["bonus_card"].choices
        ]
        for facts in t["facts"]:
            under = rules.replace(
                bonus_card=facts["when"]["bonusCard"], black_maria=facts["when"]["blackMaria"]
            )
            assert (
                facts["pointsPerHand"],
                facts["moonValue"],
                facts["sunValue"],
                facts["bonusTotal"],
            ) == (under.points_per_hand, under.moon_value, under.sun_value, under.bonus_total)
            # the penalty spades, where more than the queen score (Black Maria's K♠ and A♠)
            assert facts.get("spades") == ([13, 10, 7] if under.black_maria else None)
        assert t["seatNames"] == list(load_content().language.seat_names(rules.players))
        assert t["sideNames"] == list(load_content().language.side_names(rules))
        assert [
            [s for s, side in enumerate(t["seatSides"]) if side == i] for i in range(rules.sides)
        ] == [list(seats) for seats in rules.side_seats]
        cycles = [tuple(x["value"]) for x in t["cycles"]]
        assert cycles[0] == default_cycle(rules.players)
        assert not [
            x for x in cycles for d in x if direction_misfit(d, rules.players, rules.partnership)
        ]
        label = {**c["words"], **t["words"], **t["facts"][0]["words"]}["table"]
        assert ("Cancellation" in label) == rules.cancellation
    six = next(t for t in tables if t["key"] == "6")
    assert six["cycles"][0]["value"] == ["hold"], "Cancellation Hearts: no pass by default"
    assert {**six["words"], **six["facts"][0]["words"]}[
        "rule.moon.value.add-to-others"
    ] == "Moon to the others"
    teams = next(t for t in tables if t["partnership"])
    assert {**c["words"], **teams["words"], **teams["facts"][0]["words"]}[
        "rule.moon.value.add-to-others"
    ] == "Moon to the other team", "the sheet's name of the rule at the table"
    four = next(t for t in tables if t["key"] == "4")
    offered = {tuple(x["value"]) for x in four["cycles"]}
    assert {
        ("left", "right", "across"),
        ("left", "right", "across", "scatter"),
        default_cycle(3),
    } <= offered, "no hold hand, scatter, the 3-player cycle"
    assert default_cycle(5) in {tuple(x["value"]) for x in six["cycles"]}


def test_each_word_is_given_once_where_it_is_the_same():
    """A word is said everywhere, at a table, or under a table's rules: never at two levels."""
    c = config()
    for t in c["tables"]:
        assert not set(t["words"]) & set(c["words"])
        for facts in t["facts"]:
            assert not set(facts["words"]) & (set(t["words"]) | set(c["words"]))
    every = set(c["words"])
    four = next(t for t in c["tables"] if t["key"] == "4")
    assert "hand" in every and "table" in four["words"]
    assert (
        four["facts"][1]["words"]["points-hint"]
        == "Points each player took: hearts 1, Q♠ 13, J♦ −10. Count them in one number (6 hearts "
        "and J♦: type 4 and tap ± for −4)."
    )


def test_the_words_follow_every_rule_the_page_keeps():
    """Each word of a table is worked out under the rules its numbers depend on; no word
    depends on another rule (were one to, the config could not say it)."""
    content = load_content()
    c = config()
    for t in c["tables"]:
        base = HouseRules(players=t["players"], partnership=t["partnership"])
        for facts in t["facts"]:
            said = {**c["words"], **t["words"], **facts["words"]}
            under = base.replace(
                **{
                    o.key: facts["when"][record_name(o)]
                    for o in SCORING
                    if record_name(o) in facts["when"]
                }
            )
            for option in SCORING:
                if record_name(option) in facts["when"]:
                    continue  # the table's words under each of its values are the next facts'
                for value in option.values or (option.minimum, option.maximum):
                    changed = under.replace(**{option.key: value})
                    for word in said:
                        if ".value." not in word and not word.startswith(SHEET_WORDS):
                            assert words_module.fill(content, word, changed) == said[word], (
                                t["key"],
                                option.key,
                                value,
                                word,
                            )


# words the page has beyond the content's own: the score sheet's (below), the sun's choices
SHEET_WORDS = (
    "sheet-rules.",
    "sheet-carried",
    "sheet-dealt",
    "sheet-moved",
    "sheet-played-off",
    "choice-sun.",
)


@pytest.mark.parametrize(
    "rules",
    [
        HouseRules(),
        HouseRules(players=8, moon="shooter-chooses", ties="play-on", target=150),
        HouseRules(partnership=True, shoot_the_sun=True, bonus_card="JD", exactly_100=50),
        HouseRules(players=5, black_maria=True, moon="subtract-from-shooter"),
        # a cycle chosen at setup that passes where the table's usual one does not: the page
        # said "No pass" over a Pass column of left, right and across
        HouseRules(players=8, passing=("left", "right", "across", "hold")),
        HouseRules(passing=("hold",)),
    ],
)
def test_the_printed_sheet_says_the_pdf_rules_line(rules):
    """The rules line the page prints (printsheet.js: each summary item's word under the game's
    values of the rules it names) is the PDF score sheet's summary, word for word."""
    from dataclasses import replace

    from sheets.housefile import STANDARD_FILE
    from sheets.text import dealt_line, score_sheet_text

    content = load_content()
    c = config()
    t = next(
        t
        for t in c["tables"]
        if t["players"] == rules.players and t["partnership"] == rules.partnership
    )
    game = {record_name(o): getattr(rules, o.key) for o in SCORING}
    facts = next(f for f in t["facts"] if all(game[k] == v for k, v in f["when"].items()))
    said = {**c["words"], **t["words"], **facts["words"]}
    game[PASSES] = rules.passes  # from the game's own passing cycle
    items = [
        said[".".join(["sheet-rules", str(i), *(value_key(game[n]) for n in names)])]
        for i, names in enumerate(c["sheetRules"])
    ]
    line = " · ".join(i for i in items if i).replace("{target}", str(rules.target))
    pdf = score_sheet_text(content, replace(STANDARD_FILE, rules=rules))
    assert line == " · ".join(pdf.summary)
    assert said["sheet-carried"] == pdf.carried
    # the dealer's mark and what it means: the filled-in PDF's footer line, mark and all
    assert said["sheet-dealt"] == dealt_line(content, rules)
    assert said["sheet-dealt-mark"] in said["sheet-dealt"]
    # a change of seats, as the PDF's footer tells it (the page fills in names and hand)
    moved = said["sheet-moved"].format(names="Ann and Bob", hand=2)
    assert dealt_line(content, rules, ["Ann", "Bob"], [(2, (0, 1))]) == " ".join(
        (said["sheet-dealt"], moved, said["sheet-moved-columns"])
    )
    many = said["sheet-moved-hands"].format(hands="1, 2, 3 and 4")
    assert dealt_line(content, rules, ["Ann", "Bob"], [(k, (0, 1)) for k in range(1, 5)]) == (
        " ".join((said["sheet-dealt"], many, said["sheet-moved-columns"]))
    )


def test_the_house_rules_own_cycle_is_offered_and_chosen():
    odd = HouseRules(players=4, passing=("right", "left", "hold"))
    c = config(odd)
    four = next(t for t in c["tables"] if t["key"] == "4")
    assert ["right", "left", "hold"] in [x["value"] for x in four["cycles"]]
    assert c["defaults"]["passing"] == ["right", "left", "hold"]


def grown_options(monkeypatch, option: Option) -> None:
    """OPTIONS as the words' reader sees them, with one option added or changed."""
    options = [o for o in OPTIONS if o.key != option.key]
    options.insert(
        next((i for i, o in enumerate(OPTIONS) if o.key == option.key), len(options)), option
    )
    monkeypatch.setattr(words_module, "OPTIONS", tuple(options))


# a new value of a scoring rule without words: every rule with a list of values is named in
# language.yaml's one table of rule names, which refuses a value left out
# (tests/test_rule_names.py)


def test_a_new_scoring_rule_without_words_fails_with_the_line(monkeypatch):
    grown_options(monkeypatch, Option("queen_doubles", "bool", "scoring", False, "Q♠ counts 26"))
    with pytest.raises(InputError) as info:
        parse_content(content_bytes())
    assert [p.message for p in info.value.problems] == ["rules: missing key 'queen_doubles'"]


def test_a_word_with_a_placeholder_nobody_fills_fails_with_the_line():
    files = content_bytes()
    data = files["scorekeeper.yaml"].replace(b'hand: "Hand {number}"', b'hand: "Hand {numbr}"')
    with pytest.raises(InputError) as info:
        parse_content({**files, "scorekeeper.yaml": data})
    (problem,) = info.value.problems
    line = data[: data.index(b"{numbr}")].count(b"\n") + 1
    assert (problem.source, problem.line) == ("scorekeeper.yaml", line)
    assert "unknown placeholder {numbr}" in problem.message


def test_the_page_fills_in_no_placeholder_python_does():
    """A name the page fills in as the game goes is never one the rules fill in first."""
    from sheets.facts import FACTS

    assert not set(words_module.RUNTIME) & {*FACTS, *words_module.PLACEHOLDERS}


def test_the_config_file_is_the_one_the_page_loads():
    files = scorekeeper_files(HouseRules(target=60), title="T", content=load_content())
    text = files["scorekeeper-config.js"].decode()
    data = json.loads(text.split("=", 1)[1].rstrip().rstrip(";"))
    content = load_content()
    expected = (
        config(HouseRules(target=60))
        | language_config(content, {content.language.code: "scorekeeper.html"}, SERVICE_WORKER)
        | {"ownTitle": ""}
    )
    assert data == json.loads(json.dumps(expected))
    own = scorekeeper_files(STANDARD, title="T", content=content, own_title="The Smiths")
    assert b'"ownTitle": "The Smiths"' in own["scorekeeper-config.js"]
    page = files["scorekeeper.html"].decode()
    assert (
        page.index('src="scorekeeper-config.js"')
        < page.index('src="scoring.js"')
        < page.index('src="scorekeeper.js"')
    )


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


def test_a_team_that_shoots_the_moon_chooses_for_the_team():
    """Where the shooter chooses, a team's two ways speak of the other team and of "our" score:
    the other team takes the moon once, not each player of it."""
    c = config(HouseRules(moon="shooter-chooses"))

    def said(table: dict) -> dict:
        return {**c["words"], **table["words"], **table["facts"][0]["words"]}

    teams = said(next(t for t in c["tables"] if t["partnership"]))
    four = said(next(t for t in c["tables"] if t["key"] == "4"))
    assert "the other team" in teams["choice.add-to-others"]
    assert "the shooting team's score" in teams["choice.subtract-from-shooter"]
    assert "everyone else" in four["choice.add-to-others"]
    assert "the shooter's score" in four["choice.subtract-from-shooter"]
    # ticked, a sun is worth more than the moon: its choices say its own value
    assert four["choice-sun.add-to-others"] == "Add 52 to everyone else"
    assert four["choice.add-to-others"] == "Add 26 to everyone else"
