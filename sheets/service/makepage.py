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

Every link is relative, so the service works behind a proxy under any path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from urllib.parse import parse_qsl

from sheets import __version__
from sheets.blocks import block_strings
from sheets.content import Content, value_key
from sheets.housefile import MAX_NOTE_LINES, MAX_NOTES_CHARS, MAX_TITLE, PRESETS, HouseFile
from sheets.houserules import DIRECTIONS, OPTIONS, OPTIONS_BY_KEY, Option, Problem
from sheets.messages import key_meaning
from sheets.papers import PAPERS
from sheets.service.choices import DOWNLOAD_NAME, PAPER, Choices, base_file
from sheets.site.page import STYLESHEET, head_lines, inline
from sheets.site.preview import PREVIEW_LONG_SIDE
from sheets.text import differences, printed_line, warning_line

#: The page's policy; the service adds ``frame-ancestors 'none'`` in the header (a meta tag
#: cannot carry it).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'")
SCRIPT, STYLES = "make.js", "make.css"
PASSING_HANDS = len(DIRECTIONS)  # slots for the passing cycle
FEW_NUMBERS = 12  # a number key with at most this many values is a list, not a text box
DOWNLOADS = (("sheets/rule-sheet.pdf", "Rule sheet", "PDF"),
             ("sheets/score-sheet.pdf", "Score sheet", "PDF"),
             ("sheets/pocket-cards.pdf", "Pocket rule cards", "PDF"),
             ("sheets/large-rule-sheet.pdf", "Rule sheet in large print", "PDF"),
             ("sheets/large-score-sheet.pdf", "Score sheet in large print", "PDF"),
             ("sheets/house-rules.yaml", "House rules", "YAML file"))


def label(key: str) -> str:
    """A key as a control's label: ``points_on_first_trick`` -> ``Points on first trick``."""
    words = key.replace("_", " ")
    return words[:1].upper() + words[1:]


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

    def usual(self, key: str) -> str:
        """The value a key whose default depends on the table takes when it is not chosen."""
        value = OPTIONS_BY_KEY[key].default_at(self.house.rules.players)
        return ", ".join(value) if isinstance(value, tuple) else value_key(value)


def _described(key: str, invalid: bool) -> str:
    flag = ' aria-invalid="true"' if invalid else ""
    return f'aria-describedby="{key}-hint {key}-error {key}-warning"{flag}'


def _messages(key: str, problems: Sequence[str], warnings: Sequence[str]) -> list[str]:
    """The places beside a control where its problems and warnings are shown (always there,
    empty when there are none, so the page's script can swap them)."""
    errors = "".join(f"<span>{escape(m)}</span>" for m in problems)
    notes = "".join(f"<span>{escape(m)}</span>" for m in warnings)
    return [f'<p class="error" id="{key}-error" data-live>{errors}</p>',
            f'<p class="warning" id="{key}-warning" data-live>{notes}</p>']


def _control(option: Option, state: _State, invalid: bool) -> str:
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
        return (f'<input id="{key}" name="{key}" type="text" inputmode="numeric" '
                f'autocomplete="off" size="6" value="{_attr(chosen)}" {described}>')
    if option.kind == "bool":
        options = _option("false", "no", chosen) + _option("true", "yes", chosen)
    else:
        options = ""
        if option.by_table:
            options += _option("", f"usual for the table: {state.usual(key)}", chosen)
        options += "".join(_option(str(c), str(c).replace("-", " "), chosen)
                           for c in option.choices)
        if chosen and chosen not in [str(c) for c in option.choices]:
            options += _option(chosen, chosen, chosen)  # a value given in the address, kept
    return f'<select id="{key}" name="{key}" {described}>{options}</select>'


def _passing(option: Option, state: _State, invalid: bool) -> list[str]:
    key, values = option.key, state.values(option.key)
    hands = max(PASSING_HANDS, len(values))
    slots = []
    for hand in range(hands):
        chosen = values[hand] if hand < len(values) else ""
        options = _option("", "—", chosen) + "".join(_option(d, d.replace("-", " "), chosen)
                                                    for d in DIRECTIONS)
        if chosen and chosen not in DIRECTIONS:
            options += _option(chosen, chosen, chosen)
        ident = key if hand == 0 else f"{key}-{hand + 1}"
        slots.append(f'<span class="hand"><label for="{ident}">Hand {hand + 1}</label>'
                     f'<select id="{ident}" name="{key}" {_described(key, invalid)}>'
                     f"{options}</select></span>")
    return [f'<div class="hands">{"".join(slots)}</div>']


def _sheet_line(content: Content, house: HouseFile | None, key: str) -> str:
    """How the sheet prints a key's rule, for the rules in force."""
    if house is None:
        return ""
    return inline(printed_line(content, house.rules, key))


def _field(content: Content, option: Option, state: _State, problems: list[str],
           warnings: list[str]) -> list[str]:
    key = option.key
    meaning = key_meaning(content.language, key)
    hint = escape(meaning[:1].upper() + meaning[1:]) + "."
    if option.kind == "cycle":
        usual = state.usual(key)
        hint += f" Leave every hand empty for the usual cycle: {escape(usual)}."
    head = (f'<legend>{label(key)}</legend>' if option.kind == "cycle"
            else f'<label for="{key}">{label(key)}</label>')
    tag = "fieldset" if option.kind == "cycle" else "div"
    body = (_passing(option, state, bool(problems)) if option.kind == "cycle"
            else [_control(option, state, bool(problems))])
    line = _sheet_line(content, state.choices.house, key)
    return [f'<{tag} class="field" id="field-{key}">', head,
            f'<p class="hint" id="{key}-hint">{hint}</p>', *_messages(key, problems, warnings),
            *body,
            f'<p class="on-sheet" id="{key}-now" data-live>{line}</p>', f"</{tag}>"]


def _text_fields(state: _State, problems: dict[str, list[str]]) -> list[str]:
    title = state.values("title")
    notes = state.values("notes")
    notes += [""] * (MAX_NOTE_LINES - len(notes))
    out = ['<fieldset class="group"><legend>Heading and notes</legend>',
           '<div class="field" id="field-title"><label for="title">Title</label>',
           f'<p class="hint" id="title-hint">The heading of both sheets, up to {MAX_TITLE} '
           "characters.</p>",
           *_messages("title", problems.get("title", []), []),
           f'<input id="title" name="title" type="text" maxlength="{MAX_TITLE}" '
           f'autocomplete="off" value="{_attr(title[-1] if title else "")}" '
           f'{_described("title", "title" in problems)}>',
           "</div>",
           '<fieldset class="field" id="field-notes"><legend>Notes</legend>',
           f'<p class="hint" id="notes-hint">Up to {MAX_NOTE_LINES} lines printed with your '
           f"house rules, {MAX_NOTES_CHARS} characters in all.</p>",
           *_messages("notes", problems.get("notes", []), [])]
    for n, note in enumerate(notes):
        ident = "notes" if n == 0 else f"notes-{n + 1}"
        out.append(f'<label class="note-line" for="{ident}">Line {n + 1}'
                   f'<input id="{ident}" name="notes" type="text" autocomplete="off" '
                   f'maxlength="{MAX_NOTES_CHARS}" value="{_attr(note)}" '
                   f'{_described("notes", "notes" in problems)}></label>')
    out += ["</fieldset>",
            '<fieldset class="field" id="field-paper"><legend>Paper</legend>',
            *_messages("paper", problems.get("paper", []), [])[:1]]
    for key, paper in PAPERS.items():
        checked = " checked" if key == state.choices.paper else ""
        out.append(f'<label class="choice"><input type="radio" name="paper" value="{key}"'
                   f'{checked}> {paper.label} ({escape(paper.words)})</label>')
    return out + ["</fieldset>", "</fieldset>"]


def _kept(choices: Choices) -> list[str]:
    """The choices made on top of the preset (the canonical query's, paper included), as the
    preset form sends them again: another preset keeps them."""
    pairs = parse_qsl(choices.query, keep_blank_values=True) if choices.ok else []
    fields = "".join(f'<input type="hidden" name="{_attr(key)}" value="{_attr(value)}">'
                     for key, value in pairs if key != "preset")
    if not any(key == PAPER for key, _ in pairs):
        fields += f'<input type="hidden" name="{PAPER}" value="{_attr(choices.paper)}">'
    return [f'<div id="preset-keep" data-live>{fields}</div>']


def _preset_form(state: _State, problems: list[str]) -> list[str]:
    given = state.choices.given("preset")
    chosen = given[-1] if given else state.house.preset or "standard"
    options = "".join(_option(name, name.replace("-", " "), chosen) for name in PRESETS)
    return ['<form class="preset" id="preset-form" action="make" method="get">',
            '<label for="preset">Start from a preset</label>',
            *_messages("preset", problems, [])[:1],
            f'<select id="preset" name="preset" aria-describedby="preset-error">{options}'
            "</select>",
            *_kept(state.choices),
            '<button class="button" type="submit">Start from this preset</button>',
            "</form>"]


def _summary(choices: Choices, controls: set[str]) -> list[str]:
    if choices.ok:
        return ['<div id="summary" data-live></div>']
    items = []
    for problem in choices.problems:
        text = escape(problem.message)
        items.append(f'<li><a href="#{problem.key}">{text}</a></li>' if problem.key in controls
                     else f"<li>{text}</li>")
    count = len(choices.problems)
    return ['<div id="summary" class="problems" data-live>',
            f'<h2 id="summary-heading">{count} thing{"s" if count > 1 else ""} to fix</h2>',
            "<p>The same messages as <code>hearts-sheets check</code> gives for a file:</p>",
            "<ul>", *items, "</ul>", "</div>"]


#: Where a sheet that does not fit one page is reported, and what to shorten there.
NOT_FIT = {"rule-sheet": ("notes", "Shorten the notes or the title."),
           "score-sheet": ("target", "A lower target needs fewer hand rows.")}


def _preview(choices: Choices, fit: dict[str, str]) -> list[str]:
    paper = PAPERS[choices.paper]
    width, height = paper.size
    if not choices.ok:
        return ['<p class="no-preview" id="no-preview">Fix the choices marked in red to see and '
                "download the sheets.</p>"]
    out = [f'<p class="error">{escape(message)} {NOT_FIT[kind][1]}</p>'
           for kind, message in fit.items()]
    if "rule-sheet" in fit:
        return out
    query = _attr(choices.query)
    out += ['<figure class="preview">',
            f'<img src="sheets/rule-sheet.png?{query}" width="{round(PREVIEW_LONG_SIDE * width / height)}" '
            f'height="{PREVIEW_LONG_SIDE}" alt="Preview of the rule sheet for these choices '
            f'({paper.label}), first page">',
            f"<figcaption>Rule sheet, {paper.label} ({escape(paper.words)})</figcaption>",
            "</figure>"]
    return out


def _downloads(choices: Choices) -> list[str]:
    """The download buttons, for the paper chosen (redrawn with every change); while the choices
    have problems they are disabled, and say why."""
    out = ['<div class="downloads" id="downloads" data-live>']
    off = "" if choices.ok else ' disabled aria-describedby="no-preview"'
    for route, name, kind in DOWNLOADS:
        paper = "" if kind.startswith("YAML") else f", {PAPERS[choices.paper].label}"
        out.append(f'<button class="button" type="submit" form="choices" '
                   f'formaction="{route}"{off}>{name} <span class="kind">({kind}{paper})</span>'
                   "</button>")
    return out + ["</div>"]


def _in_force(content: Content, choices: Choices) -> list[str]:
    house = choices.house
    if house is None:
        return ['<div id="in-force" data-live></div>']
    lines = [line for block in differences(content, house) for line in block_strings(block)]
    lines = lines or ["The standard game: no house rules."]
    return ['<div id="in-force" data-live>',
            f"<h3>{escape(house.title)}: your house rules as the sheet prints them</h3>",
            '<ul class="in-force">', *(f"<li>{inline(line)}</li>" for line in lines), "</ul>",
            "</div>"]


def make_page(content: Content, choices: Choices, *, fit: Mapping[str, str] | None = None,
              warnings: Sequence[Problem] = ()) -> str:
    """The whole ``/make`` page for some choices.

    ``fit`` says why each sheet that does not fit one page does not (by sheet), ``warnings`` the
    rules that can never matter with the others.
    """
    state = _State(choices)
    fit = dict(fit or {})
    problems: dict[str, list[str]] = {}
    for problem in choices.problems:
        problems.setdefault(problem.key, []).append(problem.message)
    for kind, message in fit.items():  # beside what a group can shorten
        key, advice = NOT_FIT[kind]
        problems.setdefault(key, []).append(f"{message} {advice}")
    noted: dict[str, list[str]] = {}
    for warning in warnings:  # -- rules that can never matter, beside their controls --
        noted.setdefault(warning.key, []).append(warning_line(warning))
    controls = {o.key for o in OPTIONS} | {"title", "notes", "paper", "preset"}
    fields = [line for o in OPTIONS
              for line in _field(content, o, state, problems.get(o.key, []),
                                 noted.get(o.key, []))]
    data_query = _attr(choices.query) if choices.ok else ""
    lines = [
        *head_lines(CSP, "Make your own sheets: Hearts Sheets",
                    stylesheets=(STYLESHEET, STYLES), scripts=(SCRIPT,)),
        "<body>",
        '<a class="skip-link" href="#choices">Skip to the choices</a>',
        '<header class="site-header">',
        '<p class="crumbs"><a href="./">Hearts: the rules and sheets to print</a></p>',
        "<h1>Make your own sheets</h1>",
        '<p class="summary">Choose your house rules, a title and a few notes; the rule sheet '
        "and the score sheet follow. Every choice is kept in this page's address: bookmark it "
        "or share it.</p>",
        '<p class="jump"><a href="#result">See the preview and the downloads</a></p>',
        "</header>",
        f'<main id="main" class="make" data-query="{data_query}">',
        *_preset_form(state, problems.get("preset", [])),
        *_summary(choices, controls),
        '<div class="columns">',
        '<form class="choices" id="choices" action="make" method="get" novalidate>',
        f'<input type="hidden" name="preset" value="{_attr(state.house.preset)}">',
        *_text_fields(state, problems),
        '<fieldset class="group"><legend>House rules</legend>',
        *fields,
        "</fieldset>",
        '<p class="submit"><button class="button primary" type="submit">Show my sheets'
        "</button></p>",
        "</form>",
        '<section class="result" id="result" aria-labelledby="result-heading">',
        '<h2 id="result-heading">Your sheets</h2>',
        '<p class="status" id="status" role="status"></p>',
        '<div id="preview" data-live>', *_preview(choices, fit), "</div>",
        *_downloads(choices),
        *_in_force(content, choices),
        "</section>",
        "</div>",
        "</main>",
        '<footer class="site-footer">',
        f"<p>Made with Hearts Sheets {escape(__version__)}. The downloaded YAML file gives the "
        f"same sheets with <code>make sheets HOUSE={escape(DOWNLOAD_NAME)}</code>. "
        '<a href="./">The rules</a></p>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"


__all__ = ["CSP", "SCRIPT", "STYLES", "label", "make_page"]
