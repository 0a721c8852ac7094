"""The website: every file there, every link resolving, the facts shown true, nothing loaded
from elsewhere, valid HTML, byte-identical rebuilds, an earlier site kept whole when a build
fails."""

from __future__ import annotations

import io
import os
import posixpath
import re
import shutil
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheets.bundle import load_content, load_preset
from sheets.cli import main
from sheets.clifiles import SITE_MARK, load_house_rules
from sheets.example import find_example
from sheets.housefile import PRESETS, STANDARD_FILE, HouseFile
from sheets.houserules import HouseRules
from sheets.pipeline import ALL_KINDS
from sheets.site import builder
from sheets.site.builder import TABLE_KINDS, build_site, plan_site
from sheets.site.diagram import trick_svg
from sheets.site.page import inline, kilobytes

PICTURED = 70  # 7 presets, 5 kinds of sheet (the rule sheet, the score sheet, the pocket
# cards, both sheets in large print), 2 papers: each listed with its picture
TABLES = (7, 8, 9, 10)  # Cancellation's other table sizes (its preset is for 6)
SITE_PDFS = PICTURED + len(TABLES) * len(TABLE_KINDS) * 2  # and their rule and score sheets
PAGE_SIZES = {"letter": (612, 792), "a4": (595.28, 841.89)}
PAPER_TEXT = {"letter": "8.5 × 11 in", "a4": "210 × 297 mm"}
SVG = "{http://www.w3.org/2000/svg}"


# -- helpers --------------------------------------------------------------------------------------


def read_tree(folder: Path) -> dict[str, bytes]:
    """Every file under a folder by its relative path (the build's mark left out)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != SITE_MARK
    }


def parse(page: bytes):
    """An HTML page as an element tree; html5lib in strict mode raises on any parse error."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    return parser.parse(page.decode("utf-8"))


def html_pages(files: dict[str, bytes]) -> dict[str, object]:
    return {name: parse(data) for name, data in files.items() if name.endswith(".html")}


def by_class(tree, cls: str):
    return [e for e in tree.iter() if cls in (e.get("class") or "").split()]


def text_of(element) -> str:
    return "".join(element.itertext())


def loaded(tree):
    """(tag, url) of everything a browser fetches or follows in a page."""
    for e in tree.iter():
        tag = e.tag if isinstance(e.tag, str) else ""
        for attr in ("src", "href"):
            if e.get(attr) is not None:
                yield tag, e.get(attr)


# -- the site, built once -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site_dir(standard_site) -> Path:
    return standard_site


@pytest.fixture(scope="module")
def files(site_dir) -> dict[str, bytes]:
    return read_tree(site_dir)


@pytest.fixture(scope="module")
def index(files):
    return parse(files["index.html"])


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def presets():
    return {name: load_preset(name) for name in PRESETS}


# -- files ----------------------------------------------------------------------------------------


def test_site_has_the_page_every_sheet_and_the_scorekeeper(site_dir, files):
    pdfs = [n for n in files if n.startswith("downloads/")]
    pngs = [n for n in files if n.startswith("previews/")]
    assert len(pdfs) == len(PRESETS) * len(ALL_KINDS) * 2 + len(TABLES) * 4 == SITE_PDFS
    pictured = [p for p in pdfs if not re.search(r"-\d+-", p)]  # not another table's
    assert sorted(p.replace("downloads/", "").replace(".pdf", "") for p in pictured) == sorted(
        p.replace("previews/", "").replace(".png", "") for p in pngs
    )
    for name in pdfs:
        assert files[name].startswith(b"%PDF-"), name
    for name in pngs:
        assert files[name].startswith(b"\x89PNG\r\n\x1a\n"), name
    for name in ("index.html", "site.css", "scorekeeper.html", "scorekeeper-config.js"):
        assert name in files
    assert (site_dir / SITE_MARK).is_file()
    assert not list(site_dir.parent.glob(".site.*")), "temporary folders were left behind"


def test_every_link_and_source_resolves_to_a_file_of_the_site(files):
    pages = html_pages(files)
    assert set(pages) >= {"index.html", "scorekeeper.html"}
    checked = 0
    for name, tree in pages.items():
        ids = {e.get("id") for e in tree.iter() if e.get("id")}
        for tag, url in loaded(tree):
            parts = urlsplit(url)
            assert not parts.scheme and not parts.netloc, f"{name}: {tag} {url} leaves the site"
            if parts.path:
                target = posixpath.normpath(
                    posixpath.join(posixpath.dirname(name), unquote(parts.path))
                )
                assert target in files, f"{name}: {tag} {url} is not a file of the site"
            if parts.fragment and not parts.path:
                assert parts.fragment in ids, f"{name}: {url} names no element"
            checked += 1
    assert checked > 60


def test_every_sheet_is_listed_with_its_true_size_paper_pages_and_preview(files, index):
    sheets = by_class(index, "sheet")
    assert len(sheets) == PICTURED
    listed = {a.get("href") for t in by_class(index, "tables") for a in t.iter("a")}
    for sheet in sheets:
        link = sheet.find("a")
        href = link.get("href")
        pdf = files[href]
        listed.add(href)
        size = next(e for e in by_class(sheet, "size"))
        assert int(size.get("data-bytes")) == len(pdf), href
        assert (
            text_of(size) == f"PDF, {round(len(pdf) / 1024)} KB" == f"PDF, {kilobytes(len(pdf))} KB"
        )
        reader = PdfReader(io.BytesIO(pdf))
        pages = by_class(sheet, "pages")[0]
        count = len(reader.pages)  # one page; up to four in large print
        assert int(pages.get("data-pages")) == count, href
        assert count == 1 or ("-large-" in href and count <= 4), href
        assert text_of(pages) == ("1 page" if count == 1 else f"{count} pages")
        paper = href.rsplit("-", 1)[1].removesuffix(".pdf")
        box = reader.pages[0].mediabox
        assert sorted((round(float(box.width)), round(float(box.height)))) == sorted(
            round(x) for x in PAGE_SIZES[paper]
        )
        assert text_of(by_class(sheet, "paper")[0]).startswith(PAPER_TEXT[paper])
        name = text_of(by_class(sheet, "sheet-name")[0])
        assert name.endswith(("Letter", "A4")) and (paper == "a4") == name.endswith("A4")
        img = link.find("img")
        assert img.get("src") == href.replace("downloads/", "previews/").replace(".pdf", ".png")
        assert img.get("alt") == ""  # the link's text names the sheet
        png = files[img.get("src")]
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        assert (int(img.get("width")), int(img.get("height"))) == (width // 2, height // 2)
    assert listed == {n for n in files if n.startswith("downloads/")}


def test_cancellation_s_other_tables_each_have_their_own_rule_and_score_sheets(files, index):
    """The Cancellation preset is for 6; a new scorer at 8 found only its sheets, which say to
    deal 17 cards and print six columns (rounds 31, 34). Each other table size is listed in
    its set, before the pictures, with a rule sheet and a score sheet on each paper, each
    heard whole, and each PDF made for that many players."""
    (section,) = [s for s in by_class(index, "sheet-set") if s.get("id") == "sheets-cancellation"]
    (tables,) = by_class(section, "tables")
    children = list(section)
    pictures = children.index(by_class(section, "sheets")[0])
    assert children.index(tables) < pictures
    # and the pictures say which table they are for (taken for the eight's: round 35)
    assert text_of(children[pictures - 1]) == "6 players"
    rows = list(tables.iter("li"))
    assert [text_of(by_class(r, "table-size")[0]) for r in rows] == [f"{n} players" for n in TABLES]
    for players, row in zip(TABLES, rows):
        links = list(row.iter("a"))
        assert [text_of(a) for a in links] == ["Letter", "A4", "Letter", "A4"]
        for link, kind in zip(links, ("Rule sheet", "Rule sheet", "Score sheet", "Score sheet")):
            paper = text_of(link)
            assert (
                link.get("aria-label") == f"Cancellation Hearts, {players} players: {kind}, {paper}"
            )
            text = squash_pdf(files[link.get("href")])
            if kind == "Rule sheet":
                assert f"for {players} players" in text, link.get("href")
                cards = 104 // players
                assert f"{cards} cards each" in text, link.get("href")
            else:
                assert f"Player {players}" in text and f"Player {players + 1}" not in text


def test_nothing_is_loaded_from_another_host(files):
    for name, tree in html_pages(files).items():
        csp = [
            e.get("content")
            for e in tree.iter("meta")
            if (e.get("http-equiv") or "").lower() == "content-security-policy"
        ]
        assert len(csp) == 1, f"{name}: no Content-Security-Policy"
        assert "default-src 'self'" in csp[0]
        assert "'unsafe-inline'" not in csp[0]
        for tag, url in loaded(tree):
            assert not re.match(r"(?i)(https?:)?//", url), f"{name}: {tag} loads {url}"
        assert not list(tree.iter("style")), f"{name}: inline <style> is refused by the policy"
        assert not [e for e in tree.iter() if e.get("style") is not None], f"{name}: style="
        for script in tree.iter("script"):
            assert script.get("src") and not (script.text or "").strip(), f"{name}: inline script"
    for name, data in files.items():
        if name.endswith((".css", ".js")):
            assert not re.search(rb"(?i)url\(\s*['\"]?(https?:)?//|@import", data), name
    index = parse(files["index.html"])
    assert not list(index.iter("script")), "the front page needs no script"


def test_html_is_valid(files):
    for name, tree in html_pages(files).items():  # parse() is html5lib's strict mode
        ids = [e.get("id") for e in tree.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), f"{name}: duplicate ids"
        assert files[name].startswith(b"<!DOCTYPE html>") or files[name].lower().startswith(
            b"<!doctype html>"
        )
        html = next(tree.iter("html"))
        folder = name.split("/")[0] if "/" in name else "en"  # each language in its own folder
        assert html.get("lang") == folder, name
        for labelled in (e for e in tree.iter() if e.get("aria-labelledby")):
            for ref in labelled.get("aria-labelledby").split():
                assert ref in ids, f"{name}: aria-labelledby={ref} names no element"


def test_html_check_catches_broken_markup():
    with pytest.raises(html5lib.html5parser.ParseError):
        parse(b"<!DOCTYPE html><html lang=en><title>x</title><p><b>bad</p></html>")


# -- the page's content ---------------------------------------------------------------------------


def test_the_page_shows_the_rules_the_pdfs_are_made_from(index, content):
    from sheets.text import assemble, strip_bold

    text = assemble(content, STANDARD_FILE)
    page = " ".join(text_of(index.find(".//main")).split())
    for section in text.sections:
        heading = index.find(f".//section[@id='{section.id}']/h2")
        assert heading is not None and text_of(heading) == section.heading
        for line in (strip_bold(t) for b in section.blocks for t in _strings(b)):
            assert " ".join(line.split()) in page, line
    steps = index.find(".//section[@id='how-to-play']/ol")
    assert steps is not None and steps.get("class") == "steps"
    assert index.find(".//section[@id='glossary']/dl") is not None
    assert text_of(index.find(".//h1")) == text.title


def _strings(block):
    from sheets.blocks import Definitions, block_strings

    if isinstance(block, Definitions):
        return [x for term, t in block.items for x in (term, t)]  # the ": " is the stylesheet's
    return block_strings(block)


def test_the_worked_example_has_its_picture_and_narration(index, content):
    example = find_example(STANDARD_FILE.rules, content.example)
    svg = index.find(f".//section[@id='example']//{SVG}svg")
    assert svg is not None and svg.get("role") == "img"
    cards = [g for g in svg.iter(f"{SVG}g") if "card" in g.get("class", "").split()]
    assert len(cards) == example.rules.players
    winners = [g for g in cards if "winner" in g.get("class").split()]
    assert len(winners) == 1
    shown = ["".join(t.text for t in g.iter(f"{SVG}text")) for g in cards]
    assert shown == [s.card.symbol for s in example.steps]
    assert [("red" in g.get("class").split()) for g in cards] == [
        s.card.is_red for s in example.steps
    ]
    assert shown[cards.index(winners[0])] == example.trick.winning_card.symbol
    narration = [text_of(p) for p in index.find(".//div[@class='narration']")]
    assert narration == list(example.sentences)
    red = {text_of(e) for e in by_class(index, "red") if e.tag == "span"}
    assert "Q♦" in red
    assert red <= {m for m in red if re.fullmatch(r"(10|[2-9JQKA])?[♥♦]", m)}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 8, 10])
def test_the_picture_seats_every_player_inside_the_frame(content, players):
    example = find_example(HouseRules(players=players), content.example)
    svg = ET.fromstring(trick_svg(example))
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    cards = [g for g in svg.iter(f"{SVG}g") if "card" in g.get("class").split()]
    assert len(cards) == players
    for text in svg.iter(f"{SVG}text"):
        x, y = float(text.get("x")), float(text.get("y"))
        assert 0 < x < width and 12 < y < height - 2, ET.tostring(text)
    assert example.steps[0].name in svg.find(f"{SVG}title").text


def test_the_page_links_to_the_scorekeeper_and_the_downloads(index):
    hrefs = [a.get("href") for a in index.iter("a")]
    assert "scorekeeper.html" in hrefs and "#downloads" in hrefs


def test_the_stylesheet_has_dark_and_print_styles(files):
    css = files["site.css"].decode()
    assert "@media (prefers-color-scheme: dark)" in css
    assert "@media print" in css


# -- the build ------------------------------------------------------------------------------------


def test_the_build_is_deterministic_in_one_process_or_many(files, content, presets):
    plan = plan_site(content, STANDARD_FILE, presets)
    serial = build_site(plan, workers=1)
    assert list(serial) == sorted(serial)
    # the CLI's build used a worker per core, and every language: the English root's files are
    # the same but for the links to the other languages and the worker covering them all
    linked = {"index.html", "scorekeeper-config.js", "sw.js"}
    assert {n: d for n, d in serial.items() if n not in linked} == {
        n: d for n, d in files.items() if n in serial and n not in linked
    }


def test_the_page_bolds_only_the_lead_in_as_the_pdf_does():
    assert inline("**Q♥ wins.** A & **B**") == (
        '<strong><span class="red">Q♥</span> wins.</strong> A &amp; **B**'
    )


def test_house_rules_get_their_own_sheets_listed_first(content, presets, tmp_path):
    house_file = tmp_path / "house.yaml"
    house_file.write_text(
        "title: Thursday Hearts\nmoon: subtract-from-shooter\nnotes: Loser deals the next game.\n"
    )
    house = load_house_rules(house_file)
    plan = plan_site(content, house, presets)
    assert [s.slug for s in plan.rules_sets if not s.table_of] == ["house", *PRESETS]
    assert plan.page.slug == "house" and len(plan.jobs) == SITE_PDFS + len(ALL_KINDS) * 2
    small = plan_site(content, house, {"standard": presets["standard"]})
    site = build_site(small, workers=2)
    page = parse(site["index.html"])
    assert text_of(page.find(".//h1")) == "Thursday Hearts"
    first = by_class(page, "sheet-set")[0]
    assert first.get("id") == "sheets-house"
    assert "Loser deals the next game." in text_of(first)
    assert "downloads/house-score-sheet-a4.pdf" in site
    assert b"Thursday Hearts" in site["scorekeeper.html"]


def test_a_groups_title_and_notes_are_printed_as_typed(content, presets):
    house = HouseFile(HouseRules(), "**Club** <b>night</b>", ("Bring **snacks** & <i>tea</i>",))
    site = build_site(plan_site(content, house, {"standard": presets["standard"]}), workers=1)
    page = site["index.html"].decode()
    assert "**Club** &lt;b&gt;night&lt;/b&gt;" in page
    assert "Bring **snacks** &amp; &lt;i&gt;tea&lt;/i&gt;" in page
    assert "<strong>snacks</strong>" not in page and "<i>tea</i>" not in page
    for name, data in site.items():
        if name.endswith(".pdf") and name.startswith("downloads/house-"):
            assert "**Club** <b>night</b>" in squash_pdf(data), name
            if "rule-sheet" in name:
                assert "Bring **snacks** & <i>tea</i>" in squash_pdf(data), name


def squash_pdf(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


def test_house_rules_equal_to_a_preset_are_not_listed_twice(content, presets):
    plan = plan_site(content, presets["omnibus"], presets)
    assert [s.slug for s in plan.rules_sets if not s.table_of] == list(PRESETS)
    assert plan.page.slug == "omnibus" and plan.page.on_this_page
    assert len(plan.jobs) == SITE_PDFS


@pytest.fixture
def old_site(site_dir, tmp_path) -> Path:
    """A copy of the built site, to be rebuilt over."""
    out = tmp_path / "site"
    shutil.copytree(site_dir, out)
    return out


def _leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def test_a_broken_house_rules_file_stops_the_build_before_anything_is_written(old_site, tmp_path):
    before = read_tree(old_site)
    bad = tmp_path / "house.yaml"
    bad.write_text("moon: sometimes\n")
    result = CliRunner().invoke(main, ["site", "--house-rules", str(bad), "--out", str(old_site)])
    assert result.exit_code == 2
    assert f"{bad}:1: key 'moon'" in result.output and "Traceback" not in result.output
    assert read_tree(old_site) == before and not _leftovers(old_site)


def test_a_missing_house_rules_file_is_a_message_not_a_traceback(old_site, tmp_path):
    before = read_tree(old_site)
    missing = tmp_path / "nowhere.yaml"
    result = CliRunner().invoke(
        main, ["site", "--house-rules", str(missing), "--out", str(old_site)]
    )
    assert result.exit_code == 2
    assert "does not exist" in result.output and "Traceback" not in result.output
    assert read_tree(old_site) == before


def test_a_failed_render_leaves_the_earlier_site_whole(old_site, monkeypatch):
    before = read_tree(old_site)

    def fail(plan, **kwargs):
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(builder, "build_sites", fail)
    result = CliRunner().invoke(main, ["site", "--out", str(old_site)])
    assert result.exit_code == 1 and isinstance(result.exception, RuntimeError)
    assert read_tree(old_site) == before and not _leftovers(old_site)


def test_a_failed_write_leaves_the_earlier_site_whole(old_site, monkeypatch):
    before = read_tree(old_site)
    monkeypatch.setattr(
        builder, "build_sites", lambda plans, **kw: {"index.html": b"new", "z/late.txt": b"never"}
    )
    real = Path.write_bytes

    def write_bytes(self, data):
        if self.name == "late.txt":
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", write_bytes)
    result = CliRunner().invoke(main, ["site", "--out", str(old_site)])
    assert result.exit_code == 2
    assert "cannot write the output: " in result.output and "No space left" in result.output
    assert read_tree(old_site) == before and not _leftovers(old_site)


def test_a_good_build_replaces_the_whole_site(old_site, monkeypatch):
    monkeypatch.setattr(builder, "build_sites", lambda plans, **kw: {"index.html": b"new"})
    result = CliRunner().invoke(main, ["site", "--out", str(old_site)])
    assert result.exit_code == 0, result.output
    assert read_tree(old_site) == {"index.html": b"new"}  # no file of the old site is left
    assert (old_site / SITE_MARK).is_file() and not _leftovers(old_site)
    assert old_site.stat().st_mode & 0o777 == 0o755


def test_a_folder_it_did_not_build_is_never_replaced(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    result = CliRunner().invoke(main, ["site", "--out", str(out)])
    assert result.exit_code == 2
    assert f"{out}: not a folder hearts-sheets built" in result.output
    assert read_tree(out) == {"notes.txt": b"keep me"}


def test_a_path_that_is_no_folder_is_never_replaced(tmp_path):
    """A device, a pipe or a socket given as --out (a slip for /dev/null) stays as it is."""
    out = tmp_path / "pipe"
    os.mkfifo(out)
    result = CliRunner().invoke(main, ["site", "--out", str(out)])
    assert result.exit_code == 2
    assert f"{out}: not a folder" in result.output
    assert stat.S_ISFIFO(out.stat().st_mode)


def test_the_set_on_this_page_is_marked_apart_from_its_title(index):
    """The mark beside the heading of the set whose rules the page shows reads apart from the
    title for whoever hears or copies it: "Standard Hearts (the rules on this page)"."""
    headings = {h.get("id"): " ".join(text_of(h).split()) for h in index.iter("h3")}
    marked = [text for text in headings.values() if "the rules on this page" in text]
    assert len(marked) == 1, headings
    title, mark = marked[0].split(" (", 1)
    assert title and mark == "the rules on this page)", marked
