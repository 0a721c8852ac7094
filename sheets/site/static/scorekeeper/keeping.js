/* The game kept on this device, as the page sees it: each change written (never over another
 * tab's newer one, which is shown instead), the game and the hand being entered restored on
 * opening, and another tab's changes followed as they are made. */

import {$} from "./dom.js";
import {applyEntry, captureEntry} from "./entry.js";
import {complain, drawUnreadable, hideSaveWarning, showSaveWarning, warn} from "./alerts.js";
import {parseGame} from "./record.js";
import {STORAGE_KEY, loadDraft, peek, restore, sameRecord, write} from "./storage.js";
import {drawGame, showGame} from "./show.js";
import {word} from "./words.js";

/** Make a game (or, for null, no game) the page's, writing it unless another tab has written
 *  since this tab last read. Returns false when the other tab's game was kept (and is now
 *  shown, with a message in the live region "where", beside the control just used). */
export function commit(app, next, where) {
  var outcome = write(next, app.known);
  if (outcome.theirs) {
    adopt(app, outcome.theirs, outcome.raw, true);
    complain(word(null, "other-tab-saved"), where);
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

/** Show a game another tab saved. The points being typed stay in the form when the game is
 *  the same one and, unless this page's own change was refused (refused), no hand was added. */
function adopt(app, other, raw, refused) {
  var game = app.game;
  var entry = game && !$("game").hidden && app.editing === null ? captureEntry(app) : null;
  var keep = entry && game.id === other.id &&
    (refused || game.hands.length === other.hands.length);
  app.game = other;
  app.known = peek(raw);
  app.editing = null;
  showGame(app);
  if (keep) { applyEntry(app, entry); }
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
  adopt(app, other, raw, false);
  warn(word(null, "other-tab-changed", {count: other.hands.length}));
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

/** Put back the hand that was being entered when the page was last closed. */
export function restoreDraft(app) {
  var draft = loadDraft(app.game);
  if (!draft) { return; }
  if (draft.editing !== null) {
    app.editing = draft.editing;
    drawGame(app);
  }
  applyEntry(app, draft);
}
