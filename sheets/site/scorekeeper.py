"""The scorekeeper page: its static files, a generated script holding the rules' words and limits,
the web app manifest, the icons and the service worker.

:func:`scorekeeper_files` and :func:`offline_files` are pure: they return files by relative path
and the site builder writes them. The page is plain HTML, CSS and classic scripts under a
Content-Security-Policy that allows only 'self', so everything the scripts need to know about the
rules travels in ``scorekeeper-config.js`` rather than in an inline script, and the page works
from ``file://`` as well as from a server under any path.

``scorekeeper-config.js`` is the one place the scripts learn the rules: every table the engine
plays (players, decks, points a hand, seat names, the passing cycles that fit), the moon rules,
bonus cards, exactly-100 values, tie rules, target limits and the words for each, all read from
:data:`sheets.houserules.OPTIONS`, :class:`~sheets.houserules.HouseRules` and the content. The
scripts hold none of these values themselves (a test reads them for it).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Mapping
from importlib import resources

from sheets.cards import Card
from sheets.content import Content
from sheets.engine import BONUS_POINTS, QUEEN_POINTS, seat_names, side_names
from sheets.houserules import (
    CANCELLATION_PLAYERS,
    DIRECTIONS,
    OPTIONS_BY_KEY,
    HouseRules,
    default_cycle,
    direction_misfit,
)
from sheets.text import variant_line
from sheets.site.icons import ACCENT, ICON_SVG, MANIFEST_ICONS, PAPER, favicon_ico, icon_png, icon_svg

STATIC_FILES = ("scorekeeper.html", "scorekeeper.css", "scoring.js", "scorekeeper.js")
CONFIG_FILE = "scorekeeper-config.js"
MANIFEST_FILE = "manifest.json"
SERVICE_WORKER = "sw.js"
FAVICON = "favicon.ico"
TITLE_MARK = "__TITLE__"
THEME_MARK = "__THEME_COLOR__"
NAME_LENGTH = 40  # the longest player or team name the page takes
# The service worker keeps every file at the site's top (the scorekeeper, the rules page and
# their styles and icons) and these folders (the rules page's previews) for offline use; the
# PDFs in downloads/ are fetched when asked for.
OFFLINE_FOLDERS = ("previews/",)
CACHE_PREFIX = "hearts-sheets-"


def _table_key(rules: HouseRules) -> str:
    return "teams" if rules.partnership else str(rules.players)


def _tables() -> tuple[HouseRules, ...]:
    """One set of standard rules for each table the engine plays, in the order offered."""
    option = OPTIONS_BY_KEY["players"]
    plain = [HouseRules(players=n) for n in range(option.minimum, option.maximum + 1)]
    teams = HouseRules(partnership=True)
    return tuple(plain[:2]) + (teams,) + tuple(plain[2:])  # teams after the 4-player table


# -- words ------------------------------------------------------------------------------------
# The page's own words for each value a house-rule key can take. Keyed by the values that
# OPTIONS declares: a new value without words fails the build (KeyError), not the page.

MOON_WORDS = {  # label at setup, and who decides between adding and subtracting
    "add-to-others": ("Add {moon} to everyone else", None),
    "subtract-from-shooter": ("Take {moon} off the shooter", None),
    "shooter-chooses": ("The shooter chooses", "shooter"),
    "add-unless-it-ends-game": ("Add to the others, unless that hands someone else the game",
                                "end"),
}
CHOICE_WORDS = {  # the shooter's two ways, as the shooter says them
    "add-to-others": "Add {moon} to everyone else",
    "subtract-from-shooter": "Take {moon} off my score",
}
TIES_WORDS = {"joint-winners": ("Joint winners", False),
              "play-on": ("Play on until one is lowest alone", True)}
DIRECTION_WORDS = {
    "left": "pass left", "right": "pass right", "across": "pass across",
    "hold": "no pass (hold hand)", "scatter": "scatter (one card to each other player)",
    "second-left": "pass two seats left", "second-right": "pass two seats right",
    "partner": "pass to your partner",
}


def _exactly_total() -> int:
    """The total the exactly-100 rule is about: the number its key names."""
    return int(OPTIONS_BY_KEY["exactly_100"].key.rsplit("_", 1)[1])


def _exactly_words(value) -> str:
    return f"Stays {_exactly_total()}" if value == "none" else f"Drops to {value}"


def _bonus_words(value: str) -> dict:
    if value == "none":
        return {"value": value, "label": "None", "symbol": ""}
    card = Card.parse(value)
    return {"value": value, "label": f"{card.symbol}, the {card.name}", "symbol": card.symbol}


def _cycle_words(content: Content, rules: HouseRules, cycle: tuple[str, ...]) -> str:
    """A passing cycle in the rule sheet's words, without its bold lead-in's marks:
    "No hold hand: pass left, right, across, and round again."."""
    line = variant_line(content, rules.replace(passing=list(cycle)), "passing")
    return line.replace("**", "")


def _cycles(rules: HouseRules, content: Content, house: HouseRules) -> list[dict]:
    """The passing cycles offered at a table: the content's named cycles that fit it, the
    table's usual one first, and the house rules' own when they are for this table."""
    usual = default_cycle(rules.players)
    named = [tuple(key.split()) for key in content.variants["passing"].lines if key != "*"]
    if _table_key(house) == _table_key(rules):
        named.append(house.passing)
    seen, out = set(), []
    for cycle in [usual, *named]:
        if cycle in seen or any(direction_misfit(d, rules.players, rules.partnership)
                                for d in cycle):
            continue
        seen.add(cycle)
        label = _cycle_words(content, rules, cycle)
        if cycle == usual:
            label = label.rstrip(".") + f" (usual for {rules.players} players)."
        out.append({"value": list(cycle), "label": label})
    return out


def _table(rules: HouseRules, content: Content, house: HouseRules) -> dict:
    """What the page needs to know about one table: its facts come from HouseRules."""
    with_bonus = rules.replace(bonus_card="JD")
    if rules.partnership:
        label = f"{rules.players} players in {rules.sides} teams"
    elif rules.cancellation:
        label = f"{rules.players} players: Cancellation Hearts ({rules.decks} decks)"
    else:
        label = f"{rules.players} players"
    moon = rules.moon_value
    return {
        "key": _table_key(rules), "label": label,
        "players": rules.players, "partnership": rules.partnership, "sides": rules.sides,
        "decks": rules.decks, "pointsPerHand": rules.points_per_hand, "moonValue": moon,
        "sunValue": rules.sun_value, "bonusTotal": with_bonus.bonus_total,
        "seatNames": list(seat_names(rules.players)), "sideNames": list(side_names(rules)),
        # whose score each seat's points go to: its own, or its team's (the engine's TEAMS)
        "seatSides": [next(i for i, seats in enumerate(rules.side_seats) if seat in seats)
                      for seat in range(rules.players)],
        "cycles": _cycles(rules, content, house),
        "moonLabels": {m: words.format(moon=moon) for m, (words, _) in MOON_WORDS.items()},
        "choiceLabels": {c: words.format(moon=moon) for c, words in CHOICE_WORDS.items()},
        "sunLabel": f"Shooting the sun: winning every trick scores {rules.sun_value}",
        "pointsHint": (f"Points each {'team' if rules.partnership else 'player'} took: "
                       f"hearts 1, Q♠ 13" + (f" (each of the {rules.decks} decks)"
                                             if rules.decks > 1 else "")),
    }


def scorekeeper_config(rules: HouseRules, content: Content) -> dict:
    """Everything the page's scripts know about the rules: the setup's defaults (the house
    rules the site is built with), every table, and each rule's values, words and limits."""
    players = OPTIONS_BY_KEY["players"]
    target = OPTIONS_BY_KEY["target"]
    moon_rules = OPTIONS_BY_KEY["moon"].choices
    return {
        "defaults": {
            "table": _table_key(rules), "passing": list(rules.passing), "moon": rules.moon,
            "target": rules.target, "bonusCard": rules.bonus_card,
            "exactly100": rules.exactly_100, "ties": rules.ties,
            "shootTheSun": rules.shoot_the_sun,
        },
        "players": {"min": players.minimum, "max": players.maximum,
                    "cancellation": CANCELLATION_PLAYERS},
        "target": {"min": target.minimum, "max": target.maximum},
        "nameLength": NAME_LENGTH,
        "tables": [_table(t, content, rules) for t in _tables()],
        "moonRules": [{"value": m, "add": HouseRules(moon=m).moon_may_add,
                       "subtract": HouseRules(moon=m).moon_may_subtract,
                       "chooser": MOON_WORDS[m][1]} for m in moon_rules],
        "moonChoices": [m for m in moon_rules if MOON_WORDS[m][1] is None],
        "bonusCards": [_bonus_words(v) for v in OPTIONS_BY_KEY["bonus_card"].choices],
        "bonusValue": -BONUS_POINTS,
        "queenValue": QUEEN_POINTS,
        "exactly100": {"total": _exactly_total(),
                       "choices": [{"value": v, "label": _exactly_words(v)}
                                   for v in OPTIONS_BY_KEY["exactly_100"].choices]},
        "ties": [{"value": t, "label": TIES_WORDS[t][0], "playOn": TIES_WORDS[t][1]}
                 for t in OPTIONS_BY_KEY["ties"].choices],
        "directions": {d: DIRECTION_WORDS[d] for d in DIRECTIONS},
    }


def _manifest(title: str) -> bytes:
    """The web app manifest: every address relative to it, so the site may live under any path."""
    icons = [{"src": ICON_SVG, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
    icons += [{"src": _icon_name(size, purpose), "sizes": f"{size}x{size}", "type": "image/png",
               "purpose": purpose} for size, purpose in MANIFEST_ICONS]
    manifest = {
        "name": f"Hearts scorekeeper · {title}", "short_name": "Hearts",
        "description": "Keeps the score of a game of Hearts at the table, on this device.",
        "id": "scorekeeper.html", "start_url": "scorekeeper.html", "scope": "./",
        "display": "standalone", "background_color": PAPER, "theme_color": ACCENT,
        "icons": icons,
    }
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _icon_name(size: int, purpose: str) -> str:
    return f"icon-{size}{'-maskable' if purpose == 'maskable' else ''}.png"


def scorekeeper_files(rules: HouseRules, *, title: str, content: Content) -> dict[str, bytes]:
    """Every file of the scorekeeper page, by path relative to the site's root (the service
    worker, which covers the whole site, comes from :func:`offline_files`)."""
    static = resources.files("sheets.site") / "static"
    files = {name: (static / name).read_bytes() for name in STATIC_FILES}
    page = files["scorekeeper.html"].decode("utf-8")
    page = page.replace(TITLE_MARK, html.escape(title)).replace(THEME_MARK, ACCENT)
    files["scorekeeper.html"] = page.encode("utf-8")
    config = json.dumps(scorekeeper_config(rules, content), indent=1, ensure_ascii=False)
    files[CONFIG_FILE] = (
        "/* Generated by sheets.site.scorekeeper from the house rules and the rules' declarations:\n"
        " * every value, limit and word the scorekeeper's scripts use. */\n"
        f"window.HEARTS_SCOREKEEPER_CONFIG = {config};\n"
    ).encode("utf-8")
    files[MANIFEST_FILE] = _manifest(title)
    files[ICON_SVG] = icon_svg()
    files[FAVICON] = favicon_ico()
    for size, purpose in MANIFEST_ICONS:
        files[_icon_name(size, purpose)] = icon_png(size, purpose)
    return files


def offline_files(site: Mapping[str, bytes]) -> dict[str, bytes]:
    """The service worker for a site's files: it keeps the scorekeeper, its icons and the rules
    page for offline use, and each sheet's PDF once opened (the network's copy first). Its cache's
    name is a digest of exactly those files, so a build that changes any of them replaces the old
    cache, and one that changes none keeps it."""
    kept = sorted(name for name in site if name != SERVICE_WORKER
                  and ("/" not in name or name.startswith(OFFLINE_FOLDERS)))
    digest = hashlib.sha256()
    for name in kept:
        digest.update(name.encode() + b"\0" + hashlib.sha256(site[name]).digest())
    worker = (resources.files("sheets.site") / "static" / "sw-template.js").read_text("utf-8")
    worker = worker.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
    worker = worker.replace('"__PREFIX__"', json.dumps(CACHE_PREFIX))
    worker = worker.replace("[/* __FILES__ */]", json.dumps(kept, indent=1))
    assert not re.search(r"__[A-Z]+__", worker), "the service worker template has a new mark"
    return {SERVICE_WORKER: worker.encode("utf-8")}


__all__ = ["CONFIG_FILE", "MANIFEST_FILE", "SERVICE_WORKER", "offline_files",
           "scorekeeper_config", "scorekeeper_files"]
