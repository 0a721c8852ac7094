"""Errors a user can cause, shown as one clear message with exit code 2 and no traceback."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from sheets.problems import Problem


class SheetsError(click.ClickException):
    """Base class of every error caused by the user's input; the CLI exits with code 2."""

    exit_code = 2
    told = "Error: {message}"  # how the message is told, in the language it is told in

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(self.told.format(message=self.format_message()), file=file, err=file is None)


class InputError(SheetsError):
    """A file the user gave (house rules or content) is wrong.

    ``problems`` holds every :class:`~sheets.problems.Problem` found, each naming file, line,
    key, expected and found; the message is one line for each. ``language`` is the language
    the input asked for, if it could be read ("" otherwise), to word the problems in.
    """

    def __init__(self, problems: Sequence[Problem], language: str = "", message: str = ""):
        self.problems = tuple(problems)
        self.language = language
        super().__init__(message or "\n".join(p.located() for p in self.problems))


class DoesNotFitError(SheetsError):
    """A sheet's content does not fit its one page at the smallest allowed size."""
