"""The checked content kept between runs in the user's cache folder: used only when it was made
from the very same files by the same code, written only where it may be, never into the package,
and a build that uses it reads no YAML."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest

from sheets import bundle, contentcache
from sheets.content import parse_content


@pytest.fixture()
def files():
    return bundle.content_bytes()


@pytest.fixture(autouse=True)
def cache_folder(tmp_path_factory, monkeypatch):
    """A cache folder of the test's own."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(contentcache.ENVIRONMENT, str(folder))
    return folder


@pytest.fixture()
def cached(tmp_path, files):
    """A folder of content whose cache is kept."""
    assert contentcache.store(tmp_path, files, parse_content(files))
    return tmp_path


def test_the_cache_gives_back_the_content_the_files_give(cached, files):
    content = contentcache.load(cached, files)
    assert content is not None and content is not bundle.load_content()
    assert content == parse_content(files)
    assert dict(content.variants) == dict(parse_content(files).variants)
    with pytest.raises(TypeError):  # still read-only, as the parser makes it
        content.variants["x"] = None


def test_a_changed_file_is_read_again(cached, files):
    edited = dict(files, **{"rules.yaml": files["rules.yaml"] + b"\n# an edit\n"})
    assert contentcache.load(cached, edited) is None
    missing = {k: v for k, v in files.items() if k != "example.yaml"}
    assert contentcache.load(cached, missing) is None


def _rewrite(path, change):
    form, version, sources, stamps, payload = pickle.loads(path.read_bytes())
    path.write_bytes(pickle.dumps(change(form, version, sources, stamps, payload)))


def test_the_cache_notes_the_modules_whose_classes_it_holds(cached):
    stamps = pickle.loads(contentcache.cache_path(cached).read_bytes())[3]
    assert {"sheets.content", "sheets.blocks", "sheets.contentcache"} <= set(stamps)


def test_the_cache_notes_the_modules_that_check_the_content(cached):
    """A check changed in the YAML reader or in the house-rules table the content is checked
    against is a changed cache: the content is read and checked again."""
    stamps = pickle.loads(contentcache.cache_path(cached).read_bytes())[3]
    assert {"sheets.yamlread", "sheets.houserules", "sheets.example"} <= set(stamps)


@pytest.mark.parametrize(
    "change",
    [
        lambda f, v, s, st, p: (f, v, s, {**st, "sheets.content": (0, 0)}, p),  # code changed
        lambda f, v, s, st, p: (f, "0.0.0", s, st, p),  # another version of the package
        lambda f, v, s, st, p: (f + 1, v, s, st, p),  # another form of cache
        lambda f, v, s, st, p: (f, v, s, st, p[: len(p) // 2]),  # cut short
        lambda f, v, s, st, p: (f, v, s, st, pickle.dumps("not content")),
    ],
)
def test_a_cache_made_otherwise_is_no_cache(cached, files, change):
    _rewrite(contentcache.cache_path(cached), change)
    assert contentcache.load(cached, files) is None


def test_an_unreadable_cache_is_no_cache(cached, files):
    contentcache.cache_path(cached).write_bytes(b"\x80\x05 not a pickle")
    assert contentcache.load(cached, files) is None


def test_the_cache_is_kept_in_the_users_cache_folder_never_beside_the_content(
    tmp_path, files, cache_folder
):
    path = contentcache.store(tmp_path, files, parse_content(files))
    assert path is not None and path.parent == cache_folder
    assert list(tmp_path.iterdir()) == []  # nothing written beside the content
    other = tmp_path / "another-copy"
    other.mkdir()
    assert contentcache.cache_path(other) != path  # each installed copy has its own


@pytest.mark.parametrize(
    "platform, env, expected",
    [
        ("linux", {"XDG_CACHE_HOME": "/x/cache"}, "/x/cache/hearts-sheets"),
        ("linux", {"HOME": "/home/a"}, "/home/a/.cache/hearts-sheets"),
        ("darwin", {"HOME": "/Users/a"}, "/Users/a/Library/Caches/hearts-sheets"),
        (
            "win32",
            {"LOCALAPPDATA": "C:/Users/a/AppData/Local"},
            "C:/Users/a/AppData/Local/hearts-sheets/Cache",
        ),
        ("win32", {}, None),
    ],
)
def test_the_cache_folder_is_the_platforms_own(monkeypatch, platform, env, expected):
    for name in (contentcache.ENVIRONMENT, "XDG_CACHE_HOME", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    folder = contentcache.cache_folder()
    assert (str(folder) if folder else None) == expected


def test_no_cache_where_it_may_not_be_kept(tmp_path, files, monkeypatch):
    content = parse_content(files)
    monkeypatch.setenv(contentcache.ENVIRONMENT, "")  # turned off
    assert contentcache.store(tmp_path, files, content) is None
    assert contentcache.load(tmp_path, files) is None
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(contentcache.ENVIRONMENT, str(blocked / "cache"))  # cannot be made
    assert contentcache.store(tmp_path, files, content) is None
    assert contentcache.load(tmp_path, files) is None
    monkeypatch.setenv(contentcache.ENVIRONMENT, str(tmp_path))
    assert contentcache.store(object(), files, content) is None  # content in a zip: no folder


def test_load_content_writes_the_cache_and_then_uses_it(tmp_path, monkeypatch, files):
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(bundle, "root", lambda: tmp_path)
    bundle.load_content.cache_clear()
    try:
        first = bundle.load_content()
        assert contentcache.cache_path(tmp_path).exists()
        bundle.load_content.cache_clear()
        monkeypatch.setattr(bundle, "parse_content", None)  # the files are not read again
        assert bundle.load_content() == first
    finally:
        bundle.load_content.cache_clear()


def _build(folder, out) -> set[str]:
    """Build the standard sheets in a fresh process with the content read from ``folder``;
    the modules it loaded."""
    code = (
        "import sys, json; from pathlib import Path; from sheets import bundle; "
        f"bundle.root = lambda: Path({str(folder)!r}); "
        "from sheets.cli import main; "
        f"main(['build', '--out', {str(out)!r}], standalone_mode=False); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    return set(
        json.loads(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.splitlines()[-1]
        )
    )


def test_a_build_from_the_cache_reads_no_yaml(cached, files, tmp_path_factory):
    """PyYAML is imported lazily: with the content cached, a build of the standard sheets never
    runs it (its parser modules stay unloaded), and makes the same bytes as a build that reads
    the files."""
    plain = tmp_path_factory.mktemp("plain")
    for name, data in files.items():
        (cached / name).write_bytes(data)
        (plain / name).write_bytes(data)
    from_cache, from_files = cached / "out", plain / "out"
    loaded = _build(cached, from_cache)
    assert "sheets.content" in loaded and not [m for m in loaded if m.startswith("yaml.")]
    assert "yaml.reader" in _build(plain, from_files)
    for name in ("rule-sheet.pdf", "score-sheet.pdf"):
        assert (from_cache / name).read_bytes() == (from_files / name).read_bytes()
