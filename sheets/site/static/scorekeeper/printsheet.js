/* "Print score sheet": the game written into the score sheet. Served by `hearts-sheets serve`,
 * the page posts the game to sheets/score-sheet.pdf and opens the PDF the service makes (the
 * same sheet as `hearts-sheets build --game`) in a tab of its own. Anywhere else (a static
 * host, offline, file://), or when the service is busy or gone, the page prints itself: a view
 * drawn here like the score sheet (the rules line under the title; a row per hand with its pass,
 * the moon or revoke marked, each side's points (the dealer's marked) and running total, the
 * check; on each page after the first, the totals carried over), shown only by the print
 * stylesheet while the page prints it (and while the browser's own Print prints the page). */

import {CONFIG, S} from "./config.js";
import {$, clear, download, el, today} from "./dom.js";
import {say} from "./alerts.js";
import {dealingSides, passOf, passes, seatChanges, wentBack} from "./history.js";
import {pastGame} from "./past.js";
import {exportedGame, placeOfGame, rulesOf, startedAt, tableOf} from "./record.js";
import {resultText} from "./views.js";
import {listOf, signed, word} from "./words.js";

export const SHEET_ROUTE = "sheets/score-sheet.pdf";
const PRINTING = "printing-sheet";  // the body's class while the page prints the view
const SUN = "\u2600";
const MOON = "\u2611";  // a moon's box ticked

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
  var check = cell(top, "th", word(null, "sheet-check"));
  check.rowSpan = 2;
  check.appendChild(el("span", checkText(g), "check-sums"));  // what "✓ ☾68" is checked against
  head.appendChild(top);
  head.appendChild(sub);
  return head;
}

/** What the rows add up to, as the PDF's blank rows print it (sheets.layout.scorenumbers's
 *  check_text): a hand's, then a moon hand's each way the rules let it be scored ("16 ☾68/−36"),
 *  found by scoring a moon hand (its shooter took the bonus cards too) as HeartsScoring does. */
function checkText(g) {
  var sums = checkSums(g);
  return signed(sums.normal) + (sums.moon.length ? " \u263E" + sums.moon.join("/") : "");
}

/** What a hand's points add up to (normal), and a moon hand's (a sun hand's, for sun) each
 *  way it may be scored (moon, written: none where a moon adds up as any hand). */
function checkSums(g, sun) {
  var rules = rulesOf(g);
  var normal = S.checkSum(rules);
  var points = S.wholeHand(rules, 0);
  points[0] -= S.facts(rules).pointsPerHand - normal;
  var zero = points.map(function () { return 0; });
  var sums = [];
  (S.moonChooser(rules) === "shooter" ? CONFIG.moonChoices : [null]).forEach(function (choice) {
    var hand = {points: points, shooter: 0, sun: !!sun, choice: choice, revoke: null};
    var sum = S.scoreHand(rules, zero, hand).delta.reduce(function (a, b) { return a + b; }, 0);
    if (sums.indexOf(sum) < 0) { sums.push(sum); }
  });
  return {normal: normal, moon: sums.length === 1 && sums[0] === normal ? [] : sums.map(signed)};
}

/** The rules line under the title: the PDF sheet's summary of the rules in force, item by
 *  item in its own words, each under the game's value of the rules it changes with. */
export function rulesLine(g) {
  var place = placeOfGame(g);
  return CONFIG.sheetRules.map(function (names, i) {
    var id = ["sheet-rules", i].concat(names.map(function (n) {  // the cycle's own passing
      return String(n === CONFIG.sheetPasses ? passes(g) : g.rules[n]);
    }));
    return word(place, id.join("."), {target: S.endsAt(rulesOf(g))});
  }).filter(Boolean).join(" \u00b7 ");
}

/** The rules line and, where the game passes otherwise than its table usually does, its
 *  passing cycle in setup's words: the sheet's own line leaves it to the Pass column, and the
 *  rules of the game in play and the shared standings have none (an eight-player game passing
 *  left, right and across did not say so). */
export function rulesAndPassing(g) {
  var t = tableOf(g);
  var cycle = t && t.cycles.filter(function (c, n) {
    return n > 0 && c.value.join(" ") === g.passing.join(" ");  // the first: the usual one
  })[0];
  return rulesLine(g) + (cycle && passes(g)
    ? " \u00b7 " + word(placeOfGame(g), "rules-passing", {cycle: cycle.label}) : "");
}

/** Hands to a printed page, as the rows' fixed height (the print stylesheet's) lets them fit
 *  under the heading on a portrait or a landscape sheet, the carried-over row included. */
const PAGE_ROWS = {portrait: 24, landscape: 15};

/** A hand's row: its number, pass, moon or revoke mark, each side's points (the dealer's
 *  marked, as the PDF marks them: dealt, from dealingSides) and running total, the check (as
 *  sheets.layout.scorefill writes them). */
function handRow(g, result, k, dealt) {
  var hand = g.hands[k];
  var row = result.rows[k];
  var tr = el("tr");
  cell(tr, "th", String(k + 1));
  cell(tr, "td", passOf(g, k), "pass");
  // as the PDF marks them: the box ticked (a sun's box sunned), the shooter told by the points
  var marked = hand.revoke !== null ? word(null, "sheet-revoke")
    : hand.shooter !== null ? (hand.sun ? SUN : MOON) : "\u2610";
  cell(tr, "td", marked, hand.revoke !== null || hand.shooter !== null ? "written moon" : "box");
  var place = placeOfGame(g);
  row.delta.forEach(function (d, side) {
    var points = cell(tr, "td", signed(d), "written side-points");
    if (dealt[k] === side) {
      points.insertBefore(el("span", word(place, "sheet-dealt-mark"), "dealt"), points.firstChild);
    }
    var t = row.totals[side];  // a total sent back at exactly 100, as the page's table says it
    var written = wentBack(row, k ? result.rows[k - 1].totals : null, side)
      ? word(null, "reset-note", {total: t}) : signed(t);
    var total = cell(tr, "td", written, "written total");
    if (result.over && k === result.rows.length - 1 && result.winners.indexOf(side) >= 0) {
      total.classList.add("winner");
    }
  });
  var sum = row.delta.reduce(function (a, b) { return a + b; }, 0);
  // a moon hand's sum marked as the PDF's blank rows print it ("✓ ☾78" beside "✓ 26")
  var shot = hand.shooter === null ? "" : hand.sun ? SUN : "\u263E";
  cell(tr, "td", "\u2713 " + shot + signed(sum), "written sum");
  return tr;
}

/** When the game was started (record.js's startedAt), in the page's language; or null. */
export function startedOn(g) {
  var date = startedAt(g);
  return date ? date.toLocaleDateString(document.documentElement.lang || undefined,
                                        {year: "numeric", month: "long", day: "numeric"}) : null;
}

/** The top row of a page after the first: the totals carried over from the page before. */
function carriedRow(g, totals) {
  var tr = el("tr", null, "carried");
  cell(tr, "th", word(placeOfGame(g), "sheet-carried")).colSpan = 3;
  totals.forEach(function (t) {
    cell(tr, "td", "");
    cell(tr, "td", signed(t), "written total");
  });
  cell(tr, "td", "");
  return tr;
}

/** The game drawn as the score sheet, into the print view: a page of hands at a time, each
 *  under the title and the rules line, each after the first starting from the totals carried
 *  over, as the PDF's pages do. */
export function drawSheet(g) {
  var view = $("print-view");
  var result = S.replay(rulesOf(g), g.hands);
  var wide = tableOf(g).printWide;
  var rows = PAGE_ROWS[wide ? "landscape" : "portrait"];
  clear(view);
  view.classList.toggle("wide", wide);
  var rules = rulesLine(g);
  var dealt = dealingSides(g);
  for (var first = 0; first === 0 || first < g.hands.length; first += rows) {
    var page = el("div", null, "sheet-page");
    page.appendChild(el("h2", CONFIG.ownTitle  // the group's own title, as the PDF is headed
      ? word(null, "sheet-heading-own", {name: CONFIG.ownTitle})
      : word(placeOfGame(g), "sheet-heading")));
    page.appendChild(el("p", rules, "sheet-rules"));
    var sheet = el("table", "", "sheet");
    sheet.appendChild(headRows(g, S.table(rulesOf(g))));
    var body = el("tbody");
    if (first > 0) { body.appendChild(carriedRow(g, result.rows[first - 1].totals)); }
    for (var k = first; k < Math.min(first + rows, g.hands.length); k++) {
      body.appendChild(handRow(g, result, k, dealt));
    }
    sheet.appendChild(body);
    page.appendChild(sheet);
    view.appendChild(page);
  }
  var last = view.lastChild;  // under the last page's hands: the winner, the mark, the date
  if (result.over) { last.appendChild(el("p", resultText(g, result) + playedOff(g, result),
                                         "sheet-result")); }
  if (g.hands.length) {
    last.appendChild(el("p", dealtLine(g), "sheet-dealt"));
    var key = marksKey(g);
    if (key) { last.appendChild(el("p", key, "sheet-key")); }
  }
  var date = startedOn(g);
  if (date) { last.appendChild(el("p", word(null, "sheet-date", {date: date}), "sheet-date")); }
}

/** After which hand a tie for the lowest was played off, said after the result (the printed
 *  totals pass the end there and the game goes on), and over which hands where more than one;
 *  "" for none. The PDF's (scorefill.py). */
function playedOff(g, result) {
  var rules = rulesOf(g);
  var ties = [];
  result.rows.slice(0, -1).forEach(function (row, k) {
    if (S.tiedPlayingOn(rules, row.totals)) { ties.push(k); }
  });
  if (!ties.length) { return ""; }
  return " " + (ties.length === 1 ? word(null, "sheet-played-off", {hand: ties[0] + 1})
    : word(null, "sheet-played-off-hands", {hand: ties[0] + 1, hands: listOf(ties.map(
      function (k) { return String(k + 2); }))}));
}

/** What the dealer's mark means; then who changed seats after which hand (only after which
 *  hands, for more changes than CONFIG.movesNamed), and how the columns read: the PDF's footer
 *  line (sheets.text.dealt_line). */
function dealtLine(g) {
  var place = placeOfGame(g);
  var said = [word(place, "sheet-dealt")];
  var moves = seatChanges(g);
  if (moves.length > CONFIG.movesNamed) {
    var hands = moves.map(function (m) { return String(m.hand); });
    hands = hands.filter(function (hand, i) { return hands.indexOf(hand) === i; });
    said.push(word(place, "sheet-moved-hands", {hands: listOf(hands)}));
  } else {
    moves.forEach(function (m) {
      var names = m.sides.map(function (side) { return g.names[side]; });
      said.push(word(place, "sheet-moved", {names: listOf(names), hand: m.hand}));
    });
  }
  if (moves.length) { said.push(word(place, "sheet-moved-columns")); }
  return said.join(" ");
}

/** What the marks in the ☾ column mean, those the game has (the PDF's footer says how each
 *  row is written; a revoke where one player took every point read as a moon scored wrong). */
function marksKey(g) {
  var place = placeOfGame(g);
  var sunHand = function (h) { return h.shooter !== null && h.sun; };
  var marks = [
    ["sheet-key-moon", MOON, function (h) { return h.shooter !== null && !h.sun; }],
    ["sheet-key-sun", SUN, sunHand],
    ["sheet-key-revoke", word(null, "sheet-revoke"), function (h) { return h.revoke !== null; }]
  ];
  var said = marks.filter(function (m) { return g.hands.some(m[2]); }).map(function (m) {
    return word(place, m[0], {mark: m[1]});
  });
  var sums = checkSums(g);  // and the check column's heading ("32 ☾344/−72" read as a riddle)
  var suns = g.hands.some(sunHand) ? checkSums(g, true).moon : [];  // "✓ ☀−124" too
  if (sums.moon.length || suns.length) {
    said.push(word(place, suns.length ? "sheet-key-check-sun" : "sheet-key-check", {
      total: sums.normal, scores: (sums.moon.length ? sums.moon : [signed(sums.normal)]).join("/"),
      sun_scores: suns.join("/")}));
  }
  return said.join(" \u00b7 ");
}

/** Show the page's own drawing of the sheet, in place of the page, until it is printed. */
function sheetOnly(g) {
  drawSheet(g);
  document.body.classList.add(PRINTING);
  window.addEventListener("afterprint", function done() {
    document.body.classList.remove(PRINTING);
    window.removeEventListener("afterprint", done);
  });
}

/** Print the page's own drawing of the sheet. */
export function printHere(g) {
  sheetOnly(g);
  window.print();
}

/** The browser's own Print (Ctrl+P, its menu): the sheet of the game shown (a past game
 *  opened, or the game in play), as the button prints it, and nothing else of the page. */
export function beforePrint(app) {
  if (document.body.classList.contains(PRINTING)) { return; }  // the button's, already drawn
  var past = $("past-view").hidden ? null : pastGame($("past-view").dataset.game);
  var g = past ? past.game : $("game").hidden ? null : app.game;
  if (g) { sheetOnly(g); }
}

/** The name `hearts-sheets serve` gives in the Server-Timing header of the pages it serves:
 *  the one sign, readable by the page, that its service is there to post a game to. */
const SERVICE_MARK = "hearts-sheets";

/** True when this page came from `hearts-sheets serve` (and the network is there): a static
 *  host, a file or a page from the offline copy has no sheet service to post to. */
function served() {
  if (!/^https?:$/.test(window.location.protocol) || !navigator.onLine) { return false; }
  var nav = window.performance && performance.getEntriesByType
    ? performance.getEntriesByType("navigation")[0] : null;
  return !!nav && Array.prototype.some.call(nav.serverTiming || [], function (entry) {
    return entry.name === SERVICE_MARK;
  });
}

/** The button: the service's PDF where there is one, else the page prints itself. The game
 *  in play (or a past game opened, given as past), said beside its button (where). */
export function printSheet(app, past, where) {
  var g = past || app.game;
  where = where || "tools-status";
  if (!g) { return; }
  if (!served()) {  // what was said beside the tools before (the standings copied) goes
    say("", where);
    printHere(g);
    return;
  }
  // the sheet is opened in a tab of its own, to see and print (a phone's print preview): the
  // tab is opened on the tap itself, as browsers allow, and shows the PDF once it comes; a
  // browser that opens no tab downloads it
  var tab = window.open("", "_blank");
  function unused() { if (tab) { tab.close(); } }
  fetch(SHEET_ROUTE, {method: "POST", headers: {"Content-Type": "application/json"},
                      body: JSON.stringify(exportedGame(g))}).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (response.ok && type.indexOf("application/pdf") === 0) {
      return response.blob().then(function (pdf) {
        if (tab && !tab.closed) {
          tab.location.href = URL.createObjectURL(pdf);
          say(word(null, "sheet-opened"), where);
          return;
        }
        var name = word(null, "sheet-file", {date: today()});
        download(pdf, name);
        say(word(null, "sheet-made", {file: name}), where);
      });
    }
    unused();
    if (response.status === 400 && type.indexOf("text/plain") === 0) {
      return response.text().then(function (problem) {
        say(word(null, "sheet-refused", {problem: problem.trim()}), where);
      });
    }
    printHere(g);
    return null;
  }).catch(function () { unused(); printHere(g); });
}
