"""The package as a user gets it: the wheel built from the source, installed into a fresh venv
outside the checkout, its command run from a folder of the user's. Nothing here may lean on the
checkout: the commands run elsewhere, with no PYTHONPATH, and must find the content, fonts and
static files inside the installed package."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

import sheets

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("pyproject.toml", "README.md", "sheets", "content")  # what a source release holds
HOUSE = "title: Hearts at the Millers'\npreset: omnibus\nmoon: shooter-chooses\n"
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"  # the dependencies' wheels, kept with the test venv


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(list(map(str, command)), cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(map(str, command))}\n{done.stdout}{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built by pip from a copy of the source (so the build leaves nothing in the
    checkout and cannot pick up anything a source release would not hold), with the test
    environment's setuptools (an isolated build would install setuptools afresh each time)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "hearts-sheets"
    source.mkdir()
    for name in SOURCE:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy2(ROOT / name, source / name)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--quiet",
        "--wheel-dir",
        work,
        source,
        cwd=work,
    )
    (built,) = work.glob("*.whl")
    return built


def install(python: Path, wheel: Path, cwd: Path) -> None:
    """Install the wheel and the dependencies it declares, with this environment's pip.

    The dependencies' wheels are kept in :data:`WHEELHOUSE` and installed from there without the
    package index; the first run, or one whose requirements the wheelhouse no longer meets,
    downloads them there first (resolving them against the index takes seconds)."""
    pip = [
        sys.executable,
        "-m",
        "pip",
        "--python",
        str(python),
        "install",
        "--quiet",
        "--no-index",
        "--find-links",
        str(WHEELHOUSE),
        str(wheel),
    ]
    if WHEELHOUSE.is_dir() and subprocess.run(pip, cwd=cwd, capture_output=True).returncode == 0:
        return
    run(sys.executable, "-m", "pip", "download", "--quiet", "--dest", WHEELHOUSE, wheel, cwd=cwd)
    (WHEELHOUSE / wheel.name).unlink(missing_ok=True)  # only the dependencies are kept
    run(*pip, cwd=cwd)


@pytest.fixture(scope="module")
def user(tmp_path_factory, wheel) -> tuple[Path, dict[str, str]]:
    """A fresh venv with the wheel and its declared dependencies only, and a folder of the
    user's to run the command in; returns the folder and the environment to run with."""
    home = tmp_path_factory.mktemp("user")
    venv = home / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=home)
    install(venv / "bin" / "python", wheel, cwd=home)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    folder = home / "cards"
    folder.mkdir()
    return folder, env


def test_the_wheel_holds_the_package_and_its_data_and_nothing_else(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {name for name in names if ".dist-info/" not in name}
    expected = {
        f"sheets/{p.relative_to(ROOT / 'sheets').as_posix()}"
        for p in (ROOT / "sheets").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    expected |= {
        f"sheets/content_files/{p.relative_to(ROOT / 'content').as_posix()}"
        for p in (ROOT / "content").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert package == expected
    assert "sheets/content_files/presets/omnibus.yaml" in package
    assert not [name for name in names if "bench" in name or "test" in name.split("/")[0]]


def test_the_installed_command_is_the_wheels_not_the_checkouts(user):
    folder, env = user
    where = run("python", "-c", "import sheets; print(sheets.__file__)", cwd=folder, env=env)
    assert Path(where.strip()).is_relative_to(folder.parent / "venv")
    version = run("hearts-sheets", "--version", cwd=folder, env=env)
    assert version == f"hearts-sheets, version {sheets.__version__}\n"


def test_build_from_a_folder_of_the_users(user):
    folder, env = user
    out = run("hearts-sheets", "build", cwd=folder, env=env)
    assert out.startswith(f"wrote {Path('build') / 'rule-sheet.pdf'} (Letter portrait")
    for name in ("rule-sheet.pdf", "score-sheet.pdf"):
        assert len(PdfReader(folder / "build" / name).pages) == 1


def test_check_reads_a_preset_from_the_installed_package(user):
    folder, env = user
    (folder / "millers.yaml").write_text(HOUSE)
    out = run("hearts-sheets", "check", "millers.yaml", cwd=folder, env=env).splitlines()
    assert out[0] == "millers.yaml: ok"
    in_force = "\n".join(out[1:])
    assert "Hearts at the Millers'" in in_force
    assert "J♦" in in_force  # omnibus's bonus card, from the bundled preset


def test_site_from_a_folder_of_the_users(user):
    folder, env = user
    out = run("hearts-sheets", "site", "--out", "site", cwd=folder, env=env)
    assert "wrote site: " in out
    site = folder / "site"
    pdfs = sorted((site / "downloads").glob("*.pdf"))
    # 7 presets x 5 sheets x 2 papers at the root (each other language in its own folder),
    # and Cancellation's rule and score sheets at 7 to 10 players, listed without pictures
    assert len(list((site / "previews").glob("*.png"))) == 70
    assert len(pdfs) == 70 + 4 * 2 * 2
    for pdf in pdfs:  # one page each, large print on up to four
        assert 1 <= len(PdfReader(pdf).pages) <= (4 if "large-" in pdf.name else 1), pdf.name
    assert (site / "index.html").stat().st_size > 10_000
    assert (site / "scorekeeper.html").is_file() and (site / "scoring.js").is_file()


def test_the_installed_package_keeps_its_checked_content_in_the_users_cache(user, tmp_path):
    """The first run keeps the checked content in the user's cache folder, never inside the
    installed package; the next run reads it from there, and the sheets are the same bytes. A
    package folder that may not be written changes nothing."""
    folder, env = user
    env = {k: v for k, v in env.items() if k != "HEARTS_SHEETS_CACHE"}
    env["HOME"] = str(tmp_path / "home")
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    where = run(
        "python",
        "-c",
        "from sheets import bundle, contentcache; print(contentcache.cache_path(bundle.root()))",
        cwd=folder,
        env=env,
    ).strip()
    cache = Path(where)
    assert cache.parent == tmp_path / "xdg" / "hearts-sheets" and not cache.exists()
    package = Path(
        run(
            "python",
            "-c",
            "import sheets, os; print(os.path.dirname(sheets.__file__))",
            cwd=folder,
            env=env,
        ).strip()
    )
    before = sorted(p for p in package.rglob("*") if "__pycache__" not in p.parts)
    run("hearts-sheets", "build", "--out", "first", cwd=folder, env=env)
    assert cache.is_file()
    assert sorted(p for p in package.rglob("*") if "__pycache__" not in p.parts) == before
    assert not list(package.rglob("*.pickle"))
    parsed = run(
        "python",
        "-c",
        "import sys; from sheets import bundle; bundle.load_content(); "
        "print('yaml.reader' in sys.modules)",
        cwd=folder,
        env=env,
    )
    assert parsed == "False\n", "the content was read from the files again"
    run("hearts-sheets", "build", "--out", "second", cwd=folder, env=env)
    for name in ("rule-sheet.pdf", "score-sheet.pdf"):
        assert (folder / "first" / name).read_bytes() == (folder / "second" / name).read_bytes()
    unwritable = dict(env, XDG_CACHE_HOME="/proc/no-cache-here")
    run("hearts-sheets", "build", "--out", "third", cwd=folder, env=unwritable)
    off = dict(env, HEARTS_SHEETS_CACHE="")
    run("hearts-sheets", "build", "--out", "fourth", cwd=folder, env=off)
    for name in ("rule-sheet.pdf", "score-sheet.pdf"):
        assert (folder / "third" / name).read_bytes() == (folder / "first" / name).read_bytes()
        assert (folder / "fourth" / name).read_bytes() == (folder / "first" / name).read_bytes()
