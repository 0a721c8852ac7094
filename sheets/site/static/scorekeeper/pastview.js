/* The past games kept on this device (past.js), as the page shows them: a list with each
 * game's date, players, rules and winner (or how far it got), and one game opened read-only,
 * its history drawn as the game's own is. The opened game's panel has a row of actions
 * (#past-actions) that other parts of the page may add a button to. */

import {unask} from "./alerts.js";
import {S} from "./config.js";
import {$, clear, el} from "./dom.js";
import {drawHistory} from "./history.js";
import {MAX_PAST, pastGames} from "./past.js";
import {placeOfGame, rulesOf, startedAt} from "./record.js";
import {drawRanking, resultText} from "./views.js";
import {listOf, word} from "./words.js";

/** The date and time a game was left, in the page's language. */
export function when(kept) {
  var date = new Date(kept);
  if (isNaN(date.getTime())) { return kept; }
  return date.toLocaleString(document.documentElement.lang || undefined,
                             {dateStyle: "medium", timeStyle: "short"});
}

/** When a past game began (from its id), else when it was kept: the list and the game opened
 *  say the day it was played, not when it was last left (a game reopened to correct and left
 *  again, or imported, was dated anew). */
function begun(entry) {
  var date = startedAt(entry.game);
  return when(date ? date.toISOString() : entry.kept);
}

/** A game's outcome in words: who won, or how far it got. */
function outcome(g) {
  var result = S.replay(rulesOf(g), g.hands);
  if (!result.over) { return word(null, "past-unfinished", {count: g.hands.length}); }
  var joint = result.winners.length > 1;  // "won together", a verb for several
  return word(null, joint ? "past-won-joint" : "past-won", {names: listOf(result.winners.map(function (i) {
    return g.names[i];
  })), total: result.totals[result.winners[0]], count: g.hands.length});
}

/** Its rules, as the setup names them: the table and the total that ends it. */
function rulesLine(g) {
  return word(null, "past-rules", {name: word(placeOfGame(g), "table"),
                                   ends_at: S.endsAt(rulesOf(g))});
}

function button(text, id, described, onClick) {
  var b = el("button", text);
  b.type = "button";
  b.setAttribute("aria-describedby", described);
  b.dataset.game = id;
  b.addEventListener("click", onClick);
  return b;
}

/** Draw the list (leaving out the game in play, currentId); on: {open, resume, save (export)}. */
export function drawPast(currentId, on) {
  var list = pastGames().filter(function (e) { return e.game.id !== currentId; });
  var box = $("past-list");
  if (box.contains($("confirm"))) { unask(); }  // a question beside a game of the list
  clear(box);
  // shown from the start, with the header's link to it: where a game left will be kept
  $("past-hint").textContent = list.length ? word(null, "past-hint", {count: MAX_PAST})
    : word(null, "past-none");
  list.forEach(function (entry, n) {
    var g = entry.game;
    var item = el("li", null, entry.over ? "past-game" : "past-game unfinished");
    var about = el("div", null, "past-about");
    about.id = "past-about-" + n;
    about.appendChild(el("p", begun(entry) + " · " + listOf(g.names), "past-who"));
    about.appendChild(el("p", rulesLine(g) + " · " + outcome(g), "past-what"));
    item.appendChild(about);
    var actions = el("div", null, "actions");
    actions.appendChild(button(word(null, "past-open"), g.id, about.id,
                               function () { on.open(g.id); }));
    actions.appendChild(button(word(null, "past-export"), g.id, about.id,
                               function () { on.save(g.id); }));
    if (!entry.over) {
      actions.appendChild(button(word(null, "past-resume"), g.id, about.id,
                                 function () { on.resume(g.id, actions); }));
    }
    item.appendChild(actions);
    box.appendChild(item);
  });
}

/** Show a past game read-only: its heading, its result and its history. */
export function drawPastGame(entry) {
  var g = entry.game;
  var result = S.replay(rulesOf(g), g.hands);
  $("past-view-heading").textContent = word(null, "past-view-heading",
                                            {date: begun(entry)});
  $("past-view-about").textContent = listOf(g.names) + " · " + rulesLine(g) + " · " +
    (result.over ? resultText(g, result) : outcome(g));
  drawRanking($("past-ranking"), g, result);  // at the top, at every width
  $("past-ranking").hidden = !result.over;
  $("past-view").dataset.game = g.id;
  // a game to play on is resumed by its own Resume, in the actions above (pastgames.js)
  $("past-view-hint").textContent = entry.over
    ? word(null, "past-read-only", {name: word(null, "past-reopen")})
    : word(null, "past-read-only-unfinished", {name: word(null, "past-resume")});
  drawHistory({head: $("past-score-head"), sub: $("past-score-sub"), body: $("past-score-body"),
               foot: $("past-score-foot"), rest: $("past-score-rest")}, g, result, null, null);
  $("past-view").hidden = false;
}
