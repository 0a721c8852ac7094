/* What a scorer does to a game, as records that can be taken back and put back: a hand
 * recorded, a hand edited, players renamed or moved to other seats. The game keeps the actions done
 * (log) and those taken back (redo); undo and redo act on the last of each, whatever it was.
 * Pure: each function takes a game record and gives a new one, or null when the action no
 * longer fits the game. No page, no storage.
 *
 * {act: "record", hand}              (in the log only {act: "record"}: the game's last hand)
 * {act: "edit", index, before, after}
 * {act: "players", before, after, order}   names before and after; side i after sat at
 *                                          order[i] before, and its hands' points move with it
 */

import {copyGame, tableOf} from "./record.js";

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

/** The game with a new action done: the action joins the log and the redo list is dropped. */
export function done(g, action) {
  var next = copyGame(g);
  if (action.act === "record") {
    next.hands.push(action.hand);
    next.log.push({act: "record"});
  } else {
    if (!put(next, action, "after")) { return null; }
    next.log.push(action);
  }
  next.redo = [];
  return next;
}

/** Each hand's points, moon and revoke moved with their sides: side i takes side from[i]'s. */
function moveSides(g, from) {
  var to = from.map(function () { return 0; });
  from.forEach(function (old, i) { to[old] = i; });
  var moved = function (side) { return side === null ? null : to[side]; };
  g.hands.forEach(function (h) {
    h.points = from.map(function (old) { return h.points[old]; });
    h.shooter = moved(h.shooter);
    h.revoke = moved(h.revoke);
    if (h.cards) {  // a hand entered by its cards: each card's taker, each side's hearts
      h.cards = {queens: h.cards.queens.map(moved), bonus: h.cards.bonus.map(moved),
                 hearts: from.map(function (old) { return h.cards.hearts[old]; })};
    }
  });
}

/** The order that undoes an order. */
function inverse(order) {
  var back = order.map(function () { return 0; });
  order.forEach(function (old, i) { back[old] = i; });
  return back;
}

/** Put one side of a change of players into the game; false when it does not fit. */
function putPlayers(g, action, side) {
  if (action[side].length !== g.names.length) { return false; }
  var order = side === "after" ? action.order : inverse(action.order);
  g.names = action[side].slice();
  moveSides(g, order);
  if (!g.hands.length) { g.firstDealer = firstDealerAfter(g, order); }
  return true;
}

/** Before the first hand, the player chosen to deal it still deals it, from the seat they move
 *  to (the deal went with the seat: a swap once the cards were dealt named another dealer,
 *  round 28); once a hand is played, the deal passes left by seat (history.js). The first seat
 *  from the dealer's round the table where the dealer's side now sits. */
function firstDealerAfter(g, order) {
  var seatSides = tableOf(g).seatSides;
  var moved = order.indexOf(seatSides[g.firstDealer]);
  for (var step = 0; step < g.players; step += 1) {
    var seat = (g.firstDealer + step) % g.players;
    if (seatSides[seat] === moved) { return seat; }
  }
  return g.firstDealer;
}

/** Put one side of an edit (before or after) into the game; false when it does not fit. */
function put(g, action, side) {
  if (action.act === "players") { return putPlayers(g, action, side); }
  if (!Number.isInteger(action.index) || action.index >= g.hands.length) { return false; }
  g.hands[action.index] = copyGame(action[side]);
  return true;
}

/** The last action done: the one undo takes back (null when there is none). */
export function lastDone(g) {
  return g.log.length ? g.log[g.log.length - 1] : null;
}

/** The last action taken back: the one redo puts back (null when there is none). */
export function lastUndone(g) {
  return g.redo.length ? g.redo[g.redo.length - 1] : null;
}

/** The game with its last action taken back, and the action as redo keeps it; null when it
 *  cannot be (the game changed under it). */
export function undone(g) {
  var action = lastDone(g);
  if (!action) { return null; }
  var next = copyGame(g);
  next.log.pop();
  var kept = action;
  if (action.act === "record") {
    if (!next.hands.length) { return null; }
    kept = {act: "record", hand: next.hands.pop()};
  } else if (!put(next, action, "before")) {
    return null;
  }
  next.redo.push(kept);
  return {game: next, action: kept};
}

/** The game with its last action taken back put back again; null when it cannot be. */
export function redone(g) {
  var action = lastUndone(g);
  if (!action) { return null; }
  var next = copyGame(g);
  next.redo.pop();
  if (action.act === "record") {
    next.hands.push(copyGame(action.hand));
    next.log.push({act: "record"});
  } else {
    if (!put(next, action, "after")) { return null; }
    next.log.push(action);
  }
  return {game: next, action: action};
}

/** An action whose before and after are the same changes nothing (an edit saved unchanged). */
export function changesNothing(action) {
  if (action.act === "players") {
    return same(action.before, action.after) && action.order.every(function (old, i) {
      return old === i;
    });
  }
  return action.act !== "record" && same(scored(action.before), scored(action.after));
}

/** A hand as it scores: the cards it was entered by left out. */
function scored(hand) {
  var out = {};
  Object.keys(hand).forEach(function (key) { if (key !== "cards") { out[key] = hand[key]; } });
  return out;
}
