/* "Print score sheet": the game written into the score sheet. Served by `hearts-sheets serve`,
 * the page posts the game to sheets/score-sheet.pdf and downloads the PDF the service makes (the
 * same sheet as `hearts-sheets build --game`). Anywhere else (a static host, offline, file://),
 * or when the service is busy or gone, the page prints itself: a view drawn here like the score
 * sheet (a row per hand with its pass, the moon or revoke marked, each side's points and running
 * total, the check), shown only by the print stylesheet while the page prints it. */

import {S} from "./config.js";
import {$, clear, download, el, today} from "./dom.js";
import {say} from "./alerts.js";
import {passOf} from "./history.js";
import {rulesOf, tableOf} from "./record.js";
import {signed, word} from "./words.js";

export const SHEET_ROUTE = "sheets/score-sheet.pdf";
const PRINTING = "printing-sheet";  // the body's class while the page prints the view

function cell(row, tag, text, className) {
  var c = el(tag, text, className);
  row.appendChild(c);
  return c;
}

function headRows(g, table) {
  var head = el("thead");
  var top = el("tr");
  var sub = el("tr");
  ["sheet-hand", "sheet-pass"].forEach(function (id) {
    cell(top, "th", word(null, id)).rowSpan = 2;
  });
  cell(top, "th", "\u263E").rowSpan = 2;
  g.names.forEach(function (name, side) {
    var th = cell(top, "th", "", "side");
    th.colSpan = 2;
    th.appendChild(el("span", table.sideNames[side], "seat"));
    th.appendChild(el("span", name, "written"));
    cell(sub, "th", word(null, "sheet-points"));
    cell(sub, "th", word(null, "sheet-total"), "total");
  });
  cell(top, "th", word(null, "sheet-check")).rowSpan = 2;
  head.appendChild(top);
  head.appendChild(sub);
  return head;
}

/** The game drawn as the score sheet, into the print view. */
export function drawSheet(g) {
  var view = $("print-view");
  var result = S.replay(rulesOf(g), g.hands);
  clear(view);
  view.classList.toggle("wide", tableOf(g).printWide);
  view.appendChild(el("h2", word(null, "sheet-heading")));
  var sheet = el("table", "", "sheet");
  sheet.appendChild(headRows(g, S.table(rulesOf(g))));
  var body = el("tbody");
  result.rows.forEach(function (row, k) {
    var hand = g.hands[k];
    var tr = el("tr");
    cell(tr, "th", String(k + 1));
    cell(tr, "td", passOf(g, k), "pass");
    var marked = hand.revoke !== null ? word(null, "sheet-revoke")
      : hand.shooter !== null ? (hand.sun ? "\u2600" : "\u2611") : "\u2610";
    cell(tr, "td", marked, hand.revoke !== null || hand.shooter !== null ? "written" : "box");
    row.delta.forEach(function (d, side) {
      cell(tr, "td", signed(d), "written");
      var total = cell(tr, "td", signed(row.totals[side]), "written total");
      if (result.over && k === result.rows.length - 1 && result.winners.indexOf(side) >= 0) {
        total.classList.add("winner");
      }
    });
    var sum = row.delta.reduce(function (a, b) { return a + b; }, 0);
    cell(tr, "td", "\u2713 " + signed(sum), "written");
    body.appendChild(tr);
  });
  sheet.appendChild(body);
  view.appendChild(sheet);
}

/** Print the page's own drawing of the sheet. */
export function printHere(g) {
  drawSheet(g);
  document.body.classList.add(PRINTING);
  window.addEventListener("afterprint", function done() {
    document.body.classList.remove(PRINTING);
    window.removeEventListener("afterprint", done);
  });
  window.print();
}

function served() { return /^https?:$/.test(window.location.protocol) && navigator.onLine; }

/** The button: the service's PDF where there is one, else the page prints itself. */
export function printSheet(app) {
  var g = app.game;
  if (!g) { return; }
  if (!served()) { printHere(g); return; }
  fetch(SHEET_ROUTE, {method: "POST", headers: {"Content-Type": "application/json"},
                      body: JSON.stringify(g)}).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (response.ok && type.indexOf("application/pdf") === 0) {
      return response.blob().then(function (pdf) {
        var name = word(null, "sheet-file", {date: today()});
        download(pdf, name);
        say(word(null, "sheet-made", {file: name}), "tools-status");
      });
    }
    if (response.status === 400 && type.indexOf("text/plain") === 0) {
      return response.text().then(function (problem) {
        say(word(null, "sheet-refused", {problem: problem.trim()}), "tools-status");
      });
    }
    printHere(g);
    return null;
  }).catch(function () { printHere(g); });
}
