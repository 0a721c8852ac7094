/* The game record: one plain object, the same shape saved, exported and imported, read back here
 * and checked from top to bottom. No page, no storage.
 *
 * {format, version, id, revision, language, players, partnership, names, firstDealer, passing,
 *  rules: {each scoring house rule by its name in config.rules}, hands, log, redo}
 *
 * language is the code of the language the game was started in ("de"): the game is shown in
 * it wherever it is opened. A record saved before games kept their language is read as a game
 * in the page's language.
 *
 * log and redo are the actions done and taken back (actions.js). A record of an earlier
 * version, without a log, is read as a game of hands recorded one after the other.
 *
 * Who dealt each hand is read from firstDealer and the log (history.js): the deal passes left
 * seat by seat, and players who swap seats take the hands they dealt with them.
 *
 * An exported or printed record also says the day the game was started, in the device's own
 * time (started: "2026-12-03"), which the printed score sheet writes on its date line.
 */

import {CONFIG, S} from "./config.js";
import {placeOf, tablePlace, word} from "./words.js";

export const FORMAT = "hearts-sheets.scorekeeper";
export const VERSION = 1;

export function newId() {
  return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8);
}

export function copyGame(g) { return JSON.parse(JSON.stringify(g)); }

/** When the game was started, from its id (which begins with the time it was made, as newId
 *  writes it); null when the id says no time. */
export function startedAt(g) {
  var made = parseInt(String(g.id).split("-")[0], 36);
  var date = new Date(made);
  if (!Number.isFinite(made) || isNaN(date.getTime()) || date.getFullYear() < 2000) {
    return null;
  }
  return date;
}

/** The game as it is exported and posted to be printed: its record, with the day it was
 *  started in this device's time ("2026-12-03") where its id says it. */
export function exportedGame(g) {
  var out = copyGame(g);
  var date = startedAt(g);
  if (date) {
    out.started = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map(function (n) {
      return String(n).padStart(2, "0");
    }).join("-");
  }
  return out;
}

export function isPlainObject(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}

/** The rules as scoring.js takes them: the table and each scoring rule. */
export function rulesOf(g) {
  return Object.assign({players: g.players, partnership: g.partnership}, g.rules);
}

/** True when the game has ended (a total at the end, and no tie played on). */
export function isOver(g) { return S.replay(rulesOf(g), g.hands).over; }

export function tableOf(g) { return S.table(rulesOf(g)); }

/** Whether a hand's row ({delta, totals, rule}, as scored) is a moon the safeguard scored off
 *  its shooter, as the scoring says it did. */
export function safeguarded(g, row) {
  return S.moonChooser(rulesOf(g)) === "end" && row.rule !== null && !S.adds(row.rule);
}

/** Where the game's words are said (its table, under its rules). */
export function placeOfGame(g) { return placeOf(rulesOf(g)); }

export function newGame(t, names, firstDealer, passing, rules) {
  return {
    format: FORMAT, version: VERSION, id: newId(), revision: 0, language: CONFIG.language,
    players: t.players, partnership: t.partnership, names: names, firstDealer: firstDealer,
    passing: passing.slice(), rules: rules, hands: [], log: [], redo: []
  };
}

/** True for names a table takes: one for each side, each 1 to config.nameLength
 *  characters, no two the same (whatever their case). */
export function namesFit(t, names) {
  var seen = {};
  return Array.isArray(names) && names.length === t.sides && names.every(function (s) {
    if (typeof s !== "string" || !s.trim() || s.length > CONFIG.nameLength) { return false; }
    var key = s.trim().toLocaleLowerCase();
    if (seen[key]) { return false; }
    seen[key] = true;
    return true;
  });
}

function fail(id, values, place) { throw new Error(word(place || null, id, values)); }

function readHand(h) {
  if (!isPlainObject(h)) { fail("not-a-hand"); }
  var hand = {points: h.points, shooter: h.shooter === undefined ? null : h.shooter,
              sun: h.sun === true, choice: h.choice === undefined ? null : h.choice,
              revoke: h.revoke === undefined ? null : h.revoke};
  var cards = readCardsTaken(h.cards, Array.isArray(h.points) ? h.points.length : 0);
  if (cards) { hand.cards = cards; }
  return hand;
}

/** The cards a hand was entered by (who took each Q♠ and bonus card, each side's hearts), or
 *  null when there are none or they cannot be read: the hand is its points all the same. */
function readCardsTaken(c, sides) {
  var side = function (x) { return x === null || (Number.isInteger(x) && x >= 0 && x < sides); };
  var ok = isPlainObject(c) && Array.isArray(c.queens) && Array.isArray(c.bonus) &&
    Array.isArray(c.hearts) && c.hearts.length === sides && c.queens.every(side) &&
    c.bonus.every(side) && c.hearts.every(Number.isInteger);
  return ok ? {queens: c.queens.slice(), bonus: c.bonus.slice(), hearts: c.hearts.slice()}
    : null;
}

/** True for an order of sides: each of 0 .. n-1 once. */
function readOrder(order) {
  return Array.isArray(order) && order.every(function (x, i) {
    return Number.isInteger(x) && x >= 0 && x < order.length && order.indexOf(x) === i;
  });
}

/** A saved action (actions.js), or null when it is not one this page can take back. */
function readAction(a) {
  if (!isPlainObject(a)) { return null; }
  try {
    if (a.act === "record") {
      return a.hand === undefined ? {act: "record"} : {act: "record", hand: readHand(a.hand)};
    }
    if (a.act === "players" && readOrder(a.order) && Array.isArray(a.before) &&
        Array.isArray(a.after) && a.before.length === a.order.length &&
        a.after.length === a.order.length) {
      return {act: "players", before: a.before.map(String), after: a.after.map(String),
              order: a.order.slice()};
    }
    if (a.act === "edit" && Number.isInteger(a.index) && a.index >= 0) {
      return {act: "edit", index: a.index, before: readHand(a.before), after: readHand(a.after)};
    }
  } catch (err) {
    return null;
  }
  return null;
}

/** The actions of a saved game: done (log) and taken back (redo). An earlier version's redo is
 *  a list of hands; a log that does not account for every hand is read as the hands recorded
 *  one after the other, and a redo that does not fit as nothing to redo. */
function readActions(data, g) {
  var log = Array.isArray(data.log) ? data.log.map(readAction) : null;
  var records = log ? log.filter(function (a) { return a && a.act === "record"; }).length : -1;
  g.log = log && log.every(Boolean) && records === g.hands.length ? log
    : g.hands.map(function () { return {act: "record"}; });
  var redo = (Array.isArray(data.redo) ? data.redo : []).map(function (a) {
    if (isPlainObject(a) && Array.isArray(a.points)) { return {act: "record", hand: readHand(a)}; }
    return readAction(a);
  });
  g.redo = redo.every(function (a) { return a && (a.act !== "record" || a.hand); }) ? redo : [];
}

/** Each scoring rule of a saved game, by the config's list: a switch is on only when it says
 *  true, and a rule the game does not name (one added since it was saved) takes its usual
 *  value. */
function readRules(r) {
  var rules = {};
  CONFIG.rules.forEach(function (rule) {
    var value = Object.prototype.hasOwnProperty.call(r, rule.name) ? r[rule.name] : rule.fallback;
    rules[rule.name] = rule.kind === "bool" ? value === true : value;
  });
  return rules;
}

/** The address of the scorekeeper in a game's language, when that is not this page's and the
 *  site has a page in it (else null: the game is shown here). */
export function pageOfGame(g) {
  if (g.language === CONFIG.language) { return null; }
  var pages = CONFIG.scorekeepers;
  return Object.prototype.hasOwnProperty.call(pages, g.language) ? pages[g.language] : null;
}

/** Why rules cannot be kept here, in words, or null. */
export function rulesTrouble(rules) {
  var problem = S.rulesProblem(rules);
  if (!problem) { return null; }
  return problem.rule ? word(null, "rule." + problem.rule.key + ".unknown")
    : word(null, "table-unknown");
}

/** A saved or imported game, checked from top to bottom; throws Error saying what is wrong. */
export function readGame(data) {
  if (!isPlainObject(data) || data.format !== FORMAT) { fail("not-a-game"); }
  if (data.version !== VERSION) { fail("other-version"); }
  if (typeof data.partnership !== "boolean" || !Number.isInteger(data.players)) {
    fail("no-table");
  }
  var t = S.table({players: data.players, partnership: data.partnership});
  if (!t) { fail("players-kept", {found: data.players}); }
  var names = data.names;
  if (!namesFit(t, names)) { fail("names-needed", {}, tablePlace(t)); }
  var dealer = data.firstDealer;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= t.players) {
    fail("no-dealer");
  }
  if (!Array.isArray(data.passing) || !data.passing.length || !data.passing.every(function (d) {
    return CONFIG.directions.indexOf(d) >= 0;
  })) { fail("no-cycle"); }
  if (!isPlainObject(data.rules)) { fail("no-rules"); }
  var g = {
    format: FORMAT, version: VERSION,
    id: typeof data.id === "string" && data.id ? data.id : newId(),
    revision: Number.isInteger(data.revision) && data.revision > 0 ? data.revision : 0,
    language: typeof data.language === "string" && data.language ? data.language
      : CONFIG.language,
    players: data.players, partnership: data.partnership, names: names.slice(),
    firstDealer: data.firstDealer, passing: data.passing.slice(),
    rules: readRules(data.rules), hands: [], log: [], redo: []
  };
  var trouble = rulesTrouble(rulesOf(g));
  if (trouble) { throw new Error(trouble); }
  if (!Array.isArray(data.hands)) { fail("no-hands"); }
  g.hands = data.hands.map(readHand);
  readActions(data, g);
  try {
    S.replay(rulesOf(g), g.hands);
  } catch (err) {
    if (err instanceof S.ScoreError) { throw new Error(refusalText(g, err)); }
    throw new Error(err.message);
  }
  return g;
}

/** Why scoring.js refused a hand of a game (a refusal record, or a ScoreError), in words: a
 *  side is named by its name, and a hand of a history by its number. */
export function refusalText(g, problem) {
  var values = Object.assign({}, problem.values);
  if (Number.isInteger(values.side) && g.names[values.side] !== undefined) {
    values.name = g.names[values.side];
  }
  var text = word(placeOfGame(g), "refusal." + problem.reason, values);
  return problem.hand ? word(null, "in-hand", {hand: problem.hand, problem: text}) : text;
}

/** The game in a saved or exported text; throws Error in the user's words. */
export function parseGame(text) {
  var data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail("not-json");
  }
  return readGame(data);
}
