/* Keeping the game on this device: every change is written to localStorage with a revision
 * number. A write never replaces a record that another tab wrote after this tab last read it;
 * the other tab's game is given back instead. The points being typed are kept as a draft, so a
 * reload does not lose them. A saved record that cannot be read is set aside, never deleted.
 *
 * No page here: each function says what happened, and the page says it to the user. */

import {isPlainObject, parseGame} from "./record.js";

export const STORAGE_KEY = "hearts-sheets.scorekeeper.v1";
const STORAGE_PREFIX = "hearts-sheets.scorekeeper.";
const DRAFT_KEY = "hearts-sheets.scorekeeper-draft";
const SETUP_KEY = "hearts-sheets.scorekeeper-setup";
const UNREADABLE_KEY = "hearts-sheets.scorekeeper-unreadable";

/** Why the browser would not keep the game: the id of its words. */
export function storageTrouble(err) {
  if (err && (err.name === "QuotaExceededError" || err.code === 22)) { return "storage-full"; }
  if (err && err.name === "SecurityError") { return "storage-blocked"; }
  return "storage-missing";
}

/** Which record a saved text is: {id, revision}, or null when it cannot be read at all. */
export function peek(raw) {
  try {
    var data = JSON.parse(raw);
    if (!isPlainObject(data)) { return null; }
    return {id: typeof data.id === "string" ? data.id : null,
            revision: Number.isInteger(data.revision) ? data.revision : 0};
  } catch (err) {
    return null;
  }
}

export function sameRecord(a, b) {
  return !!a && !!b && a.id === b.id && a.revision === b.revision;
}

/** Put a saved text that cannot be read where it is kept, not lost, and offered for download. */
function setAside(storage, raw) {
  var key = UNREADABLE_KEY;
  for (var n = 2; storage.getItem(key) !== null && storage.getItem(key) !== raw; n++) {
    key = UNREADABLE_KEY + "-" + n;
  }
  storage.setItem(key, raw);
}

/** Set aside a text nobody can read (a list of past games, say): kept, not lost. */
export function setAsideText(raw) {
  try { setAside(window.localStorage, raw); } catch (err) { /* it stays where it was */ }
}

/** The keys of the texts set aside, in order. */
export function setAsideKeys() {
  var keys = [];
  try {
    for (var i = 0; i < window.localStorage.length; i++) {
      var key = window.localStorage.key(i);
      if (key && key.indexOf(UNREADABLE_KEY) === 0) { keys.push(key); }
    }
  } catch (err) { /* no storage: nothing set aside */ }
  return keys.sort();
}

/** The texts set aside, in order. */
export function setAsideTexts() {
  return setAsideKeys().map(function (key) { return window.localStorage.getItem(key); });
}

export function discardSetAside() {
  try {
    setAsideKeys().forEach(function (key) { window.localStorage.removeItem(key); });
  } catch (err) { /* nothing more to do */ }
}

/** Write a game (or, for null, remove the saved one) unless another tab has written since this
 *  tab last read (known: the {id, revision} it last read or wrote). Says what happened:
 *  {theirs, raw} when the other tab's game was kept; else {known} when it was written (and
 *  what this tab knows now), {error} when the browser would not, {setAside} when a record nobody
 *  can read was set aside first. */
export function write(next, known) {
  var storage, raw;
  try {
    storage = window.localStorage;
    raw = storage.getItem(STORAGE_KEY);
  } catch (err) {
    return {error: err};
  }
  var current = raw === null ? null : peek(raw);
  var strange = raw !== null && !sameRecord(current, known);  // not what this tab last saw
  if (strange) {
    var theirs = null;
    try { theirs = parseGame(raw); } catch (err) { theirs = null; }
    if (theirs) { return {theirs: theirs, raw: raw}; }
  }
  var outcome = {setAside: false};
  try {
    if (strange) {  // a record nobody can read: kept, not lost
      setAside(storage, raw);
      outcome.setAside = true;
    }
    if (next) {
      next.revision = Math.max(next.revision || 0, current ? current.revision : 0) + 1;
      storage.setItem(STORAGE_KEY, JSON.stringify(next));
      outcome.known = {id: next.id, revision: next.revision};
    } else {
      storage.removeItem(STORAGE_KEY);
      outcome.known = null;
    }
  } catch (err) {
    outcome.error = err;
  }
  return outcome;
}

/** Ask the browser to keep this page's storage when space runs short. */
export function keepData() {
  var manager = navigator.storage;
  if (!manager || typeof manager.persist !== "function") { return; }
  Promise.resolve(typeof manager.persisted === "function" ? manager.persisted() : false)
    .then(function (already) { return already || manager.persist(); })
    .catch(function () { /* the browser decides; the game is saved either way */ });
}

/** The saved game: {game, known} (game null when there is none), with {error} when storage
 *  cannot be used, {older} when records of an older version were set aside, {unreadable: why}
 *  when the saved record could not be read (and was set aside). */
export function restore() {
  var storage, raw;
  var outcome = {game: null, known: null, older: false};
  try {
    storage = window.localStorage;
    var stale = [];
    for (var i = 0; i < storage.length; i++) {
      var key = storage.key(i);
      if (key && key.indexOf(STORAGE_PREFIX) === 0 && key !== STORAGE_KEY) { stale.push(key); }
    }
    stale.forEach(function (key) {
      setAside(storage, storage.getItem(key));
      storage.removeItem(key);
    });
    outcome.older = stale.length > 0;
    raw = storage.getItem(STORAGE_KEY);
  } catch (err) {
    outcome.error = err;
    return outcome;
  }
  if (raw === null) { return outcome; }
  try {
    outcome.game = parseGame(raw);
    outcome.known = peek(raw);
  } catch (err) {
    try {
      setAside(storage, raw);
      storage.removeItem(STORAGE_KEY);
    } catch (ignored) { /* it stays where it is, and is met again next time */ }
    outcome.unreadable = err.message;
  }
  return outcome;
}

/** Keep the hand being entered (a draft: what the form holds, for a game and hand). */
export function saveDraft(draft) {
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch (err) { /* the save warning speaks for the game itself */ }
}

export function dropDraft() {
  try { window.localStorage.removeItem(DRAFT_KEY); } catch (err) { /* nothing kept */ }
}

/** Keep what the setup holds before Start (setup.js says what), so a reload does not lose it;
 *  null drops it. */
export function keepSetup(setup) {
  try {
    if (setup) {
      window.localStorage.setItem(SETUP_KEY, JSON.stringify(setup));
    } else {
      window.localStorage.removeItem(SETUP_KEY);
    }
  } catch (err) { /* a setup not kept is typed again */ }
}

/** The setup kept, as it was written, or null. */
export function keptSetup() {
  try {
    return JSON.parse(window.localStorage.getItem(SETUP_KEY));
  } catch (err) {
    return null;
  }
}

/** Whether something kept holds a hand's entry as the form captures it (entry.js). */
export function isEntry(entry) {
  return isPlainObject(entry) && Array.isArray(entry.points) && Array.isArray(entry.takers);
}

/** The draft kept for a game at its current hand, or null. */
export function loadDraft(game) {
  var draft;
  try {
    draft = JSON.parse(window.localStorage.getItem(DRAFT_KEY));
  } catch (err) {
    return null;
  }
  if (!isEntry(draft) || draft.id !== game.id || draft.hand !== game.hands.length) { return null; }
  if (draft.editing !== null && !(Number.isInteger(draft.editing) && draft.editing < draft.hand)) {
    return null;
  }
  return draft;
}
