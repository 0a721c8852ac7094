"""Run the command line: ``python -m sheets``."""

from sheets.cli import run

if __name__ == "__main__":
    run()
