"""The command line's files: reading the house-rules file and the content it names, and
writing what a command makes so that a failure leaves nothing half-written. With
:mod:`sheets.cli`, the only modules that read and write files."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheets.content import Content
    from sheets.housefile import HouseFile


def load_house_rules(path: Path) -> HouseFile:
    """Read and check a house-rules file (its preset read from the bundled presets)."""
    from sheets.bundle import read_preset
    from sheets.errors import InputError
    from sheets.housefile import MAX_BYTES, parse_house_rules
    from sheets.problems import Problem

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)  # the parser refuses anything longer, unread
    except FileNotFoundError:
        raise InputError(
            [Problem(message="the file does not exist", source=str(path), id="no-file")]
        ) from None
    except OSError as err:
        raise InputError(
            [Problem(message="the file cannot be read", source=str(path), id="unreadable")]
        ) from err
    return parse_house_rules(data, str(path), read_preset)


def load_inputs(house_rules: Path | None, language: str | None = None) -> tuple[Content, HouseFile]:
    """Read the house-rules file (or the standard game) and the content in its language:
    ``language`` (--language) when given, else the file's ``language`` key, else English. Raise
    on bad input, with every problem worded in that language."""
    from sheets.bundle import load_content
    from sheets.errors import InputError
    from sheets.housefile import STANDARD_FILE
    from sheets.messages import located

    try:
        house = STANDARD_FILE if house_rules is None else load_house_rules(house_rules)
    except InputError as err:
        content = load_content(language or err.language or "en")
        if content.language.code == "en":
            raise
        told = InputError(
            err.problems,
            language=err.language,
            message="\n".join(located(p, content.language) for p in err.problems),
        )
        told.told = content.language.cli["error"]
        raise told from None
    content = load_content(language or house.language or "en")
    return content, house.in_language(content.language)


@contextlib.contextmanager
def output_errors():
    """Turn a failure to write the output (a bad --out, a full disk) into a message, exit 2."""
    from sheets.errors import SheetsError

    try:
        yield
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        raise SheetsError(f"cannot write the output: {where}{err.strerror or err}") from None


def write_files(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write every file to a temporary name beside its target, then rename it into place, so
    that a reader never sees half a file and a failed build leaves earlier files as they were."""
    out_dir.mkdir(parents=True, exist_ok=True)
    temps = []
    try:
        for name, data in files.items():
            temp = out_dir / f".{name}.tmp"
            temp.write_bytes(data)
            temps.append((temp, out_dir / name))
        for temp, target in temps:
            temp.replace(target)
    finally:
        for temp, _ in temps:
            temp.unlink(missing_ok=True)


SITE_MARK = ".hearts-sheets-site"  # in every site folder we wrote; only such a folder is replaced


def swap_in_site(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write the site into a new folder beside ``out_dir``, then swap it in with two renames, so
    a failed build leaves the earlier site whole."""
    import shutil
    import tempfile

    out_dir.parent.mkdir(parents=True, exist_ok=True)
    new = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
    try:
        for name, data in {**files, SITE_MARK: b"built by hearts-sheets site\n"}.items():
            path = new / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        new.chmod(0o755)  # mkdtemp's folder is private; a web host must read it
        old = new.with_name(new.name.replace(".new-", ".old-"))
        if out_dir.exists():
            out_dir.rename(old)
        try:
            new.rename(out_dir)
        except BaseException:
            if old.exists():
                old.rename(out_dir)
            raise
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)
