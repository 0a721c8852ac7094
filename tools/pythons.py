"""The test suite on several Pythons, and the sheets they build compared byte for byte.

``make test-pythons`` runs this with the oldest and the newest Python the package supports. For
each version it runs ``make test`` with ``VENV=.venv-3.x`` and that Python (so the venv is made,
installed and refreshed exactly as ``.venv`` is), then builds both sheets on both papers, with
house rules, and the site, into ``build/pythons/3.x``. Every file must come out byte-identical
across the versions.

An interpreter is ``python3.x`` on the ``PATH``, or pyenv's newest ``3.x`` in ``~/.pyenv``.
Exits 1, saying which, when a version is missing, its tests fail or a file differs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "pythons"
HOUSE = "title: Hearts at the Millers'\npreset: omnibus\nmoon: shooter-chooses\nplayers: 5\n"


class Failed(Exception):
    """One line saying what went wrong."""


def interpreter(version: str) -> Path:
    """A ``python`` of this version: on the PATH, or pyenv's newest."""
    candidates = [shutil.which(f"python{version}")]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(
        pyenv.glob(f"{version}.*/bin/python{version}"),
        key=lambda p: [int(n) for n in p.parts[-3].split(".") if n.isdigit()],
        reverse=True,
    )
    for candidate in filter(None, candidates):
        done = subprocess.run(
            [candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
        )
        if done.returncode == 0 and done.stdout.strip() == version:
            return Path(candidate)
    raise Failed(
        f"no Python {version}: install it (for example `pyenv install {version}` or "
        f"your system's python{version} package) and run again"
    )


def run(*command: str | Path, **kwargs) -> None:
    print("$", " ".join(map(str, command)), flush=True)
    if subprocess.run(list(map(str, command)), cwd=ROOT, **kwargs).returncode != 0:
        raise Failed(f"failed: {' '.join(map(str, command))}")


def test(version: str, full: bool) -> Path:
    """``make test`` in ``.venv-<version>``, made with that Python; returns the venv's python."""
    folder = f".venv-{version}"
    run(
        os.environ.get("MAKE", "make"),
        "test",
        f"VENV={folder}",
        f"PYTHON={interpreter(version)}",
        *(["FULL=1"] if full else []),
    )
    return ROOT / folder / "bin" / "python"


def build_all(python: Path, out: Path) -> None:
    """Both sheets on both papers, with house rules, and the site, into ``out``."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    house = out / "millers.yaml"
    house.write_text(HOUSE)
    for paper in ("letter", "a4"):
        run(
            python,
            "-m",
            "sheets",
            "build",
            "--paper",
            paper,
            "--out",
            out / paper,
            stdout=subprocess.DEVNULL,
        )
    run(
        python,
        "-m",
        "sheets",
        "build",
        "--house-rules",
        house,
        "--out",
        out / "millers",
        stdout=subprocess.DEVNULL,
    )
    run(python, "-m", "sheets", "site", "--out", out / "site", stdout=subprocess.DEVNULL)
    house.unlink()


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def compare(versions: list[str]) -> None:
    trees = {v: files_of(OUT / v) for v in versions}
    first, *others = versions
    for other in others:
        if trees[other].keys() != trees[first].keys():
            raise Failed(
                f"Python {first} and {other} built different files: "
                f"{sorted(trees[first].keys() ^ trees[other].keys())}"
            )
        differ = [name for name, data in trees[first].items() if trees[other][name] != data]
        if differ:
            raise Failed(
                f"Python {first} and {other} built {len(differ)} files differently: "
                + ", ".join(differ[:10])
            )
    pdfs = sum(name.endswith(".pdf") for name in trees[first])
    print(
        f"byte-identical on Python {', '.join(versions)}: {len(trees[first])} files "
        f"({pdfs} PDFs) in {OUT.relative_to(ROOT)}/<version>"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the long random sweeps too")
    parser.add_argument("versions", nargs="+", help="such as 3.11 3.13")
    args = parser.parse_args(argv)
    try:
        for version in args.versions:
            build_all(test(version, args.full), OUT / version)
        compare(args.versions)
    except Failed as err:
        print(f"test-pythons: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
