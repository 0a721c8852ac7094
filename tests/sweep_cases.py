"""Random house-rules files and both sheets rendered for them, shared by the sweep's checks.

:func:`house_file_text` writes a seeded random house-rules file that ``check`` accepts (every
key may appear, and a title, notes and a preset); :func:`rendered` builds both sheets for it once
per process and keeps what a check needs: the prepared words, the PDFs and their text, or the
reason the rule sheet did not fit one page. Any check over many house rules (the numbers, the
grammar, the type sizes) reads the same :class:`Rendered` cases.
"""

from __future__ import annotations

import functools
import io
import random
from dataclasses import dataclass

import house_files
from house_files import random_mapping
from pdf_checks import pdf_text
from pypdf import PdfReader

from sheets.bundle import load_content, read_preset
from sheets.errors import DoesNotFitError, InputError
from sheets.housefile import HouseFile, parse_house_rules
from sheets.houserules import MAX_PLAYERS, MIN_PLAYERS
from sheets.pipeline import Prepared, prepare, render_rule_sheet, render_score_sheet

QUICK_SEEDS = tuple(range(40))  # run by default
FULL_SEEDS = tuple(range(40, 340))  # run with -m sweep
#: The languages other than English, and the seeds each is swept with: half the seeds (every
#: player count and both papers: the even seeds of one run of eight, the odd of the next),
#: shared out in turn, so the sweep takes half as long again as English alone.
OTHER_LANGUAGES = ("de", "fr", "es")


def language_seeds(seeds: tuple[int, ...]) -> list[tuple[int, str]]:
    """The seeds swept in another language, each with its language."""
    return [(seed, OTHER_LANGUAGES[seed % 3]) for seed in seeds if (seed + seed // 8) % 2 == 0]


def house_file_text(seed: int) -> str:
    """A random house-rules file that ``check`` accepts, drawn by :mod:`house_files` (every key
    may appear, and a title, notes and a preset, up to their limits); ``players`` runs through
    every count with the seed."""
    rng = random.Random(seed)
    players = MIN_PLAYERS + seed % (MAX_PLAYERS - MIN_PLAYERS + 1)
    while True:
        data = house_files.house_file_text({**random_mapping(rng), "players": players})
        try:
            parse_house_rules(data, "sweep.yaml", read_preset)
        except InputError:  # refused: draw again from the same generator
            continue
        return data.decode()


@dataclass(frozen=True)
class Rendered:
    """Both sheets for one random house-rules file."""

    seed: int
    source: str  # the house-rules file's text
    paper: str
    house: HouseFile
    prepared: Prepared
    rule_pdf: bytes | None  # None when it did not fit one page
    rule_error: str  # why it did not fit, else ""
    body_size: float
    gives_way: str  # what the rule sheet's fitting gave way (a LADDER step's words)
    score_pdf: bytes | None  # None when it did not fit one page
    score_error: str

    @functools.cached_property
    def rule_text(self) -> str:
        """The rule sheet's page text, whitespace squashed."""
        return pdf_text(self.rule_pdf)

    @functools.cached_property
    def score_text(self) -> str:
        """The score sheet's page text, whitespace squashed."""
        return pdf_text(self.score_pdf)

    @functools.cached_property
    def rule_pages(self) -> int:
        return len(PdfReader(io.BytesIO(self.rule_pdf)).pages)

    @functools.cached_property
    def score_pages(self) -> int:
        return len(PdfReader(io.BytesIO(self.score_pdf)).pages)


@functools.cache
def rendered(seed: int, language: str = "en") -> Rendered:
    """Both sheets for the random file of a seed, on Letter or A4 by turns, in a language."""
    source = house_file_text(seed)
    house = parse_house_rules(source.encode(), f"sweep-{seed}.yaml", read_preset)
    paper = ("letter", "a4")[seed % 2]
    content = load_content(language)
    house = house.in_language(content.language)
    prepared = prepare(content, house)
    try:
        rule = render_rule_sheet(prepared, paper)
        rule_pdf, error, size, gives_way = rule.pdf, "", rule.body_size, rule.gives_way
    except DoesNotFitError as err:
        rule_pdf, error, size, gives_way = None, str(err), 0.0, ""
    try:
        score_pdf, score_error = render_score_sheet(prepared, paper).pdf, ""
    except DoesNotFitError as err:
        score_pdf, score_error = None, str(err)
    return Rendered(
        seed,
        source,
        paper,
        house,
        prepared,
        rule_pdf,
        error,
        size,
        gives_way,
        score_pdf,
        score_error,
    )
