"""Errors a user can cause, shown as one clear message with exit code 2 and no traceback."""

from __future__ import annotations

import click


class SheetsError(click.ClickException):
    """Base class of every error caused by the user's input; the CLI exits with code 2."""

    exit_code = 2

    def format_message(self) -> str:
        return self.message


class InputError(SheetsError):
    """A file the user gave (house rules or content) is wrong.

    ``problems`` holds one line per problem, each naming file, line, key, expected and found.
    """

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class DoesNotFitError(SheetsError):
    """A sheet's content does not fit its one page at the smallest allowed size."""
