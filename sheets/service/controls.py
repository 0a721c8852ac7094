"""The ``/make`` page's controls and their words: each house-rules key's field (a list, a text
box, no/yes, a menu or the passing cycle's row of hands, with its hint, the places for its
problems and warnings, and how the sheet prints it), the text fields (language, title, notes,
paper) and the preset's form; the labels, the menus' words for the values and the problems as
the page says them. :mod:`sheets.service.makepage` puts them on the page."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from urllib.parse import parse_qsl

from sheets.cards import Card
from sheets.content import Content, value_key
from sheets.housefile import MAX_NOTE_LINES, MAX_NOTES_CHARS, MAX_TITLE, PRESETS, HouseFile
from sheets.houserules import (
    DIRECTIONS,
    OPTIONS,
    OPTIONS_BY_KEY,
    STANDARD,
    HouseRules,
    HouseRulesError,
    Option,
    Problem,
)
from sheets.language import LANGUAGES, RULE_NAME_KEYS, Language
from sheets.messages import frame, key_meaning, reworded
from sheets.rulenames import rule_label, rule_name
from sheets.service.choices import PAPER, Choices, base_file
from sheets.site.page import inline
from sheets.text import printed_line

PASSING_HANDS = len(DIRECTIONS)  # slots for the passing cycle
FEW_NUMBERS = 12  # a number key with at most this many values is a list, not a text box
#: The page's controls in the order it shows them (the summary of problems follows it).
ORDER = ("preset", "language", "title", "notes", "paper", *(o.key for o in OPTIONS))
TEXT_LABELS = {
    "preset": "preset",
    "language": "language",
    "title": "title",
    "notes": "notes",
    "paper": "paper",
}


def label(language: Language, key: str) -> str:
    """A key's control's label in a language: ``points_on_first_trick`` -> "Points on first
    trick"; a rule of the one table of rule names by its name there."""
    if key in RULE_NAME_KEYS:
        return rule_label(language, key)
    return language.make[TEXT_LABELS.get(key, f"label-{key}")]


def value_text(language: Language, key: str, value: str, rules: HouseRules = STANDARD) -> str:
    """A key's value as a menu shows it: the sheet's card ("J♦"), a number, or the words for
    the value ("lowest club"), which the one table of rule names gives under ``rules`` for a
    rule it names; a value given in the address that is none of these, as given."""
    words = language.make
    if key in RULE_NAME_KEYS and OPTIONS_BY_KEY[key].kind != "bool":  # a bool's: yes or no
        return rule_name(language, key, value, rules)
    if key == "bonus_card" and value != "none":
        try:
            return language.symbol(Card.parse(value))
        except ValueError:
            return value
    return words.get(f"value-{key}-{value}", value)


def problem_text(language: Language, problem: Problem) -> str:
    """A problem as the page says it: its control's label, then what is wrong, in the page's
    language."""
    plain = _plain(language, problem)
    if plain:
        return plain
    worded = reworded(problem, language)
    option = OPTIONS_BY_KEY.get(problem.key)
    if option is not None and option.kind == "choice" and worded.expected:
        menu = [value_text(language, option.key, value_key(v)) for v in option.choices]
        worded = replace(
            worded, expected=language.problems["one-of"].format(choices=", ".join(menu))
        )
    body = replace(worded, key="", unknown=False).text(lines=False, words=frame(language))
    if not problem.key or problem.unknown:
        return worded.text(lines=False, words=frame(language))
    return language.make["problem"].format(label=_label_or_key(language, problem.key), text=body)


def _plain(language: Language, problem: Problem) -> str:
    """A problem as one plain sentence in the form's words, or "" (:mod:`sheets.service.said`)."""
    from sheets.service.said import plain

    return plain(language, problem, ORDER)


def _label_or_key(language: Language, key: str) -> str:
    return label(language, key) if key in ORDER else key


def attr(text: str) -> str:
    return escape(text, quote=True)


def _option(value: str, text: str, chosen: str) -> str:
    selected = " selected" if value == chosen else ""
    return f'<option value="{attr(value)}"{selected}>{escape(text)}</option>'


class State:
    """What the controls show: the values given in the address, else those of the rules in
    force (or of the preset when the choices have problems)."""

    def __init__(self, choices: Choices):
        self.choices = choices
        self.house: HouseFile = choices.house or base_file(choices.preset)
        self.problems: dict[str, list[str]] = {}  # each control's problems, as said
        self.explicit = self.house.rules.to_mapping()

    def values(self, key: str) -> list[str]:
        given = self.choices.given(key)
        if not self.choices.ok and given:
            return given
        if key == "title":
            return [self.house.title]
        if key == "notes":
            return list(self.house.notes)
        if key == "preset":
            return [self.house.preset]
        value = getattr(self.house.rules, key)
        if key not in self.explicit and OPTIONS_BY_KEY[key].by_table:
            return []  # the usual value for the table
        return list(value) if isinstance(value, tuple) else [value_key(value)]

    @functools.cached_property
    def table(self) -> HouseRules:
        """The table chosen (players, and teams or not), under the standard rules: what the
        menus offer their values for. Taken from the choices themselves while other choices
        have problems, so that a menu follows the players chosen whatever else is wrong."""
        rules = self.house.rules
        if self.choices.ok:
            return HouseRules(players=rules.players, partnership=rules.partnership)
        players = _number(self.choices.given("players"), rules.players)
        teams = self.choices.given("partnership")
        partnership = teams[-1] == "true" if teams else rules.partnership
        try:
            return HouseRules(players=players, partnership=partnership)
        except HouseRulesError:
            try:
                return HouseRules(players=players)
            except HouseRulesError:
                return HouseRules(players=rules.players, partnership=rules.partnership)

    @functools.cached_property
    def chosen(self) -> HouseRules:
        """The rules chosen, or while some choice has a problem, the table chosen."""
        return self.house.rules if self.choices.ok else self.table

    def fits(self, key: str, value: object) -> bool:
        """True when a value of a key can be played with the other rules chosen (a pass across
        at a table of three, strip cards at Cancellation Hearts, or a kitty's taker without a
        kitty dealt, cannot)."""
        try:
            self.chosen.replace(**{key: value})
        except HouseRulesError:
            return False
        return True

    def usual(self, language: Language, key: str) -> str:
        """The value a key whose default depends on the table takes when it is not chosen."""
        value = OPTIONS_BY_KEY[key].default_at(self.house.rules.players)
        if isinstance(value, tuple):
            return ", ".join(language.directions[d]["name"] for d in value)
        return value_text(language, key, value_key(value))


def _number(given: list[str] | None, otherwise: int) -> int:
    """The last whole number given, else ``otherwise``."""
    try:
        return int(given[-1]) if given else otherwise
    except ValueError:
        return otherwise


def _described(key: str, invalid: bool) -> str:
    flag = ' aria-invalid="true"' if invalid else ""
    return f'aria-describedby="{key}-hint {key}-error {key}-warning"{flag}'


def _messages(key: str, problems: Sequence[str], warnings: Sequence[str]) -> list[str]:
    """The places beside a control where its problems and warnings are shown (always there,
    empty when there are none, so the page's script can swap them)."""
    errors = "".join(f"<span>{escape(m)}</span>" for m in problems)
    notes = "".join(f"<span>{escape(m)}</span>" for m in warnings)
    return [
        f'<p class="error" id="{key}-error" data-live>{errors}</p>',
        f'<p class="warning" id="{key}-warning" data-live>{notes}</p>',
    ]


def _control(language: Language, option: Option, state: State, invalid: bool) -> str:
    key, values = option.key, state.values(option.key)
    chosen = values[-1] if values else ""
    described = _described(key, invalid)
    if option.kind == "int" and option.bounds[1] - option.bounds[0] < FEW_NUMBERS:
        low, high = option.bounds
        choices = [str(n) for n in range(low, high + 1)]
        options = "".join(_option(c, c, chosen) for c in choices)
        if chosen not in choices:
            options += _option(chosen, chosen, chosen)
        return f'<select id="{key}" name="{key}" {described}>{options}</select>'
    if option.kind == "int":
        return (
            f'<input id="{key}" name="{key}" type="text" inputmode="numeric" '
            f'autocomplete="off" size="6" value="{attr(chosen)}" {described}>'
        )
    words = language.make
    if option.kind == "bool":
        options = _option("false", words["no"], chosen) + _option("true", words["yes"], chosen)
    else:
        options, usual, even = "", None, False
        if option.by_table:
            # no kitty, nothing to choose: the cards go round evenly, or (for its taker) the
            # deal chosen deals none
            table = state.table
            even = (key == "deal" and table.deck_size % table.players == 0) or (
                key == "kitty_goes_to" and not state.chosen.kitty_size
            )
            said = (
                words["usual-even"]
                if even
                else words["usual"].format(value=state.usual(language, key))
            )
            options += _option("", said, chosen)
            usual = value_key(option.default_at(state.house.rules.players))
        offered = [  # the usual value once, as "usual", unless it was chosen by name; only
            c  # what the table can play, unless it was chosen (its problem is said beside it)
            for c in option.choices
            if (str(c) != usual and not even and state.fits(key, c)) or chosen == str(c)
        ]
        options += "".join(
            _option(str(c), value_text(language, key, str(c), state.house.rules), chosen)
            for c in offered
        )
        if chosen and chosen not in [str(c) for c in option.choices]:
            options += _option(chosen, chosen, chosen)  # a value given in the address, kept
    return f'<select id="{key}" name="{key}" {described}>{options}</select>'


def _passing(language: Language, option: Option, state: State, invalid: bool) -> list[str]:
    key, values = option.key, state.values(option.key)
    hands = max(PASSING_HANDS, len(values))
    slots = []
    for hand in range(hands):
        chosen = values[hand] if hand < len(values) else ""
        options = _option("", "—", chosen) + "".join(  # the directions the table can pass
            _option(d, language.directions[d]["name"], chosen)
            for d in DIRECTIONS
            if d == chosen or state.fits(key, (d,))
        )
        if chosen and chosen not in DIRECTIONS:
            options += _option(chosen, chosen, chosen)
        ident = key if hand == 0 else f"{key}-{hand + 1}"
        hand_label = escape(language.make["hand"].format(number=hand + 1))
        slots.append(
            f'<span class="hand"><label for="{ident}">{hand_label}</label>'
            f'<select id="{ident}" name="{key}" {_described(key, invalid)}>'
            f"{options}</select></span>"
        )
    return [f'<div class="hands">{"".join(slots)}</div>']


def _sheet_line(content: Content, house: HouseFile | None, key: str) -> str:
    """How the sheet prints a key's rule, for the rules in force."""
    if house is None:
        return ""
    return inline(printed_line(content, house.rules, key))


def rule_field(
    content: Content, option: Option, state: State, problems: list[str], warnings: list[str]
) -> list[str]:
    key, language = option.key, content.language
    meaning = key_meaning(language, key)
    hint = escape(meaning[:1].upper() + meaning[1:]) + "."
    if option.kind == "cycle":
        usual = state.usual(language, key)
        hint += " " + escape(language.make["usual-cycle"].format(cycle=usual))
    name = escape(label(language, key))
    head = (
        f"<legend>{name}</legend>"
        if option.kind == "cycle"
        else f'<label for="{key}">{name}</label>'
    )
    tag = "fieldset" if option.kind == "cycle" else "div"
    body = (
        _passing(language, option, state, bool(problems))
        if option.kind == "cycle"
        else [_control(language, option, state, bool(problems))]
    )
    line = _sheet_line(content, state.choices.house, key)
    if line:
        line = f'<span class="lead">{escape(language.make["on-sheet"])}</span> {line}'
    return [
        f'<{tag} class="field" id="field-{key}">',
        head,
        f'<p class="hint" id="{key}-hint" data-live>{hint}</p>',
        *_messages(key, problems, warnings),
        *body,
        f'<p class="on-sheet" id="{key}-now" data-live>{line}</p>',
        f"</{tag}>",
    ]


def _language_field(language: Language, state: State) -> list[str]:
    """The language of the page and the sheets, each named in itself."""
    from sheets.bundle import load_content  # the languages' own names, read once each

    chosen = language.code
    options = "".join(
        _option(code, load_content(code).language.site["language-name"], chosen)
        for code in LANGUAGES
    )
    return [
        '<div class="field" id="field-language">',
        f'<label for="language">{escape(language.make["language"])}</label>',
        *_messages("language", state.problems.get("language", []), [])[:1],
        '<select id="language" name="language" aria-describedby="language-error">'
        f"{options}</select>",
        "</div>",
    ]


def text_fields(language: Language, state: State) -> list[str]:
    words, problems = language.make, state.problems
    title = state.values("title")
    if not state.choices.given("title"):  # the preset's or the game's name in the language
        title = [state.house.in_language(language).title]
    notes = state.values("notes")
    notes += [""] * (MAX_NOTE_LINES - len(notes))
    title_hint = escape(words["title-hint"].format(most=MAX_TITLE))
    notes_hint = escape(
        words["notes-hint"].format(lines=MAX_NOTE_LINES, characters=MAX_NOTES_CHARS)
    )
    out = [
        f'<fieldset class="group"><legend>{escape(words["text-group"])}</legend>',
        *_language_field(language, state),
        f'<div class="field" id="field-title"><label for="title">{escape(words["title"])}</label>',
        f'<p class="hint" id="title-hint">{title_hint}</p>',
        *_messages("title", problems.get("title", []), []),
        f'<input id="title" name="title" type="text" maxlength="{MAX_TITLE}" '
        f'autocomplete="off" value="{attr(title[-1] if title else "")}" '
        f"{_described('title', 'title' in problems)}>",
        "</div>",
        f'<fieldset class="field" id="field-notes"><legend>{escape(words["notes"])}</legend>',
        f'<p class="hint" id="notes-hint">{notes_hint}</p>',
        *_messages("notes", problems.get("notes", []), []),
    ]
    for n, note in enumerate(notes):
        ident = "notes" if n == 0 else f"notes-{n + 1}"
        out.append(
            f'<label class="note-line" for="{ident}">'
            f"{escape(words['line'].format(number=n + 1))}"
            f'<input id="{ident}" name="notes" type="text" autocomplete="off" '
            f'maxlength="{MAX_NOTES_CHARS}" value="{attr(note)}" '
            f"{_described('notes', 'notes' in problems)}></label>"
        )
    out += [
        "</fieldset>",
        f'<fieldset class="field" id="field-paper"><legend>{escape(words["paper"])}</legend>',
        *_messages("paper", problems.get("paper", []), [])[:1],
    ]
    for key in language.papers:  # the language's default first
        paper = language.papers[key]
        checked = " checked" if key == state.choices.paper else ""
        out.append(
            f'<label class="choice"><input type="radio" name="paper" value="{key}"'
            f"{checked}> {escape(paper['name'])} ({escape(paper['size'])})</label>"
        )
    return out + ["</fieldset>", "</fieldset>"]


def _kept(choices: Choices) -> list[str]:
    """The choices made on top of the preset (the canonical query's, paper included), as the
    preset form sends them again: another preset keeps them."""
    pairs = parse_qsl(choices.query, keep_blank_values=True) if choices.ok else []
    fields = "".join(
        f'<input type="hidden" name="{attr(key)}" value="{attr(value)}">'
        for key, value in pairs
        if key != "preset"
    )
    if not any(key == PAPER for key, _ in pairs):
        fields += f'<input type="hidden" name="{PAPER}" value="{attr(choices.paper)}">'
    return [f'<div id="preset-keep" data-live>{fields}</div>']


def preset_form(language: Language, state: State) -> list[str]:
    given = state.choices.given("preset")
    chosen = given[-1] if given else state.house.preset or "standard"
    options = "".join(
        _option(name, language.presets.get(name, name.replace("-", " ")), chosen)
        for name in PRESETS
    )
    words = language.make
    return [
        '<form class="preset" id="preset-form" action="make" method="get">',
        f'<label for="preset">{escape(words["preset"])}</label>',
        *_messages("preset", state.problems.get("preset", []), [])[:1],
        f'<select id="preset" name="preset" aria-describedby="preset-error">{options}</select>',
        *_kept(state.choices),
        f'<button class="button" type="submit">{escape(words["preset-button"])}</button>',
        "</form>",
    ]


__all__ = [
    "ORDER",
    "State",
    "attr",
    "label",
    "preset_form",
    "problem_text",
    "rule_field",
    "text_fields",
    "value_text",
]
