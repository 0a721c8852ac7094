"""The worked example's picture on the rule sheet: every seat named once, nothing overlapping,
everything on the table, no text under the floor, and the text drawn where the boxes say."""

from __future__ import annotations

import functools
import io

import pytest
from pdf_checks import assert_readable, glyphs
from reportlab.pdfgen.canvas import Canvas

from sheets.bundle import load_content
from sheets.example import find_example
from sheets.houserules import HouseRules
from sheets.layout import styles as st
from sheets.layout.diagram import TrickDiagram
from sheets.layout.rulepage import Page

#: The column widths the picture is drawn at: the rule sheet's, on each paper.
WIDTHS = {paper: Page(paper, *st.page_size(paper)).column_w for paper in st.PAGE_SIZES}

#: Rules that change what the picture shows: who leads, what is dropped, cancelled cards.
VARIANTS = {
    "standard": {},
    "dealer-left": {"first_lead": "dealer-left"},
    "points-on-first-trick": {"points_on_first_trick": True},
    "must-dump-queen": {"must_dump_queen": True},
    "kitty": {"deal": "kitty"},
    "bonus-card": {"bonus_card": "JD"},
}
CASES = [
    (players, variant)
    for players in range(3, 11)
    for variant in VARIANTS
    if not (variant == "kitty" and players > 5)
]


@functools.cache
def example(players: int, variant: str):
    rules = HouseRules.from_mapping({"players": players, **VARIANTS[variant]})
    return find_example(rules, load_content().example)


def drawn(diagram: TrickDiagram) -> bytes:
    """The picture alone on a page of its own size, as PDF."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(diagram.width, diagram.height), invariant=1)
    diagram.drawOn(canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


@pytest.mark.parametrize("paper", WIDTHS)
@pytest.mark.parametrize("players, variant", CASES)
def test_no_two_labels_overlap_and_all_lie_on_the_table(players, variant, paper):
    diagram = TrickDiagram(example(players, variant), WIDTHS[paper])
    boxes = diagram.label_boxes()
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b), (a, b)
    table = diagram.table()
    assert 0 <= table.x0 and table.x1 <= diagram.width + 1e-6
    assert 0 <= table.y0 + 1e-6 and table.y1 <= diagram.height + 1e-6
    for box in boxes:
        assert table.holds(box), box
    kinds = [(b.kind, b.seat) for b in boxes]
    for seat in range(players):
        for kind in ("card", "name", "caption"):
            assert kinds.count((kind, seat)) == 1, (kind, seat)


@pytest.mark.parametrize("players", range(3, 11))
def test_the_text_is_drawn_inside_its_boxes_and_readable(players):
    """Every character of the picture lies inside one of the boxes the picture reports: so
    the boxes checked above are the ones drawn, and nothing (such as a play-order badge on a
    card's corner) is drawn outside them."""
    diagram = TrickDiagram(example(players, "standard"), WIDTHS["letter"])
    pdf = drawn(diagram)
    assert_readable(pdf, what=f"the picture for {players} players")
    boxes = diagram.label_boxes()
    for glyph in glyphs(pdf):
        left, bottom, right, top = glyph.box
        assert any(
            b.x0 - 0.5 <= left
            and right <= b.x1 + 0.5
            and b.y0 - 0.5 <= bottom
            and top <= b.y1 + 0.5
            for b in boxes
        ), glyph


@pytest.mark.parametrize("players", range(3, 11))
def test_seats_are_named_never_numbered_by_play_order(players):
    """The picture's text is the cards, the seats' names and captions and the middle label:
    no play-order badge, so a number only ever belongs to a seat's name or a card."""
    ex = example(players, "standard")
    diagram = TrickDiagram(ex, WIDTHS["letter"])
    text = "".join(g.char for g in glyphs(drawn(diagram)))
    expected = "".join(
        f"{s.card.rank_text}{s.card.suit_symbol}{s.name}"
        + (ex.dealer_mark.replace(" ", "") if s.seat == ex.dealer else "")
        + s.caption.replace(" ", "")
        for s in sorted(ex.steps, key=lambda s: s.seat)
    )
    middle = "".join(line.replace(" ", "") for line, _ in diagram.middle)
    assert sorted(text) == sorted(expected.replace(" ", "") + middle)


@pytest.mark.parametrize("players", range(3, 11))
def test_the_dealer_is_shown_at_the_dealers_seat(players):
    ex = example(players, "dealer-left")
    diagram = TrickDiagram(ex, WIDTHS["letter"])
    dealers = [s for s in diagram.seats if s.dealer]
    assert [s.seat for s in dealers] == [ex.dealer]


def test_the_winning_cards_glow_keeps_clear_of_its_name():
    diagram = TrickDiagram(example(4, "standard"), WIDTHS["letter"])
    winner = next(s for s in diagram.seats if s.wins)
    card, name, _ = winner.placed()
    assert card.y0 - name.y1 >= 1.5  # the glow is inside the card's box
