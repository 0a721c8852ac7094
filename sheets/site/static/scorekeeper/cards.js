/* The second way to enter a hand, as many tables count it: who took Q♠ (each of the two, with
 * two decks), who took the bonus card when one is played, then each side's hearts. The points
 * are worked out by HeartsScoring.fromCards (sheets.scoring.from_cards' twin), shown before the
 * hand is recorded, and checked like any hand's; a side that took every heart and queen shot the
 * moon, and the shooter list says so. */

import {S} from "./config.js";
import {$, clear, describedBy, el} from "./dom.js";
import {numberField, numberIn, takerFields, valuesOf} from "./fields.js";
import {checked, markTyped, refused} from "./judge.js";
import {placeOfGame, refusalText, rulesOf, tableOf} from "./record.js";
import {counted, word} from "./words.js";

export function byCards() { return $("method-cards").checked; }

export function heartInputs() { return $("heart-fields").querySelectorAll("input"); }

function queenSelects() { return $("queen-fields").querySelectorAll("select"); }

/** Where a hand entered by its cards begins: who took Q♠ (then the bonus card), then hearts. */
export function firstCardField() {
  return queenSelects()[0] || bonusSelects()[0] || heartInputs()[0];
}

/** The lists of who took each bonus card, in the cards' fields. */
export function bonusSelects() { return $("bonus-fields").querySelectorAll("select"); }

/** The fields of the cards: who took each Q♠ and each bonus card, and each side's hearts. */
export function drawCards(app) {
  var g = app.game;
  var place = placeOfGame(g);
  var decks = tableOf(g).decks;
  clear($("queen-fields"));
  clear($("bonus-fields"));
  clear($("heart-fields"));
  takerFields(app, $("queen-fields"), "queen", decks, [], app.on.cards);
  takerFields(app, $("bonus-fields"), "bonus",
              S.bonusSymbol(rulesOf(g)) ? decks : 0, [], app.on.cards);
  $("hearts-legend").textContent = word(place, "hearts-legend");
  g.names.forEach(function (name, i) {
    var field = el("div", null, "field");
    var label = el("label", name);
    var input = numberField("hearts-" + i, "");
    input.addEventListener("input", function () { app.on.hearts(i); });
    label.htmlFor = input.id;
    // the points the cards give, under each side's hearts once every card is placed
    var points = el("span", "", "card-points");
    points.id = "card-points-" + i;
    describedBy(input, points.id, true);
    field.appendChild(label);
    field.appendChild(input);
    field.appendChild(points);
    $("heart-fields").appendChild(field);
  });
}

function sidesOf(selects) {
  return Array.prototype.map.call(selects, function (s) {
    return s.value === "" ? null : Number(s.value);
  });
}

/** The hearts each side took, as typed (a suggestion for the last one counting), or null
 *  where one is not a number. */
function hearts() {
  var out = Array.prototype.map.call(heartInputs(), numberIn);
  return out.every(Number.isInteger) ? out : null;
}

/** The cards as the fields hold them: {points, shooter} from HeartsScoring.fromCards, or
 *  {problem}, or {missing: the first taker not chosen}. */
function worked(app) {
  var left = takersUnchosen();
  var missing = left.queens.concat(left.bonus);
  if (missing.length) { return {missing: missing[0]}; }
  var taken = hearts();
  if (!taken) { return {problem: null}; }
  return S.fromCards(rulesOf(app.game), taken, sidesOf(queenSelects()),
                     sidesOf(bonusSelects()));
}

/** How many hearts are left to place, counting each typed (and the suggestion). */
export function heartsLeft(app) {
  return heartsInHand(app) - Array.prototype.reduce.call(heartInputs(), function (sum, input) {
    var v = numberIn(input);
    return sum + (Number.isInteger(v) ? v : 0);
  }, 0);
}

/** The hearts the game's hands deal out, as HeartsScoring counts them. */
export function heartsInHand(app) { return S.heartsInHand(rulesOf(app.game)); }

/** The line under the cards: that every card is placed ({text, whole: true}; the points they
 *  give are under each side's hearts: drawSidePoints), or what is missing. A
 *  moon's line, what it scores, is drawLeft's, once the hand is judged with the moon's marks. */
export function cardsLine(app) {
  var g = app.game;
  var place = placeOfGame(g);
  var found = worked(app);
  if (found.missing) {
    var step = word(place, takersLeft());
    // a form not begun says which hand it is for: "Choose who took Q♠" under "Hand 4
    // recorded." read as the recorded hand missing something (round 26)
    var number = !fresh() ? null : app.editing === null ? g.hands.length + 1 : app.editing + 1;
    return {text: number ? word(null, "hand-first-step", {number: number, step: step}) : step,
            whole: false, fresh: !!number};
  }
  var left = heartsLeft(app);
  // a box beyond the hearts there are is named and framed, as a points box is (77 typed for 7
  // read "70 hearts too many", and Enter went on to an empty box)
  var most = heartsInHand(app);
  var typed = Array.prototype.map.call(heartInputs(), numberIn);
  var wild = typed.findIndex(function (h) { return h > most; });
  markTyped(heartInputs(), wild);
  if (wild >= 0) {
    return {text: word(place, "field-problem-typed", {name: g.names[wild], problem: refusalText(
      g, {reason: "hearts-range", values: {high: most, found: typed[wild]}})}), whole: false};
  }
  if (left !== 0 || !found.points) {
    return {text: left >= 0 ? word(place, "hearts-left", {count: left})
      : word(place, "hearts-too-many", {count: -left}), whole: false};
  }
  return {text: word(place, "cards-points"), whole: true};
}

/** Whether nothing is entered by cards yet: no taker chosen, no hearts typed. */
function fresh() {
  var left = takersUnchosen();
  return left.queens.length === queenSelects().length
    && left.bonus.length === bonusSelects().length
    && Array.prototype.every.call(heartInputs(), function (input) { return !input.value; });
}

/** The questions of who took each Q♠ and each bonus card still unanswered: {queens, bonus}. */
function takersUnchosen() {
  var empty = function (s) { return !s.value; };
  return {queens: Array.prototype.filter.call(queenSelects(), empty),
          bonus: Array.prototype.filter.call(bonusSelects(), empty)};
}

/** The first question of who took a card still unanswered, or null. */
export function takerLeft() {
  var left = takersUnchosen();
  return left.queens.concat(left.bonus)[0] || null;
}

/** What is still to choose of who took the cards: Q♠ and the bonus card, or the one left
 *  ("Choose who took Q♠ and who took J♦" stayed once Q♠ was chosen). */
function takersLeft() {
  var left = takersUnchosen();
  return left.queens.length && left.bonus.length ? "cards-takers-left"
    : left.queens.length ? "cards-queens-left" : "choose-who-took";
}

/** Under each side's hearts, the points the cards give it; nothing until every card is placed. */
export function drawSidePoints(app) {
  var found = worked(app);
  // (a moon's points are not what it scores: drawLeft says that)
  var whole = !found.missing && found.points && found.shooter === null && heartsLeft(app) === 0;
  Array.prototype.forEach.call($("heart-fields").querySelectorAll(".card-points"), function (p, i) {
    p.textContent = whole ? counted(found.points[i], "point") : "";
  });
}

/** Mark the moon the cards show (or none), for the moon's choice and sun to be asked. */
export function markMoon(app) {
  var found = worked(app);
  var shooter = found.points && found.shooter !== null ? String(found.shooter) : "";
  $("shooter").value = shooter;
}

/** What to say of a taker not chosen: with two decks, which Q♠ it is. */
function missingWords(select) {
  var queens = queenSelects();
  var at = Array.prototype.indexOf.call(queens, select);
  if (queens.length < 2 || at < 0) { return "choose-who-took-card"; }
  return at === 0 ? "choose-first-queen" : "choose-second-queen";
}

/** The hand the cards give, {hand}; or what to fix and where, {error, field}. */
export function readCards(app) {
  var g = app.game;
  var found = worked(app);
  if (found.missing) {
    return {error: word(placeOfGame(g), missingWords(found.missing)), field: found.missing};
  }
  var inputs = heartInputs();
  for (var i = 0; i < inputs.length; i++) {
    if (!Number.isInteger(numberIn(inputs[i]))) {
      return {error: word(null, "whole-hearts", {name: g.names[i]}), field: inputs[i]};
    }
  }
  if (found.problem) { return refused(g, found.problem, inputs, app.editing !== null); }
  var verdict = checked(app, found.points, found.shooter, inputs);
  if (verdict.hand) {  // kept with the hand, so that ✎ and Undo give the cards back
    verdict.hand.cards = {queens: sidesOf(queenSelects()), bonus: sidesOf(bonusSelects()),
                          hearts: hearts()};
  }
  return verdict;
}

/** A recorded hand's cards, to open it by them again: null when it has none, a revoke changed
 *  its points, or the cards no longer give its points (a game kept before a change of seats
 *  moved the cards along with the points): such a hand is opened by its points. */
export function cardsKept(g, hand) {
  if (!hand || !hand.cards || hand.revoke !== null || S.facts(rulesOf(g)).spades) { return null; }
  var c = hand.cards;
  var found = S.fromCards(rulesOf(g), c.hearts, c.queens, c.bonus);
  return found.points && found.points.join() === hand.points.join() ? c : null;
}

export function captureCards() {
  return {on: byCards(), queens: valuesOf(queenSelects()), bonus: valuesOf(bonusSelects()),
          hearts: valuesOf(heartInputs())};
}

/** A hand's cards as the fields hold them (numbers as the record keeps them, or text). */
export function cardsAsTyped(cards) {
  var text = function (values) {
    return values.map(function (v) { return v === null ? "" : String(v); });
  };
  return {on: true, queens: text(cards.queens), bonus: text(cards.bonus),
          hearts: text(cards.hearts)};
}

export function applyCards(app, cards) {
  $("method-cards").checked = !!cards.on;
  $("method-points").checked = !cards.on;
  [[queenSelects(), cards.queens], [bonusSelects(), cards.bonus], [heartInputs(), cards.hearts]]
    .forEach(function (pair) {
      Array.prototype.forEach.call(pair[0], function (control, i) {
        if (Array.isArray(pair[1]) && typeof pair[1][i] === "string") {
          control.value = pair[1][i];
        }
      });
    });
}
