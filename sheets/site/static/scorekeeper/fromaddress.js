/* A game set up from the page's address: a sheet's QR code opens the scorekeeper with the
 * sheet's house rules in the query, written as the service's /make reads them
 * (?players=5&moon=shooter-chooses&passing=left&passing=hold; sheets/address.py writes them).
 * A key not given is the standard game's (a rule's fallback, the table's usual cycle); a value
 * the scorekeeper does not know is left at that too; a cycle the table does not list is added.
 * What was taken is shown above the setup until the game starts. Keys the scorekeeper does not
 * keep (how the cards are played) are read by /make, not here. */

import {CONFIG, S} from "./config.js";
import {$, clear, el} from "./dom.js";
import {placeOfGame, tableOf} from "./record.js";
import {tablePlace, word} from "./words.js";

function ruleValue(rule, raw) {
  if (raw === null || raw === "") { return rule.fallback; }
  if (rule.kind === "bool") {
    return raw === "true" ? true : raw === "false" ? false : rule.fallback;
  }
  if (rule.kind === "int") {
    var n = Number(raw);
    return /^[0-9]+$/.test(raw) && n >= rule.min && n <= rule.max ? n : rule.fallback;
  }
  var known = rule.values.filter(function (v) { return String(v) === raw; });
  return known.length ? known[0] : rule.fallback;
}

/** The address's passing cycle, offered at its table: a cycle the table does not list (the
 *  sheet's own) is added to its list, named by its directions, when each direction is one the
 *  table uses; else the table's usual cycle. */
function offerCycle(table, passing) {
  if (!passing.length) { return table.cycles[0].value; }
  var key = passing.join(" ");
  var fits = {};
  table.cycles.forEach(function (c) {
    c.value.forEach(function (d) { fits[d] = true; });
  });
  if (table.cycles.some(function (c) { return c.value.join(" ") === key; })) { return passing; }
  if (!passing.every(function (d) { return fits[d]; })) { return table.cycles[0].value; }
  table.cycles.push({value: passing, label: passing.map(function (d) {
    return word(null, "direction." + d);
  }).join(" · ")});
  return passing;
}

/** The game the address asks for, as showSetup takes a last game ({players, partnership,
 *  names, passing, firstDealer, rules}); null when it names no table the scorekeeper keeps. */
export function fromAddress(search) {
  var params = new URLSearchParams(search);
  if (!params.has("players")) { return null; }
  var partnership = params.get("partnership") === "true";
  var table = S.table({players: Number(params.get("players")), partnership: partnership});
  if (!table) { return null; }
  var passing = params.getAll("passing").filter(function (d) { return d; });
  var rules = {};
  CONFIG.rules.forEach(function (rule) {
    rules[rule.name] = ruleValue(rule, params.get(rule.key));
  });
  return {players: table.players, partnership: partnership, names: [], firstDealer: 0,
          passing: offerCycle(table, passing), rules: rules};
}

function said(place, rule, value) {
  if (rule.kind === "bool") { return word(null, value ? "from-address-on" : "from-address-off"); }
  if (rule.kind === "int") { return String(value); }
  return word(place, "rule." + rule.key + ".value." + value);
}

/** Show what the setup took from the address (nothing for null): the table, the passing cycle
 *  as the setup holds it, and each rule. Hidden again when the game starts. */
export function showTaken(game) {
  var box = $("from-address");
  box.hidden = !game;
  if (!game) { return; }
  var list = $("from-address-list");
  clear(list);
  var place = placeOfGame(game);
  var lines = [word(tablePlace(tableOf(game)), "table"),
               $("passing").selectedOptions[0].textContent];
  CONFIG.rules.forEach(function (rule) {
    lines.push(word(null, "from-address-line", {
      name: word(place, "rule." + rule.key + ".label"),
      result: said(place, rule, game.rules[rule.name])}));
  });
  lines.forEach(function (line) { list.appendChild(el("li", line)); });
  $("setup").addEventListener("submit", function () {  // after startGame's: did it start?
    if ($("setup").hidden) { box.hidden = true; }
  });
}
