"""click's own usage errors (an option it does not know, a value missing or not among the
choices, a file that is not there) in the language a command runs in, as one line.

The language is the one ``--language`` names as typed (the last, as click takes it), else the
``language`` key of the house-rules file the command names (``--house-rules``, ``check``'s file),
when that is a regular file that reads; else English, which keeps click's own words. The words
are the ``usage-*`` words of the language's ``cli`` section (:data:`sheets.language.USAGE`);
option names and values stay as typed. A value a command refuses with its own words
(:class:`RefusedValue`) is said in the ``usage-bad-value`` frame, options a command refuses
together (:class:`RefusedUsage`) in their ``usage-*`` words; an error of a kind no words say
keeps click's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from sheets.errors import SheetsError

LANGUAGE = "--language"
HOUSE_RULES = "--house-rules"
FILE_COMMANDS = ("check",)  # the commands whose house-rules file is their argument


def _english(kind: str, values: dict[str, object]) -> str:
    from sheets.bundle import load_content

    return load_content("en").language.cli[kind].format(**values)


class RefusedValue(click.BadParameter):
    """A value a command refused with its own words: the ``cli`` words ``kind`` (what was
    expected and found), in the ``usage-bad-value`` frame of the command's language (in
    English, click's frame)."""

    def __init__(self, kind: str, values: dict[str, object], **where: Any):
        super().__init__(_english(kind, values), **where)
        self.kind, self.values = kind, values

    def hint(self) -> str:
        """The option as click names it."""
        if isinstance(self.param_hint, str):
            return self.param_hint
        return self.param.get_error_hint(self.ctx) if self.param and self.ctx else ""


class RefusedUsage(click.UsageError):
    """Options a command refuses together, in its language's ``usage-{kind}`` words."""

    def __init__(self, kind: str, values: dict[str, object] | None = None):
        super().__init__(_english(f"usage-{kind}", values or {}))
        self.kind, self.values = kind, values or {}


def _last_value(args: Sequence[str], option: str) -> str | None:
    """The value the last ``option VALUE`` or ``option=VALUE`` among the arguments gives."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == option and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith(option + "="):
            found = arg[len(option) + 1 :]
    return found


def _argument(args: Sequence[str]) -> str | None:
    """The first of a command's arguments that is neither an option nor an option's value."""
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in (LANGUAGE, HOUSE_RULES):
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def _options(command: click.Command) -> set[str]:
    return {name for param in command.params for name in param.opts}


def command_language(command: click.Command, args: Sequence[str]) -> str:
    """The language a command's arguments ask for (see the module); "en" when they name none
    (or the command has no such option)."""
    from sheets.language import LANGUAGES

    typed = _last_value(args, LANGUAGE) if LANGUAGE in _options(command) else None
    if typed in LANGUAGES:
        return typed
    if command.name in FILE_COMMANDS:
        house = _argument(args)
    else:
        house = _last_value(args, HOUSE_RULES) if HOUSE_RULES in _options(command) else None
    if not house or not Path(house).is_file():  # a pipe or a device is not read to guess
        return "en"
    from sheets.clifiles import load_house_rules
    from sheets.errors import InputError

    try:
        found = load_house_rules(Path(house)).language
    except InputError as err:
        found = err.language
    except (OSError, ValueError):
        found = ""
    return found if found in LANGUAGES else "en"


def _raw_value(err: click.BadParameter, args: Sequence[str]) -> str | None:
    """The value as typed that the parameter refused (of a repeated option, the first refused)."""
    ctx, param = err.ctx, err.param
    if ctx is None or param is None or param.name is None:
        return None
    try:
        typed, _, _ = ctx.command.make_parser(ctx).parse_args(list(args))
    except click.UsageError:
        return None
    values = typed.get(param.name)
    for value in values if isinstance(values, list) else [values]:
        try:
            param.type.convert(value, param, ctx)
        except click.BadParameter:
            return value
    return None


def _words(
    err: click.UsageError, command: click.Command, args: Sequence[str]
) -> tuple[str, dict[str, object]] | None:
    """Which ``usage-*`` words say the error, with their values; None for another kind."""
    ctx = err.ctx
    if isinstance(err, RefusedUsage):
        return err.kind, err.values
    if isinstance(err, click.NoSuchOption):
        option = repr(err.option_name)
        if err.possibilities:
            return "no-option-near", {"option": option, "near": repr(err.possibilities[0])}
        return "no-option", {"option": option}
    if isinstance(err, click.BadOptionUsage):
        params = [p for p in command.params if err.option_name in p.opts]
        flag = bool(params) and isinstance(params[0], click.Option) and params[0].is_flag
        return ("no-value" if flag else "needs-value"), {"option": repr(err.option_name)}
    if isinstance(err, RefusedValue):
        return "bad-value", {}
    if isinstance(err, click.MissingParameter) and err.param is not None:
        return "missing", {"name": err.param.get_error_hint(ctx)}
    if not isinstance(err, click.BadParameter) or err.param is None or ctx is None:
        return None
    value = _raw_value(err, args)
    if value is None:
        return None
    kind = err.param.type
    said: dict[str, object] = {"option": err.param.get_error_hint(ctx), "value": repr(value)}
    if isinstance(kind, click.Choice):
        return "not-one-of", said | {"choices": ", ".join(map(str, kind.choices))}
    if isinstance(kind, click.IntRange) and kind.min is not None:
        if kind.max is None:
            return "number-from", said | {"minimum": kind.min}
        return "number-between", said | {"minimum": kind.min, "maximum": kind.max}
    if isinstance(kind, click.Path) and kind.exists and not Path(value).exists():
        return "no-file", said
    return None


def told_usage(
    err: click.UsageError, commands: Mapping[str, click.Command], args: Sequence[str]
) -> SheetsError | None:
    """A usage error said in the command's language as one line, or None to let click say it
    (English, or a kind of error the words do not say). ``args``: the command line's arguments,
    the program's name left out."""
    name = next((arg for arg in args if not arg.startswith("-")), "")
    command = commands.get(name)
    if command is None:
        return None
    rest = list(args[args.index(name) + 1 :])
    code = command_language(command, rest)
    if code == "en":
        return None
    words = _words(err, command, rest)
    if words is None:
        return None
    from sheets.bundle import load_content

    language = load_content(code).language
    kind, values = words
    if isinstance(err, RefusedValue):  # its own words inside the frame
        values = {"option": err.hint(), "message": language.cli[err.kind].format(**err.values)}
    told = SheetsError(language.cli[f"usage-{kind}"].format(**values))
    told.told = language.cli["error"]
    return told


__all__ = ["RefusedUsage", "RefusedValue", "command_language", "told_usage"]
