/* Every word the page says comes from the config's words (content/scorekeeper.yaml), worked out
 * in Python for each table and each rule that changes its numbers: a word id is looked up under
 * the game's rules, then its table, then everywhere, and its {placeholders} are filled in here. */

import {CONFIG, S} from "./config.js";

/** Where words are said: a game's table and its numbers under the game's rules. */
export function placeOf(rules) { return {table: S.table(rules), facts: S.facts(rules)}; }

/** Words about a table as it is offered at setup (its numbers under the usual rules). */
export function tablePlace(t) { return {table: t, facts: t.facts[0]}; }

function lookup(place, id) {
  var levels = place ? [place.facts.words, place.table.words, CONFIG.words] : [CONFIG.words];
  for (var i = 0; i < levels.length; i++) {
    if (Object.prototype.hasOwnProperty.call(levels[i], id)) { return levels[i][id]; }
  }
  throw new Error("no words for " + id);
}

/** CLDR's plural category of a whole number in the page's language ("one", "other"...), from
 *  the config's table (Babel's, worked out in Python): each number below its length, then a
 *  bigger one by its remainder (the last two digits). */
export function pluralOf(n) {
  var table = CONFIG.plural, whole = Math.abs(Math.trunc(n));
  return whole < table.small.length ? table.small[whole] : table.hundreds[whole % table.hundreds.length];
}

/** A noun's form after a number, in the page's language: "1 Runde", "3 Runden". */
export function counted(n, noun) {
  var forms = CONFIG.nouns[noun];
  if (!forms) { throw new Error("no noun " + noun); }
  var form = Object.prototype.hasOwnProperty.call(forms, pluralOf(n)) ? forms[pluralOf(n)]
    : forms.other;
  return signed(n) + " " + form;
}

/** The words of an id (at a place, or null for words the same everywhere) with their
 *  placeholders filled in from values: {n:noun} names a noun in the form its number takes
 *  (CLDR's plural category: "1 hand", "3 hands"; in French "0 manche"); {n:~noun} leaves out
 *  a number that is 1. A number below 0 is written with a real minus sign ("−26"). */
export function word(place, id, values) {
  return lookup(place, id).replace(/\{([a-z_]+)(?::(~?)([a-z]+))?\}(\.?)/g,
    function (all, name, tilde, noun, stop) {
      if (!values || !Object.prototype.hasOwnProperty.call(values, name)) {
        throw new Error("the words " + id + " need {" + name + "}");
      }
      var value = values[name];
      var said = noun ? (tilde && value === 1 ? counted(1, noun).slice(2) : counted(value, noun))
        : typeof value === "number" ? signed(value) : String(value);
      // a name that ends in its own full stop ends the sentence too ("Diego R.." : round 35)
      return said + (/\.$/.test(said) ? "" : stop);
    });
}

/** A number as it is written, with a real minus sign: "−26". */
export function signed(n) { return n < 0 ? "\u2212" + (-n) : String(n); }

/** Names as one phrase: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listOf(names) {
  if (names.length < 2) { return names.join(""); }
  return word(null, "list", {rest: names.slice(0, -1).join(", "), last: names[names.length - 1]});
}
