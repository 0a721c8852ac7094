/* The players changed mid-game: renamed, or two of them moved to each other's seats (their
 * hands' points go with them). Each change is an action (actions.js), so undo and redo take it
 * back and put it back like a hand. */

import {$, clearFieldErrors, fieldError} from "./dom.js";
import {complain, say} from "./alerts.js";
import {changesNothing, done} from "./actions.js";
import {applyEntry, captureEntry} from "./entry.js";
import {commit} from "./keeping.js";
import {saveDraft} from "./quick.js";
import {isOver, namesFit, placeOfGame, tableOf} from "./record.js";
import {drawPlayers, hidePlayers} from "./playersview.js";
import {drawGame} from "./show.js";
import {bringInFirst} from "./hands.js";
import {dealingSides} from "./history.js";
import {seatName} from "./views.js";
import {listOf, word} from "./words.js";

export function togglePlayers(app) {
  var panel = $("players");
  panel.hidden = !panel.hidden;
  $("players-open").setAttribute("aria-expanded", String(!panel.hidden));
  if (!panel.hidden) {  // opened where the scorer is looking, not out of sight below
    drawPlayers(app.game);
    $("players-saved").textContent = "";
    panel.scrollIntoView({block: "start"});
    // its heading, not the first name: a phone's keyboard came up over the swap of seats
    $("players-heading").focus({preventScroll: true});
  }
}

/** Close the panel of names and seats (done with, or Escape), focus back on its button. */
export function closePlayers() {
  if ($("players").hidden) { return false; }
  hidePlayers();
  $("players-open").focus();
  return true;
}

/** The hand being typed, moved with the sides as a change of players moves them (side i after
 *  sat at order[i] before): each box's points and hearts, and each choice of a side (the moon,
 *  the revoke, who took a card) go with their player. */
function movedEntry(entry, order) {
  var side = function (v) {  // a menu's value: a side's number as text, or "" for none
    return /^\d+$/.test(String(v)) ? String(order.indexOf(Number(v))) : v;
  };
  var moved = Object.assign({}, entry, {
    points: order.map(function (old) { return entry.points[old]; }),
    shooter: side(entry.shooter), revoke: side(entry.revoke), takers: entry.takers.map(side),
    filled: null
  });
  if (entry.cards) {
    moved.cards = Object.assign({}, entry.cards, {
      hearts: order.map(function (old) { return entry.cards.hearts[old]; }),
      queens: entry.cards.queens.map(side), bonus: entry.cards.bonus.map(side)
    });
  }
  return moved;
}

/** Make a change of players the game's: false (and said) when it cannot be. Once made, the
 *  change is said (said: its words, given the game after it) beside the button that made it
 *  (where), the panel left open, as after any change in it, for more (Done closes it); with no
 *  where (Done saved the names typed), the panel closes and the change is said under the
 *  tools. */
function change(app, after, order, said, where) {
  var g = app.game;
  var action = {act: "players", before: g.names.slice(), after: after, order: order};
  if (changesNothing(action)) {
    drawPlayers(g);  // a box emptied and saved shows its name again
    say(word(null, "players-unchanged"), "players-status");
    return false;
  }
  var typed = app.editing === null ? captureEntry(app) : null;  // the hand being typed
  var next = done(g, action);
  if (!next || !commit(app, next, "players-status")) { return false; }
  drawGame(app);
  if (typed) {  // stays, with its players wherever they now sit
    applyEntry(app, movedEntry(typed, order));
    saveDraft(app);
  }
  if (where) {
    say(said(next), where);
  } else {
    backToHand(app, said(next));
  }
  return true;
}

/** Done: the panel closed, and the scorer back at the next hand's form, where what was done is
 *  said (Done left them at the foot of the page, the boxes out of sight); at a game over, or
 *  while a hand is edited, back at the panel's button. */
function backToHand(app, said) {
  if ($("hand").hidden || app.editing !== null) {
    closePlayers();
    if (said) { say(said, "tools-status"); }
    return;
  }
  hidePlayers();
  bringInFirst();
  if (said) { say(said, "hand-status"); }
}

/** The names in the panel's boxes (a box left empty: the name that side has, its placeholder). */
function namesTyped(g) {
  return g.names.map(function (old, i) { return $("player-" + i).value.trim() || old; });
}

/** Save the names typed: each one, and no two the same; false (and said) when they are not. */
function saveNames(app, where) {
  var g = app.game;
  clearFieldErrors($("players"));
  var names = namesTyped(g);
  var seen = {};
  for (var i = 0; i < names.length; i++) {
    var key = names[i].toLocaleLowerCase();
    if (key in seen) {  // said at the box renamed, not at the player already called so
      var at = names[i] === g.names[i] ? seen[key] : i;
      var problem = word(placeOfGame(g), "name-taken", {name: names[at]});
      fieldError($("player-" + at), problem);
      complain(problem, "players-status", $("player-" + at));
      return false;
    }
    seen[key] = i;
  }
  if (!namesFit(tableOf(g), names)) { return false; }
  return change(app, names, names.map(function (n, i) { return i; }), function () {
    return word(null, "players-renamed", {names: listOf(names)});
  }, where);
}

export function renamePlayers(app, event) {
  event.preventDefault();
  saveNames(app, "players-saved");  // the panel stays open, with the seats still to swap
}

/** Done with the panel: names typed and not yet saved are saved (readers took Done for it),
 *  then it closes; a name that cannot be saved keeps it open, saying why. */
export function donePlayers(app) {
  var g = app.game;
  var typed = namesTyped(g);
  if (typed.some(function (name, i) { return name !== g.names[i]; })) {
    saveNames(app, null);  // closes the panel once saved, and says so
    return;
  }
  backToHand(app, "");
}

/** Swap the seats of the two sides chosen; their hands' points go with them. Names typed and
 *  not yet saved are saved first, as Done saves them (a scorer renamed a player, then swapped,
 *  and lost the name). */
export function swapSeats(app) {
  var a = Number($("swap-a").value);
  var b = Number($("swap-b").value);
  if (a === b || $("swap-a").value === "" || $("swap-b").value === "") {
    complain(word(null, "swap-same"), "players-status", $("swap-b"));
    return;
  }
  var renamed = "";
  if (namesTyped(app.game).some(function (name, i) { return name !== app.game.names[i]; })) {
    if (!saveNames(app, "players-saved")) { return; }
    renamed = word(null, "players-renamed", {names: listOf(app.game.names)}) + " ";
  }
  var g = app.game;
  var order = g.names.map(function (n, i) { return i === a ? b : i === b ? a : i; });
  var names = order.map(function (old) { return g.names[old]; });
  var said = word(null, g.hands.length ? "seats-swapped" : "seats-swapped-before",
                  {name: g.names[a], other_names: g.names[b]});  // no points to go yet
  if (change(app, names, order, function (after) { return renamed + said + nextDeal(g, after); },
             "players-status")) {
    $("players-done").focus({preventScroll: true});  // Swap is off until two seats are chosen
  }
}

/** What a swap leaves of the deal, said after it, so the table is not surprised: the deal
 *  passes left from the seat that dealt last, so whoever sits at the next seat now deals the
 *  next hand: said first where that is someone else than before the swap (a scorer missed the
 *  dealer changing in the heading); else with who dealt last and where that seat's player
 *  sits now. Before the first hand the chosen dealer keeps the deal, said where they moved
 *  (before: the game before the swap, after: the game after it; nothing once it is over). */
function nextDeal(before, after) {
  if (isOver(after)) { return ""; }
  var k = after.hands.length;
  var about = {dealer: seatName(after, (after.firstDealer + k) % after.players), number: k + 1};
  if (k === 0) {  // the first deal gone with its dealer, said where they moved
    return after.firstDealer === before.firstDealer ? "" : " " + word(null, "deal-first", about);
  }
  about.name = seatName(before, (before.firstDealer + k) % before.players);
  if (about.name !== about.dealer) {  // the one about to deal (perhaps shuffling) no longer does
    return " " + word(null, "deal-changed", about);
  }
  var seat = (before.firstDealer + k - 1) % before.players;
  about.name = before.names[dealingSides(before)[k - 1]];  // who dealt last, and hand
  about.hand = k;
  about.side = seatName(after, seat);  // who sits now where the last deal was
  return " " + word(null, about.side === about.name ? "deal-goes-on-stayed" : "deal-goes-on",
                    about);
}
