"""The language's own words (``content/language.yaml``): nouns and their plurals, how lists are
joined, the seats, the suits, the pass directions, the pictures' and the sheets' labels, the
papers and the website's words.

Everything the other content files say is made of these too: the facts (:mod:`sheets.facts`)
name the directions and plural nouns from here, the worked example names the seats and the
suits from here. :class:`Language` is the checked file;
:func:`sheets.languageread.read_language` reads it with the content's reader, so every problem
names its file and line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sheets.cards import Card, InvalidCardError
from sheets.houserules import OPTIONS_BY_KEY, TEAMS, HouseRules

#: House-rules keys whose values are cards' codes: ``check`` and ``variants`` print the card
#: beside the code (:meth:`Language.shown`).
CARD_KEYS = ("bonus_card",)
#: Each section of the file and the names it must give (None: a section of its own shape).
NOUNS = ("card", "point", "hand", "file", "page", "warning", "setting")
#: The nouns only /make's page says (its server words them): the scorekeeper's scripts go without.
PAGE_NOUNS = ("setting",)
LISTS = ("comma", "and", "or", "then")
DIRECTION_WORDS = ("name", "to", "plan", "label", "hand")
FACT_WORDS = ("nothing", "point-cards", "across-far")
PICTURE = ("dealer", "trick", "clockwise", "description", "between")
#: The filled-in score sheet's line under the grid, on how the game ended (or where it stopped),
#: then the final totals (or the totals so far), each side's named by ``game-total``.
GAME_END_WORDS = (
    "game-wins",
    "game-share",
    "game-tied",
    "game-tied-teams",
    "game-unfinished",
    "game-played-off",
    "game-played-off-hands",
    "game-totals",
    "game-totals-so-far",
    "game-total",
)
#: A filled-in score sheet's footer, in place of how to seat the players: what the mark before
#: the dealer's points means ({mark}: :data:`sheets.blocks.DEALT_MARK`); then who changed seats
#: after which hand (or, for many changes, only after which hands), and that each column follows
#: its side under the seat it ended in.
GAME_DEALT_WORDS = (
    "game-dealt",
    "game-dealt-teams",
    "game-moved",
    "game-moved-hands",
    "game-moved-columns",
    "game-moved-columns-teams",
)
SHEETS = (
    "notes",
    "rule-sheet",
    "rule-sheet-keywords",
    "score-sheet-subject",
    "score-sheet-keywords",
    "continued",
    "page-number",
    *GAME_END_WORDS,
    *GAME_DEALT_WORDS,
)
#: The files a reader downloads, each named in every language (``file-rule-sheet``: "rule-sheet",
#: in German "regelblatt"): lower-case ASCII letters, digits and hyphens.
FILES = (
    "rule-sheet",
    "score-sheet",
    "pocket-cards",
    "large-rule-sheet",
    "large-score-sheet",
    "game-score-sheet",
    "house-rules",
)
SITE = (
    "page-title",
    "skip",
    "site-nav",
    "print",
    "keep-score",
    "make",
    "contents",
    "downloads",
    "downloads-intro",
    "or-make",
    "make-link",
    "rule-sheet",
    "score-sheet",
    "standard-game",
    "on-this-page",
    "set-label",
    "other-tables",
    "table-size",
    "table-kind",
    "table-heard",
    "landscape",
    "pages",
    "size",
    "footer",
    "scorekeeper",
    "top",
    "pocket-cards",
    "large-rule-sheet",
    "large-score-sheet",
    "language-name",
    "languages",
    *(f"file-{name}" for name in FILES),
    "file-letters",
)
#: The words of the /make page (sheets.service.makepage): its own, each house-rules key's label
#: and each word a menu shows for a key's value (``value-moon-add-to-others``).
#: The problems /make says as one plain sentence in the form's words, with their placeholders
#: (the others keep the frame ``hearts-sheets check`` uses).
SAID: dict[str, tuple[str, ...]] = {
    "out-of-range": ("label", "found", "minimum", "maximum"),
    "yes-or-no": ("label", "found", "yes", "no"),
    "not-on-menu": ("label", "found", "choices"),
    "too-many-characters": ("label", "count", "most"),
    "partnership-players": ("label", "players", "team_players"),
    "partner-needs-partnership": ("label", "direction", "partnership", "yes"),
    "twice": ("label",),
    "unknown-key": ("key",),
    "unknown-key-near": ("key", "near"),
    "not-text": ("label",),
    "no-value": ("label",),
    "direction-misfit": ("label", "direction", "players"),
    "no-kitty-dealt": ("label", "deal", "kitty"),
    "cancellation": ("label", "game", "value"),
    "too-many-lines": ("label", "count", "most"),
    "title-lines": ("label", "lines"),
    "no-glyph": ("label", "characters"),
}
#: Why the service cannot answer now (:class:`sheets.service.pool.Busy`), with placeholders.
BUSY: dict[str, tuple[str, ...]] = {
    "reading": (),
    "yours": (),
    "making": (),
    "too-long": ("seconds",),
}
#: What the service answers when it cannot serve a request (400, 404, 405, 408, 413, 414, 431, 500), in the
#: request's language, with placeholders.
REFUSED: dict[str, tuple[str, ...]] = {
    "no-page": ("path",),
    "method": ("method",),
    "body": (),
    "body-length": ("most",),
    "line": ("most",),
    "address": ("most", "count"),
    "address-key": ("most", "count", "key"),
    "choices": ("most", "count"),
    "error": (),
    "sheet-error": (),
    "slow": (),
    "headers": ("lines", "most", "all"),
    "body-short": (),
    "not-http": (),
    "target": (),
}
#: The house rules named in the one table of rule names (``rule-names`` in language.yaml): each
#: value's name (TEXT, which may select by a house rule and use the sheet's placeholders) and,
#: but for a yes-or-no rule (named by its "true" name), the rule's ``label``. The rule sheet's
#: headings (``{rule}`` in variants.yaml), /make's labels and menus and the scorekeeper's setup
#: all read them there (:mod:`sheets.rulenames`).
RULE_NAME_KEYS = (
    "moon",
    "target",
    "must_dump_queen",
    "shoot_the_sun",
    "black_maria",
    "ties",
    "exactly_100",
    "queen_breaks_hearts",
    "hearts_any_time",
    "lead_heart_instead_of_queen",
    "points_on_first_trick",
    "first_lead",
)
MAKE = (
    "page-title",
    "skip",
    "crumbs",
    "heading",
    "summary",
    "jump",
    "language",
    "preset",
    "preset-button",
    "text-group",
    "title",
    "title-hint",
    "notes",
    "notes-hint",
    "line",
    "paper",
    "rules-group",
    "show",
    "result",
    "no",
    "yes",
    "usual",
    "usual-even",
    "hand",
    "usual-cycle",
    "to-fix",
    "fix-first",
    "shorten-notes",
    "lower-target",
    "preview-alt",
    "preview-caption",
    "house-rules",
    "pdf",
    "yaml-file",
    "standard",
    "in-force",
    "footer",
    "rules-link",
    "problem",
    "say-dead-any-time",
    "say-dead-exactly_100",
    "way-target",
    "say-dead-kitty",
    "say-dead-safeguard",
    "updated",
    "to-fix-beside",
    "trying-again",
    "not-updated",
    "on-sheet",
    "yaml-header",
    "quoted",
    "no-page-heading",
    *(f"say-{kind}" for kind in SAID),
    *(f"busy-{kind}" for kind in BUSY),
    *(f"refused-{kind}" for kind in REFUSED),
    "say-not-text-key",
    *(f"label-{key}" for key in OPTIONS_BY_KEY if key not in RULE_NAME_KEYS),
    *(
        f"value-{o.key}-{v}"
        for o in OPTIONS_BY_KEY.values()
        if o.kind == "choice" and o.key not in RULE_NAME_KEYS
        for v in o.choices
        if isinstance(v, str) and o.key != "bonus_card"
    ),
    *(("value-bonus_card-none",) if "bonus_card" not in RULE_NAME_KEYS else ()),
)
#: click's usage errors said in a language (:mod:`sheets.cliusage`), with their placeholders.
USAGE: dict[str, tuple[str, ...]] = {
    "no-option": ("option",),
    "no-option-near": ("option", "near"),
    "needs-value": ("option",),
    "no-value": ("option",),
    "missing": ("name",),
    "not-one-of": ("option", "value", "choices"),
    "number-from": ("option", "value", "minimum"),
    "number-between": ("option", "value", "minimum", "maximum"),
    "no-file": ("option", "value"),
    "bad-value": ("option", "message"),
    "game-edition": (),
}
#: The command line's words (``hearts-sheets check`` and ``variants``) and their placeholders.
CLI: dict[str, tuple[str, ...]] = {
    "ok": ("file",),
    "ok-warnings": ("file", "count"),
    "warning": ("key", "message", "expected"),
    "variant": ("key", "expected", "default"),
    "none": (),
    "title": ("most",),
    "notes": ("lines", "characters"),
    "preset": ("presets",),
    "language": ("languages",),
    "error": ("message",),
    "site-url-scheme": ("value",),
    "site-url-extra": ("value",),
    "site-url-long": ("most", "scheme", "count"),
    "proxy": ("value",),
    "header-name": ("value",),
    **{f"usage-{kind}": names for kind, names in USAGE.items()},
}
#: How a problem is framed and how a house rule's values are described, with placeholders
#: (English's frame is :data:`sheets.problems.FRAME`).
PROBLEM_WORDS: dict[str, tuple[str, ...]] = {
    "key": ("key", "text"),
    "unknown": ("key",),
    "expected": ("expected",),
    "found": ("found",),
    "first-line": ("line",),
    "separator": (),
    "origin": ("preset",),
    "true-or-false": (),
    "whole-number": ("minimum", "maximum"),
    "directions": ("choices",),
    "one-of": ("choices",),
    "tables": ("first", "last"),
    "table": ("count",),
    "at-table": ("tables", "value"),
    "table-joiner": (),
    "at-least": ("key", "count"),
    "ways-or": (),
}
#: Every kind of problem with input (a :class:`~sheets.problems.Problem`'s ``id``) and the
#: values its words may use: those of its ``args`` and ``option``, the words of the values its
#: key expects. A kind's words give any of its fields (message, expected, found, hint); a field
#: is worded only where the problem has it.
MESSAGES: dict[str, tuple[str, ...]] = {
    "value": ("found",),
    "out-of-range": ("found",),
    "unknown-direction": ("found",),
    "no-value": (),
    "unknown-option": ("near", "keys"),
    "unknown-rule": ("near",),
    "unknown-file-key": (),
    "no-text": (),
    "title-kind": ("kind",),
    "notes-kind": ("kind",),
    "no-glyph": ("characters",),
    "title-empty": ("most",),
    "title-lines": ("lines",),
    "too-many-characters": ("most", "count"),
    "too-many-lines": ("most", "count"),
    "unknown-preset": ("presets",),
    "unknown-preset-near": ("near", "presets"),
    "language": ("languages",),
    "yaml-word": ("word", "truth"),
    "key-name": ("kind",),
    "not-a-mapping": ("kind",),
    "preset-in-preset": (),
    "preset-missing": ("preset",),
    "partnership-players": ("players", "team_players"),
    "not-a-direction": ("direction", "quoted"),
    "no-seat-across": ("direction", "quoted", "players"),
    "second-needs-five": ("direction", "quoted", "players"),
    "partner-needs-partnership": ("direction", "quoted"),
    "scatter-needs-five-or-fewer": ("direction", "quoted"),
    "cancellation-lead": (),
    "cancellation-deal": (),
    "cancellation-kitty": (),
    "no-kitty-dealt": ("deal",),
    "dead-queen_breaks_hearts": (),
    "dead-lead_heart_instead_of_queen": (),
    "dead-exactly_100": ("target", "before", "most", "ways"),
    "dead-kitty": ("players", "deck_size"),
    "dead-safeguard": (),
    "yaml-syntax": ("detail", "column"),
    "no-file": (),
    "unreadable": (),
}
MESSAGE_FIELDS = ("message", "expected", "found", "hint")
#: The numbers a key's meaning may name, filled from cards.py and HouseRules' constants.
KEY_FACTS = ("queen_value", "king_value", "ace_value", "bonus_value", "reset_at")
#: The placeholders each string may use, by section (and by name where they differ).
PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "seats.numbered": ("number",),
    "seats.team": ("first", "second"),
    "directions.plan": ("count",),
    "facts.across-far": ("count", "seats"),
    "picture.description": ("plays",),
    "sheets.rule-sheet-keywords": ("players",),
    "sheets.score-sheet-subject": ("players",),
    "sheets.continued": ("heading",),
    "sheets.page-number": ("page", "pages"),
    "sheets.game-wins": ("hand", "name", "total"),
    "sheets.game-share": ("hand", "names", "total"),
    "sheets.game-tied": ("hand", "names", "total"),
    "sheets.game-tied-teams": ("hand", "names", "total"),
    "sheets.game-unfinished": ("hand", "target"),
    "sheets.game-played-off": ("hand",),
    "sheets.game-played-off-hands": ("hand", "hands"),
    "sheets.game-totals": ("totals",),
    "sheets.game-totals-so-far": ("totals",),
    "sheets.game-total": ("name", "total"),
    "sheets.game-dealt": ("mark",),
    "sheets.game-dealt-teams": ("mark",),
    "sheets.game-moved": ("names", "hand"),
    "sheets.game-moved-hands": ("hands",),
    "site.page-title": ("title",),
    "site.set-label": ("title",),
    "site.table-size": ("players",),
    "site.table-kind": ("kind", "papers"),
    "site.table-heard": ("title", "size", "kind", "paper"),
    "site.or-make": ("link",),
    "site.pages": ("count",),
    "site.size": ("size",),
    "site.footer": ("version",),
    "make.title-hint": ("most",),
    "make.notes-hint": ("lines", "characters"),
    "make.line": ("number",),
    "make.usual": ("value",),
    "make.hand": ("number",),
    "make.usual-cycle": ("cycle",),
    "make.to-fix": ("count",),
    "make.preview-alt": ("paper",),
    "make.preview-caption": ("paper", "size"),
    "make.in-force": ("title",),
    "make.footer": ("version", "command"),
    "make.problem": ("label", "text"),
    "make.say-dead-any-time": ("any_time", "yes", "no"),
    "make.say-dead-exactly_100": ("target", "before", "most", "ways"),
    "make.way-target": ("label", "needed"),
    "make.say-dead-kitty": ("players", "deck_size"),
    "make.say-dead-safeguard": (),
    "make.to-fix-beside": ("count",),
    "make.trying-again": ("seconds",),
    "make.not-updated": ("error",),
    "make.quoted": ("text",),
    **{f"make.say-{kind}": names for kind, names in SAID.items()},
    **{f"make.busy-{kind}": names for kind, names in BUSY.items()},
    **{f"make.refused-{kind}": names for kind, names in REFUSED.items()},
}
#: The forms a sentence may name a seat in (``{seat:of}``): with its article, the article
#: capitalized to begin a sentence, after "of" (seats.sentence in language.yaml).
SEAT_FORMS = ("the", "The", "of")
#: The placeholders that are seats.
SEAT_PLACEHOLDERS = ("seat", "dealer")
#: The placeholders that are numbers, and may name a noun (``{count:page}``).
COUNTS = {
    "site.pages": ("count",),
    "make.to-fix": ("count",),
    # the lowest total, as the game's end is said: "with 7 points"
    "sheets.game-wins": ("total",),
    "sheets.game-share": ("total",),
    "sheets.game-tied": ("total",),
    "sheets.game-tied-teams": ("total",),
}
#: The languages the product is written in, by code (BCP 47): English in ``content/``, each
#: other in a folder of its own (``content/de/``) with the same files.
LANGUAGES = ("en", "de", "fr", "es")
#: The numbers whose plural category is worked out when the content is read (and kept with it);
#: a bigger number asks Babel again.
PLURAL_TABLE = 1000


_FOLDED = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l"})


def file_stem(title: str, letters: str = "") -> str:
    """A download's name from a sheet's title: lower-case ASCII letters and digits, accents
    dropped ("Café Müller": "cafe-muller"), hyphens between words, "hearts" for none.
    ``letters`` spells some letters as a language writes them without accents, pairs apart
    ("ä=ae ö=oe ü=ue" in German: "Familie Müller": "familie-mueller")."""
    own = dict(pair.split("=", 1) for pair in letters.split())
    folded = unicodedata.normalize("NFKD", title.lower().translate(_FOLDED | str.maketrans(own)))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40].strip("-")
    return slug or "hearts"


def plural_rule(code: str) -> Any:
    """CLDR's plural rule for cardinal numbers in a language, as Babel gives it (a callable
    from a number to its category: "one", "few", "many", "other"...); None for a code Babel does
    not know."""
    from babel import localedata

    if not localedata.exists(code):
        return None
    return localedata.load(code)["plural_form"]


@dataclass(frozen=True, slots=True)
class Language:
    """The checked ``language.yaml``."""

    code: str
    nouns: Mapping[str, Mapping[str, str]]  # noun -> plural category -> form
    lists: Mapping[str, str]  # comma, and, or, then
    compass: tuple[str, ...]  # the four seats of a four-player table, clockwise from seat 0
    numbered: str  # any other seat: "Player {number}"
    team: str  # a team, named by its two seats
    suits: tuple[str, ...]  # clubs, diamonds, hearts, spades
    ranks: tuple[str, ...]  # 2 to the ace
    indices: tuple[str, ...]  # the ranks as the deck's corners print them, 2 to the ace
    articles: tuple[str, ...]  # the article before each rank's card in a sentence, 2 to the ace
    card: str  # a card in words: "{rank} of {suit}"
    directions: Mapping[str, Mapping[str, Any]]  # direction -> its words (label is TEXT)
    facts: Mapping[str, Any]  # nothing, and point-cards (TEXT, with no placeholders)
    picture: Mapping[str, Any]  # clockwise is a tuple of wordings, the longer first
    sheets: Mapping[str, str]
    papers: Mapping[str, Mapping[str, str]]  # paper -> name, size; the first is the default
    site: Mapping[str, str]
    make: Mapping[str, str] = field(default_factory=dict)  # the /make page's words
    rule_names: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # RULE_NAME_KEYS
    game: str = "Hearts"  # the game's name: the title when a house-rules file gives none
    presets: Mapping[str, str] = field(default_factory=dict)  # preset -> its title in this language
    cli: Mapping[str, str] = field(default_factory=dict)  # hearts-sheets check and variants
    keys: Mapping[str, str] = field(default_factory=dict)  # house-rules key -> its meaning
    problems: Mapping[str, str] = field(default_factory=dict)  # a problem's frame, values' words
    messages: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # problem id -> words
    plurals: tuple[str, ...] = ()  # the plural category of 0, 1, 2... (CLDR's, from Babel)
    #: How a sentence names a seat other than by its name alone (``{seat:the}``, ``{dealer:of}``):
    #: form -> compass or numbered -> its pattern ("del jugador {number}", "de {seat}")
    seat_forms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def default_paper(self) -> str:
        """The paper this language's readers print on unless they say otherwise: the first of
        ``papers`` (Letter in English, A4 in German, French and Spanish)."""
        return next(iter(self.papers))

    def download_name(self, title: str, kind: str, ending: str) -> str:
        """The name a downloaded file is given: the title's, then the file's name in this
        language (:data:`FILES`), then ``ending`` ("-a4.pdf"): "hearts-regelblatt-a4.pdf"."""
        return f"{file_stem(title, self.site['file-letters'])}-{self.site[f'file-{kind}']}{ending}"

    def plural(self, number: int) -> str:
        """The plural category a number falls in, in this language (CLDR's rule, from Babel)."""
        if 0 <= number < len(self.plurals):
            return self.plurals[number]
        return plural_rule(self.code)(number)

    def symbol(self, card: Card) -> str:
        """A card as this language's decks print it: its index and its suit's symbol ("Q♠" in
        English, "D♠" in German)."""
        return self.indices[card.rank] + card.suit_symbol

    def shown(self, key: str, value: str) -> str:
        """A house-rules value as ``check`` and ``variants`` print it: a card's code (of a key
        in :data:`CARD_KEYS`) with the card as this language's decks print it, "JD (J♦)", in
        German "JD (B♦)"; any other value as it is."""
        if key not in CARD_KEYS:
            return value
        try:
            return f"{value} ({self.symbol(Card.parse(value))})"
        except InvalidCardError:
            return value

    def with_article(self, card: Card) -> str:
        """A card with its article, as a sentence names it (``{card:the}``): "the A♣", in
        French "l'A♣", "le 7♣", "la D♠"."""
        return self.articles[card.rank] + self.symbol(card)

    def noun(self, noun: str, number: int) -> str:
        """A noun's form after a number: "card" after 1, "cards" after 4."""
        forms = self.nouns[noun]
        return forms.get(self.plural(number), forms["other"])

    def listed(self, items: list[str], joiner: str) -> str:
        """Items joined as the language joins a list: ``joiner`` ("and", "or", "then") before
        the last, the comma between the others."""
        if len(items) < 2:
            return "".join(items)
        return self.lists["comma"].join(items[:-1]) + self.lists[joiner] + items[-1]

    def card_name(self, card: Card) -> str:
        """A card in words: "jack of diamonds"."""
        return self.card.format(rank=self.ranks[card.rank], suit=self.suits[card.suit])

    def seat_names(self, players: int) -> tuple[str, ...]:
        """The seats' names, clockwise from seat 0: the compass at a four-player table,
        numbers at any other."""
        if players == len(self.compass):
            return self.compass
        return tuple(self.numbered.format(number=n + 1) for n in range(players))

    def seat_words(self, players: int) -> tuple[dict[str, str], ...]:
        """Each seat's forms in a sentence (:data:`SEAT_FORMS`), clockwise from seat 0: its
        name where the language has no other form."""
        names = self.seat_names(players)
        kind = "compass" if players == len(self.compass) else "numbered"
        out = []
        for number, name in enumerate(names, start=1):
            forms = {"": name}
            for form in SEAT_FORMS:
                pattern = self.seat_forms.get(form, {}).get(kind)
                forms[form] = pattern.format(seat=name, number=number) if pattern else name
            out.append(forms)
        return tuple(out)

    def side_names(self, rules: HouseRules) -> tuple[str, ...]:
        """Who keeps a score: each seat, or each team of a partnership named by its seats."""
        names = self.seat_names(rules.players)
        if not rules.partnership:
            return names
        return tuple(self.team.format(first=names[a], second=names[b]) for a, b in TEAMS)


__all__ = [
    "FILES",
    "GAME_DEALT_WORDS",
    "GAME_END_WORDS",
    "LANGUAGES",
    "Language",
    "file_stem",
    "plural_rule",
]
