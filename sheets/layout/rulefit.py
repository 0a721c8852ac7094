"""Fitting the rule sheet's columns: the units measured at a body size and step of the ladder
(:class:`Measurer`), dealt into balanced columns, and the search for the largest size that fits
at a step (:func:`first_fit`, :func:`grow`). How the ladder is walked is told in
:mod:`sheets.layout.rulesheet`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from reportlab.platypus import Flowable

from sheets.blocks import RuleSheetText, Section
from sheets.example import WorkedExample
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram
from sheets.layout.rulepage import Page, band
from sheets.layout.ruleunits import FULL, LEFT_OUT, Unit, section_units

SIZE_STEP = 0.05  # body sizes are chosen in steps of this many points
MIN_GAIN = 0.1  # a size that fits is tried again larger only for at least this many points
MAX_TRIES = 3  # larger sizes tried at the step of the ladder that fits
AIM_LINES = 0.5  # a predicted size aims for the columns to end this many lines short
TEXT_POWER = 2.3  # measured: text height grows about as size ** 2.3 (more lines, each taller)
BALANCE_TOLERANCE = 0.05  # points: how close the tallest column is to the least possible


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of what gives way: how some sections are set, and the smallest body size
    allowed before the next step."""

    gives_way: str  # in words, for messages
    smallest: float
    forms: Mapping[str, str] = field(default_factory=dict)  # section id -> BRIEF or NAMES

    def form(self, section_id: str) -> str:
        return self.forms.get(section_id, FULL)


@dataclass(slots=True)
class Layout:
    """Everything measured at one body size and step of the ladder, dealt into columns."""

    size: float
    stage: Stage
    band: Flowable
    band_h: float
    units: list[Unit]
    starts: list[int]  # the first unit of each column
    column_h: float  # the tallest column
    body_h: float  # the room below the band

    @property
    def fits(self) -> bool:
        return self.column_h <= self.body_h

    @property
    def need(self) -> float:
        """Page height this size needs (band, gap and the tallest column)."""
        return self.band_h + st.RULE_SHEET_BAND_GAP + self.column_h

    @property
    def room(self) -> float:
        """The page's height inside the margins."""
        return self.band_h + st.RULE_SHEET_BAND_GAP + self.body_h

    @property
    def fixed(self) -> float:
        """The height that does not grow with the body size: the band and the pictures."""
        return (
            self.band_h
            + st.RULE_SHEET_BAND_GAP
            + sum(f.height for u in self.units for f in u.flowables if isinstance(f, TrickDiagram))
        )

    def columns(self) -> list[list[Unit]]:
        """The units of each column."""
        ends = self.starts[1:] + [len(self.units)]
        return [self.units[a:b] for a, b in zip(self.starts, ends)]


# -- units and columns ------------------------------------------------------------------------


def _fill(units: list[Unit], height: float) -> list[int]:
    """Each column's first unit when every column takes all it can up to ``height``."""
    starts, column = [0], 0.0
    for i, unit in enumerate(units):
        grown = column + unit.gap + unit.height if i > starts[-1] else unit.height
        if grown > height + 1e-6 and i > starts[-1]:
            starts.append(i)
            grown = unit.height
        column = grown
    return starts


def _balance(units: list[Unit], columns: int) -> tuple[list[int], float]:
    """Deal the units into columns, in order, so that the tallest column is as short as it can
    be: the least height at which filling each column in turn leaves nothing over, found by
    halving (to :data:`BALANCE_TOLERANCE`). Returns each column's first unit and the tallest
    column."""
    low = max(u.height for u in units)
    high = sum(u.height + u.gap for u in units)
    if len(_fill(units, low)) <= columns:
        high = low
    while high - low > BALANCE_TOLERANCE:
        middle = (low + high) / 2
        if len(_fill(units, middle)) <= columns:
            high = middle
        else:
            low = middle
    starts = _fill(units, high)
    tallest = 0.0
    for a, b in zip(starts, starts[1:] + [len(units)]):
        tallest = max(tallest, sum(u.height + u.gap for u in units[a:b]) - units[a].gap)
    starts += [len(units)] * (columns - len(starts))
    return starts, tallest


class Measurer:
    """Measures layouts of one sheet on one page, wrapping each section once per body size and
    form, and the band once per body size. :attr:`sizes` lists the body sizes measured."""

    def __init__(self, text: RuleSheetText, example: WorkedExample, page: Page):
        self.text, self.example, self.page = text, example, page
        self.sizes: list[float] = []
        self._bands: dict[float, tuple[Flowable, float]] = {}
        self._sections: dict[tuple[str, str, float], list[Unit]] = {}

    def _band(self, size: float) -> tuple[Flowable, float]:
        if size not in self._bands:
            self.sizes.append(size)
            made = band(self.text, size, self.page)
            self._bands[size] = made, made.wrap(self.page.width, self.page.height)[1]
        return self._bands[size]

    def _units(self, section: Section, form: str, size: float) -> list[Unit]:
        if form == LEFT_OUT:
            return []
        key = (section.id, form, size)
        if key not in self._sections:
            self._sections[key] = section_units(
                section, form, size, self.page.column_w, self.example
            )
        return self._sections[key]

    def layout(self, size: float, stage: Stage) -> Layout:
        """Everything measured at a body size and step of the ladder, dealt into columns."""
        band, band_h = self._band(size)
        units = [
            u
            for section in self.text.sections
            for u in self._units(section, stage.form(section.id), size)
        ]
        starts, tallest = _balance(units, st.RULE_SHEET_COLUMNS)
        body_h = self.page.height - band_h - st.RULE_SHEET_BAND_GAP
        return Layout(size, stage, band, band_h, units, starts, tallest, body_h)


# -- fitting ----------------------------------------------------------------------------------


def _round_down(size: float) -> float:
    return round(math.floor(size / SIZE_STEP + 1e-6) * SIZE_STEP, 2)


def _predict(fits: Layout, misses: Layout | None) -> float:
    """The body size at which the columns would end :data:`AIM_LINES` short of the page (so
    that a prediction lands on the side that fits). The height needed is modelled as
    ``fixed + p * size ** TEXT_POWER``: from one measured size, ``fixed`` is the band and the
    pictures; from two, both terms are solved from the measurements."""
    k_fit = fits.size**TEXT_POWER
    if misses is not None and misses.need > fits.need:
        k_miss = misses.size**TEXT_POWER
        p = (misses.need - fits.need) / (k_miss - k_fit)
        fixed = fits.need - p * k_fit
    else:
        fixed = fits.fixed
        p = max(fits.need - fixed, 1.0) / k_fit
    room = fits.room - AIM_LINES * fits.size * st.RULE_LEADING
    return _round_down((max(room - fixed, 0.0) / p) ** (1 / TEXT_POWER))


def first_fit(
    measure: Measurer, stage: Stage, missed: float | None
) -> tuple[Layout | None, Layout | None]:
    """A layout that fits at this step of the ladder, or None: tried first at the size where
    the step before missed (only the sections this step sets differently are measured anew),
    then at the step's smallest size. Also the layout at this step known not to fit, if any."""
    misses = None
    sizes = [stage.smallest] if missed is None else [max(missed, stage.smallest), stage.smallest]
    for size in dict.fromkeys(sizes):
        trial = measure.layout(size, stage)
        if trial.fits:
            return trial, misses
        misses = trial
    return None, misses


def grow(measure: Measurer, fits: Layout, misses: Layout | None) -> Layout:
    """The layout at the largest size that fits at the step of ``fits``: sizes predicted from
    the nearest size that fits and the nearest that does not, until the gain would be under
    :data:`MIN_GAIN` or :data:`MAX_TRIES` sizes were tried."""
    for _ in range(MAX_TRIES):
        ceiling = round(misses.size - SIZE_STEP, 2) if misses else st.RULE_SHEET_MAX_SIZE
        size = min(_predict(fits, misses), ceiling)
        if size < fits.size + MIN_GAIN:
            break
        trial = measure.layout(size, fits.stage)
        if trial.fits:
            fits = trial
        else:
            misses = trial
    return fits
