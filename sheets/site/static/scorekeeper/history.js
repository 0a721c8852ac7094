/* The game's history as the printed score sheet reads it: a row per hand with its number (the
 * button that edits it, when the game may be changed), its dealer and its pass as the sheet
 * prints them, and for each side the hand's points beside the running total, a moon (☾, a sun
 * ☾☀) or a revoke marked as on the sheet; under it the totals and how far each side is from the
 * end. Drawn into any table given its parts, so a past game is shown the same way. */

import {CONFIG, S} from "./config.js";
import {clear, el, fitName} from "./dom.js";
import {placeOfGame, rulesOf, safeguarded, tableOf} from "./record.js";
import {signed, word} from "./words.js";

/** The sides with the lowest total while the game goes on (none before the first hand). */
export function leaders(g, result) {
  if (result.over || !g.hands.length) { return []; }
  var low = Math.min.apply(null, result.totals);
  var out = [];
  result.totals.forEach(function (t, i) { if (t === low) { out.push(i); } });
  return out;
}

/** The side that dealt each hand, by the game's sides as they are now. The deal passes left
 *  from the seat that dealt last, whoever sits there; a side moved to another seat afterwards
 *  takes the hands it dealt with it (read from the log, so undo and redo follow; a log without
 *  a change of players, an earlier version's included, gives each seat's side). */
export function dealingSides(g) {
  var t = tableOf(g);
  var sides = [];
  g.log.forEach(function (a) {
    if (a.act === "record") {
      sides.push(t.seatSides[(g.firstDealer + sides.length) % g.players]);
    } else if (a.act === "players") {  // side i after sat at order[i] before
      sides = sides.map(function (side) { return a.order.indexOf(side); });
    }
  });
  return sides;
}

/** Each change of seats once a hand has been played, as the printed sheet tells it: the hands
 *  before it, and the sides that moved, by the sides as they are now (a rename moves nobody; a
 *  mirror of sheets.gamerecord.seat_changes). */
export function seatChanges(g) {
  var seated = g.names.map(function (name, side) { return side; });  // who sits as each side now
  var moved = [];
  var hands = 0;
  g.log.forEach(function (a) {
    if (a.act === "record") { hands += 1; return; }
    if (a.act !== "players") { return; }
    var players = [];
    a.order.forEach(function (from, side) { if (from !== side) { players.push(seated[from]); } });
    if (hands && players.length) { moved.push({hand: hands, players: players}); }
    seated = a.order.map(function (from) { return seated[from]; });
  });
  return moved.map(function (m) {
    var sides = m.players.map(function (player) { return seated.indexOf(player); });
    return {hand: m.hand, sides: sides.sort(function (a, b) { return a - b; })};
  });
}

/** The side that dealt hand k (counted from 0; sides: dealingSides(g)). */
function dealerSide(g, k, sides) {
  return k < sides.length ? sides[k] : tableOf(g).seatSides[(g.firstDealer + k) % g.players];
}

/** Whoever dealt hand k (counted from 0): the seat the deal was at and the side that sat there
 *  (sides: dealingSides(g)). */
export function dealerOf(g, k, sides) {
  var t = tableOf(g);
  var seat = (g.firstDealer + k) % g.players;
  return word(placeOfGame(g), "seat-name",
              {seat: t.seatNames[seat], name: g.names[dealerSide(g, k, sides)]});
}

/** The pass of hand k (counted from 0), as the printed sheet labels it. */
export function passOf(g, k) {
  return word(placeOfGame(g), "pass." + g.passing[k % g.passing.length]);
}

/** How far each side is from the total that ends the game (0 once it is reached). */
export function distances(g, totals) {
  var end = S.endsAt(rulesOf(g));
  return totals.map(function (t) { return Math.max(0, end - t); });
}

function headCell(text, className) {
  var th = el("th", text, className);
  th.scope = "col";
  return th;
}

/** A mark as the sheet writes it, with its word for those who do not see it. */
function mark(symbol, said, className) {
  var span = el("span", null, "note " + className);
  span.appendChild(el("span", word(null, symbol))).setAttribute("aria-hidden", "true");
  span.appendChild(el("span", word(null, said), "visually-hidden"));
  return span;
}

/** The hand's number: the button that edits it, or (read-only) the number alone. */
function handCell(g, k, onEdit) {
  var th = el("th", null, "hand-cell");
  th.scope = "row";
  if (onEdit) {
    var button = el("button", null, "edit");
    button.type = "button";
    button.appendChild(el("span", word(null, "edit-hand"), "visually-hidden"));
    button.appendChild(document.createTextNode(String(k + 1)));
    button.appendChild(el("span", "✎", "edit-mark")).setAttribute("aria-hidden", "true");
    button.addEventListener("click", function () { onEdit(k); });
    th.appendChild(button);
  } else {
    th.appendChild(el("span", String(k + 1), "hand-number"));
  }
  return th;
}

/** Whether a side's total went back after a hand (exactly 100: the engine's reset), from the
 *  totals before it (null before the first hand). */
export function wentBack(row, before, side) {
  return row.totals[side] !== (before ? before[side] : 0) + row.delta[side];
}

/** The notes written as a word beside a hand's points, and the short mark each has in a table
 *  drawn closest ("safeguard", "renuncio" made their column the widest, the eighth past a
 *  320-pixel screen: rounds 28 and 30), said under the table: the sheet's R for a revoke. */
const SHORT_NOTES = {
  revoke: {note: "revoke-note", mark: "sheet-revoke", key: "sheet-key-revoke", className: "revoke",
           in: function (g) { return g.hands.some(function (h) { return h.revoke !== null; }); }},
  safeguard: {note: "safeguard-note", mark: "safeguard-mark", key: "safeguard-key",
              className: "safeguard", in: function (g, result) {
                return result.rows.some(function (row, k) {
                  return g.hands[k].shooter !== null && safeguarded(g, row);
                });
              }}
};

/** A note in its word, or in a table drawn closest its short mark (the word read aloud). */
function wordNote(kind) {
  var span = el("span", null, "note " + kind.className);
  span.appendChild(el("span", word(null, kind.note), "note-word"));
  span.appendChild(el("span", word(null, kind.mark), "note-mark")).setAttribute("aria-hidden", "true");
  return span;
}

/** A side's points for a hand, marked as the sheet marks them, into a cell (td) or a line. */
function pointsInto(td, g, hand, row, i, before) {
  td.appendChild(document.createTextNode(signed(row.delta[i])));
  if (i === hand.shooter) {
    td.appendChild(mark(hand.sun ? "sun-mark" : "moon-mark", hand.sun ? "sun-note" : "moon-note",
                        "shot"));
  }
  if (i === hand.shooter && safeguarded(g, row)) {  // −26 and nothing to the others,
    td.appendChild(wordNote(SHORT_NOTES.safeguard));   // unexplained, read wrong
  }
  if (i === hand.revoke) { td.appendChild(wordNote(SHORT_NOTES.revoke)); }
  if (wentBack(row, before, i)) {
    td.appendChild(el("span", word(null, "reset-note", {total: row.totals[i]}), "note"));
  }
  return td;
}

/** Narrow, a hand's points and the running total share a cell, the points in small over the
 *  total, and whoever dealt is marked in it as the filled-in sheet marks them (• before the
 *  points): the columns of the hand and its dealer do not take half a phone's width, and eight
 *  players fit 320 pixels. */
function bothCell(g, hand, row, i, before, dealt) {
  var td = el("td", null, "both");
  var points = td.appendChild(el("span", null, "hand-pts"));
  if (dealt) {
    var mark = el("span", word(placeOfGame(g), "sheet-dealt-mark") + "\u202f", "dealt");
    points.appendChild(mark).setAttribute("aria-hidden", "true");
    points.appendChild(el("span", word(null, "dealt-hidden"), "visually-hidden"));
  }
  pointsInto(points, g, hand, row, i, before);
  td.appendChild(el("span", signed(row.totals[i]), "running"));
  return td;
}

/** True when some hand of the game's cycle passes cards: else (every hand held, as Cancellation
 *  Hearts often plays) the table has no pass column to repeat "no pass" in. */
export function passes(g) {
  return g.passing.some(function (direction) { return direction !== CONFIG.hold; });
}

/** Draw a game's history into a table's parts {head, sub, body, foot, rest}; onEdit(k) edits
 *  hand k (null: read-only), editing is the hand being edited (or null). A table too wide for
 *  its screen is drawn narrow (see bothCell), and kept narrow for the rest of the game at that
 *  width; drawn again when the screen turns or the table is first shown. */
export function drawHistory(parts, g, result, editing, onEdit) {
  var table = parts.head.closest("table");
  var wrap = table.closest(".table-wrap");
  table.classList.remove("narrow", "upward", "small", "stacked");
  var room = wrap ? wrap.clientWidth : 0;
  // once narrow, a game stays narrow at that width: it went wide and narrow again as names and
  // totals changed (a rename, a winner's mark), its columns moving under the scorer's eyes
  var kept = table.narrowFor;
  var narrow = room > 0 && !!kept && kept.id === g.id && kept.room === room;
  drawTable(parts, g, result, editing, onEdit, narrow);
  var tooWide = function () { return wrap.scrollWidth > room + 1; };
  if (room > 0 && (narrow || tooWide())) {
    if (!narrow) { drawTable(parts, g, result, editing, onEdit, true); }
    table.narrowFor = {id: g.id, room: room};
    table.classList.add("narrow");
    table.classList.toggle("upward", tooWide());  // names read upward only when they must
    table.classList.toggle("small", tooWide());  // and the totals a size down (eight past 99)
    table.classList.toggle("stacked", tooWide());  // and marks under their points: "−124☾☀"
  }
  // the names again, cut once the columns are as wide as they will be: "Max." and "Mar.",
  // not "M…" twice
  var again = table.querySelector("tr.names-again");
  [0, 1].forEach(function () {  // twice: a name cut moves the columns, and one fitted before
    Array.prototype.slice.call(again ? again.cells : [], 1).forEach(function (td, i) {
      fitName(td, g.names[i], g.names);  // it may no longer fit ("Ka…" beside "Kati.")
    });
  });
  fromTheFirstColumn(table, g);
  if (wrap) {
    redrawAtAnotherWidth(table, wrap, room, function () {
      drawHistory(parts, g, result, editing, onEdit);
    });
  }
}

/** Draw the table again when its box changes width (a phone turned, a table drawn while
 *  hidden shown): whether it is drawn narrow depends on the room it has. */
function redrawAtAnotherWidth(table, wrap, room, redraw) {
  if (!window.ResizeObserver) { return; }
  if (table.resizing) { table.resizing.disconnect(); }
  table.resizing = new ResizeObserver(function () {
    if (wrap.clientWidth !== room) {
      table.resizing.disconnect();
      redraw();
    }
  });
  table.resizing.observe(wrap);
}

function drawTable(parts, g, result, editing, onEdit, narrow) {
  [parts.head, parts.sub, parts.body, parts.foot, parts.rest].forEach(clear);
  var columns = [word(null, "hand-column")];
  if (!narrow) {
    columns.push(word(null, "dealer-column"));
    if (passes(g)) { columns.push(word(null, "pass-column")); }
  }
  columns.forEach(function (text, n) {
    var th = headCell(text, ["", "deal dealer", "deal"][n]);
    th.rowSpan = narrow ? 1 : 2;
    parts.head.appendChild(th);
  });
  g.names.forEach(function (name) {
    var th = headCell(narrow ? null : name);
    if (narrow) {  // cut where it must be, said whole
      th.appendChild(el("span", name, "name-cut"));
      th.title = name;
    }
    th.colSpan = narrow ? 1 : 2;
    parts.head.appendChild(th);
    if (narrow) { return; }
    parts.sub.appendChild(headCell(word(null, "points-column"), "sub pts"));
    parts.sub.appendChild(headCell(word(null, "running-column"), "sub"));
  });
  var before = g.names.map(function () { return 0; });
  var dealt = dealingSides(g);
  result.rows.forEach(function (row, k) {
    var hand = g.hands[k];
    var tr = el("tr");
    if (k === editing) { tr.className = "editing"; }
    var number = tr.appendChild(handCell(g, k, onEdit));
    var dealer = narrow ? number : tr.appendChild(el("td", dealerOf(g, k, dealt), "deal dealer"));
    if (passes(g)) {
      if (!narrow) { tr.appendChild(el("td", passOf(g, k), "deal pass")); }
      // on a phone, under the dealer (or the hand's number) in place of the pass column,
      // leaving the players room
      var inline = dealer.appendChild(el("span", passOf(g, k), "pass-inline"));
      inline.setAttribute("aria-hidden", "true");
    }
    var side = dealerSide(g, k, dealt);
    row.delta.forEach(function (d, i) {
      if (narrow) {
        tr.appendChild(bothCell(g, hand, row, i, before, i === side));
        return;
      }
      tr.appendChild(pointsInto(el("td", null, "pts"), g, hand, row, i, before));
      tr.appendChild(el("td", signed(row.totals[i]), "running"));
    });
    parts.body.appendChild(tr);
    before = row.totals;
  });
  drawFoot(parts, g, result, narrow);
}

/** Another game, or the same with other names or seats, opens at the first player's column:
 *  a table left scrolled sideways would hide whoever sits first. A hand recorded keeps the
 *  scroll where the scorer left it. */
function fromTheFirstColumn(table, g) {
  var drawn = JSON.stringify([g.id, g.names]);
  if (table.drawnFor === drawn) { return; }
  table.drawnFor = drawn;
  var wrap = table.closest(".table-wrap");
  if (wrap) { wrap.scrollLeft = 0; }
}

/** A row label of the foot, into its row: across the hand and dealer columns (so a total never
 *  reads as a hand's number, and "Left to 100" has room for one line), then an empty cell under
 *  the pass column; drawn narrow, in the hand column alone. */
function footLabel(row, g, text, narrow) {
  var th = el("th", text, "foot-label");
  th.scope = "row";
  th.colSpan = narrow ? 1 : 2;
  row.appendChild(th);
  if (passes(g) && !narrow) { row.appendChild(el("td", null, "foot-gap")); }
}

/** The rows a narrow table adds to its foot: under it all, what the • means, as the printed
 *  sheet says it; and with a few hands or more, the names again, across and cut short, over the
 *  totals: read upward at its head, they have scrolled out of sight by then (a scorer could not
 *  tell whose total was whose). Shown only: the head names each column for a screen reader. */
function footNotes(parts, g, result, narrow) {
  var foot = parts.foot.parentNode;
  ["names-again", "legend"].forEach(function (name) {
    Array.prototype.slice.call(foot.getElementsByClassName(name)).forEach(function (row) {
      foot.removeChild(row);
    });
  });
  if (narrow && g.hands.length) {
    var legend = foot.appendChild(el("tr", null, "legend"));
    var cell = legend.appendChild(el("td"));
    cell.colSpan = g.names.length + 1;
    // what the two numbers under a name are, worked out by new scorers from hand 1 alone
    cell.appendChild(el("span", word(null, "cells-key") + " " +
                        word(placeOfGame(g), "sheet-dealt")));
    [[false, "sheet-key-moon", "moon-mark"], [true, "sheet-key-sun", "sun-mark"]].forEach(
      function (shot) {  // ☾ and ☾☀ beside a score
        if (!g.hands.some(function (h) { return h.shooter !== null && h.sun === shot[0]; })) {
          return;
        }
        cell.appendChild(el("span", word(placeOfGame(g), shot[1], {mark: word(null, shot[2])}),
                            "mark-key"));
      });
    Object.keys(SHORT_NOTES).forEach(function (name) {  // and the short marks, where shown
      var kind = SHORT_NOTES[name];
      if (!kind.in(g, result)) { return; }
      cell.appendChild(el("span", word(placeOfGame(g), kind.key, {mark: word(null, kind.mark)}),
                          "note-key"));
    });
  }
  if (!narrow || g.hands.length < NAMES_AGAIN) { return; }
  var row = el("tr", null, "names-again");
  row.setAttribute("aria-hidden", "true");
  row.appendChild(el("td"));
  g.names.forEach(function (name) { row.appendChild(el("td", name)); });
  foot.insertBefore(row, parts.foot);
}

/** How many hands push a phone's table head out of sight of its totals. */
const NAMES_AGAIN = 4;

function drawFoot(parts, g, result, narrow) {
  var span = narrow ? 1 : 2;
  footNotes(parts, g, result, narrow);
  footLabel(parts.foot, g, word(null, "total-row"), narrow);
  var lead = leaders(g, result);
  result.totals.forEach(function (t, i) {
    var td = el("td", signed(t));
    td.colSpan = span;
    if (result.winners.indexOf(i) >= 0) {
      td.className = "win";
      td.appendChild(el("span", word(null, "winner-hidden"), "visually-hidden"));
    } else if (lead.indexOf(i) >= 0) {
      td.className = "lead";
      td.appendChild(el("span", word(null, "lowest-hidden"), "visually-hidden"));
    }
    parts.foot.appendChild(td);
  });
  parts.rest.hidden = result.over;
  if (result.over) { return; }
  footLabel(parts.rest, g, word(null, "to-go-row", {ends_at: S.endsAt(rulesOf(g))}), narrow);
  distances(g, result.totals).forEach(function (d) {
    var td = el("td", String(d), "to-go");
    td.colSpan = span;
    parts.rest.appendChild(td);
  });
}
