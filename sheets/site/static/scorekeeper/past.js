/* The games kept on this device once they are left (finished, or left unfinished by New game,
 * Rematch or an import): a list, newest first, of {game, kept (the date and time it was
 * left), over, draft (what was typed for its next hand when it was left, or null)}. Every
 * change reads the list afresh and writes it back whole, so that two tabs
 * each add their own game; a game is in it once, by its id. At most MAX_PAST games are kept;
 * when the browser's storage is full, the oldest are dropped until the newest fits, and the
 * page is told how many went. A list nobody can read is set aside (storage.js), never lost.
 *
 * No page here: each function says what happened, and the page says it to the user. */

import {isOver, isPlainObject, readGame} from "./record.js";
import {isEntry, setAsideText} from "./storage.js";

export const PAST_KEY = "hearts-sheets.scorekeeper-past";
export const MAX_PAST = 30;

/** The games kept, newest first; entries that cannot be read are left out. */
export function pastGames() {
  var raw;
  try { raw = window.localStorage.getItem(PAST_KEY); } catch (err) { return []; }
  if (raw === null) { return []; }
  var data;
  try {
    data = JSON.parse(raw);
    if (!Array.isArray(data)) { throw new Error("not a list"); }
  } catch (err) {
    setAsideText(raw);
    try { window.localStorage.removeItem(PAST_KEY); } catch (ignored) { /* met again later */ }
    return [];
  }
  var out = [];
  data.forEach(function (entry) {
    if (!isPlainObject(entry) || typeof entry.kept !== "string") { return; }
    try {
      var game = readGame(entry.game);
      var draft = entry.draft;  // kept only while it is still that game's next hand
      out.push({game: game, kept: entry.kept, over: isOver(game),
                draft: isEntry(draft) && draft.hand === game.hands.length ? draft : null});
    } catch (err) { /* a game this version cannot read stays out of the list */ }
  });
  return out;
}

/** Write the list: {dropped: how many of the oldest had to go for it to fit} or {error}. */
function writeList(list) {
  var dropped = 0;
  for (;;) {
    try {
      window.localStorage.setItem(PAST_KEY, JSON.stringify(list.map(function (e) {
        var kept = {game: e.game, kept: e.kept};
        if (e.draft) { kept.draft = e.draft; }
        return kept;
      })));
      return {dropped: dropped};
    } catch (err) {
      if (list.length <= 1) { return {error: err}; }
      list = list.slice(0, -1);
      dropped += 1;
    }
  }
}

/** Keep a game in the list (in place of an older copy of it), newest first, with what was
 *  typed for its next hand (draft, or null). */
export function keepPast(game, when, draft) {
  // kept again unchanged (set aside at a rematch), or corrected after it ended (its time read
  // as another game's): the time it was first kept stays
  var same = pastGame(game.id);
  var kept = same && (same.game.revision === game.revision || same.over && isOver(game))
    ? same.kept : when;
  var list = pastGames().filter(function (e) { return e.game.id !== game.id; });
  list.unshift({game: game, kept: kept, over: false, draft: draft || null});
  var over = Math.max(0, list.length - MAX_PAST);
  var outcome = writeList(list.slice(0, MAX_PAST));
  if (outcome.dropped !== undefined) { outcome.dropped += over; }
  return outcome;
}

/** Take a game out of the list (it is being resumed). */
export function dropPast(id) {
  var list = pastGames();
  var left = list.filter(function (e) { return e.game.id !== id; });
  if (left.length === list.length) { return {dropped: 0}; }
  return writeList(left);
}

/** One game of the list by its id, or null. */
export function pastGame(id) {
  var found = pastGames().filter(function (e) { return e.game.id === id; });
  return found.length ? found[0] : null;
}
