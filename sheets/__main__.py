"""Run the command line: ``python -m sheets``."""

from sheets.cli import main

if __name__ == "__main__":
    main()
