/* What the scorer does with past games: a game left (New game, Rematch, an import) goes to the
 * list first; one is opened read-only, exported in the game's own export format, or, when
 * unfinished, resumed (the game in play going to the list in its place). */

import {$, download, el, today} from "./dom.js";
import {ask, say, unask} from "./alerts.js";
import {applyEntry, typedEntry} from "./entry.js";
import {bringInFirst} from "./hands.js";
import {commit} from "./keeping.js";
import {dropPast, keepPast, pastGame} from "./past.js";
import {S} from "./config.js";
import {exportedGame, isOver, rulesOf} from "./record.js";
import {drawPast, drawPastGame} from "./pastview.js";
import {printSheet} from "./printsheet.js";
import {saveDraft} from "./quick.js";
import {showGame} from "./show.js";
import {dropDraft} from "./storage.js";
import {listOf, word} from "./words.js";

/** What is typed for the game in play's next hand (set aside while a past hand is edited), with
 *  that hand's number, or null: it goes with the game when the game is left. */
export function typedNow(app) {
  if (!app.game) { return null; }
  var aside = app.aside && app.aside.id === app.game.id ? app.aside.entry : null;
  var typed = app.editing === null ? typedEntry(app) : aside;
  return typed ? Object.assign({hand: app.game.hands.length}, typed) : null;
}

/** Put a game in the list of past games (one with neither a hand nor a hand typed is not worth
 *  keeping), with what was typed for its next hand; returns what to tell the scorer about it:
 *  where an unfinished game went, or that it was not kept ("" for a finished one). */
export function leave(g, typed, other) {
  if (!g) { return ""; }
  if (!g.hands.length && !typed) { return word(null, "past-empty", {names: listOf(g.names)}); }
  var outcome = keepPast(g, new Date().toISOString(), typed);
  if (outcome.error) { return word(null, "past-not-kept"); }
  if (outcome.dropped) { return word(null, "past-dropped", {count: outcome.dropped}); }
  return isOver(g) ? "" : word(null, "past-set-aside", {names: who(g, other),
                                                        count: g.hands.length});
}

/** The players of a game, as the page names it: with each one's total when the other game
 *  the scorer is told of has the same players (a game to 50 and one to 100 by one family). */
function who(g, other) {
  var same = !!other && other.names.slice().sort().join("\n") === g.names.slice().sort().join("\n");
  if (!same) { return listOf(g.names); }
  var totals = S.replay(rulesOf(g), g.hands).totals;
  return listOf(g.names.map(function (name, i) {
    return word(null, "score-of", {name: name, score: totals[i]});
  }));
}

function handlers(app) {
  return {
    open: function (id) { openPast(app, id); },
    save: function (id) { exportPast(app, id); },
    resume: function (id, at) { askResume(app, id, at); }
  };
}

/** Redraw the list of past games. A game in play that is over is listed as soon as it ends
 *  (kept once, by its id: a new game or a rematch keeps it again in its own place); taken
 *  back to a hand short of the end, it is the game in play only again. */
export function showPast(app) {
  var g = app.game;
  var over = !!g && isOver(g);
  var kept = g ? pastGame(g.id) : null;
  if (over && (!kept || kept.game.revision !== g.revision)) {  // each change a new revision
    keepPast(g, new Date().toISOString());
  } else if (!over && kept && kept.over) {  // (a game left unfinished stays where it is)
    dropPast(g.id);
  }
  drawPast(g && !over ? g.id : null, handlers(app));
}

/** Show a past game in place of the game in play (or the setup): at the top of the page, with
 *  one way back first under its heading; the game in play is out of sight meanwhile, so that
 *  no hand is scored without its dealer and totals in view. */
export function openPast(app, id) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  $("players").hidden = true;  // one panel open at a time
  $("players-open").setAttribute("aria-expanded", "false");
  drawPastGame(entry);
  var inPlay = !$("game").hidden && app.game && !isOver(app.game);
  $("past-view-close").textContent = word(null, $("game").hidden ? "close-past-setup"
    : inPlay ? "close-past-game" : "close-past-back");  // a game over is in play no more
  $("status").textContent = "";  // "Game restored" is of the page's game, not of this one
  drawPastActions(app, entry);
  $("past-view-status").textContent = "";
  if (!openInHistory()) { history.pushState({pastOpen: id}, ""); }  // Back closes it
  window.scrollTo(0, 0);
  $("past-view-close").focus({preventScroll: true});
}

/** True when the browser's history holds the step that opened the past game shown. */
function openInHistory() { return Boolean(history.state && history.state.pastOpen); }

/** The past game shown is closed without Back: its step in the history goes too, so that the
 *  next Back does what it did before it was opened (the view is already hidden by then). */
function leaveHistory() {
  if (openInHistory()) { history.back(); }
}

/** The browser's Back (or Forward) while a past game is shown: it closes, as its button does. */
export function onHistory() {
  if (!openInHistory() && !$("past-view").hidden) { closePast(); }
}

/** The opened game's own Export, and Resume (a game over: Reopen), after the way back:
 *  what the list offers beside it, where the scorer looks once it is open. */
function drawPastActions(app, entry) {
  var row = $("past-actions");
  if ($("past-view").contains($("confirm"))) { unask(); }  // asked about the last one opened
  Array.prototype.slice.call(row.querySelectorAll(".past-own")).forEach(function (b) {
    row.removeChild(b);
  });
  var id = entry.game.id;
  var own = [["print-sheet", function () {
    var kept = pastGame(id);
    if (kept) { printSheet(app, kept.game, "past-view-status"); }
  }], ["past-export", function () { exportPast(app, id, "past-view-status"); }]];
  // a game over is reopened to correct a hand (a rematch had left a wrong result for good)
  own.push([entry.over ? "past-reopen" : "past-resume", function () { askResume(app, id, row); }]);
  own.forEach(function (pair) {  // Print says what the tools' Print says
    var label = pair[0] === "print-sheet" ? $("print-sheet").textContent : word(null, pair[0]);
    var b = el("button", label, "past-own");
    b.type = "button";
    b.addEventListener("click", pair[1]);
    row.appendChild(b);
  });
}

/** Close the past game shown (its button, or Escape): back to the game in play, its standing
 *  (dealer and totals) in view, or to the setup; false when none is shown. */
export function closePast() {
  if ($("past-view").hidden) { return false; }
  $("past-view").hidden = true;
  leaveHistory();
  var back = $("game").hidden ? $("setup") : $("game");
  back.scrollIntoView();
  back.querySelector("h2").focus({preventScroll: true});
  return true;
}

/** Export a past game, said where it was asked for (the list's status, or the opened game's). */
export function exportPast(app, id, where) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  offerGame(entry.game, where || "past-status");
}

/** The most letters the players' names take in an export file's name. */
const FILE_NAMES = 90;  // eight names of a club's table, most often (60 left the last out)

/** Offer a game as its export file, named by the day it began and its players (two games of a
 *  day told apart in a phone's downloads), and say so where it was asked for. */
export function offerGame(g, where) {
  var out = exportedGame(g);
  var kept = [];  // whole names, as many as fit ("...-priya-joann.json" cut Joanna short)
  g.names.map(function (name) {
    return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  }).filter(Boolean).every(function (part) {
    var fits = kept.concat([part]).join("-").length <= FILE_NAMES;
    if (fits || !kept.length) { kept.push(part.slice(0, FILE_NAMES)); }
    return fits;
  });
  var file = word(null, "export-file", {
    date: out.started || today(), names: kept.length ? "-" + kept.join("-") : ""});
  download(JSON.stringify(out, null, 2) + "\n", file);
  say(word(null, "exported", {file: file}), where);  // named, to be found in the downloads
}

/** Resume a past game (or reopen one over); a game in play with a hand recorded or typed is
 *  asked about first, after the buttons (at): a scorer missed that it went to the list. */
function askResume(app, id, at) {
  var g = app.game;
  var entry = pastGame(id);
  if (!g || !entry || isOver(g) || (!g.hands.length && !typedNow(app))) {
    resumePast(app, id);
    return;
  }
  app.confirmed = ask(word(null, "ask-resume", {names: listOf(g.names), count: g.hands.length}),
                      word(null, entry.over ? "yes-reopen" : "yes-resume"),
                      word(null, "keep-playing"), function () { resumePast(app, id); }, at);
}

/** Carry on with an unfinished game: the game in play goes to the list in its place. */
export function resumePast(app, id) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  var said = leave(app.game, typedNow(app), entry.game);  // where the game in play went
  var left = app.game;
  app.editing = null;
  if (!commit(app, entry.game, "past-status")) { return; }
  if (!entry.over) { dropPast(id); }  // one over stays listed, at its time (it moved a minute on)
  dropDraft();
  $("past-view").hidden = true;
  leaveHistory();
  showGame(app);
  showPast(app);
  var typed = entry.draft;  // what was typed for its next hand when it was left comes back
  if (typed) {
    applyEntry(app, typed);
    saveDraft(app);
  }
  // said beside the next hand's boxes; a game over reopened, at the top of the page, over its
  // end (beside the boxes it went unseen that the game in play went to the list)
  var over = $("hand").hidden;
  say((said ? said + " " : "") + word(null, "past-resumed", {names: who(app.game, left),
                                                             count: app.game.hands.length}) +
      (typed ? " " + word(null, "typed-back", {number: typed.hand + 1}) : ""),
      over ? "status" : "hand-status");
  if (over) {
    window.scrollTo(0, 0);
    $("result").focus({preventScroll: true});
  } else {
    bringInFirst();
  }
}
