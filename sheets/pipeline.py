"""Both sheets for one house-rules file: the one path from checked input to PDF bytes that the
command line, the site builder and the service share.

:func:`prepare` does the work that depends on the rules alone (the sheet's text and the worked
example, where bad rules fail); :func:`render` makes one sheet on one paper from it. Both are
pure: they read no files but the vendored fonts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from sheets.blocks import ScoreSheetText
from sheets.cardtext import PocketCardText, pocket_card_text
from sheets.content import Content
from sheets.example import WorkedExample, find_example
from sheets.housefile import HouseFile
from sheets.houserules import HouseRules, without_dead_rules
from sheets.text import RuleSheetText, assemble, game_sheet_text, score_sheet_text

if TYPE_CHECKING:
    from sheets.gamerecord import GameRecord
    from sheets.layout.cards import PocketCardsPDF
    from sheets.layout.largeprint import LargeRuleSheetPDF
    from sheets.layout.largescore import LargeScoreSheetPDF
    from sheets.layout.pages import SheetCode
    from sheets.layout.rulesheet import RuleSheetPDF
    from sheets.layout.scoresheet import ScoreSheetPDF

KINDS = ("rule-sheet", "score-sheet")  # the standard sheets, one page each
# more made from the same rules: the pocket rule cards, and both sheets in large print
EDITIONS = ("pocket-cards", "large-rule-sheet", "large-score-sheet")
ALL_KINDS = (*KINDS, *EDITIONS)


@dataclass(frozen=True, slots=True)
class Prepared:
    """A house-rules file made ready to render: the rule sheet's text and its worked example,
    the score sheet's words, and the rules as played (any rule that can never matter left at
    its default), in plain values, so a worker process can take it."""

    house: HouseFile
    text: RuleSheetText
    example: WorkedExample
    score_text: ScoreSheetText
    rules: HouseRules  # the rules as played: house.rules without its dead rules
    card_text: PocketCardText
    large_words: tuple[str, str] = ("", "")  # the large print's "continued" and page number


def prepare(content: Content, house: HouseFile) -> Prepared:
    """Assemble both sheets' words and find the worked example for a house-rules file."""
    rules = without_dead_rules(house.rules)
    return Prepared(
        house,
        assemble(content, house),
        find_example(rules, content.example),
        score_sheet_text(content, house),
        rules,
        pocket_card_text(content, house),
        (content.language.sheets["continued"], content.language.sheets["page-number"]),
    )


def _code(prepared: Prepared, site_url: str) -> SheetCode | None:
    """The QR code of a sheet of these rules on the site at ``site_url`` ("": none)."""
    if not site_url:
        return None
    from sheets.address import sheet_code

    return sheet_code(site_url, prepared.rules)


def render_rule_sheet(prepared: Prepared, paper: str, site_url: str = "") -> RuleSheetPDF:
    """The rule sheet on a paper (with a QR code to the site's scorekeeper when there is a
    site's address)."""
    from sheets.layout import rulesheet

    return rulesheet.render_rule_sheet(
        prepared.text, prepared.example, paper=paper, code=_code(prepared, site_url)
    )


def render_score_sheet(
    prepared: Prepared, paper: str, site_url: str = "", game: GameRecord | None = None
) -> ScoreSheetPDF:
    """The score sheet on a paper (with a game played under these rules, filled in)."""
    from sheets.layout import scoresheet

    return scoresheet.render_score_sheet(
        prepared.rules, prepared.score_text, paper=paper, game=game, code=_code(prepared, site_url)
    )


def render_game_sheet(
    content: Content, house: HouseFile, game: GameRecord, paper: str
) -> ScoreSheetPDF:
    """The score sheet with a game written in, under the game's own rules (the house-rules
    file gives the title and the language's words), on as many pages as the game needs."""
    from sheets.layout import scoresheet

    house = replace(house, rules=game.rules)
    if game.rules.cancellation and house.titled != "file":  # a title of the group's own stays
        named = replace(house, preset="cancellation", titled="preset")  # else the game's name
        house = named.in_language(content.language)
    return scoresheet.render_score_sheet(
        without_dead_rules(game.rules),
        game_sheet_text(content, house, game),
        paper=paper,
        game=game,
    )


def render_pocket_cards(prepared: Prepared, paper: str, site_url: str = "") -> PocketCardsPDF:
    """The pocket rule cards, four to a page."""
    from sheets.layout import cards

    return cards.render_pocket_cards(
        prepared.card_text, paper=paper, code=_code(prepared, site_url)
    )


def render_large_rule_sheet(
    prepared: Prepared, paper: str, site_url: str = ""
) -> LargeRuleSheetPDF:
    """The rule sheet in large print, on up to four pages (with a QR code to the site's
    scorekeeper on the first when there is a site's address)."""
    from sheets.layout import largeprint

    return largeprint.render_large_rule_sheet(
        prepared.text,
        prepared.example,
        largeprint.LargePrintWords(*prepared.large_words),
        paper=paper,
        code=_code(prepared, site_url),
    )


def render_large_score_sheet(
    prepared: Prepared, paper: str, site_url: str = ""
) -> LargeScoreSheetPDF:
    """The score sheet in large print, on one page or two that line up (with a QR code to the
    site's scorekeeper on the first when there is a site's address)."""
    from sheets.layout import largescore

    return largescore.render_large_score_sheet(
        prepared.rules, prepared.score_text, paper=paper, code=_code(prepared, site_url)
    )


class _Made(Protocol):
    """A sheet made: its PDF's bytes."""

    @property
    def pdf(self) -> bytes: ...


def render(prepared: Prepared, kind: str, paper: str, site_url: str = "") -> bytes:
    """One sheet (one of :data:`ALL_KINDS`) on a paper, as PDF bytes; with a QR code to the
    scorekeeper of the site at ``site_url`` when it is given."""
    makers: dict[str, Callable[[Prepared, str, str], _Made]] = {
        "rule-sheet": render_rule_sheet,
        "score-sheet": render_score_sheet,
        "pocket-cards": render_pocket_cards,
        "large-rule-sheet": render_large_rule_sheet,
        "large-score-sheet": render_large_score_sheet,
    }
    if kind not in makers:
        raise ValueError(f"unknown sheet {kind!r}: expected one of {', '.join(ALL_KINDS)}")
    return makers[kind](prepared, paper, site_url).pdf


__all__ = [
    "ALL_KINDS",
    "EDITIONS",
    "KINDS",
    "Prepared",
    "prepare",
    "render",
    "render_game_sheet",
    "render_large_rule_sheet",
    "render_large_score_sheet",
    "render_pocket_cards",
    "render_rule_sheet",
    "render_score_sheet",
]
