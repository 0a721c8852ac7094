"""The command line, ``hearts-sheets``: the only module that reads and writes files."""

from __future__ import annotations

from pathlib import Path

import click

from sheets import __version__

REPO_ROOT = Path(__file__).resolve().parent.parent
CONTENT_DIR = REPO_ROOT / "content"


@click.group()
@click.version_option(__version__, prog_name="hearts-sheets")
def main() -> None:
    """Hearts Sheets: printable rule and score sheets for the card game Hearts."""


@main.command()
@click.option("--house-rules", "house_rules", type=click.Path(dir_okay=False, path_type=Path),
              help="A house-rules YAML file (default: the standard game).")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build"), show_default=True, help="Folder to write the PDFs into.")
def build(house_rules: Path | None, paper: str, out_dir: Path) -> None:
    """Build the rule sheet and the score sheet as PDFs."""
    click.echo("nothing to build yet")
