"""The site's picture of the example trick, measured in Chromium with the page's own fonts: no
two labels or cards overlap and all lie on the table, for 3 to 10 players; the layout's boxes
(measured in our font, widened) hold what the browser draws."""

from __future__ import annotations

import functools

import pytest

from sheets.bundle import load_content
from sheets.example import find_example
from sheets.houserules import HouseRules
from sheets.site.diagram import trick_layout, trick_svg
from sheets.site.page import STYLESHEET

RULES = {"standard": {}, "dealer-left": {"first_lead": "dealer-left"}}

#: Every text and card face of the picture, as boxes in the SVG's own units (y down).
MEASURE = """svg => {
  const ctm = svg.getScreenCTM().inverse();
  const box = el => {
    const r = el.getBoundingClientRect();
    const a = new DOMPoint(r.left, r.top).matrixTransform(ctm);
    const b = new DOMPoint(r.right, r.bottom).matrixTransform(ctm);
    return {tag: el.tagName, cls: el.getAttribute("class") || el.parentNode.getAttribute("class"),
            text: el.textContent, x0: a.x, y0: a.y, x1: b.x, y1: b.y};
  };
  const items = [...svg.querySelectorAll(":scope > text, g.card > rect")].map(box);
  const table = box(svg.querySelector("rect.table"));
  return {items, table};
}"""


@functools.cache
def svg_of(players: int, rules: str) -> tuple[str, object]:
    example = find_example(
        HouseRules.from_mapping({"players": players, **RULES[rules]}), load_content().example
    )
    return trick_svg(example), trick_layout(example)


@pytest.fixture(scope="module")
def page(browser, tmp_path_factory):
    from importlib.resources import files

    folder = tmp_path_factory.mktemp("trick")
    css = files("sheets.site").joinpath("static", STYLESHEET).read_bytes()
    (folder / STYLESHEET).write_bytes(css)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    html = folder / "trick.html"

    def show(svg: str):
        html.write_text(
            f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f'<link rel="stylesheet" href="{STYLESHEET}"></head>'
            f'<body><main><article class="rules">{svg}</article></main></body>'
            f"</html>",
            encoding="utf-8",
        )
        page.goto(html.as_uri())
        return page.eval_on_selector("svg.trick", MEASURE)

    yield show
    context.close()


def _overlap(a, b) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", range(3, 11))
def test_no_two_labels_overlap_in_the_browser(page, players, rules):
    svg, layout = svg_of(players, rules)
    found = page(svg)
    items, table = found["items"], found["table"]
    labels = [i for i in items if i["tag"] == "text"]
    faces = [i for i in items if i["tag"] == "rect"]
    assert len(faces) == players
    assert len(labels) == 2 * players + len(layout.middle)
    # the names, captions, middle label and card faces keep clear of each other
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            assert not _overlap(a, b), (a, b)
    for item in items:
        assert (
            table["x0"] <= item["x0"]
            and item["x1"] <= table["x1"]
            and table["y0"] <= item["y0"]
            and item["y1"] <= table["y1"]
        ), item


@pytest.mark.parametrize("players", [4, 10])
def test_the_layouts_boxes_hold_the_text_the_browser_draws(page, players):
    """The widths the layout measured (our font, widened) are at least what Chromium draws."""
    svg, layout = svg_of(players, "standard")
    drawn = [i for i in page(svg)["items"] if i["tag"] == "text"]
    height = layout.felt.y1
    boxes = layout.boxes()
    for item in drawn:
        middle_x = (item["x0"] + item["x1"]) / 2
        holders = [
            b
            for b in boxes
            if b.x0 - 0.5 <= middle_x <= b.x1 + 0.5
            and b.y0 - 0.5 <= height - (item["y0"] + item["y1"]) / 2 <= b.y1 + 0.5
            and b.kind != "card"
        ]
        assert holders, item
        assert any(b.x1 - b.x0 + 1 >= item["x1"] - item["x0"] for b in holders), item
