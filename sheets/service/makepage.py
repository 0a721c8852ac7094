"""The ``/make`` page: every house-rules key as a labelled control, the preview and downloads.

:func:`make_page` is pure: from the content, the choices read from the address and what the
worker found (whether the sheets fit, rules that can never matter) it writes the whole page. The
controls (:mod:`sheets.service.controls`) are made from :data:`sheets.houserules.OPTIONS`, so a
new key appears here without a change to either module: a number key is a list of its values when there are few (``players``) and a
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
from html import escape

from sheets import __version__
from sheets.blocks import block_strings
from sheets.content import Content
from sheets.facts import Count
from sheets.houserules import OPTIONS, Problem
from sheets.language import LANGUAGES, Language
from sheets.papers import PAPERS
from sheets.rulenames import rule_name
from sheets.service.choices import Choices, KeyProblem
from sheets.service.controls import (
    ORDER,
    State,
    attr,
    label,
    preset_form,
    problem_text,
    rule_field,
    text_fields,
    value_text,
)
from sheets.site.page import STYLESHEET, head_lines, inline
from sheets.site.preview import PREVIEW_LONG_SIDE
from sheets.text import differences

#: The page's policy; the service adds ``frame-ancestors 'none'`` in the header (a meta tag
#: cannot carry it).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"
)
SCRIPT, STYLES = "make.js", "make.css"
#: Each download: its route, its name (a word of the site's or of /make's) and its kind.
DOWNLOADS = (
    ("sheets/rule-sheet.pdf", "site.rule-sheet", "pdf"),
    ("sheets/score-sheet.pdf", "site.score-sheet", "pdf"),
    ("sheets/pocket-cards.pdf", "site.pocket-cards", "pdf"),
    ("sheets/large-rule-sheet.pdf", "site.large-rule-sheet", "pdf"),
    ("sheets/large-score-sheet.pdf", "site.large-score-sheet", "pdf"),
    ("sheets/house-rules.yaml", "make.house-rules", "yaml-file"),
)
SCRIPT_WORDS = ("updated", "to-fix-beside", "trying-again", "not-updated")  # make.js's words


def _place(problem: KeyProblem) -> int:
    """Where a problem's control is on the page (a problem of no control first)."""
    return ORDER.index(problem.key) + 1 if problem.key in ORDER else 0


def _summary(language: Language, choices: Choices) -> list[str]:
    if choices.ok:
        return ['<div id="summary" data-live></div>']
    items = []
    for problem in sorted(choices.problems, key=_place):
        text = escape(problem_said(language, problem))
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


def problem_said(language: Language, problem: KeyProblem) -> str:
    """A problem with the choices as the page says it, in the page's language."""
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
    query = attr(choices.query)
    alt = attr(words["preview-alt"].format(paper=paper["name"]))
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
    """A rule that can never matter with the others, beside its control: why, and what would
    make it matter, in the form's words (the controls' labels and the menus' words, no YAML)."""
    words, values = language.make, warning.values()

    def quoted(text: str) -> str:
        return words["quoted"].format(text=text)

    if warning.id == "dead-exactly_100":
        ways = [words["way-target"].format(label=quoted(label(language, "target")), **values)]
        if values["sun"]:  # the rules named as the sheet names them when in force
            ways.append(quoted(rule_name(language, "shoot_the_sun", "true")))
        ways.append(quoted(rule_name(language, "ties", "play-on")))
        return words["say-dead-exactly_100"].format(ways=language.listed(ways, "or"), **values)
    if warning.id == "dead-kitty":
        return words["say-dead-kitty"].format(**values)
    if warning.id == "dead-safeguard":
        return words["say-dead-safeguard"]
    return words["say-dead-any-time"].format(  # a breaking rule, with no breaking rule in play
        any_time=quoted(label(language, "hearts_any_time")), yes=words["yes"], no=words["no"]
    )


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
    state = State(choices)
    fit = dict(fit or {})
    for problem in choices.problems:
        state.problems.setdefault(problem.key, []).append(problem_said(language, problem))
    for kind, message in fit.items():  # beside what a group can shorten
        key, advice = NOT_FIT[kind]
        state.problems.setdefault(key, []).append(f"{message} {language.make[advice]}")
    noted: dict[str, list[str]] = {}
    for warning in warnings:  # -- rules that can never matter, beside their controls --
        noted.setdefault(warning.key, []).append(_warning(language, warning))
    fields = [
        line
        for o in OPTIONS
        for line in rule_field(
            content, o, state, state.problems.get(o.key, []), noted.get(o.key, [])
        )
    ]
    data_query = attr(choices.query) if choices.ok else ""
    said = {k: language.make[k] for k in SCRIPT_WORDS}  # what make.js says, as data
    # the house-rules file's name as the download above saves it, kept in step as choices change
    # (while the choices have problems, the name the preset's file would have, in the language)
    named = choices.good if choices.ok else state.house
    saved = language.download_name(named.in_language(language).title, "house-rules", ".yaml")
    # the rules page in the page's language: the site's first at its root, each other in its folder
    rules = "./" if language.code == LANGUAGES[0] else f"{language.code}/"
    command = f'<code id="house-command" data-live>make sheets HOUSE={escape(saved)}</code>'
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
        f'<p class="crumbs"><a href="{rules}">{words["crumbs"]}</a></p>',
        f"<h1>{words['heading']}</h1>",
        f'<p class="summary">{words["summary"]}</p>',
        f'<p class="jump"><a href="#result">{words["jump"]}</a></p>',
        "</header>",
        f'<main id="main" class="make" data-query="{data_query}" '
        f'data-said="{attr(json.dumps(said, ensure_ascii=False))}">',
        *preset_form(language, state),
        *_summary(language, choices),
        '<div class="columns">',
        '<form class="choices" id="choices" action="make" method="get" novalidate>',
        f'<input type="hidden" name="preset" value="{attr(state.house.preset)}">',
        *text_fields(language, state),
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
        + f' <a href="{rules}">{words["rules-link"]}</a></p>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"


__all__ = [
    "CSP",
    "ORDER",
    "SCRIPT",
    "STYLES",
    "label",
    "make_page",
    "problem_text",
    "problem_said",
    "value_text",
]
