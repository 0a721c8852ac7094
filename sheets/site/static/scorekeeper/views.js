/* The game as it stands, redrawn from the game record: the line above it all (the next hand,
 * or the end), the totals that stay in view, the final ranking and the table of every hand. */

import {S} from "./config.js";
import {lastDone, lastUndone} from "./actions.js";
import {$, clear, el, fitName} from "./dom.js";
import {dealerOf, dealingSides, distances, leaders, passes} from "./history.js";
import {placeOfGame, rulesOf, tableOf} from "./record.js";
import {listOf, signed, word} from "./words.js";

/** A seat as the game names it: its player, or its place and its team. */
export function seatName(g, seat) {
  var t = tableOf(g);
  return word(placeOfGame(g), "seat-name",
              {seat: t.seatNames[seat], name: g.names[t.seatSides[seat]]});
}

/** How the game stands, when that needs saying: who won, or who is tied and plays on. */
export function resultText(g, result) {
  if (result.over) {
    var who = result.winners.map(function (i) { return g.names[i]; });
    var low = result.totals[result.winners[0]];  // a number: "{total:point}" counts it
    return who.length === 1 ? word(null, "wins", {name: who[0], total: low})
      : word(null, "share", {names: listOf(who), total: low});
  }
  if (S.tiedPlayingOn(rulesOf(g), result.totals)) {
    var min = Math.min.apply(null, result.totals);
    var tied = g.names.filter(function (name, i) { return result.totals[i] === min; });
    return word(placeOfGame(g), "tied", {names: listOf(tied), total: min});
  }
  return "";
}

/** The line of the next hand (or the end; or, while one is edited, of the hand being edited),
 *  the result, and the undo and redo buttons. */
export function drawHeader(g, result, editing) {
  var k = editing === null || editing === undefined ? g.hands.length : editing;
  var direction = g.passing[k % g.passing.length];
  // whoever dealt the hand edited, wherever they sit now (a swap since moves nobody's deal)
  var about = {number: k + 1, dealer: dealerOf(g, k, dealingSides(g)),
               direction: word(null, "direction." + direction), last: g.hands.length};
  var held = !passes(g);  // a table that never passes: no word of passing
  if (k === g.hands.length && !result.over && S.tiedPlayingOn(rulesOf(g), result.totals)) {
    about.number = word(null, "tie-break-number", {number: k + 1});  // "Hand 9 (tie-break)"
  }
  $("next").textContent = k < g.hands.length
    ? word(null, held ? "editing-next-held" : "editing-next", about)
    : result.over ? word(null, "over-after", {count: k})
      : word(null, held ? "next-held" : "next", about);
  var text = resultText(g, result);
  $("result").textContent = text;
  $("result").hidden = !text;
  $("result").className = result.over ? "result over" : "result";
  var last = lastDone(g);
  var back = lastUndone(g);
  $("undo").disabled = !last;
  $("redo").disabled = !back;  // shown, so the buttons after it keep their places
  // the same two beside Record, where the scorer is right after recording (not while editing)
  $("bar-undo").hidden = !last || k < g.hands.length;
  $("bar-redo").hidden = !(last || back) || k < g.hands.length;
  $("bar-redo").classList.toggle("unused", !back);  // its place kept beside Undo: see the CSS
  $("bar-redo").disabled = !back;
  ["", "bar-"].forEach(function (at) {
    label(at + "undo", last ? actionWords(g, last, "undo") : word(null, "undo"),
          at && ["undo-short", target(g, last, "undo")]);
    label(at + "redo", back ? actionWords(g, back, "redo") : word(null, "redo"),
          at && ["redo-short", target(g, back, "redo")]);
  });
}

/** What an undo or redo acts on, under its word: "hand 3" for hand 3 recorded,
 *  "hand 1 ✎" for the change to hand 1, "names" or "seats" for a change of players (a bare
 *  "↶ 3" read as "undo three times"). */
function target(g, action, how) {
  if (!action) { return ""; }
  if (action.act === "players") {
    return word(null, {rename: "target-rename", swap: "target-swap",
                       players: "target-players"}[playersChange(action)]);
  }
  if (action.act === "edit") { return word(null, "target-edit", {number: action.index + 1}); }
  return word(null, "target-hand",
              {number: how === "undo" ? g.hands.length : g.hands.length + 1});
}

/** A button's words; beside Record, its word in short over what it acts on (Undo over
 *  "hand 3"), which stand for them on a phone (the words still its name), so the bar keeps to
 *  one line well apart from Record. */
function label(id, text, marks) {
  var button = $(id);
  if (!marks) {
    button.textContent = text;
    return;
  }
  clear(button);
  button.appendChild(el("span", word(null, marks[0]), "bar-short")).setAttribute("aria-hidden", "true");
  if (marks[1]) {
    button.appendChild(el("span", marks[1], "bar-target")).setAttribute("aria-hidden", "true");
  }
  button.appendChild(el("span", text, "bar-words"));
}

/** "Ann 13, Bob 0, ...": each side's name and a number (totals, or a hand's points). */
export function scoresText(g, numbers) {
  return g.names.map(function (name, i) {
    return word(null, "score-of", {name: name, score: numbers[i]});
  }).join(", ");
}

/** The words of each action: on the undo and redo buttons, and once it is undone or redone
 *  (a hand taken back names its moon or revoke: see actionWords). */
const ACTION_WORDS = {
  undo: {record: "undo-hand", edit: "undo-edit",
         players: {rename: "undo-rename", swap: "undo-swap", players: "undo-players"}},
  redo: {record: "redo-hand", edit: "redo-edit",
         players: {rename: "redo-rename", swap: "redo-swap", players: "redo-players"}},
  undone: {edit: "undone-edit",
           players: {rename: "undone-rename", swap: "undone-swap", players: "undone-players"}},
  redone: {record: "redone-hand", edit: "redone-edit",
           players: {rename: "redone-rename", swap: "redone-swap", players: "redone-players"}}
};

/** What a change of players did, to name it apart (a rename and a swap both read "the change
 *  of players" to a new scorer): "rename", "swap", or "players" for both at once. */
function playersChange(action) {
  var moved = action.order.some(function (from, i) { return from !== i; });
  var renamed = action.after.some(function (name, i) {
    return name !== action.before[action.order[i]];
  });
  return moved && renamed ? "players" : moved ? "swap" : "rename";
}

/** An action's words: "undo" and "redo" name it on its button, "undone" and "redone" say it
 *  was taken back or put back (a hand taken back with its moon or revoke). */
export function actionWords(g, action, how) {
  var k = g.hands.length;
  if (action.act === "players") {
    return word(null, ACTION_WORDS[how].players[playersChange(action)]);
  }
  if (action.act === "edit") {
    return word(null, ACTION_WORDS[how].edit, {number: action.index + 1});
  }
  var number = how === "undo" || how === "undone" ? k : k + 1;
  if (how !== "undone") { return word(null, ACTION_WORDS[how].record, {number: number}); }
  var hand = g.hands[k - 1];  // its points (or cards) are in the form again: the words name its
                              // moon (or sun) or revoke
  var who = hand.revoke !== null ? hand.revoke : hand.shooter;
  return word(null, hand.revoke !== null ? "taken-back-revoke"
    : hand.shooter !== null ? (hand.sun ? "taken-back-sun" : "taken-back-moon")
      : hand.cards ? "taken-back-cards" : "taken-back",
              {number: number, name: who === null ? "" : g.names[who]});
}

/** Keep what is scrolled to, or focused, clear of the standing that stays at the top and of
 *  the Record bar (with what it says) that stays at the bottom. */
export function fitStanding() {
  // Redo's place is kept beside Undo while unused, but not on a line of its own ("↶ names" and
  // the place at 320 px left an empty line in the bar)
  var redo = $("bar-redo");
  redo.classList.remove("dropped");
  if (redo.classList.contains("unused") && redo.offsetTop > $("bar-undo").offsetTop) {
    redo.classList.add("dropped");
  }
  var height = $("game").hidden ? 0 : $("standing").offsetHeight;
  var style = document.documentElement.style;
  style.setProperty("--standing-height", height + "px");
  style.setProperty("--record-height", $("record").parentNode.offsetHeight + "px");
  var focused = document.activeElement;  // the Record bar, grown, does not cover the box in use
  if (focused && focused.closest("#hand-set")) {  // with what is under it (a box's points)
    var held = focused.closest(".field") || focused;
    var box = held.getBoundingClientRect();
    var bar = $("record").parentNode.getBoundingClientRect();
    if (box.bottom > bar.top && box.top < bar.bottom) { held.scrollIntoView({block: "nearest"}); }
  }
  // the totals in seat order on one row, each mark in words while they fit; if not, the marks
  // in short (tight); if even that is too long, in rows of chips (crowded: never a row to swipe)
  // in rows, a name cut to a letter or two ("S… 26", four names of S at 320 with the keyboard
  // up) takes wider chips, in more rows (roomy), while the standing keeps to a fifth of the
  // screen
  var totals = $("standing-totals");
  var names = Array.prototype.slice.call(totals.querySelectorAll(".chip-name"));
  var whole = names.map(function (name) { return name.whole; });
  names.forEach(function (name) { sayWhole(name, false); });
  totals.classList.remove("tight", "crowded", "roomy");
  ["tight", "crowded"].forEach(function (step) {
    if (totals.scrollWidth > totals.clientWidth) { totals.classList.add(step); }
  });
  if (totals.classList.contains("crowded") && names.some(cutShort)) {
    totals.classList.add("roomy");
    if ($("standing").offsetHeight > 0.2 * window.innerHeight) { totals.classList.remove("roomy"); }
  }
  names.forEach(function (name) {  // cut, by the letters that tell it from the others
    fitName(name, name.whole, whole);
    sayWhole(name, name.textContent !== name.whole);
  });
}

/** A chip's name cut short is read aloud whole (its visible letters hidden from the reader),
 *  or shown whole again. */
function sayWhole(name, cut) {
  var said = name.previousSibling;
  if (said && said.className === "visually-hidden") { said.parentNode.removeChild(said); }
  if (cut) {
    name.parentNode.insertBefore(el("span", name.whole, "visually-hidden"), name);
    name.setAttribute("aria-hidden", "true");
  } else {
    name.removeAttribute("aria-hidden");
    name.textContent = name.whole;
  }
}

/** Whether a name is cut to less than about three letters. */
function cutShort(name) {
  var em = parseFloat(getComputedStyle(name).fontSize);
  return name.scrollWidth > name.clientWidth && name.clientWidth < 3 * em;
}

/** A total's mark: its words, and the short form a phone shows in their place (the words
 *  still read aloud), and for chips in rows the least (least: its key, or none). */
function markOf(key, short, values, least) {
  var mark = el("span", null, "mark");
  mark.setAttribute("data-short", word(null, short, values));
  mark.setAttribute("data-least", word(null, least || short, values));
  mark.appendChild(el("span", word(null, key, values), "mark-words"));
  return mark;
}

/** What the chips' marks mean, shown under them where the marks stand without their words:
 *  ▲ alone (chips in rows), or ▲ with how near ("▲ 43" read as a total, its number unsaid). */
function drawKey(g, result, count) {
  var key = $("standing-key");
  clear(key);
  if (result.over) { key.textContent = word(null, "winner-mark"); return; }  // ★ unexplained
  var place = placeOfGame(g);
  var values = {ends_at: S.endsAt(rulesOf(g)), near: word(null, "near-mark-least"),
                lowest: word(null, "lowest-mark-short"), count: count};
  key.appendChild(el("span", word(place, "standing-key", values), "key-least"));
  if (count) { key.appendChild(el("span", word(place, "standing-key-count", values), "key-short")); }
}

export function drawStanding(g, result) {
  var list = $("standing-totals");
  clear(list);
  var lead = leaders(g, result);
  var top = Math.max.apply(null, result.totals);
  var left = distances(g, result.totals);
  // nobody is near the end while the highest total is the lowest too, or nothing yet ("▲ 100
  // to 100" at 0 read as a threat)
  var near = result.over || top <= 0 || top === Math.min.apply(null, result.totals) ? null : top;
  drawKey(g, result, near === null ? 0 : left[result.totals.indexOf(near)]);
  g.names.forEach(function (name, i) {
    var item = el("li", null, "chip");
    item.appendChild(el("span", name, "chip-name")).whole = name;  // shown cut: fitStanding
    item.appendChild(document.createTextNode(" "));
    item.appendChild(el("span", signed(result.totals[i]), "chip-total"));
    var how = result.winners.indexOf(i) >= 0 ? ["win", "winner-mark", "winner-mark-short"]
      : lead.indexOf(i) >= 0 ? ["lead", "lowest-mark", "lowest-mark-short"]
      : result.totals[i] !== near ? null  // nearest the total that ends the game:
      : left[i] ? ["near", "near-mark", "near-mark-short", "near-mark-least"]
      : ["near", "near-mark-reached", "near-mark-reached-short", "near-mark-least"];
    if (how) {
      item.classList.add(how[0]);
      item.appendChild(markOf(how[1], how[2], {count: left[i], ends_at: S.endsAt(rulesOf(g))},
                              how[3]));
    }
    list.appendChild(item);
  });
}

export function drawFinal(g, result) {
  $("final").hidden = !result.over;
  drawRanking($("ranking"), g, result);
}

/** A game over's ranking (places, names, totals), into a list (emptied first; left empty for a
 *  game not over): the game's, or a past game's. */
export function drawRanking(list, g, result) {
  clear(list);
  if (!result.over) { return; }
  var order = result.totals.map(function (t, i) { return i; });
  order.sort(function (a, b) { return result.totals[a] - result.totals[b] || a - b; });
  order.forEach(function (i) {
    var place = 1 + result.totals.filter(function (t) { return t < result.totals[i]; }).length;
    var won = result.winners.indexOf(i) >= 0;
    var item = el("li", word(null, won ? "ranked-winner" : "ranked",
                             {name: g.names[i], total: result.totals[i]}));
    item.value = place;
    list.appendChild(item);
  });
}
