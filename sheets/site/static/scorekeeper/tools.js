/* Starting and leaving games: start one from the setup, start a new one (asking first when
 * hands would be lost), a rematch, export and import, and the saved games that could not be
 * read (download them, or delete them). */

import {S} from "./config.js";
import {$, download, today} from "./dom.js";
import {ask, asked, complain, drawUnreadable, say, unask} from "./alerts.js";
import {
  copyGame, isOver, newGame, newId, pageOfGame, parseGame, placeOfGame, rulesOf,
  tableOf
} from "./record.js";
import {dealingSides} from "./history.js";
import {typedEntry} from "./entry.js";
import {bringInFirst} from "./hands.js";
import {commit} from "./keeping.js";
import {pastGames} from "./past.js";
import {leave, offerGame, showPast, typedNow} from "./pastgames.js";
import {keepSetupTyped, readSetup, showSetup} from "./setup.js";
import {hidePlayers} from "./playersview.js";
import {showGame} from "./show.js";
import {seatName} from "./views.js";
import {discardSetAside, dropDraft, keepData, keepSetup, setAsideTexts} from "./storage.js";
import {listOf, word} from "./words.js";

/** Make a new game the page's, and show it; the game it replaces goes to the past games
 *  (what became of it is said after "said", in "where"). */
function begin(app, next, where) {
  var last = app.game, typed = typedNow(app);
  app.editing = null;
  if (!commit(app, next, where)) { return false; }
  app.left = leave(last, typed);
  keepData();
  dropDraft();
  hidePlayers();  // a new game (a rematch, one imported) starts with the panel closed
  showGame(app);
  showPast(app);
  return true;
}

/** Words, then what became of the game left, if that needs saying. */
function andLeft(app, text) {
  var left = app.left || "";
  app.left = "";
  return left ? text + " " + left : text;
}

export function startGame(app, event) {
  event.preventDefault();
  var setup = readSetup();
  if (setup.problems) {
    var n = setup.problems.length;
    complain(n === 1 ? word(null, "fix-one") : word(null, "fix-many", {count: n}),
             "setup-status");
    setup.problems[0][0].focus();
    return;
  }
  var next = newGame(setup.table, setup.names, setup.firstDealer, setup.passing, setup.rules);
  if (!begin(app, next, "hand-status")) { return; }
  sayBegun(app, "new-game", {});
}

/** A game begun (new, or a rematch): the setup kept for a reload is done with, and what it
 *  says beside the first hand's boxes is said; the players follow as a
 *  detail, read aloud (on a phone the boxes name them: eight names ran the Record bar to four
 *  lines over the boxes). */
function sayBegun(app, key, values) {
  keepSetup(null);  // started: the setup typed is the game now
  values.ends_at = S.endsAt(rulesOf(app.game));
  say(andLeft(app, word(placeOfGame(app.game), key, values)), "hand-status",
      word(null, "playing", {names: listOf(app.game.names)}));
  bringInFirst();
}

export function askNewGame(app) {
  // a first hand half typed is asked about too (a later one goes with the game to the list)
  var typed = app.editing === null && typedEntry(app);
  if (!app.game.hands.length && !typed) { confirmNewGame(app); return; }
  var asking = !app.game.hands.length ? "ask-new-game-typed"  // a game over is kept as it is:
    : isOver(app.game) ? "ask-new-game-over" : "ask-new-game";  // nothing to resume
  app.confirmed = ask(word(null, asking),
                      word(null, "yes-new-game"), word(null, "keep-game"),
                      function () { confirmNewGame(app); });
}

function confirmNewGame(app) {
  var last = app.game, typed = typedNow(app);
  app.editing = null;
  if (!commit(app, null, "tools-status")) { return; }
  var left = leave(last, typed);
  dropDraft();
  showSetup(last);
  keepSetupTyped();  // the last game's names and rules, kept through a reload
  showPast(app);
  say(word(null, "set-up") + (left ? " " + left : ""), "setup-status");
  $("table").focus();
}

/** "No" to the question: the game goes on (asked elsewhere: back to the button that asked). */
export function keepGame(app) {
  var question = asked();
  unask();
  app.confirmed = null;
  if (!question.home) {
    if (question.by) { question.by.focus(); }
    return;
  }
  say(word(null, "game-goes-on"), "tools-status");
  $("new-game").focus();
}

export function onConfirm(app) {
  var action = app.confirmed;
  unask();
  app.confirmed = null;
  if (action) { action(); }
}

/** A rematch: the same players and rules; the first deal goes one seat to the left of the
 *  last game's first dealer, as the deal moves from hand to hand: to the left of where that
 *  player sits now, when players have changed seats since (dealingSides; a partnership's seats
 *  are counted as they were). */
export function rematch(app) {
  var g = app.game;
  var first = g.hands.length && !g.partnership ? dealingSides(g)[0] : g.firstDealer;
  var dealer = (first + 1) % g.players;
  var next = newGame(tableOf(g), g.names.slice(), dealer, g.passing, copyGame(g.rules));
  if (!begin(app, next, "hand-status")) { return; }
  sayBegun(app, "rematch", {dealer: seatName(app.game, dealer)});
}

export function exportGame(app, where) { offerGame(app.game, where); }

export function downloadUnreadable() {
  var texts = setAsideTexts();
  texts.forEach(function (raw, n) {
    var suffix = n ? word(null, "unreadable-suffix", {number: n + 1}) : "";
    download(raw, word(null, "unreadable-file", {date: today(), suffix: suffix}));
  });
  say(word(null, "downloaded", {count: texts.length}), "status");
}

export function discardUnreadable() {
  discardSetAside();
  drawUnreadable("");
  say(word(null, "unreadable-deleted"), "status");
}

function useImported(app, loaded, name, where) {
  loaded.redo = [];
  if (!sameAsKept(app, loaded)) { loaded.id = newId(); }  // a copy: kept beside, not over it
  var said = where === "setup-status" ? "hand-status" : where;
  if (!begin(app, loaded, said)) { return; }
  if (pageOfGame(app.game)) {  // a game keeps its language: shown in its own page
    window.location.replace(pageOfGame(app.game));
    return;
  }
  say(andLeft(app, word(null, "imported", {file: name, count: app.game.hands.length})), said);
}

/** True unless the page keeps another version of the game imported (in play or in the past
 *  games, by its id): an older export of the game in play would take its place, and its later
 *  hands would be lost. The same game, or one the page does not hold, keeps its id: the same
 *  by its names and hands, whatever its revision (each save counts one, so a file imported
 *  twice was listed twice in the past games). */
function sameAsKept(app, loaded) {
  var kept = [app.game].concat(pastGames().map(function (e) { return e.game; }));
  return kept.every(function (g) { return !g || g.id !== loaded.id || sameGame(g, loaded); });
}

/** True when two records are the same game as it stands: its names and hands. */
function sameGame(one, other) {
  return JSON.stringify([one.names, one.hands]) === JSON.stringify([other.names, other.hands]);
}

/** Read the game in the file an input chose; ask before it replaces a game in progress. */
export function importFrom(app, input, where) {
  var file = input.files[0];
  if (!file) { return; }
  var reader = new FileReader();
  reader.onload = function () {
    input.value = "";
    var loaded;
    try {
      loaded = parseGame(String(reader.result));
    } catch (err) {
      complain(word(null, "not-imported", {file: file.name, problem: err.message}), where);
      return;
    }
    var g = app.game;
    if (g && g.id === loaded.id && sameGame(g, loaded)) {  // it offered to replace it by itself
      say(word(null, "import-same", {file: file.name}), where);
      return;
    }
    if (g && g.hands.length) {
      // a game over is kept in the past games already: only the one in play is "in progress";
      // an earlier export of the game in play is said to be one (a scorer syncing goes back)
      var older = loaded.id === g.id && loaded.revision < g.revision && !sameGame(g, loaded);
      app.confirmed = ask(word(null, older ? "ask-replace-older"
                                 : isOver(g) ? "ask-replace-over" : "ask-replace", {
        names: listOf(g.names), count: g.hands.length, file: file.name,
        other_names: listOf(loaded.names), other_count: loaded.hands.length
      }), word(null, "yes-replace"), word(null, "keep-game"),
      function () { useImported(app, loaded, file.name, where); });
      return;
    }
    useImported(app, loaded, file.name, where);
  };
  reader.onerror = function () { complain(word(null, "not-read"), where); };
  reader.readAsText(file);
}
