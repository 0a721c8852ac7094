/* The hands of the game: record one, edit one, take the last back and put it back. Each change
 * is tried on a copy of the game, scored from the start, and kept only when it scores. */

import {S} from "./config.js";
import {$} from "./dom.js";
import {complain, say} from "./alerts.js";
import {readEntry, pointInputs} from "./entry.js";
import {copyGame, refusalText, rulesOf} from "./record.js";
import {commit} from "./keeping.js";
import {drawGame} from "./show.js";
import {dropDraft} from "./storage.js";
import {resultText} from "./views.js";
import {word} from "./words.js";

/** "Ann 13, Bob 0, ...": each side's name and a number (totals, or a hand's points). */
function scoresText(g, numbers) {
  return g.names.map(function (name, i) {
    return word(null, "score-of", {name: name, score: numbers[i]});
  }).join(", ");
}

/** Why a changed history does not score, or null. */
function historyTrouble(next) {
  try {
    S.replay(rulesOf(next), next.hands);
    return null;
  } catch (err) {
    if (err instanceof S.ScoreError) { return refusalText(next, err); }
    throw err;
  }
}

export function recordHand(app, event) {
  event.preventDefault();
  var entry = readEntry(app);
  if (entry.error) {
    complain(entry.error, "hand-status", entry.focus);
    return;
  }
  var editing = app.editing;
  var next = copyGame(app.game);
  var number = editing === null ? next.hands.length + 1 : editing + 1;
  if (editing === null) {
    next.hands.push(entry.hand);
    next.redo = [];
  } else {
    next.hands[editing] = entry.hand;
  }
  var trouble = historyTrouble(next);
  if (trouble) {
    complain(word(null, editing === null ? "not-recorded" : "not-recorded-edit",
                  {problem: trouble}), "hand-status", pointInputs()[0]);
    return;
  }
  if (!commit(app, next, "hand-status")) { return; }
  app.editing = null;
  dropDraft();
  var result = drawGame(app);
  var revoke = entry.hand.revoke;
  var id = editing === null ? (revoke === null ? "recorded" : "recorded-revoke")
    : (revoke === null ? "changed" : "changed-revoke");
  say(word(null, id, {number: number, name: revoke === null ? "" : app.game.names[revoke],
                      totals: scoresText(app.game, result.totals),
                      result: resultText(app.game, result)}),
      result.over ? "status" : "hand-status");
  if (result.over) { $("result").focus(); } else { $("points-0").focus(); }
}

export function beginEdit(app, k) {
  app.editing = k;
  drawGame(app);
  say(word(null, "editing", {number: k + 1}), "hand-status");
  $("points-0").focus();
}

export function cancelEdit(app) {
  app.editing = null;
  dropDraft();
  drawGame(app);
  say(word(null, "edit-cancelled"), "hand-status");
  if (!$("hand").hidden) { $("points-0").focus(); }
}

export function undo(app) {
  if (!app.game.hands.length) { return; }
  var next = copyGame(app.game);
  var hand = next.hands.pop();
  next.redo.push(hand);
  var number = app.game.hands.length;
  if (!commit(app, next, "tools-status")) { return; }
  app.editing = null;
  drawGame(app);
  var revoked = hand.revoke !== null;
  say(word(null, revoked ? "taken-back-revoke" : "taken-back",
           {number: number, scores: scoresText(app.game, hand.points),
            name: revoked ? app.game.names[hand.revoke] : ""}), "tools-status");
  $("redo").focus();
}

export function redo(app) {
  if (!app.game.redo.length) { return; }
  var next = copyGame(app.game);
  next.hands.push(next.redo.pop());
  var trouble = historyTrouble(next);
  if (trouble) {
    complain(word(null, "not-put-back", {problem: trouble}), "tools-status");
    return;
  }
  if (!commit(app, next, "tools-status")) { return; }
  app.editing = null;
  var result = drawGame(app);
  say(word(null, "put-back", {number: app.game.hands.length,
                              totals: scoresText(app.game, result.totals)}), "tools-status");
  (app.game.redo.length ? $("redo") : $("undo")).focus();
}
