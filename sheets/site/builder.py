"""The static site: every file of it, built in memory from the content and house rules.

Two steps, so the command line can size its progress bar between them:

- :func:`plan_site` reads nothing and writes nothing: from the loaded content, the site's house
  rules and the presets it assembles each set's rule-sheet text and worked example (where bad
  rules would fail) and lists the PDFs to make, one :class:`SheetJob` each;
- :func:`build_site` renders the PDFs and their previews in worker processes (one per core),
  then returns every file of the site as ``{relative path: bytes}``: ``index.html``, ``site.css``,
  ``downloads/*.pdf``, ``previews/*.png``, the scorekeeper's files (with its web app manifest
  and icons) and the service worker that keeps the site for offline use.

Nothing here touches the file system but the reading of the package's own static files; the CLI
writes the result. The output is a function of the input: the same content and house rules give
byte-identical files, whichever worker rendered which sheet.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from importlib import resources

from sheets.blocks import Notes, block_strings
from sheets.content import Content
from sheets.example import WorkedExample
from sheets.housefile import HouseFile
from sheets.options import CANCELLATION_PLAYERS, MAX_PLAYERS
from sheets.papers import PAPERS as _PAPERS
from sheets.pipeline import ALL_KINDS, KINDS, Prepared, prepare, render
from sheets.site.page import STYLESHEET, Alternate, Download, SheetSet, TableSheets, index_html
from sheets.site.preview import PdfFacts, pdf_facts
from sheets.text import RuleSheetText, differences

PAPERS = tuple(_PAPERS)
HOUSE_SLUG = "house"  # the site's own house rules, when they are not one of the presets


#: What the site makes for a Cancellation set at each other table size: the sheets that change
#: with the number of players (the deal, the columns), listed under the set without pictures.
TABLE_KINDS = ("rule-sheet", "score-sheet")


@dataclass(frozen=True)
class RulesSet:
    """One set of house rules the site makes sheets for, prepared to render; or the same set
    at another table size (``table_of``: the slug of the set it is listed under)."""

    slug: str
    prepared: Prepared
    on_this_page: bool
    kinds: tuple[str, ...] = ALL_KINDS
    table_of: str = ""

    @property
    def house(self) -> HouseFile:
        return self.prepared.house

    @property
    def text(self) -> RuleSheetText:
        return self.prepared.text

    @property
    def example(self) -> WorkedExample:
        return self.prepared.example


@dataclass(frozen=True)
class SheetJob:
    """One PDF to make: which sheet, for which rules, on which paper."""

    rules_set: RulesSet
    kind: str
    paper: str
    site_url: str = ""  # the site's address, for the sheet's QR code ("": none)

    @property
    def stem(self) -> str:
        return f"{self.rules_set.slug}-{self.kind}-{self.paper}"


@dataclass(frozen=True)
class RenderedSheet:
    """A PDF and what was measured from it."""

    pdf: bytes
    facts: PdfFacts


@dataclass(frozen=True)
class SitePlan:
    """Everything the site is made from, read and checked; nothing rendered yet."""

    content: Content
    page: RulesSet  # the rules the front page is written for
    rules_sets: tuple[RulesSet, ...]  # every set that gets sheets, in the order listed
    jobs: tuple[SheetJob, ...]


def _same_rules(a: HouseFile, b: HouseFile) -> bool:
    return (a.rules, a.title, a.notes) == (b.rules, b.title, b.notes)


def _rules_set(content: Content, slug: str, house: HouseFile, on_this_page: bool) -> RulesSet:
    return RulesSet(slug, prepare(content, house), on_this_page)


def _other_tables(content: Content, rules_set: RulesSet) -> tuple[RulesSet, ...]:
    """A Cancellation set at each other table size it is played at (6 to 10): its rule sheet
    and score sheet, as they change with the players (17 cards each and six columns at six;
    a new scorer at eight found only those)."""
    house = rules_set.house
    if not house.rules.cancellation:
        return ()
    return tuple(
        RulesSet(
            f"{rules_set.slug}-{players}",
            prepare(content, replace(house, rules=house.rules.replace(players=players))),
            False,
            TABLE_KINDS,
            rules_set.slug,
        )
        for players in range(CANCELLATION_PLAYERS, MAX_PLAYERS + 1)
        if players != house.rules.players
    )


def plan_site(
    content: Content, house: HouseFile, presets: Mapping[str, HouseFile], site_url: str = ""
) -> SitePlan:
    """The site for ``house`` (the front page's rules), with sheets for it and every preset,
    each with a QR code to the scorekeeper at ``site_url`` when it is given.

    When the house rules are one of the presets (same rules, title and notes), that preset is
    marked as the page's rules instead of being listed twice.
    """
    preset_sets = [
        _rules_set(content, name, preset, _same_rules(house, preset))
        for name, preset in presets.items()
    ]
    page = next((s for s in preset_sets if s.on_this_page), None)
    if page is None:
        page = _rules_set(content, HOUSE_SLUG, house, True)
        rules_sets = (page, *preset_sets)
    else:
        rules_sets = tuple(preset_sets)
    rules_sets = tuple(t for s in rules_sets for t in (s, *_other_tables(content, s)))
    jobs = tuple(
        SheetJob(s, kind, paper, site_url)
        for s in rules_sets
        for kind in s.kinds
        for paper in content.language.papers  # the language's default paper first
    )
    return SitePlan(content, page, rules_sets, jobs)


def plan_sites(
    contents: Sequence[Content],
    house: HouseFile,
    presets: Mapping[str, HouseFile],
    site_url: str = "",
) -> tuple[SitePlan, ...]:
    """The site in several languages, one plan each, the first at the root (see
    :func:`build_sites`): ``house`` and every preset printed in each language, each other
    language's QR codes pointing to its own folder (``site_url/de``)."""
    plans = []
    for words in contents:
        first = words is contents[0]
        plans.append(
            plan_site(
                words,
                house if first else house.in_language(words.language),
                {name: preset.in_language(words.language) for name, preset in presets.items()},
                site_url
                if first or not site_url
                else f"{site_url.rstrip('/')}/{words.language.code}",
            )
        )
    return tuple(plans)


def render_sheet(job: SheetJob) -> RenderedSheet:
    """Make one PDF and measure it (run in a worker process)."""
    pdf = render(job.rules_set.prepared, job.kind, job.paper, job.site_url)
    return RenderedSheet(pdf, pdf_facts(pdf))


# What the workers' parent imports once, so that each worker starts ready to render.
PRELOAD = (
    "sheets.site.builder",
    "sheets.layout.rulesheet",
    "sheets.layout.scoresheet",
    "sheets.layout.cards",
    "sheets.layout.largeprint",
    "sheets.layout.largescore",
    "pypdfium2",
    "PIL.Image",
    "PIL.PngImagePlugin",
)


def pool_context() -> multiprocessing.context.BaseContext:
    """How the workers start: from a fork server where there is one (Linux, macOS), else spawned
    (Windows); never as a fork of this process, which may hold threads (a forked copy of a
    threaded process can deadlock, and Python 3.14 no longer forks by default). The fork server
    is a fresh process that imports :data:`PRELOAD` once, then forks each worker from itself.
    A job and its result are plain values, pickled both ways."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    return context


def start_workers() -> None:
    """Start the workers' fork server now, where there is one and more than one core, so that
    it imports the renderers while this process plans the site (optional: the pool starts it
    when it is first needed)."""
    if default_workers() > 1 and pool_context().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def default_workers() -> int:
    """One worker per core this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def render_sheets(
    jobs: tuple[SheetJob, ...],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    context: multiprocessing.context.BaseContext | None = None,
) -> tuple[RenderedSheet, ...]:
    """Render every job, in worker processes when there is more than one core; results come
    back in the jobs' order. ``progress(1)`` is called as each sheet is done. The workers start
    as :func:`pool_context` says unless ``context`` is given (the service forks them before it
    starts any thread, so that no fork server outlives the build). (As everywhere with worker
    processes, a script that calls this guards its top level with
    ``if __name__ == "__main__":``: each worker imports the script's main module.)"""
    workers = min(workers or default_workers(), len(jobs))
    done = progress or (lambda _n: None)
    if workers <= 1:
        in_turn = []
        for job in jobs:
            in_turn.append(render_sheet(job))
            done(1)
        return tuple(in_turn)
    results: dict[int, RenderedSheet] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=context or pool_context()) as pool:
        futures = {pool.submit(render_sheet, job): i for i, job in enumerate(jobs)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            done(1)
    return tuple(results[i] for i in range(len(jobs)))


def _differences(content: Content, house: HouseFile) -> tuple[str, ...]:
    """The lines the rule sheet's house-rules section ends with that say what differs (the
    group's notes apart)."""
    return tuple(
        line
        for block in differences(content, house)
        if not isinstance(block, Notes)
        for line in block_strings(block)
    )


def _static(name: str) -> bytes:
    return (resources.files("sheets.site") / "static" / name).read_bytes()


def build_site(
    plan: SitePlan,
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    make_link: str | None = None,
) -> dict[str, bytes]:
    """Every file of a site in one language by its path relative to the site's root, paths
    sorted. ``make_link`` links the front page to the sheets made to order (only when
    served)."""
    return build_sites((plan,), workers=workers, progress=progress, make_link=make_link)


def language_folder(plans: Sequence[SitePlan], index: int) -> str:
    """Where a language's pages live in a site of several: the first at the root, each other
    in a folder named by its code ("de/")."""
    return "" if index == 0 else f"{plans[index].content.language.code}/"


def build_sites(
    plans: Sequence[SitePlan],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    make_link: str | None = None,
    context: multiprocessing.context.BaseContext | None = None,
) -> dict[str, bytes]:
    """Every file of a site in several languages, one plan each: the first language at the
    root, each other in its own folder (:func:`language_folder`) with its rules page, sheets
    and scorekeeper; every page links to itself in the others, and one service worker at the
    root keeps them all for offline use. Paths sorted."""
    from sheets.site.scorekeeper import SERVICE_WORKER, offline_files

    jobs = tuple(job for plan in plans for job in plan.jobs)
    rendered = iter(render_sheets(jobs, workers=workers, progress=progress, context=context))
    folders = [language_folder(plans, i) for i in range(len(plans))]
    files: dict[str, bytes] = {}
    for index, plan in enumerate(plans):
        here = folders[index]
        up = "../" if here else ""
        alternates = tuple(
            Alternate(
                p.content.language.code,
                p.content.language.site["language-name"],
                "index.html" if p is plan else f"{up}{folders[i]}index.html",
                p is plan,
            )
            for i, p in enumerate(plans)
        )
        scorekeepers = {
            p.content.language.code: (
                "scorekeeper.html" if p is plan else f"{up}{folders[i]}scorekeeper.html"
            )
            for i, p in enumerate(plans)
        }
        own = tuple(next(rendered) for _ in plan.jobs)
        link = f"{up}{make_link}" if make_link and here else make_link
        if link and here:
            link += f"?language={plan.content.language.code}"
        for path, data in _language_files(
            plan, own, link, alternates, scorekeepers, f"{up}{SERVICE_WORKER}"
        ).items():
            files[here + path] = data
    files.update(offline_files(files, tuple(folders)))  # last: its version covers the rest
    return dict(sorted(files.items()))


def _language_files(
    plan: SitePlan,
    rendered: tuple[RenderedSheet, ...],
    make_link: str | None,
    alternates: tuple[Alternate, ...],
    scorekeepers: Mapping[str, str],
    worker: str,
) -> dict[str, bytes]:
    """One language's files of the site, by path relative to its folder."""
    from sheets.site.scorekeeper import scorekeeper_files

    files: dict[str, bytes] = {}
    downloads: dict[str, list[Download]] = {s.slug: [] for s in plan.rules_sets}
    for job, sheet in zip(plan.jobs, rendered):
        pdf_path, png_path = f"downloads/{job.stem}.pdf", f"previews/{job.stem}.png"
        files[pdf_path] = sheet.pdf
        if not job.rules_set.table_of:  # another table's sheets are listed without pictures
            files[png_path] = sheet.facts.png
        facts = sheet.facts
        downloads[job.rules_set.slug].append(
            Download(
                kind=job.kind,
                paper=job.paper,
                href=pdf_path,
                preview=png_path,
                size=len(sheet.pdf),
                pages=facts.pages,
                landscape=facts.page_width > facts.page_height,
                preview_width=facts.png_width,
                preview_height=facts.png_height,
            )
        )
    sheet_sets = [
        SheetSet(
            s.slug,
            s.house.title,
            _differences(plan.content, s.house),
            tuple(downloads[s.slug]),
            s.on_this_page,
            s.house.notes,
            tuple(
                TableSheets(t.house.rules.players, tuple(downloads[t.slug]))
                for t in plan.rules_sets
                if t.table_of == s.slug
            ),
            s.house.rules.players,
        )
        for s in plan.rules_sets
        if not s.table_of
    ]
    page = plan.page
    files["index.html"] = index_html(
        plan.content.language, page.text, page.example, sheet_sets, make_link, alternates
    ).encode("utf-8")
    files[STYLESHEET] = _static(STYLESHEET)
    files.update(
        scorekeeper_files(
            page.house.rules,
            title=page.house.title,
            content=plan.content,
            scorekeepers=scorekeepers,
            worker=worker,
            own_title=page.house.title if page.house.titled == "file" else "",
        )
    )
    return files


__all__ = [
    "HOUSE_SLUG",
    "KINDS",
    "PAPERS",
    "RenderedSheet",
    "RulesSet",
    "SheetJob",
    "SitePlan",
    "build_site",
    "build_sites",
    "default_workers",
    "language_folder",
    "plan_site",
    "plan_sites",
    "pool_context",
    "render_sheet",
    "render_sheets",
    "start_workers",
]
