"""The site the service serves (:mod:`sheets.service.sitefiles`): every language planned as
``hearts-sheets site`` plans it, each front page linked to /make, built once and then read back
from the cache folder; and a language's folder answered at ``/de/``. (The served files against
the built site's, over HTTP: tests/test_service.py.)"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest
from service_server import run_async

from sheets.bundle import load_content
from sheets.language import LANGUAGES
from sheets.service import sitefiles
from sheets.service.app import SheetsApp
from sheets.service.responses import Request
from sheets.site import builder

FILES = {"index.html": b"<p>en", "de/index.html": b"<p>de", "de/site.css": b"p{}"}


def fake_build(calls: list):
    def build(plans, **options):
        calls.append((plans, options))
        return dict(FILES)

    return build


def test_the_served_site_is_every_language_linked_to_make(monkeypatch):
    calls: list = []
    monkeypatch.setattr(builder, "build_sites", fake_build(calls))
    files = sitefiles.served_site(load_content(), "test", None, public_url="https://h.example")
    [(plans, options)] = calls
    assert files == FILES
    assert tuple(p.content.language.code for p in plans) == LANGUAGES
    assert options["make_link"] == "make"
    # each language's QR codes open the scorekeeper in its own folder, as the built site's do
    urls = {job.site_url for plan in plans for job in plan.jobs}
    assert urls == {"https://h.example", *(f"https://h.example/{c}" for c in LANGUAGES[1:])}


def test_the_site_is_built_once_and_then_read_from_the_cache(monkeypatch, tmp_path):
    calls: list = []
    monkeypatch.setattr(builder, "build_sites", fake_build(calls))
    folder = tmp_path / "cache"
    first = sitefiles.served_site(load_content(), "code-1", folder)
    again = sitefiles.served_site(load_content(), "code-1", folder)
    assert first == again == FILES and len(calls) == 1
    sitefiles.served_site(load_content(), "code-2", folder)  # another release: built anew
    assert len(calls) == 2
    # a kept site cut short is built again, never served in part
    kept = sitefiles.site_path(folder, "code-1")
    kept.write_bytes(kept.read_bytes()[:-30])
    assert sitefiles.served_site(load_content(), "code-1", folder) == FILES and len(calls) == 3
    for n in range(sitefiles.KEPT + 2):  # the newest few are kept, no more
        sitefiles.served_site(load_content(), f"more-{n}", folder)
    assert len(list(folder.iterdir())) == sitefiles.KEPT
    assert sitefiles.served_site(load_content(), "nowhere", None) == FILES


def test_a_kept_site_reads_back_byte_for_byte():
    files = {"a.pdf": bytes(range(256)) * 9, "de/index.html": "<p>Größe".encode()}
    packed = sitefiles.pack(files)
    assert sitefiles.unpack(packed) == files
    assert sitefiles.pack(files) == packed  # the same site, the same bytes
    assert sitefiles.unpack(packed[:100]) is None


def test_a_languages_folder_is_its_front_page():
    app = SheetsApp(load_content(), FILES, renders=None, fingerprint="test")  # type: ignore[arg-type]

    def get(path: str):
        return run_async(app.respond(Request("GET", path)))

    assert get("/de/").body == b"<p>de" and get("/de/").status == 200
    assert get("/").body == b"<p>en"
    moved = get("/de")
    assert moved.status == 301 and ("Location", "/de/") in moved.headers
    for missing in ("/fr/", "/de/site.css/", "/site.css/", "//de/"):
        assert get(missing).status == 404, missing


def test_a_languages_make_address_leads_to_the_form_in_that_language():
    """/de/make, typed by analogy with /de/, opens the form in German (its choices kept)."""
    app = SheetsApp(load_content(), FILES, renders=None, fingerprint="test")  # type: ignore[arg-type]
    moved = run_async(app.respond(Request("GET", "/de/make")))
    assert moved.status == 301 and ("Location", "../make?language=de") in moved.headers
    moved = run_async(app.respond(Request("GET", "/es/make", query="players=5")))
    assert ("Location", "../make?language=es&players=5") in moved.headers
    assert run_async(app.respond(Request("GET", "/en/make"))).status == 404


@pytest.mark.parametrize("code", LANGUAGES)
def test_make_links_back_to_the_rules_in_its_own_language(code):
    """/make's crumb and its footer's link to the rules open the rules page in the language
    /make is in: the root's for English, the language's folder for the others."""
    from test_service_app import InlineRenders

    from sheets.service.renders import Maker

    content = load_content()
    site = {
        "index.html": b"<p>en",
        **{f"{c}/index.html": f"<p>{c}".encode() for c in LANGUAGES[1:]},
    }
    app = SheetsApp(content, site, InlineRenders(Maker(content, "test", None)), fingerprint="test")  # type: ignore[arg-type]

    def get(path: str, query: str = ""):
        return run_async(app.respond(Request("GET", path, query)))

    page = get("/make", "" if code == "en" else f"language={code}").body.decode()
    crumb = re.findall(r'<p class="crumbs"><a href="([^"]*)"', page)
    footer = re.findall(r'<footer class="site-footer">.*<a href="([^"]*)"', page, re.S)
    assert len(crumb) == len(footer) == 1
    for link in crumb + footer:
        assert get(urljoin("/make", link)).body == f"<p>{code}".encode(), link
