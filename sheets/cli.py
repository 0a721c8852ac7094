"""The command line, ``hearts-sheets``: its commands and their options. With
:mod:`sheets.clifiles`, which reads their inputs and writes what they make, the only modules that
read and write files."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from sheets import __version__
from sheets.clifiles import SITE_MARK, load_inputs, output_errors, swap_in_site, write_files
from sheets.papers import PAPERS as _PAPERS

if TYPE_CHECKING:
    pass


class _Commands(click.Group):
    """The commands, whose usage errors are said in the language the command line asks for
    (:mod:`sheets.cliusage`)."""

    args: tuple[str, ...] = ()

    def main(self, args: Sequence[str] | None = None, *more: Any, **options: Any) -> Any:
        self.args = tuple(sys.argv[1:] if args is None else args)
        return super().main(args, *more, **options)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            from sheets.cliusage import told_usage

            told = told_usage(err, self.commands, self.args)
            if told is None:
                raise
            raise told from None


@click.group(cls=_Commands)
@click.version_option(__version__, prog_name="hearts-sheets")
def main() -> None:
    """Hearts Sheets: printable rule and score sheets for the card game Hearts."""


HOUSE_RULES_OPTION = click.option(
    "--house-rules",
    "house_rules",
    type=click.Path(path_type=Path),
    help="A house-rules YAML file (default: the standard game).",
)
PAPERS = {key: paper.label for key, paper in _PAPERS.items()}  # --paper's values and names
LANGUAGES = ("en", "de", "fr", "es")  # --language's values: sheets.language.LANGUAGES
LANGUAGE_OPTION = click.option(
    "--language",
    type=click.Choice(LANGUAGES),
    default=None,
    help="The language of the sheets and messages; it wins over the house-rules file's "
    "language key  [default: the file's language key, else en]",
)


def _site_url(_ctx, param, value: str | None) -> str:
    """A site's address as given, checked (one message naming what was expected and found)."""
    from sheets.address import site_url_problem
    from sheets.cliusage import RefusedValue

    if not value:
        return ""
    problem = site_url_problem(value)
    if problem:
        raise RefusedValue(*problem, param=param)
    return value


SITE_URL_OPTION = click.option(
    "--site-url",
    default="",
    callback=_site_url,
    metavar="URL",
    help="The address the site is published at (https://hearts.example.org): each sheet then "
    "carries a QR code that opens the site's scorekeeper set up with its house rules  "
    "[default: none, no code]",
)


GAME_SHEET = "game-score-sheet.pdf"  # what build --game writes
EDITIONS = {  # --edition's values, and the sheets each writes
    "standard": ("rule-sheet", "score-sheet"),
    "cards": ("pocket-cards",),
    "large-print": ("large-rule-sheet", "large-score-sheet"),
}


@main.command()
@HOUSE_RULES_OPTION
@click.option("--paper", type=click.Choice(list(PAPERS)), default="letter", show_default=True)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build"),
    show_default=True,
    help="Folder to write the PDFs into.",
)
@click.option(
    "--edition",
    "editions",
    type=click.Choice(list(EDITIONS)),
    multiple=True,
    help="Which sheets: standard (the rule sheet and the score sheet, one page "
    "each), cards (pocket rule cards, four to a page), large-print (both sheets in "
    "large print: 16 pt rules on up to four pages, a score sheet for large "
    "handwriting); repeat for more  "
    "[default: standard]",
)
@click.option(
    "--game",
    "game_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help=f"A game the scorekeeper exported (JSON): write it into the score sheet, "
    f"as {GAME_SHEET}, under the game's own rules (the house-rules file gives the "
    f"title), instead of the editions.",
)
@LANGUAGE_OPTION
@SITE_URL_OPTION
def build(
    house_rules: Path | None,
    paper: str,
    out_dir: Path,
    editions: tuple[str, ...],
    game_file: Path | None,
    language: str | None,
    site_url: str,
) -> None:
    """Build the rule sheet and the score sheet (or other editions) as PDFs."""
    from sheets.pipeline import prepare

    if game_file is not None:
        if editions:
            from sheets.cliusage import RefusedUsage

            raise RefusedUsage("game-edition")
        _build_game(game_file, house_rules, paper, out_dir, language)
        return
    prepared = prepare(*load_inputs(house_rules, language))
    kinds = [
        kind for edition in dict.fromkeys(editions or ("standard",)) for kind in EDITIONS[edition]
    ]
    made = {kind: _MAKERS[kind](prepared, paper, site_url) for kind in kinds}
    with output_errors():
        write_files(out_dir, {f"{kind}.pdf": sheet.pdf for kind, sheet in made.items()})
    for kind, sheet in made.items():
        click.echo(f"wrote {out_dir / (kind + '.pdf')} ({_described(kind, sheet, paper)})")


def _build_game(
    game_file: Path, house_rules: Path | None, paper: str, out_dir: Path, language: str | None
) -> None:
    """``build --game``: the score sheet with the game written in."""
    from sheets.gamerecord import MAX_BYTES, parse_game
    from sheets.pipeline import render_game_sheet

    content, house = load_inputs(house_rules, language)
    with open(game_file, "rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    game = parse_game(data, content, str(game_file))
    sheet = render_game_sheet(content, house, game, paper)
    with output_errors():
        write_files(out_dir, {GAME_SHEET: sheet.pdf})
    pages = -(-len(game.hands) // sheet.plan.rows) or 1
    click.echo(
        f"wrote {out_dir / GAME_SHEET} ({_described('score-sheet', sheet, paper)} a "
        f"page, {len(game.hands)} played, {pages} page{'s' * (pages > 1)})"
    )


def _described(kind: str, sheet, paper: str) -> str:
    """What ``build`` says of a sheet it wrote: paper, orientation, size, and what was fitted."""
    from sheets.layout.styles import page_size

    if kind in ("score-sheet", "large-score-sheet"):
        plan = sheet.plan
        pages = len(getattr(plan, "pages", ((),)))
        return (
            f"{PAPERS[paper]} {plan.orientation}, {_points(plan.page_size)}, "
            f"{plan.rows} hands" + (f", {pages} pages side by side" if pages > 1 else "")
        )
    if kind == "large-rule-sheet":
        return (
            f"{PAPERS[paper]} portrait, {_points(page_size(paper, 'portrait'))}, "
            f"{sheet.pages} page{'s' if sheet.pages > 1 else ''}, body {sheet.body_size:g} pt"
        )
    return (
        f"{PAPERS[paper]} portrait, {_points(page_size(paper, 'portrait'))}, "
        f"body {sheet.body_size:g} pt"
    )


class _Makers(dict):
    """The pipeline's maker of each sheet, imported when first asked for."""

    def __missing__(self, kind: str):
        from sheets import pipeline

        return getattr(pipeline, f"render_{kind.replace('-', '_')}")


_MAKERS = _Makers()


def _points(size: tuple[float, float]) -> str:
    return f"{round(size[0], 2):g} x {round(size[1], 2):g} pt"


@main.command()
@HOUSE_RULES_OPTION
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Where the search for a deal starts.",
)
def example(house_rules: Path | None, seed: int) -> None:
    """Print the worked example the rule sheet shows, played by the engine."""
    from sheets.example import find_example

    content, house = load_inputs(house_rules)
    click.echo(find_example(house.rules, content.example, seed=seed).text())


@main.command()
@click.argument("house_file", type=click.Path(path_type=Path))
@LANGUAGE_OPTION
def check(house_file: Path, language: str | None) -> None:
    """Check a house-rules file and print the rules in force, one line each, then a warning for
    each rule that is set but can never matter under the others (the sheets leave it out)."""
    from sheets.houserules import warnings
    from sheets.messages import check_heading, check_lines

    content, house = load_inputs(house_file, language)
    found = list(warnings(house.rules))
    click.echo(check_heading(str(house_file), len(found), content.language))
    for line in check_lines(content, house, found):
        click.echo(line)


@main.command()
@HOUSE_RULES_OPTION
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/site"),
    show_default=True,
    help="Folder of the site (replaced as a whole).",
)
@LANGUAGE_OPTION
@SITE_URL_OPTION
def site(house_rules: Path | None, out_dir: Path, language: str | None, site_url: str) -> None:
    """Build the website: the rules as a page, every sheet as a PDF with a preview."""
    from sheets.bundle import load_content, load_presets
    from sheets.errors import SheetsError
    from sheets.site.builder import build_sites, plan_sites, start_workers

    if out_dir.exists() and not out_dir.is_dir():  # a device or a socket: never replaced
        raise SheetsError(f"{out_dir}: not a folder, so it is not replaced; choose another --out")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / SITE_MARK).exists():
        raise SheetsError(
            f"{out_dir}: not a folder hearts-sheets built (no {SITE_MARK} in "
            "it), so it is not replaced; choose another --out or empty it"
        )
    start_workers()  # they get ready while the rules are read and the site is planned
    content, house = load_inputs(house_rules, language)
    # every other language in its own folder (/de/...), its codes to it
    others = [load_content(code) for code in LANGUAGES if code != content.language.code]
    plans = plan_sites([content, *others], house, load_presets(), site_url)
    jobs = sum(len(plan.jobs) for plan in plans)
    with click.progressbar(length=jobs, label="Rendering the sheets") as bar:
        files = build_sites(plans, progress=bar.update)
    with output_errors():
        swap_in_site(out_dir, files)
    size = sum(len(data) for data in files.values())
    click.echo(
        f"wrote {out_dir}: {len(files)} files, {size / 1024 / 1024:.1f} MB "
        f"({jobs} PDFs, {len(plans)} languages)"
    )


@main.command()
@click.option("--markdown", is_flag=True, help="Print the README's table of the keys instead.")
@LANGUAGE_OPTION
def variants(markdown: bool, language: str | None) -> None:
    """List every house-rules key with its values, default and meaning."""
    from sheets.bundle import load_content
    from sheets.housefile import key_table
    from sheets.messages import variants_lines

    lines = key_table() if markdown else variants_lines(load_content(language or "en").language)
    for line in lines:
        click.echo(line)


@main.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0 for every interface).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Render worker processes  [default: one per core]",
)
@click.option(
    "--cache",
    "cache",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder that keeps the sheets made, shared by the workers and "
    "kept across restarts  [default: hearts-sheets in the user's cache folder]",
)
@click.option(
    "--cache-size",
    "cache_megabytes",
    type=click.IntRange(min=1),
    default=512,
    show_default=True,
    help="Megabytes the cache folder may hold.",
)
@click.option(
    "--client-address-header",
    "client_header",
    default=None,
    metavar="NAME",
    help="Take the client's address for the per-client limits from this header "
    "(X-Forwarded-For, X-Real-IP...) when the request comes from a trusted proxy; "
    "the last address in it counts  [default: none, the connection's address]",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="ADDRESS",
    help="An address or network (CIDR) whose client-address header is believed; "
    "repeat for more  [default: loopback, 127.0.0.0/8 and ::1]",
)
@click.option(
    "--renders-per-client",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="New sheets one client may have being made or waiting at once.",
)
@click.option(
    "--public-url",
    default="",
    callback=_site_url,
    metavar="URL",
    help="The address clients reach this service at (https://hearts.example.org), "
    "behind any proxy: each sheet then carries a QR code that opens its "
    "scorekeeper. Never taken from a request's Host header  [default: none]",
)
@click.option(
    "--max-connections",
    type=click.IntRange(min=1),
    default=4096,
    show_default=True,
    help="Connections held at once; one more replaces the one idle longest.",
)
@click.option(
    "--language",
    type=click.Choice(LANGUAGES),
    default=None,
    help="The language of this command's own messages (the pages and sheets are served in "
    "every language)  [default: en]",
)
def serve(
    host: str,
    port: int,
    workers: int | None,
    cache: Path | None,
    cache_megabytes: int,
    client_header: str | None,
    trusted_proxies: tuple[str, ...],
    renders_per_client: int,
    max_connections: int,
    public_url: str,
    language: str | None,
) -> None:
    """Serve the website and sheets made to order (the /make page) over HTTP."""
    import ipaddress

    from sheets.cliusage import RefusedValue
    from sheets.service.server import LOOPBACK, Settings
    from sheets.service.server import serve as serve_http
    from sheets.site.builder import default_workers

    for proxy in trusted_proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise RefusedValue(
                "proxy", {"value": repr(proxy)}, param_hint="--trusted-proxy"
            ) from None
    if client_header is not None and not re.fullmatch(r"[A-Za-z0-9-]+", client_header):
        raise RefusedValue(
            "header-name", {"value": repr(client_header)}, param_hint="--client-address-header"
        )
    settings = Settings(
        host=host,
        port=port,
        workers=workers or default_workers(),
        cache=cache,
        cache_megabytes=cache_megabytes,
        client_header=client_header,
        trusted_proxies=trusted_proxies or LOOPBACK,
        renders_per_client=renders_per_client,
        max_connections=max_connections,
        public_url=public_url,
    )
    raise SystemExit(serve_http(settings))
