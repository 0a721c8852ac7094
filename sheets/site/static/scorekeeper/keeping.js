/* The game kept on this device, as the page sees it: each change written (never over another
 * tab's newer one, which is shown instead), the game and the hand being entered restored on
 * opening, and another tab's changes followed as they are made. What the scorer was typing
 * (a new hand or an edit) stays in the form through another tab's change, and the page says
 * what became of it. */

import {$} from "./dom.js";
import {applyEntry, captureEntry} from "./entry.js";
import {complain, drawUnreadable, hideSaveWarning, showSaveWarning, warn} from "./alerts.js";
import {saveDraft} from "./quick.js";
import {isPlainObject, parseGame} from "./record.js";
import {
  STORAGE_KEY, dropDraft, isEntry, loadDraft, peek, restore, sameRecord, write
} from "./storage.js";
import {drawGame, showGame} from "./show.js";
import {word} from "./words.js";

/** Make a game (or, for null, no game) the page's, writing it unless another tab has written
 *  since this tab last read. Returns false when the other tab's game was kept (and is now
 *  shown, with a message in the live region "where", beside the control just used). */
export function commit(app, next, where) {
  var outcome = write(next, app.known);
  if (outcome.theirs) {
    var kept = adopt(app, outcome.theirs, outcome.raw);
    complain(word(null, "other-tab-saved") + kept, where);
    return false;
  }
  if (outcome.setAside) { drawUnreadable(""); }
  if ("known" in outcome) { app.known = outcome.known; }
  if (outcome.error) {
    if (next) { showSaveWarning(outcome.error); }
  } else {
    hideSaveWarning();
  }
  app.game = next;
  return true;
}

/** True when the form holds nothing typed or chosen. */
function untouched(entry) {
  var typed = entry.points.concat(entry.cards ? entry.cards.hearts : []);
  return typed.every(function (v) { return String(v).trim() === ""; }) &&
    entry.shooter === "" && entry.revoke === "" && (!entry.cards || !entry.cards.on);
}

/** Show a game another tab saved. What the form holds stays in it when the game is the same
 *  one, and so does the edit under way while its hand is still there; returns what became of
 *  them, in words ("" when there was nothing to keep). */
function adopt(app, other, raw) {
  var game = app.game;
  var same = !!game && !$("game").hidden && game.id === other.id;
  var entry = same ? captureEntry(app) : null;
  var editing = app.editing;
  app.game = other;
  app.known = peek(raw);
  app.editing = same && editing !== null && editing < other.hands.length ? editing : null;
  showGame(app);
  if (!entry || $("hand").hidden || (editing === null && untouched(entry))) { return ""; }
  applyEntry(app, entry);
  saveDraft(app);
  if (app.editing !== null) { return " " + word(null, "kept-edit", {number: editing + 1}); }
  var next = other.hands.length + 1;
  return " " + (editing !== null ? word(null, "edit-gone", {number: editing + 1, hand: next})
    : word(null, "kept-entry", {number: next}));
}

/** Another tab wrote or removed the game. */
export function onStorage(app, event) {
  if (event.key !== STORAGE_KEY && event.key !== null) { return; }
  var raw = event.key === null ? null : event.newValue;
  if (raw === null) {
    app.known = null;
    if (app.game) { warn(word(null, "other-tab-closed")); }
    return;
  }
  var other;
  try { other = parseGame(raw); } catch (err) { return; }
  if (app.game && sameRecord(peek(raw), {id: app.game.id, revision: app.game.revision})) {
    return;
  }
  var kept = adopt(app, other, raw);
  warn(word(null, "other-tab-changed", {count: other.hands.length}) + kept);
  if (kept) {  // said beside Record too, where the scorer is typing (the alert is at the top)
    $("hand-status").textContent = word(null, "other-tab-changed-short") + kept;
  }
}

/** The saved game, or null; anything unreadable is set aside with a message. */
export function restoreGame(app) {
  var outcome = restore();
  if (outcome.older) { drawUnreadable(word(null, "older-version")); }
  if (outcome.error) { showSaveWarning(outcome.error); }
  if (outcome.unreadable !== undefined) { drawUnreadable(outcome.unreadable); }
  app.known = outcome.known;
  return outcome.game;
}

/** True when a draft holds nothing the blank form does not (boxes typed and cleared again). */
function blankDraft(app, draft) {
  var blank = captureEntry(app);
  var way = {on: null};  // the way of entering chosen is not something typed
  return ["points", "shooter", "takers", "choice", "sun", "revoke", "cards"].every(function (k) {
    return k === "cards" ? JSON.stringify(Object.assign({}, draft[k], way)) ===
      JSON.stringify(Object.assign({}, blank[k], way))
      : JSON.stringify(draft[k]) === JSON.stringify(blank[k]);
  });
}

/** Put back the hand that was being entered when the page was last closed; true if it was (a
 *  hand being edited always is; a new hand's blank form is not said to be back). */
export function restoreDraft(app) {
  var draft = loadDraft(app.game);
  if (!draft) { return false; }
  if (draft.editing === null && blankDraft(app, draft)) {  // at most the way of entering
    if (isPlainObject(draft.cards) && draft.cards.on !== captureEntry(app).cards.on) {
      applyEntry(app, draft);  // chosen, and kept without a word ("Hand 3 is back as it was
    }                          // being typed" with nothing typed)
    dropDraft();
    return false;
  }
  if (draft.editing !== null) {
    app.editing = draft.editing;
    drawGame(app);
  }
  applyEntry(app, draft);
  var aside = draft.aside;  // the next hand's numbers, set aside while this one is edited
  app.aside = isPlainObject(aside) && aside.id === app.game.id &&
    aside.hand === app.game.hands.length && isEntry(aside.entry) ? aside : null;
  return true;
}
