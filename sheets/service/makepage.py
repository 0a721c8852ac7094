"""The ``/make`` page: every house-rules key as a labelled control, the preview and downloads.

:func:`make_page` is pure: from the content, the choices read from the address and what the
worker found (whether the sheets fit, rules that can never matter) it writes the whole page. The
controls are made from :data:`sheets.houserules.OPTIONS`, so a new key appears here without a
change to this module: a number key is a list of its values when there are few (``players``) and a
text box otherwise (``target``), a switch is no/yes, a choice lists its values (with "usual for
the table" where the default depends on the player count) and the passing cycle is a row of
hands.

The page works without JavaScript: the form is a plain GET of ``make``, and the download
buttons submit the same form to the sheet routes. ``make.js`` only makes it live: it fetches the
page for the new choices and swaps in every element marked ``data-live`` (errors, the rules as the
sheet prints them, the preview), then puts the canonical address in the location bar.

Every word comes from the content of the language chosen (``language``; the ``make`` section
of ``language.yaml``): the controls' labels, the menus' words for the values ("lowest club",
"J♦"), and the problems, each named by its control's label; the YAML words are kept for the
YAML file alone.

Every link is relative, so the service works behind a proxy under any path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from html import escape
from urllib.parse import parse_qsl

from sheets import __version__
from sheets.blocks import block_strings
from sheets.cards import Card
from sheets.content import Content, value_key
from sheets.facts import Count
from sheets.housefile import MAX_NOTE_LINES, MAX_NOTES_CHARS, MAX_TITLE, PRESETS, HouseFile
from sheets.houserules import DIRECTIONS, OPTIONS, OPTIONS_BY_KEY, Option, Problem
from sheets.language import LANGUAGES, Language
from sheets.messages import frame, key_meaning, reworded
from sheets.papers import PAPERS
from sheets.service.choices import DOWNLOAD_NAME, PAPER, Choices, KeyProblem, base_file
from sheets.site.page import STYLESHEET, head_lines, inline
from sheets.site.preview import PREVIEW_LONG_SIDE
from sheets.text import differences, printed_line

#: The page's policy; the service adds ``frame-ancestors 'none'`` in the header (a meta tag
#: cannot carry it).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
)
SCRIPT, STYLES = "make.js", "make.css"
PASSING_HANDS = len(DIRECTIONS)  # slots for the passing cycle
FEW_NUMBERS = 12  # a number key with at most this many values is a list, not a text box
#: Each download: its route, its name (a word of the site's or of /make's) and its kind.
DOWNLOADS = (
    ("sheets/rule-sheet.pdf", "site.rule-sheet", "pdf"),
    ("sheets/score-sheet.pdf", "site.score-sheet", "pdf"),
    ("sheets/pocket-cards.pdf", "site.pocket-cards", "pdf"),
    ("sheets/large-rule-sheet.pdf", "site.large-rule-sheet", "pdf"),
    ("sheets/large-score-sheet.pdf", "site.large-score-sheet", "pdf"),
    ("sheets/house-rules.yaml", "make.house-rules", "yaml-file"),
)
#: The page's controls in the order it shows them (the summary of problems follows it).
ORDER = ("preset", "language", "title", "notes", "paper", *(o.key for o in OPTIONS))
SCRIPT_WORDS = ("updated", "to-fix-beside", "trying-again", "not-updated")  # make.js's words
TEXT_LABELS = {
    "preset": "preset",
    "language": "language",
    "title": "title",
    "notes": "notes",
    "paper": "paper",
}


def label(language: Language, key: str) -> str:
    """A key's control's label in a language: ``points_on_first_trick`` -> "Points on first
    trick"."""
    return language.make[TEXT_LABELS.get(key, f"label-{key}")]


def value_text(language: Language, key: str, value: str) -> str:
    """A key's value as a menu shows it: the sheet's card ("J♦"), a number, or the words for
    the value ("lowest club"); a value given in the address that is none of these, as given."""
    words = language.make
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
    """A problem with a control as one plain sentence in the form's words (its label, the menu's
    words, no YAML), or "" for a kind the page says in ``check``'s frame."""
    if problem.key not in ORDER or problem.unknown or problem.origin:
        return ""
    words, values = language.make, problem.values()
    option = OPTIONS_BY_KEY.get(problem.key)
    kind = problem.id
    if kind in ("value", "out-of-range") and option is not None:
        kind = {"int": "out-of-range", "bool": "yes-or-no"}.get(option.kind, "not-on-menu")
        values["found"] = str(values.get("found", "")).strip("'")
        values |= {"minimum": option.minimum, "maximum": option.maximum}
        menu = [value_text(language, option.key, value_key(v)) for v in option.choices]
        values["choices"] = ", ".join(menu)
    if kind == "partner-needs-partnership":
        values["direction"] = language.directions[values["direction"]]["name"]
        values["partnership"] = label(language, "partnership")
    text = words.get(f"say-{kind}")
    if text is None:
        return ""
    return text.format(
        label=label(language, problem.key), yes=words["yes"], no=words["no"], **values
    )


def _label_or_key(language: Language, key: str) -> str:
    return label(language, key) if key in ORDER else key


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _option(value: str, text: str, chosen: str) -> str:
    selected = " selected" if value == chosen else ""
    return f'<option value="{_attr(value)}"{selected}>{escape(text)}</option>'


class _State:
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

    def usual(self, language: Language, key: str) -> str:
        """The value a key whose default depends on the table takes when it is not chosen."""
        value = OPTIONS_BY_KEY[key].default_at(self.house.rules.players)
        if isinstance(value, tuple):
            return ", ".join(language.directions[d]["name"] for d in value)
        return value_text(language, key, value_key(value))


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


def _control(language: Language, option: Option, state: _State, invalid: bool) -> str:
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
            f'autocomplete="off" size="6" value="{_attr(chosen)}" {described}>'
        )
    words = language.make
    if option.kind == "bool":
        options = _option("false", words["no"], chosen) + _option("true", words["yes"], chosen)
    else:
        options = ""
        if option.by_table:
            options += _option("", words["usual"].format(value=state.usual(language, key)), chosen)
        options += "".join(
            _option(str(c), value_text(language, key, str(c)), chosen) for c in option.choices
        )
        if chosen and chosen not in [str(c) for c in option.choices]:
            options += _option(chosen, chosen, chosen)  # a value given in the address, kept
    return f'<select id="{key}" name="{key}" {described}>{options}</select>'


def _passing(language: Language, option: Option, state: _State, invalid: bool) -> list[str]:
    key, values = option.key, state.values(option.key)
    hands = max(PASSING_HANDS, len(values))
    slots = []
    for hand in range(hands):
        chosen = values[hand] if hand < len(values) else ""
        options = _option("", "—", chosen) + "".join(
            _option(d, language.directions[d]["name"], chosen) for d in DIRECTIONS
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


def _field(
    content: Content, option: Option, state: _State, problems: list[str], warnings: list[str]
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
        f'<p class="hint" id="{key}-hint">{hint}</p>',
        *_messages(key, problems, warnings),
        *body,
        f'<p class="on-sheet" id="{key}-now" data-live>{line}</p>',
        f"</{tag}>",
    ]


def _language_field(language: Language, state: _State) -> list[str]:
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


def _text_fields(language: Language, state: _State) -> list[str]:
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
        f'autocomplete="off" value="{_attr(title[-1] if title else "")}" '
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
            f'maxlength="{MAX_NOTES_CHARS}" value="{_attr(note)}" '
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
        f'<input type="hidden" name="{_attr(key)}" value="{_attr(value)}">'
        for key, value in pairs
        if key != "preset"
    )
    if not any(key == PAPER for key, _ in pairs):
        fields += f'<input type="hidden" name="{PAPER}" value="{_attr(choices.paper)}">'
    return [f'<div id="preset-keep" data-live>{fields}</div>']


def _preset_form(language: Language, state: _State) -> list[str]:
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


def _place(problem: KeyProblem) -> int:
    """Where a problem's control is on the page (a problem of no control first)."""
    return ORDER.index(problem.key) + 1 if problem.key in ORDER else 0


def _summary(language: Language, choices: Choices) -> list[str]:
    if choices.ok:
        return ['<div id="summary" data-live></div>']
    items = []
    for problem in sorted(choices.problems, key=_place):
        text = escape(_said(language, problem))
        items.append(
            f'<li><a href="#{problem.key}">{text}</a></li>'
            if problem.key in ORDER
            else f"<li>{text}</li>"
        )
    heading = escape(language.make["to-fix"].format(count=Count(len(choices.problems), language)))
    return [
        '<div id="summary" class="problems" data-live>',
        f'<h2 id="summary-heading">{heading}</h2>',
        "<ul>",
        *items,
        "</ul>",
        "</div>",
    ]


def _said(language: Language, problem: KeyProblem) -> str:
    return problem_text(language, problem.problem) if problem.problem else problem.message


#: Where a sheet that does not fit one page is reported, and what to shorten there.
NOT_FIT = {"rule-sheet": ("notes", "shorten-notes"), "score-sheet": ("target", "lower-target")}


def _preview(language: Language, choices: Choices, fit: dict[str, str]) -> list[str]:
    words = language.make
    width, height = PAPERS[choices.paper].size
    paper = language.papers[choices.paper]
    if not choices.ok:
        return [f'<p class="no-preview" id="no-preview">{escape(words["fix-first"])}</p>']
    out = [
        f'<p class="error">{escape(message)} {escape(words[NOT_FIT[kind][1]])}</p>'
        for kind, message in fit.items()
    ]
    if "rule-sheet" in fit:
        return out
    query = _attr(choices.query)
    alt = _attr(words["preview-alt"].format(paper=paper["name"]))
    caption = escape(words["preview-caption"].format(paper=paper["name"], size=paper["size"]))
    out += [
        '<figure class="preview">',
        f'<img src="sheets/rule-sheet.png?{query}" '
        f'width="{round(PREVIEW_LONG_SIDE * width / height)}" '
        f'height="{PREVIEW_LONG_SIDE}" alt="{alt}">',
        f"<figcaption>{caption}</figcaption>",
        "</figure>",
    ]
    return out


def _downloads(language: Language, choices: Choices) -> list[str]:
    """The download buttons, for the paper chosen (redrawn with every change); while the choices
    have problems they are disabled, and say why."""
    out = ['<div class="downloads" id="downloads" data-live>']
    off = "" if choices.ok else ' disabled aria-describedby="no-preview"'
    sections = {"site": language.site, "make": language.make}
    for route, name, kind in DOWNLOADS:
        section, word = name.split(".")
        paper = "" if kind == "yaml-file" else f", {language.papers[choices.paper]['name']}"
        out.append(
            f'<button class="button" type="submit" form="choices" '
            f'formaction="{route}"{off}>{escape(sections[section][word])} '
            f'<span class="kind">({escape(language.make[kind])}{escape(paper)})</span>'
            "</button>"
        )
    return out + ["</div>"]


def _in_force(content: Content, choices: Choices) -> list[str]:
    house = choices.house
    if house is None:
        return ['<div id="in-force" data-live></div>']
    words = content.language.make
    lines = [line for block in differences(content, house) for line in block_strings(block)]
    lines = lines or [words["standard"]]
    title = house.in_language(content.language).title
    return [
        '<div id="in-force" data-live>',
        f"<h3>{escape(words['in-force'].format(title=title))}</h3>",
        '<ul class="in-force">',
        *(f"<li>{inline(line)}</li>" for line in lines),
        "</ul>",
        "</div>",
    ]


def _warning(language: Language, warning: Problem) -> str:
    """A rule that can never matter with the others, beside its control: what it would need,
    named by the controls' labels and the menus' words."""
    worded = reworded(warning, language)
    expected = worded.expected
    values = warning.values()
    if "needed" in values:  # the ways a dead exactly_100 would matter
        ways = [
            language.problems["at-least"].format(
                key=label(language, "target"), count=values["needed"]
            )
        ]
        if values["sun"]:
            ways.append(f"{label(language, 'shoot_the_sun')}: {language.make['yes']}")
        ways[-1] += language.problems["ways-or"] + (
            f"{label(language, 'ties')}: {value_text(language, 'ties', 'play-on')}"
        )
        expected = ", ".join(ways)
    return language.make["matters-with"].format(message=worded.message, expected=expected)


def make_page(
    content: Content,
    choices: Choices,
    *,
    fit: Mapping[str, str] | None = None,
    warnings: Sequence[Problem] = (),
) -> str:
    """The whole ``/make`` page for some choices, in the content's language.

    ``fit`` says why each sheet that does not fit one page does not (by sheet), ``warnings`` the
    rules that can never matter with the others.
    """
    language = content.language
    words = {k: escape(v) for k, v in language.make.items()}
    state = _State(choices)
    fit = dict(fit or {})
    for problem in choices.problems:
        state.problems.setdefault(problem.key, []).append(_said(language, problem))
    for kind, message in fit.items():  # beside what a group can shorten
        key, advice = NOT_FIT[kind]
        state.problems.setdefault(key, []).append(f"{message} {language.make[advice]}")
    noted: dict[str, list[str]] = {}
    for warning in warnings:  # -- rules that can never matter, beside their controls --
        noted.setdefault(warning.key, []).append(_warning(language, warning))
    fields = [
        line
        for o in OPTIONS
        for line in _field(content, o, state, state.problems.get(o.key, []), noted.get(o.key, []))
    ]
    data_query = _attr(choices.query) if choices.ok else ""
    said = {k: language.make[k] for k in SCRIPT_WORDS}  # what make.js says, as data
    command = f"<code>make sheets HOUSE={escape(DOWNLOAD_NAME)}</code>"
    lines = [
        *head_lines(
            CSP,
            language.make["page-title"],
            lang=language.code,
            stylesheets=(STYLESHEET, STYLES),
            scripts=(SCRIPT,),
        ),
        "<body>",
        f'<a class="skip-link" href="#choices">{words["skip"]}</a>',
        '<header class="site-header">',
        f'<p class="crumbs"><a href="./">{words["crumbs"]}</a></p>',
        f"<h1>{words['heading']}</h1>",
        f'<p class="summary">{words["summary"]}</p>',
        f'<p class="jump"><a href="#result">{words["jump"]}</a></p>',
        "</header>",
        f'<main id="main" class="make" data-query="{data_query}" '
        f'data-said="{_attr(json.dumps(said, ensure_ascii=False))}">',
        *_preset_form(language, state),
        *_summary(language, choices),
        '<div class="columns">',
        '<form class="choices" id="choices" action="make" method="get" novalidate>',
        f'<input type="hidden" name="preset" value="{_attr(state.house.preset)}">',
        *_text_fields(language, state),
        f'<fieldset class="group"><legend>{words["rules-group"]}</legend>',
        *fields,
        "</fieldset>",
        f'<p class="submit"><button class="button primary" type="submit">{words["show"]}'
        "</button></p>",
        "</form>",
        '<section class="result" id="result" aria-labelledby="result-heading">',
        f'<h2 id="result-heading">{words["result"]}</h2>',
        '<p class="status" id="status" role="status"></p>',
        '<div id="preview" data-live>',
        *_preview(language, choices, fit),
        "</div>",
        *_downloads(language, choices),
        *_in_force(content, choices),
        "</section>",
        "</div>",
        "</main>",
        '<footer class="site-footer">',
        "<p>"
        + words["footer"].format(version=escape(__version__), command=command)
        + f' <a href="./">{words["rules-link"]}</a></p>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"


__all__ = ["CSP", "ORDER", "SCRIPT", "STYLES", "label", "make_page", "problem_text", "value_text"]
