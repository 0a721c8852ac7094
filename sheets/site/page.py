"""The site's front page, ``index.html``: the rules as a web page and the sheets to download.

:func:`index_html` is pure: it takes the assembled rule-sheet text, the worked example and the
list of downloads (with the facts the builder measured from each PDF) and returns the page. The
page is plain HTML under a Content-Security-Policy that allows files from the site itself only and
no scripts at all; every colour, the dark theme and the print style live in ``site.css``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from sheets import __version__
from sheets.blocks import (
    Bullets,
    Definitions,
    ExampleSlot,
    Notes,
    Paragraph,
    RuleSheetText,
    Run,
    Section,
    Steps,
    marked,
    runs,
)
from sheets.example import WorkedExample
from sheets.facts import Count
from sheets.language import LANGUAGES, Language
from sheets.site.diagram import trick_svg
from sheets.site.icons import ICON_SVG

CSP = (
    "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self'; "
    "connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
)
STYLESHEET = "site.css"
SCOREKEEPER = "scorekeeper.html"


@dataclass(frozen=True)
class Download:
    """One PDF as the page lists it."""

    kind: str  # rule-sheet or score-sheet
    paper: str  # letter or a4
    href: str
    preview: str
    size: int  # bytes
    pages: int
    landscape: bool
    preview_width: int  # pixels of the PNG; shown at half size
    preview_height: int


@dataclass(frozen=True)
class Alternate:
    """The same page in one language of the site: its language code, the language's name in
    itself ("Deutsch") and its address relative to the page that links to it."""

    code: str
    name: str
    href: str
    current: bool = False


@dataclass(frozen=True)
class TableSheets:
    """A set's sheets at another table size (Cancellation Hearts, 6 to 10 players)."""

    players: int
    downloads: tuple[Download, ...]


@dataclass(frozen=True)
class SheetSet:
    """The sheets made for one set of house rules: a preset, or the site's own."""

    slug: str
    title: str
    lines: tuple[str, ...]  # how these rules differ from the standard game
    downloads: tuple[Download, ...]
    on_this_page: bool = False  # the rules the page above is written for
    notes: tuple[str, ...] = ()  # the group's own notes, printed as typed
    tables: tuple[TableSheets, ...] = ()  # the same rules at the other table sizes
    players: int = 0  # where there are other tables: this one's, said over its pictures


def _runs(runs: tuple[Run, ...]) -> str:
    return "".join(
        f'<span class="red">{escape(r.text, quote=False)}</span>'
        if r.red
        else escape(r.text, quote=False)
        for r in runs
    )


def inline(text: str) -> str:
    """Plain text as HTML (read by :func:`sheets.blocks.marked`): escaped, a ``**bold**``
    lead-in in <strong>, red cards marked."""
    found = marked(text)
    rest = _runs(found.rest)
    return f"<strong>{_runs(found.lead)}</strong>{rest}" if found.lead else rest


def typed(text: str) -> str:
    """Text a group typed (a note) as HTML, as typed: escaped, red cards marked, ``**`` kept."""
    return _runs(runs(text))


def kilobytes(size: int) -> int:
    """Bytes in whole kilobytes (1 KB = 1024 bytes), at least 1."""
    return max(1, round(size / 1024))


def _block(block, example: WorkedExample) -> list[str]:
    if isinstance(block, Paragraph):
        return [f"<p>{inline(block.text)}</p>"]
    if isinstance(block, Steps):
        out = ['<ol class="steps">']
        for step in block.items:
            notes = "".join(f' <span class="note">{inline(n)}</span>' for n in step.notes)
            out.append(f"<li>{inline(step.text)}{notes}</li>")
        return out + ["</ol>"]
    if isinstance(block, Notes):  # the group's notes read as a list here, printed as typed
        return ["<ul>", *(f"<li>{typed(item)}</li>" for item in block.items), "</ul>"]
    if isinstance(block, Bullets):
        return ["<ul>", *(f"<li>{inline(item)}</li>" for item in block.items), "</ul>"]
    if isinstance(block, Definitions):
        return [
            '<dl class="glossary">',
            *(
                f"<div><dt>{escape(term)}</dt><dd>{inline(text)}</dd></div>"
                for term, text in block.items
            ),
            "</dl>",
        ]
    if isinstance(block, ExampleSlot):
        return [
            '<figure class="example">',
            trick_svg(example),
            f"<figcaption>{inline(example.intro)}</figcaption>",
            "</figure>",
            '<div class="narration">',
            *(f"<p>{inline(s)}</p>" for s in example.sentences),
            "</div>",
        ]
    raise TypeError(f"unknown block {block!r}")


def _section(section: Section, example: WorkedExample) -> list[str]:
    out = [
        f'<section id="{section.id}" aria-labelledby="{section.id}-heading">',
        f'<h2 id="{section.id}-heading">{inline(section.heading)}</h2>',
    ]
    for block in section.blocks:
        out += _block(block, example)
    return out + ["</section>"]


def _saved_as(language: Language, title: str, kind: str, ending: str) -> str:
    """The download attribute of a link to a PDF: another language's file is saved under its
    own name (English's keeps the address's)."""
    name = language.download_name(title, kind, ending)
    return "" if language.code == LANGUAGES[0] else f' download="{escape(name)}"'


def _download(language: Language, sheet_set: SheetSet, d: Download) -> list[str]:
    words, paper = language.site, language.papers[d.paper]
    dimensions = paper["size"] + (words["landscape"] if d.landscape else "")
    pages = words["pages"].format(count=Count(d.pages, language))
    size = words["size"].format(size=kilobytes(d.size))
    saved = _saved_as(language, sheet_set.title, d.kind, f"-{d.paper}.pdf")
    return [
        '<li class="sheet">',
        f'<a href="{d.href}" type="application/pdf"{saved}>',
        f'<img src="{d.preview}" alt="" width="{d.preview_width // 2}" '
        f'height="{d.preview_height // 2}" loading="lazy">',
        f'<span class="sheet-name"><span class="visually-hidden">'
        f"{escape(words['set-label'].format(title=sheet_set.title))} </span>"
        f"{escape(words[d.kind])}, "
        f"{escape(paper['name'])}</span></a>",
        f'<span class="meta"><span class="paper">{escape(dimensions)}</span> '
        f'<span class="pages" data-pages="{d.pages}">{escape(pages)}</span> · '
        f'<span class="size" data-bytes="{d.size}">{escape(size)}</span></span>',
        "</li>",
    ]


def table_size(language: Language, players: int) -> str:
    """A table's size in words: "8 players"."""
    return language.site["table-size"].format(players=players)


def _tables(language: Language, sheet_set: SheetSet) -> list[str]:
    """The set's sheets at the other table sizes: a line each, its links named by their paper
    (heard whole: "Cancellation Hearts, 8 players: Rule sheet, A4")."""
    if not sheet_set.tables:
        return []
    words = language.site
    out = [f'<p class="tables-lead">{escape(words["other-tables"])}</p>', '<ul class="tables">']
    for table in sheet_set.tables:
        size = table_size(language, table.players)
        kinds = []
        for kind in dict.fromkeys(d.kind for d in table.downloads):
            links = []
            for d in (d for d in table.downloads if d.kind == kind):
                paper = language.papers[d.paper]["name"]
                heard = words["table-heard"].format(
                    title=sheet_set.title, size=size, kind=words[kind], paper=paper
                )
                saved = _saved_as(
                    language, sheet_set.title, kind, f"-{table.players}-{d.paper}.pdf"
                )
                links.append(
                    f'<a href="{d.href}" type="application/pdf" aria-label="{escape(heard)}"'
                    f"{saved}>{escape(paper)}</a>"
                )
            said = words["table-kind"].format(
                kind=escape(words[kind]), papers=language.listed(links, "comma")
            )
            kinds.append(f'<span class="table-kind">{said}</span>')
        out.append(f'<li><span class="table-size">{escape(size)}</span> {" ".join(kinds)}</li>')
    return out + ["</ul>"]


def _sheet_set(language: Language, sheet_set: SheetSet) -> list[str]:
    words = language.site
    heading = escape(sheet_set.title)
    if sheet_set.on_this_page:
        # in brackets for whoever hears or copies the heading, which would read as one phrase
        heading += (
            f' <span class="tag"><span class="visually-hidden">(</span>'
            f'{escape(words["on-this-page"])}<span class="visually-hidden">)</span></span>'
        )
    lines = sheet_set.lines or (() if sheet_set.notes else (words["standard-game"],))
    return [
        f'<section class="sheet-set" id="sheets-{sheet_set.slug}" '
        f'aria-labelledby="sheets-{sheet_set.slug}-heading">',
        f'<h3 id="sheets-{sheet_set.slug}-heading">{heading}</h3>',
        '<ul class="differences">',
        *(f"<li>{inline(line)}</li>" for line in lines),
        *(f"<li>{typed(note)}</li>" for note in sheet_set.notes),
        "</ul>",
        *_tables(language, sheet_set),  # before this table's pictures, not under them
        *(  # and which table the pictures are for (taken for the eight's: round 35)
            [f'<p class="tables-lead">{escape(table_size(language, sheet_set.players))}</p>']
            if sheet_set.tables
            else []
        ),
        '<ul class="sheets">',
        *(line for d in sheet_set.downloads for line in _download(language, sheet_set, d)),
        "</ul>",
        "</section>",
    ]


def head_lines(
    csp: str,
    title: str,
    *,
    description: str = "",
    lang: str = "en",
    stylesheets: Sequence[str] = (),
    scripts: Sequence[str] = (),
    alternates: Sequence[Alternate] = (),
    root: str = "",
) -> list[str]:
    """A page's start, up to ``</head>``: its language, policy, title, stylesheets, the site's
    icon (``root``: the way from the page to the site's root), deferred scripts and the page's
    addresses in the site's other languages (the first, the site's root language, is also the
    one for any other language: x-default)."""
    meta = [f'<meta name="description" content="{escape(description)}">'] if description else []
    return [
        "<!DOCTYPE html>",
        f'<html lang="{escape(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
        '<meta name="color-scheme" content="light dark">',
        *meta,
        f"<title>{escape(title)}</title>",
        *(f'<link rel="stylesheet" href="{name}">' for name in stylesheets),
        f'<link rel="icon" href="{root}{ICON_SVG}" type="image/svg+xml">',
        *(f'<script src="{name}" defer></script>' for name in scripts),
        *alternate_links(alternates),
        "</head>",
    ]


def alternate_links(alternates: Sequence[Alternate]) -> list[str]:
    """The ``hreflang`` links of a page in several languages (none for one language)."""
    if len(alternates) < 2:
        return []
    links = [(a.code, a.href) for a in alternates] + [("x-default", alternates[0].href)]
    return [
        f'<link rel="alternate" hreflang="{code}" href="{escape(href)}">' for code, href in links
    ]


def language_switcher(alternates: Sequence[Alternate], label: str) -> list[str]:
    """The links to a page in the site's other languages, each named in its own language (none
    for one language)."""
    if len(alternates) < 2:
        return []
    current = ' aria-current="page"'
    items = "".join(
        f'<li><a href="{escape(a.href)}" hreflang="{a.code}" lang="{a.code}"'
        f"{current if a.current else ''}>{escape(a.name)}</a></li>"
        for a in alternates
    )
    return [f'<nav class="languages" aria-label="{escape(label)}"><ul>{items}</ul></nav>']


def index_html(
    language: Language,
    text: RuleSheetText,
    example: WorkedExample,
    sheet_sets: Sequence[SheetSet],
    make_link: str | None = None,
    alternates: Sequence[Alternate] = (),
) -> str:
    """The whole front page, in the content's language. ``make_link`` is the address of the
    page that makes sheets to order, when the site is served by ``hearts-sheets serve`` (a
    static site has none); ``alternates``, the page in each of the site's languages."""
    words = {k: escape(v) for k, v in language.site.items()}
    make = (
        [f'<a class="button" href="{escape(make_link)}">{words["make"]}</a>'] if make_link else []
    )
    contents = "".join(f'<li><a href="#{s.id}">{inline(s.heading)}</a></li>' for s in text.sections)
    lines = [
        *head_lines(
            CSP,
            language.site["page-title"].format(title=text.title),
            description=text.summary,
            lang=language.code,
            stylesheets=(STYLESHEET,),
            alternates=alternates,
        ),
        "<body>",
        f'<a class="skip-link" href="#main">{words["skip"]}</a>',
        '<header class="site-header">',
        *language_switcher(alternates, language.site["languages"]),
        f"<h1>{escape(text.title)}</h1>",
        f'<p class="summary">{inline(text.summary)}</p>',
        f'<nav class="actions" aria-label="{words["site-nav"]}">',
        f'<a class="button" href="#downloads">{words["print"]}</a>',
        f'<a class="button" href="{SCOREKEEPER}">{words["keep-score"]}</a>',
        *make,
        "</nav>",
        "</header>",
        '<main id="main">',
        f'<nav class="contents" aria-label="{words["contents"]}">',
        f'<ol>{contents}<li><a href="#downloads">{words["downloads"]}</a></li></ol>',
        "</nav>",
        '<article class="rules">',
    ]
    for section in text.sections:
        lines += _section(section, example)
    lines += [
        "</article>",
        '<section id="downloads" class="downloads" aria-labelledby="downloads-heading">',
        f'<h2 id="downloads-heading">{words["downloads"]}</h2>',
        f"<p>{words['downloads-intro']}</p>",
    ]
    if make_link:
        link = f'<a href="{escape(make_link)}">{words["make-link"]}</a>'
        lines.append(f"<p>{words['or-make'].format(link=link)}</p>")
    for sheet_set in sheet_sets:
        lines += _sheet_set(language, sheet_set)
    lines += [
        "</section>",
        "</main>",
        '<footer class="site-footer">',
        f"<p>{words['footer'].format(version=escape(__version__))} "
        f'<a href="{SCOREKEEPER}">{words["scorekeeper"]}</a> · '
        f'<a href="#main">{words["top"]}</a></p>',
        "</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"


__all__ = [
    "CSP",
    "Alternate",
    "Download",
    "alternate_links",
    "language_switcher",
    "SheetSet",
    "TableSheets",
    "head_lines",
    "index_html",
    "inline",
    "kilobytes",
    "typed",
]
