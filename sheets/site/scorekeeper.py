"""The scorekeeper page: its static files, a generated script holding the rules and the words,
the web app manifest, the icons and the service worker.

:func:`scorekeeper_files` and :func:`offline_files` are pure: they return files by relative path
and the site builder writes them. The page is plain HTML, CSS and classic scripts under a
Content-Security-Policy that allows only 'self', so everything the scripts need to know travels in
``scorekeeper-config.js`` rather than in an inline script, and the page works from ``file://`` as
well as from a server under any path. ``scorekeeper.js`` is made from the ES modules in
``static/scorekeeper/`` (:mod:`sheets.site.scripts`).

``scorekeeper-config.js`` is the one place the scripts learn the rules and their words, all read
from the declarations: the scoring house rules (every :data:`~sheets.houserules.OPTIONS` entry of
the "scoring" role, with its kind, values and limits), every table the engine plays with its
numbers as :class:`~sheets.houserules.HouseRules` works them out (under each rule that changes
them, such as a bonus card), the reasons :mod:`sheets.scoring` refuses an entry for, and every
word the page says, from ``content/scorekeeper.yaml``. The scripts hold none of these
themselves (a test reads them for it).
"""

from __future__ import annotations

import hashlib
import html
import itertools
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

from sheets.blocks import name_of, split_lead
from sheets.cards import BONUS_POINTS, HEART_POINTS, QUEEN_POINTS, Card
from sheets.content import Content, value_key
from sheets.gamerecord import record_name
from sheets.houserules import (
    DIRECTIONS,
    OPTIONS_BY_KEY,
    RESET_AT,
    SHOOTER_CHOICES,
    HouseRules,
    Option,
    default_cycle,
    direction_misfit,
    warnings,
)
from sheets.language import PAGE_NOUNS, Language
from sheets.layout.scorenumbers import PORTRAIT_SIDES
from sheets.options import HOLD
from sheets.scoring import REFUSALS
from sheets.site.icons import (
    ACCENT,
    ICON_SVG,
    MANIFEST_ICONS,
    PAPER,
    favicon_ico,
    icon_png,
    icon_svg,
)
from sheets.site.scripts import combine_modules
from sheets.site.sheetwords import PASSES, sheet_rules, sheet_words
from sheets.text import MOVES_NAMED, variant_line
from sheets.words import NAME_LENGTH, ScorekeeperWords, fill, value_word

STATIC_FILES = ("scorekeeper.css", "scoring.js")
PAGE_TEMPLATE = "scorekeeper.html"
SCRIPT = "scorekeeper.js"
MODULES = "scorekeeper"  # the folder of the page's ES modules, combined into SCRIPT
CONFIG_FILE = "scorekeeper-config.js"
MANIFEST_FILE = "manifest.json"
SERVICE_WORKER = "sw.js"
FAVICON = "favicon.ico"
THEME_MARK = "__THEME_COLOR__"
LANG_MARK = '<html lang="en">'  # the template's language, replaced by the content's
WORD_MARK = re.compile(r"\{\{([a-z0-9-]+)\}\}")  # {{id}}: one of the page's words
# The service worker keeps every file at the site's top (the scorekeeper, the rules page and
# their styles and icons) and these folders (the rules page's previews) for offline use; the
# PDFs in downloads/ are fetched when asked for.
OFFLINE_FOLDERS = ("previews/",)
CACHE_PREFIX = "hearts-sheets-"


def _table_key(rules: HouseRules) -> str:
    return "teams" if rules.partnership else str(rules.players)


def _tables() -> tuple[HouseRules, ...]:
    """One set of standard rules for each table the engine plays, in the order offered."""
    low, high = OPTIONS_BY_KEY["players"].bounds
    plain = [HouseRules(players=n) for n in range(low, high + 1)]
    teams = HouseRules(partnership=True)
    return tuple(plain[:2]) + (teams,) + tuple(plain[2:])  # teams after the 4-player table


def _kept(words: ScorekeeperWords) -> tuple[Option, ...]:
    """The house rules the scorekeeper keeps (every rule of the "scoring" role, as the words
    give them), in the order the setup asks them."""
    return tuple(OPTIONS_BY_KEY[key] for key in words.rules)


def record_rules(rules: HouseRules, content: Content) -> dict[str, Any]:
    """The rules as the scorekeeper's game record keeps them: the table (players,
    partnership) and each scoring rule by its record name."""
    kept = {record_name(o): getattr(rules, o.key) for o in _kept(content.scorekeeper)}
    return {"players": rules.players, "partnership": rules.partnership, **kept}


def _rule(option: Option) -> dict[str, Any]:
    """A scoring rule as the page's scripts know it: its names, kind, values or limits, and
    the value a saved game that lacks it takes."""
    rule: dict[str, Any] = {
        "key": option.key,
        "name": record_name(option),
        "id": option.key.replace("_", "-"),
        "kind": option.kind,
        "fallback": option.default_at(4),
    }
    if option.kind == "choice":
        rule["values"] = list(option.choices)
    if option.kind == "int":
        rule["min"], rule["max"] = option.minimum, option.maximum
    return rule


def _numbers(rules: HouseRules) -> dict[str, Any]:
    """What the page must know of a table's numbers under some rules: the points of a hand,
    a moon, a sun and the bonus cards, and the penalty spades' points (one deck's), given only
    where more spades than the queen score (the queen's are ``queenValue``)."""
    numbers: dict[str, Any] = {
        "pointsPerHand": rules.points_per_hand,
        "moonValue": rules.moon_value,
        "sunValue": rules.sun_value,
        "bonusTotal": rules.bonus_total,
    }
    spades = [points for _, points in rules.penalty_spades]
    if spades != [QUEEN_POINTS]:
        numbers["spades"] = spades
    return numbers


def _shaping(kept: tuple[Option, ...], tables: tuple[HouseRules, ...]) -> tuple[Option, ...]:
    """The scoring rules that change a table's numbers (a bonus card changes what a hand adds
    up to): the page is given the numbers, and the words, under each of their values."""
    return tuple(
        o
        for o in kept
        if o.values
        and any(_numbers(t.replace(**{o.key: v})) != _numbers(t) for t in tables for v in o.values)
    )


def _variants(table: HouseRules, shaping: tuple[Option, ...]) -> list[HouseRules]:
    """A table's rules under every combination of the rules that change its numbers."""
    return [
        table.replace(**dict(zip((o.key for o in shaping), values)))
        for values in itertools.product(*(o.values for o in shaping))
    ]


def _word_ids(words: ScorekeeperWords) -> list[tuple[str, str, str, Any]]:
    """Every word the page may say: (its id, the id of its TEXT, the rule whose value it names,
    that value) ("" and None but for a scoring rule's values)."""
    ids = [(i, i, "", None) for i in words.words if ".value." not in i]
    for option in _kept(words):
        ids += [
            (
                f"rule.{option.key}.value.{value_key(v)}",
                value_word(words, option.key, v),
                option.key,
                v,
            )
            for v in option.values
            if option.kind != "bool"
        ]
    return ids


SUN_CHOICE = "choice-sun."  # the shooter's choices for a sun: its value in place of the moon's


def _said(content: Content, rules: HouseRules) -> dict[str, str]:
    """Every word under some rules (a value's words under the rules with that value); and
    the shooter's choices for a sun, worth :attr:`HouseRules.sun_value` (:data:`SUN_CHOICE`)."""
    said = {
        word: fill(content, text, rules.replace(**{key: value}) if key else rules)
        for word, text, key, value in _word_ids(content.scorekeeper)
    }
    sun = content.facts(rules)["sun_value"]
    for word in [w for w in said if w.startswith("choice.")]:
        said[SUN_CHOICE + word.removeprefix("choice.")] = fill(content, word, rules, moon_value=sun)
    return said


def _hoisted(said: list[list[dict[str, str]]]) -> tuple[dict, list[dict], list[list[dict]]]:
    """Each word once: for every table and variant (said[t][v]), where it is the same
    everywhere, the same at a table, or only for a variant."""
    everywhere = {
        k: v for k, v in said[0][0].items() if all(s[k] == v for table in said for s in table)
    }
    tables, variants = [], []
    for table in said:
        same = {
            k: v
            for k, v in table[0].items()
            if k not in everywhere and all(s[k] == v for s in table)
        }
        tables.append(same)
        variants.append(
            [{k: v for k, v in s.items() if k not in everywhere and k not in same} for s in table]
        )
    return everywhere, tables, variants


def _cycles(rules: HouseRules, content: Content, house: HouseRules) -> list[dict]:
    """The passing cycles offered at a table: the content's named cycles that fit it, the
    table's usual one first, and the house rules' own when they are for this table; each in
    the rule sheet's words: the name its line begins with, without its lead-in ("Passes:"), as
    the control's label already says it ("Left, right, then none")."""
    usual = default_cycle(rules.players)
    named = [tuple(key.split()) for key in content.variants["passing"].lines if key != "*"]
    if _table_key(house) == _table_key(rules):
        named.append(house.passing)
    seen, out = set(), []
    for cycle in [usual, *named]:
        if cycle in seen or any(
            direction_misfit(d, rules.players, rules.partnership) for d in cycle
        ):
            continue
        seen.add(cycle)
        line = variant_line(content, rules.replace(passing=list(cycle)), "passing")
        label = name_of(line).split(": ", 1)[-1]  # under the control's own label: no "Passes:"
        label = label[:1].upper() + label[1:]
        if cycle == usual:
            label = fill(content, "usual-cycle", rules, cycle=label)
        # and what it means, under the menu ("then a scatter" and "Partner pass" were chosen
        # unexplained: round 34): the rest of the line
        means = split_lead(line)[1].strip()
        out.append({"value": list(cycle), "label": label, "means": means[:1].upper() + means[1:]})
    return out


def _table(
    rules: HouseRules, content: Content, house: HouseRules, shaping: tuple[Option, ...]
) -> dict:
    """What the page needs to know about one table: its facts come from HouseRules."""
    return {
        "key": _table_key(rules),
        "players": rules.players,
        "partnership": rules.partnership,
        "sides": rules.sides,
        "decks": rules.decks,
        "printWide": rules.sides > PORTRAIT_SIDES,  # printed across a landscape page
        "seatNames": list(content.language.seat_names(rules.players)),
        "sideNames": list(content.language.side_names(rules)),
        # whose score each seat's points go to: its own, or its team's (the engine's TEAMS)
        "seatSides": [
            next(i for i, seats in enumerate(rules.side_seats) if seat in seats)
            for seat in range(rules.players)
        ],
        "cycles": _cycles(rules, content, house),
        # the moon rules that can never apply at this table (the safeguard between two
        # teams), as sheets.deadrules.warnings finds them: the page states no rule of its own
        "deadMoons": [
            m
            for m in OPTIONS_BY_KEY["moon"].choices
            if any(w.key == "moon" for w in warnings(rules.replace(moon=m)))
        ],
        "facts": [
            {"when": {record_name(o): getattr(v, o.key) for o in shaping}, **_numbers(v)}
            for v in _variants(rules, shaping)
        ],
    }


def scorekeeper_config(rules: HouseRules, content: Content) -> dict:
    """Everything the page's scripts know: the setup's defaults (the house rules the site is
    built with), every table, each scoring rule's values and limits, and every word."""
    words = content.scorekeeper
    kept = _kept(words)
    tables = _tables()
    shaping = _shaping(kept, tables)
    facts = [_table(t, content, rules, shaping) for t in tables]
    chosen = tuple(o for o in kept if o not in shaping)  # the sheet's rules line: printsheet.js
    sheet = sheet_rules(content, chosen, tables)
    everywhere, table_words, variant_words = _hoisted(
        [
            [{**_said(content, v), **sheet_words(content, v, chosen, sheet)} for v in variants]
            for variants in (_variants(t, shaping) for t in tables)
        ]
    )
    for table, own, variants in zip(facts, table_words, variant_words):
        table["words"] = own
        for entry, said in zip(table["facts"], variants):
            entry["words"] = said
    moons = [HouseRules(moon=m) for m in OPTIONS_BY_KEY["moon"].choices]
    return {
        "defaults": {
            "table": _table_key(rules),
            "passing": list(rules.passing),
            "rules": {
                k: v
                for k, v in record_rules(rules, content).items()
                if k not in ("players", "partnership")
            },
        },
        "nameLength": NAME_LENGTH,
        "rules": [_rule(o) for o in kept],
        "tables": facts,
        "moonRules": [
            {
                "value": m.moon,
                "add": m.moon_may_add,
                "subtract": m.moon_may_subtract,
                "chooser": m.moon_chooser,
            }
            for m in moons
        ],
        "moonChoices": list(SHOOTER_CHOICES),
        "bonusCards": [
            {"value": v, "symbol": content.language.symbol(Card.parse(v)) if v != "none" else ""}
            for v in OPTIONS_BY_KEY["bonus_card"].choices
        ],
        "ties": [
            {"value": t, "playOn": HouseRules(ties=t).ties_play_on}
            for t in OPTIONS_BY_KEY["ties"].choices
        ],
        "resetAt": RESET_AT,
        "bonusValue": -BONUS_POINTS,
        "queenValue": QUEEN_POINTS,
        "heartValue": HEART_POINTS,
        "directions": list(DIRECTIONS),
        "hold": HOLD,
        "refusals": list(REFUSALS),
        "sheetRules": sheet,
        "sheetPasses": PASSES,
        "movesNamed": MOVES_NAMED,
        "words": everywhere,
    }


PLURAL_STEP = 100  # the plural table's numbers: 0 to 99 each, then 100 to 199 by n mod 100


def plural_table(language: Language) -> dict[str, list[str]]:
    """CLDR's plural categories of whole numbers in a language (Babel's, through
    :meth:`~sheets.language.Language.plural`), as the page's scripts look them up: ``small``
    for 0 to 99, and ``hundreds[n % 100]`` for a bigger n (CLDR's rules for whole numbers look
    at its last two digits; French and Spanish "many", for whole millions, is out of a game's
    reach)."""
    return {
        "small": [language.plural(n) for n in range(PLURAL_STEP)],
        "hundreds": [language.plural(PLURAL_STEP + n) for n in range(PLURAL_STEP)],
    }


def language_config(
    content: Content, scorekeepers: Mapping[str, str], worker: str
) -> dict[str, Any]:
    """What the page's scripts know of its language: its code, the categories and forms of its
    plural nouns ({count:hand}), the scorekeeper's address in each language of the site (a game
    opens in the language it was started in) and the service worker's address."""
    language = content.language
    return {
        "language": language.code,
        "plural": plural_table(language),
        "nouns": {n: dict(f) for n, f in language.nouns.items() if n not in PAGE_NOUNS},
        "scorekeepers": dict(scorekeepers),
        "worker": worker,
    }


def _manifest(page: Mapping[str, str]) -> bytes:
    """The web app manifest: every address relative to it, so the site may live under any path."""
    icons = [{"src": ICON_SVG, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    icons += [
        {
            "src": _icon_name(size, purpose),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for size, purpose in MANIFEST_ICONS
    ]
    manifest = {
        "name": page["app-name"],
        "short_name": page["app-short-name"],
        "description": page["app-description"],
        "id": "scorekeeper.html",
        "start_url": "scorekeeper.html",
        "scope": "./",
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": ACCENT,
        "icons": icons,
    }
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _icon_name(size: int, purpose: str) -> str:
    return f"icon-{size}{'-maskable' if purpose == 'maskable' else ''}.png"


def page_html(template: str, page: Mapping[str, str]) -> str:
    """The page's template with its words filled in (``{{id}}``: the word ``id`` of the
    content's ``page``, escaped); a word the content lacks fails the build."""

    def word(mark: re.Match) -> str:
        if mark[1] not in page:
            raise ValueError(
                f"{PAGE_TEMPLATE} says {{{{{mark[1]}}}}}, a word "
                "content/scorekeeper.yaml's page does not give"
            )
        return html.escape(page[mark[1]])

    return WORD_MARK.sub(word, template.replace(THEME_MARK, ACCENT))


def scorekeeper_files(
    rules: HouseRules,
    *,
    title: str,
    content: Content,
    scorekeepers: Mapping[str, str] | None = None,
    worker: str = SERVICE_WORKER,
    own_title: str = "",
) -> dict[str, bytes]:
    """Every file of the scorekeeper page, by path relative to its language's folder (the
    service worker, which covers the whole site, comes from :func:`offline_files`; ``worker``
    is its address from here). ``scorekeepers`` gives the page's address in each language of
    the site, by code, so that a game opens in the language it was started in; ``own_title``
    is a title the group gave its house rules ("" for none), which heads the printed score
    sheet as it heads the PDF's."""
    static = resources.files("sheets.site") / "static"
    files = {name: (static / name).read_bytes() for name in STATIC_FILES}
    page = {name: text.format(title=title) for name, text in content.scorekeeper.page.items()}
    template = (
        (static / PAGE_TEMPLATE)
        .read_text("utf-8")
        .replace(LANG_MARK, f'<html lang="{html.escape(content.language.code)}">', 1)
    )
    files[PAGE_TEMPLATE] = page_html(template, page).encode("utf-8")
    files[SCRIPT] = combine_modules(static / MODULES)
    config = json.dumps(
        scorekeeper_config(rules, content)
        | language_config(content, scorekeepers or {content.language.code: PAGE_TEMPLATE}, worker)
        | {"ownTitle": own_title},
        indent=1,
        ensure_ascii=False,
    )
    files[CONFIG_FILE] = (
        "/* Generated by sheets.site.scorekeeper from the house rules and the rules' declarations:\n"
        " * every value, limit and word the scorekeeper's scripts use. */\n"
        f"window.HEARTS_SCOREKEEPER_CONFIG = {config};\n"
    ).encode()
    files[MANIFEST_FILE] = _manifest(page)
    files[ICON_SVG] = icon_svg()
    files[FAVICON] = favicon_ico()
    for size, purpose in MANIFEST_ICONS:
        files[_icon_name(size, purpose)] = icon_png(size, purpose)
    return files


def _kept_offline(name: str, folder: str) -> bool:
    """True for a file at the top of a language's folder (or in its previews), which the
    service worker keeps."""
    if not name.startswith(folder):
        return False
    rest = name[len(folder) :]
    return "/" not in rest or rest.startswith(OFFLINE_FOLDERS)


def offline_files(site: Mapping[str, bytes], folders: tuple[str, ...] = ("",)) -> dict[str, bytes]:
    """The service worker for a site's files: it keeps the scorekeeper, its icons and the rules
    page for offline use, and each sheet's PDF once opened (the network's copy first). Its cache's
    name is a digest of exactly those files, so a build that changes any of them replaces the old
    cache, and one that changes none keeps it."""
    kept = sorted(
        name
        for name in site
        if name != SERVICE_WORKER and any(_kept_offline(name, folder) for folder in folders)
    )
    digest = hashlib.sha256()
    for name in kept:
        digest.update(name.encode() + b"\0" + hashlib.sha256(site[name]).digest())
    worker = (resources.files("sheets.site") / "static" / "sw-template.js").read_text("utf-8")
    worker = worker.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
    worker = worker.replace('"__PREFIX__"', json.dumps(CACHE_PREFIX))
    worker = worker.replace("[/* __FILES__ */]", json.dumps(kept, indent=1))
    assert not re.search(r"__[A-Z]+__", worker), "the service worker template has a new mark"
    return {SERVICE_WORKER: worker.encode("utf-8")}


__all__ = [
    "CONFIG_FILE",
    "MANIFEST_FILE",
    "SERVICE_WORKER",
    "offline_files",
    "page_html",
    "language_config",
    "plural_table",
    "record_name",
    "record_rules",
    "scorekeeper_config",
    "scorekeeper_files",
]
