/* What a change to the game says beyond "Hand 5 recorded.": the totals a hand sent back at
 * exactly 100, and, after an edit of an earlier hand, the totals it moved, the lowest it moved
 * and the later resets it made or undid; and before Record, what recording a hand will do. */

import {S} from "./config.js";
import {leaders, wentBack} from "./history.js";
import {isOver, rulesOf} from "./record.js";
import {listOf, signed, word} from "./words.js";

const MOVED_NAMED = 3;  // more totals moved by an edit are counted, not listed

/** The sides hand k took to a total that resets (the exactly-100 rule): those whose totals
 *  after the hand are not what the hand added to them, as scoring.js reset them. */
function resetAt(result, k) {
  var row = result.rows[k];
  if (!row) { return []; }
  var before = k ? result.rows[k - 1].totals : null;
  return row.totals.map(function (t, i) { return i; }).filter(function (i) {
    return wentBack(row, before, i);
  });
}

/** The sides' names, listed ("Ann and Cy"). */
function namesOf(g, sides) { return listOf(sides.map(function (i) { return g.names[i]; })); }

/** Who hand k took to a total that resets, in the words of id; "" for nobody. */
function resetWords(id, g, result, k) {
  var hit = resetAt(result, k);
  return hit.length ? " " + word(null, id, {names: namesOf(g, hit),
                                            total: result.rows[k].totals[hit[0]]}) : "";
}

/** Who a hand took to a total that resets, said after it; "" for nobody. */
export function resetSaid(g, result, k) { return resetWords("reset-said", g, result, k); }

/** After an edit of hand k, each later hand that now resets a total, or no longer does (an edit
 *  said only "Hand 5 changed." while a later total went from 50 to 99: round 25). */
function laterResetsSaid(g, before, after, k) {
  var said = "";
  for (var j = k + 1; j < after.rows.length; j += 1) {
    var was = resetAt(before, j);
    var now = resetAt(after, j);
    var gained = now.filter(function (i) { return was.indexOf(i) < 0; });
    var lost = was.filter(function (i) { return now.indexOf(i) < 0; });
    if (gained.length) {
      said += " " + word(null, "reset-later", {number: j + 1, names: namesOf(g, gained),
                                               total: after.rows[j].totals[gained[0]]});
    }
    if (lost.length) {
      said += " " + word(null, "reset-later-gone", {number: j + 1, names: namesOf(g, lost)});
    }
  }
  return said;
}

/** After an edit of hand k, from the game's result before it to the one after: the totals it
 *  moved ("Marguerite 40 → 50, Tom 14 → 4": an edit said only "Hand 2 changed." while two
 *  totals moved by 10, round 28), who is lowest now where that changed (an edit that moved the
 *  lowest from Hope to Anneliese showed it only by the ▼), and the later resets. */
export function editSaid(g, before, after, k) {
  var moved = after.totals.map(function (t, i) { return i; }).filter(function (i) {
    return before.totals[i] !== after.totals[i];
  });
  var said = "";
  if (moved.length > MOVED_NAMED) {  // a moon moved at a table of eight: eight totals, and
    said += " " + word(null, "totals-moved-many", {count: moved.length});  // the standings
  } else if (moved.length) {                                              // above say them
    said += " " + word(null, "totals-moved", {totals: listOf(moved.map(function (i) {
      return word(null, "total-moved", {name: g.names[i], before: signed(before.totals[i]),
                                        total: signed(after.totals[i])});
    }))});
  }
  var was = leaders(g, before);  // none once a game is over
  var now = leaders(g, after);
  if (was.length && now.length && now.join() !== was.join()) {
    said += " " + word(null, "lowest-moved", {names: namesOf(g, now),
                                              other_names: namesOf(g, was)});
  }
  return said + laterResetsSaid(g, before, after, k);
}

/** "This ends the game: Hope wins." for a result that is over; "" for one that is not. */
export function endSaid(g, result) {
  if (!result.over) { return ""; }
  var who = result.winners;
  return who.length === 1 ? word(null, "choice-ends-win", {name: g.names[who[0]]})
    : word(null, "choice-ends-share", {names: namesOf(g, who)});
}

/** Before Record, what recording a new hand (whole and allowed) will do beyond its points: take
 *  a total to exactly 100, and end the game (a scorer wanted to say "that puts you on exactly
 *  100" before tapping Record, not after: round 30; "Lou wins" at 57 + 43 was a riddle until
 *  the reset was said with it: round 31); "" for neither. */
export function foreseen(g, hand) {
  var rules = rulesOf(g);
  if (isOver(g) || S.handProblem(rules, hand)) { return ""; }  // a draft under a game over
  var after = S.replay(rules, g.hands.concat([hand]));
  return resetWords("reset-foreseen", g, after, g.hands.length) +
    (after.over ? " " + endSaid(g, after) : "");
}
