"""The site in every language: English at the root, each other language in its own folder with
its rules page, sheets and scorekeeper, links between them, one service worker for all, and
plural forms from CLDR for the scorekeeper's scripts."""

from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner

from sheets.bundle import load_content, load_preset
from sheets.cli import main
from sheets.housefile import STANDARD_FILE
from sheets.language import LANGUAGES, PLURAL_TABLE, file_stem, plural_rule
from sheets.site.builder import build_sites, plan_site
from sheets.site.scorekeeper import plural_table

OTHERS = tuple(code for code in LANGUAGES if code != "en")
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}


def _plans(codes):
    plans = []
    for code in codes:
        content = load_content(code)
        preset = load_preset("standard").in_language(content.language)
        plans.append(
            plan_site(content, STANDARD_FILE.in_language(content.language), {"standard": preset})
        )
    return plans


@pytest.fixture(scope="module")
def small_sites() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The site with the standard preset only: in English alone, and in every language."""
    return build_sites(_plans(("en",)), workers=1), build_sites(_plans(LANGUAGES), workers=2)


def _config(files, path):
    text = files[path].decode("utf-8")
    return json.loads(text[text.index("= {") + 2 : text.rindex(";")])


def test_the_english_page_changes_only_by_its_links_to_the_other_languages(small_sites):
    alone, every = small_sites
    before = alone["index.html"].decode().splitlines()
    after = every["index.html"].decode().splitlines()
    added = [line for line in after if line not in before]
    assert [line for line in before if line not in after] == []
    assert [line for line in after if line in before] == before  # the same lines, in order
    hreflang = [line for line in added if line.startswith('<link rel="alternate" hreflang=')]
    switcher = [line for line in added if line.startswith('<nav class="languages"')]
    assert len(hreflang) == len(LANGUAGES) + 1 and len(switcher) == 1
    assert len(added) == len(hreflang) + len(switcher)
    assert '<link rel="alternate" hreflang="x-default" href="index.html">' in added
    for code in OTHERS:
        assert f'<link rel="alternate" hreflang="{code}" href="{code}/index.html">' in added
        assert (
            f'href="{code}/index.html" hreflang="{code}" lang="{code}">{NAMES[code]}<'
            in (switcher[0])
        )
    assert 'aria-current="page">English<' in switcher[0]


def test_each_language_has_its_own_folder_with_rules_sheets_and_scorekeeper(small_sites):
    _, every = small_sites
    for code in OTHERS:
        page = every[f"{code}/index.html"].decode()
        assert f'<html lang="{code}">' in page
        assert f'aria-current="page">{NAMES[code]}<' in page
        assert '<link rel="alternate" hreflang="x-default" href="../index.html">' in page
        assert 'href="../index.html" hreflang="en" lang="en">English<' in page
        for name in re.findall(r'(?:href|src)="((?:downloads|previews)/[^"]+)"', page):
            assert f"{code}/{name}" in every
        assert (
            every[f"{code}/downloads/standard-rule-sheet-a4.pdf"]
            != (every["downloads/standard-rule-sheet-a4.pdf"])
        )
        assert f'<html lang="{code}">' in every[f"{code}/scorekeeper.html"].decode()
        config = _config(every, f"{code}/scorekeeper-config.js")
        assert config["language"] == code and config["worker"] == "../sw.js"
        assert config["scorekeepers"][code] == "scorekeeper.html"
        assert config["scorekeepers"]["en"] == "../scorekeeper.html"
        assert config["nouns"]["hand"] == dict(load_content(code).language.nouns["hand"])
    assert _config(every, "scorekeeper-config.js")["worker"] == "sw.js"
    assert not any(name.startswith(("de/sw.js", "fr/sw.js", "es/sw.js")) for name in every)


def test_each_languages_sheets_are_saved_under_its_own_names(small_sites):
    _, every = small_sites
    assert " download=" not in every["index.html"].decode()  # English keeps the address's name
    for code in OTHERS:
        language = load_content(code).language
        page = every[f"{code}/index.html"].decode()
        links = re.findall(
            r'<a href="downloads/([^"]+)" type="application/pdf" download="([^"]+)">', page
        )
        assert len(links) == page.count('type="application/pdf"') == 10
        for href, name in links:
            kind, paper = re.fullmatch(r"standard-(.+)-(letter|a4)\.pdf", href).groups()
            stem = file_stem(language.game, language.site["file-letters"])
            assert name == f"{stem}-{language.site[f'file-{kind}']}-{paper}.pdf"
            assert name != href and re.fullmatch(r"[a-z0-9-]+\.pdf", name)


DEFAULT_PAPERS = {"en": "letter", "de": "a4", "fr": "a4", "es": "a4"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_lists_its_own_paper_first(small_sites, code):
    _, every = small_sites
    assert load_content(code).language.default_paper == DEFAULT_PAPERS[code]
    page = every[("" if code == "en" else f"{code}/") + "index.html"].decode()
    papers = re.findall(r'href="downloads/standard-rule-sheet-(\w+)\.pdf"', page)
    assert papers[0] == DEFAULT_PAPERS[code] and set(papers) == {"letter", "a4"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_steps_note_reads_apart_from_its_step(small_sites, code):
    """A step's note is a block of its own on screen; read as text (a screen reader, a copy)
    it is a sentence of its own too, not run into the step's last word ("siguiente.Una")."""
    _, every = small_sites
    page = every[("" if code == "en" else f"{code}/") + "index.html"].decode()
    assert '<span class="note">' in page
    assert not re.search(r'\S<span class="note">', page)


def test_the_service_worker_keeps_every_languages_pages(small_sites):
    _, every = small_sites
    worker = every["sw.js"].decode()
    files = json.loads(worker[worker.index("var FILES = ") + 12 : worker.index(";\nvar CACHE")])
    for folder in ("", *(f"{code}/" for code in OTHERS)):
        for name in (
            "index.html",
            "scorekeeper.html",
            "scorekeeper-config.js",
            "scorekeeper.js",
            "site.css",
            "previews/standard-rule-sheet-a4.png",
        ):
            assert folder + name in files
        assert not any(f.startswith(folder + "downloads/") for f in files)
    assert set(files) <= set(every)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_scorekeepers_plural_table_agrees_with_cldr(code):
    """The page looks a number's plural category up in the table (0 to 99 each, then by the
    last two digits): it agrees with Babel's rule for every number the content keeps."""
    table = plural_table(load_content(code).language)
    rule = plural_rule(code)
    for n in range(PLURAL_TABLE):
        found = table["small"][n] if n < 100 else table["hundreds"][n % 100]
        assert found == rule(n), n
    if code == "fr":
        assert table["small"][:3] == ["one", "one", "other"]  # 0 and 1 are singular
    if code in ("en", "de", "es"):
        assert table["small"][:3] == ["other", "one", "other"]


def test_site_with_a_language_puts_that_language_at_the_root(standard_site, tmp_path):
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["site", "--out", str(out), "--language", "de"])
    assert result.exit_code == 0, result.output
    assert '<html lang="de">' in (out / "index.html").read_text("utf-8")
    assert '<html lang="en">' in (out / "en" / "index.html").read_text("utf-8")
    assert (out / "fr" / "scorekeeper.html").is_file() and not (out / "de").exists()
    # the default build: English at the root, every other language beside it
    assert '<html lang="en">' in (standard_site / "index.html").read_text("utf-8")
    for code in OTHERS:
        assert (standard_site / code / "index.html").is_file()


def test_the_french_pages_keep_a_no_break_space_before_high_punctuation(small_sites):
    """What the pages put together themselves (a download's name after its set's title, the
    picture's plays for screen readers) keeps French typography, as the words do."""
    from test_french_typography import _faults

    _, every = small_sites
    for path in ("fr/index.html", "fr/scorekeeper.html"):
        page = every[path].decode()
        shown = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
        assert _faults(html.unescape(re.sub(r"<[^>]+>", "", shown))) == [], path
