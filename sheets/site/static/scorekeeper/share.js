/* The standings shared as plain text: through the system's share sheet where the browser has
 * one (the Web Share API), else copied to the clipboard; the page says which it did. */

import {S} from "./config.js";
import {say} from "./alerts.js";
import {rulesAndPassing, startedOn} from "./printsheet.js";
import {placeOfGame, rulesOf} from "./record.js";
import {resultText} from "./views.js";
import {word} from "./words.js";

/** The standings as text: a heading line (the game's end in it), each side in order with its
 *  place and total, then the result if the game is over; then, after
 *  an empty line, the day the game began and its rules as the score sheet states them (what
 *  explains a −62 or a 42 to whoever reads it away from the table). */
export function standingsText(g, result) {
  var order = result.totals.map(function (t, i) { return i; });
  order.sort(function (a, b) { return result.totals[a] - result.totals[b] || a - b; });
  var lines = [word(placeOfGame(g), "share-heading",  // the game's name by its table
                    {count: g.hands.length, ends_at: S.endsAt(rulesOf(g))})];
  order.forEach(function (i) {
    var place = 1 + result.totals.filter(function (t) { return t < result.totals[i]; }).length;
    lines.push(word(null, "share-line",
                    {number: place, name: g.names[i], total: result.totals[i]}));
  });
  var said = resultText(g, result);
  if (said) { lines.push(said); }
  var date = startedOn(g);
  lines.push("");
  if (date) { lines.push(word(null, "sheet-date", {date: date})); }
  lines.push(rulesAndPassing(g));
  return lines.join("\n");
}

/** Copy a text where the Clipboard API is missing or refused (a page opened from a file). */
function copyByHand(text) {
  var area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.appendChild(area);
  area.select();
  var copied = false;
  try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
  document.body.removeChild(area);
  return copied;
}

function copy(text, where) {
  var done = function () { say(word(null, "standings-copied"), where); };
  var byHand = function () {
    say(word(null, copyByHand(text) ? "standings-copied" : "standings-not-copied"), where);
  };
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
    navigator.clipboard.writeText(text).then(done, byHand);
  } else {
    byHand();
  }
}

/** Share the standings (the share sheet, or the clipboard), and say so in "where". */
export function shareStandings(g, where) {
  var text = standingsText(g, S.replay(rulesOf(g), g.hands));
  if (typeof navigator.share === "function") {
    navigator.share({text: text}).then(function () {
      say(word(null, "standings-shared"), where);
    }, function (err) {
      if (err && err.name === "AbortError") { say("", where); return; }
      copy(text, where);
    });
    return;
  }
  copy(text, where);
}
