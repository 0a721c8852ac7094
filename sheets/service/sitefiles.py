"""The site the service serves: the same files as ``hearts-sheets site`` builds for the standard
rules, in every language (English at the root, each other in its folder: ``/de/``...), with each
front page linking to ``/make`` in its language.

Its PDFs take a while to render (some seventy for each language), so the built site is kept as
one uncompressed zip named by a digest of the code's fingerprint (which covers the public
address: the sheets' QR codes), in the user's cache folder for Hearts Sheets where the checked
content is kept (:func:`sheets.contentcache.cache_folder`; with that turned off, the sheet
cache's folder). A restart with the same code, or a second service of the same code, reads it
back in a moment; anything else (another release, a file cut short) builds the site again and
keeps it, beside at most :data:`KEPT` others (the newest).
"""

from __future__ import annotations

import io
import logging
import multiprocessing
import os
import tempfile
import zipfile
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path

from sheets.content import Content
from sheets.service.renders import cache_key

MAKE_LINK = "make"  # the front pages' link to the form, relative to the site's root
SITE_PRODUCT = "served-site"
KEPT = 4  # sites kept in the folder (several public addresses, a release before)
LOG = logging.getLogger("sheets.service")
_STAMP = (1980, 1, 1, 0, 0, 0)  # every member's date: the same site, the same bytes


def site_path(folder: Path, fingerprint: str) -> Path:
    """Where the site built by this code is kept."""
    return folder / f"served-site-{cache_key(fingerprint, b'', SITE_PRODUCT, '')}.zip"


def pack(files: Mapping[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, _STAMP), data)
    return out.getvalue()


def unpack(data: bytes) -> dict[str, bytes] | None:
    """The files of a kept site, or None when it does not read whole."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, EOFError):
        return None


def read_kept(path: Path) -> dict[str, bytes] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return unpack(data)


def keep(path: Path, files: Mapping[str, bytes]) -> None:
    """Write the site whole (or not at all) and remove all but the :data:`KEPT` newest."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".part-served-site-")
    except OSError as err:
        LOG.warning("the site cannot be kept in %s: %s", path.parent, err.strerror or err)
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(pack(files))
        os.replace(name, path)
    except OSError:
        with suppress(OSError):
            os.unlink(name)
        return
    with suppress(OSError):
        kept = sorted(path.parent.glob("served-site-*.zip"), key=lambda p: p.stat().st_mtime)
        for old in kept[:-KEPT]:
            old.unlink()


def served_site(
    content: Content,
    fingerprint: str,
    folder: Path | None,
    *,
    public_url: str = "",
    workers: int = 1,
) -> dict[str, bytes]:
    """Every file of the served site: the one kept in ``folder`` for this fingerprint, else
    built and kept there. Called before the event loop, with no thread running (like the render
    pool's zygote): the ``workers`` that render it are forks of this process, all gone when it
    is built (a fork server or a spawned pool's resource tracker would outlive it)."""
    from sheets.bundle import load_content, load_presets
    from sheets.housefile import STANDARD_FILE
    from sheets.language import LANGUAGES
    from sheets.site.builder import build_sites, plan_sites

    path = site_path(folder, fingerprint) if folder is not None else None
    files = read_kept(path) if path is not None else None
    if files:
        LOG.info("the site is read from %s", path)
        return files
    others = [load_content(code) for code in LANGUAGES if code != content.language.code]
    plans = plan_sites([content, *others], STANDARD_FILE, load_presets(), public_url)
    files = build_sites(
        plans,
        make_link=MAKE_LINK,
        workers=workers,
        context=multiprocessing.get_context("fork"),
    )
    if path is not None:
        keep(path, files)
    return files


__all__ = ["KEPT", "MAKE_LINK", "pack", "served_site", "site_path", "unpack"]
