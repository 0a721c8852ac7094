/* The form for a hand: the points of each side (or the cards each took: cards.js), a moon (who
 * shot it, who took each bonus card, the shooter's choice, the sun: moonentry.js) or a revoke
 * found late, and the line that counts what is left to place; drawn, read, and kept as a
 * draft. What happens as it is filled in is quick.js's (app.on: its handlers).
 *
 * A points field holds what was typed; the one field left empty when every other side has its
 * points shows what is left of the hand as a suggestion (its placeholder, app.suggested), which
 * typing replaces and recording takes. */

import {CONFIG, S} from "./config.js";
import {$, clear, describedBy, el, fillSelect, find, liftAbove, sideOptions} from "./dom.js";
import {
  applyCards, byCards, captureCards, cardsAsTyped, cardsKept, cardsLine, drawCards,
  drawSidePoints, heartInputs, readCards
} from "./cards.js";
import {numberField, numberIn, offeredIn, squareButton, valuesOf} from "./fields.js";
import {clearHandErrors} from "./alerts.js";
import {foreseen} from "./changes.js";
import {
  checked, chooseNow, drawChoiceEnds, markScores, markTyped, moonScoresText, placedLine, tooMany,
  tooManyText, typedAside
} from "./judge.js";
import {
  drawMoonFields, labelChoices, moonButtons, showTakers, takerSelects, takersMissing
} from "./moonentry.js";
import {placeOfGame, refusalText, rulesOf} from "./record.js";
import {listOf, signed, word} from "./words.js";

export function pointInputs() { return $("point-fields").querySelectorAll("input"); }

function signButtons() { return $("point-fields").querySelectorAll(".sign-button"); }

function drawPointFields(app, hand) {
  var g = app.game;
  var box = $("point-fields");
  var signed = S.pointRange(rulesOf(g))[0] < 0;
  clear(box);
  box.classList.toggle("signed", signed);
  g.names.forEach(function (name, i) {
    var field = el("div", null, "field");
    var label = el("label", name);
    var row = el("div", null, "entry");
    var input = numberField("points-" + i, hand ? String(hand.points[i]) : "");
    input.addEventListener("input", function () { app.on.points(i); });
    label.htmlFor = input.id;
    row.appendChild(input);
    if (signed) {  // a bonus card takes points below 0: a minus for phones that have no key
      var sign = squareButton("sign-button", "±", word(null, "minus", {name: name}),
                              function () { app.on.sign(i); });
      sign.setAttribute("aria-pressed", "false");
      sign.tabIndex = -1;  // a tap's way: a keyboard has its minus (Tab scrambled a hand)
      row.appendChild(sign);
    }
    var moon = squareButton("moon-button", "☾", word(null, "shot-the-moon", {name: name}),
                            function () { app.on.moon(i); });
    moon.setAttribute("aria-pressed", "false");
    moon.tabIndex = -1;  // a tap's way; the keyboard's is the shooter list, shown when reached
    row.appendChild(moon);
    field.appendChild(label);
    field.appendChild(row);
    box.appendChild(field);
  });
}

/** The form for a hand: empty for a new one, or holding the hand being edited (nothing said
 *  about the hand it held before stays). */
export function drawEntry(app, hand) {
  var g = app.game;
  clearHandErrors();
  var place = placeOfGame(g);
  $("hand-legend").textContent = app.editing === null
    ? word(null, "hand", {number: g.hands.length + 1})
    : word(null, "editing-hand", {number: app.editing + 1});
  $("hand-hint").textContent = word(place, "points-hint");
  $("by-cards").textContent = word(place, "by-cards");
  $("shooter-by-cards").textContent = word(place, "shooter-by-cards");
  // the cards count Q♠ alone: where more spades score (Black Maria), points only, and why
  $("method").hidden = !!place.facts.spades;
  $("method-off").hidden = !place.facts.spades;
  $("method-off").textContent = place.facts.spades ? word(place, "points-only") : "";
  drawPointFields(app, hand);
  drawCards(app);
  $("suggestion-note").textContent = "";  // the fields it spoke of are new ones
  var nobody = word(null, "nobody");
  fillSelect($("shooter"), sideOptions(g.names, nobody),
             hand && hand.shooter !== null ? hand.shooter : "");
  var choices = $("choice-options");
  clear(choices);
  CONFIG.moonChoices.forEach(function (value, i) {
    var label = el("label");
    var radio = el("input");
    radio.type = "radio";
    radio.name = "choice";
    radio.id = "choice-" + i;
    radio.value = value;
    radio.checked = !!hand && hand.choice === value;
    label.appendChild(radio);
    var words = label.appendChild(el("span", null, "choice-text"));
    words.appendChild(el("span", "", "choice-words"));
    words.appendChild(el("span", "", "choice-end"));  // judge.js drawChoiceEnds
    choices.appendChild(label);
  });
  $("sun-label").textContent = word(place, "sun");
  $("sun").checked = !!hand && hand.sun;
  labelChoices(app);
  $("revoke-label").textContent = word(place, "revoke-label");
  $("revoke-hint").textContent = word(place, "revoke-hint");
  fillSelect($("revoke"), sideOptions(g.names, nobody),
             hand && hand.revoke !== null ? hand.revoke : "");
  $("revoke-more").open = offender() !== null;  // folded away unless the hand has a revoke
  $("record").textContent = app.editing === null ? word(null, "record")
    : word(null, "save-hand", {number: app.editing + 1});
  $("edit-cancel").hidden = app.editing === null;
  var kept = cardsKept(g, hand);  // the cards the hand was entered by, where they still hold
  var last = g.hands[g.hands.length - 1];  // after a reload, the way the last hand was entered
  var usual = app.byCards === undefined ? !!(last && last.cards) : app.byCards;
  var cards = $("method-cards").checked = !place.facts.spades && (hand ? !!kept : usual);
  $("method-points").checked = !cards;
  if (cards && kept) { applyCards(app, cardsAsTyped(kept)); }
  app.filled = null;
  app.suggested = -1;
  clear($("takers"));
  drawMethod(app);
  if (hand && hand.shooter !== null) { showTakers(app, hand); }
  drawRevoke();
  drawLeft(app);
}

/** Show the fields of the way chosen to enter the hand: its points, or the cards taken. */
export function drawMethod(app) {
  var cards = byCards();
  $("point-fields").hidden = cards;
  $("hand-hint").hidden = cards;
  $("moon-legend").hidden = cards;  // the ☾ beside each name, said in words
  $("card-fields").hidden = !cards;
  $("shooter").disabled = cards || offender() !== null;  // the cards say who shot the moon
  $("shooter-field").classList.toggle("by-cards", cards);  // no list there to tap in vain
  $("shooter-by-cards").hidden = !cards;  // ... and the page says why there is none
  describedBy($("shooter"), "shooter-by-cards", cards);
  drawMoonFields(app);
}

/** The side chosen as the revoke's offender, or null. */
export function offender() {
  return $("revoke").value === "" ? null : Number($("revoke").value);
}

/** While a revoke is chosen its points stand as filled in, and no moon can be marked. */
export function drawRevoke() {
  var chosen = offender() !== null;
  Array.prototype.forEach.call(pointInputs(), function (input) { input.readOnly = chosen; });
  Array.prototype.forEach.call($("card-fields").querySelectorAll("input,select"),
                               function (control) { control.disabled = chosen; });
  $("shooter").disabled = chosen || byCards();
  Array.prototype.forEach.call(moonButtons(), function (button) { button.disabled = chosen; });
  Array.prototype.forEach.call(signButtons(), function (button) { button.disabled = chosen; });
}

function enteredSum() {
  var sum = 0;
  Array.prototype.forEach.call(pointInputs(), function (input) {
    var v = numberIn(input);
    if (Number.isFinite(v)) { sum += v; }
  });
  return sum;
}

/** True when Enter in a field may record: the hand is whole (every point placed, or a moon or
 *  a revoke marked, or the cards all given out). */
export function handWhole(app) {
  if (offender() !== null) { return true; }
  if (byCards()) { return cardsLine(app).whole; }
  return $("shooter").value !== "" ? !takersMissing()
    : enteredSum() === S.checkSum(rulesOf(app.game));
}

/** The side a suggestion in the points gives what is left, {name, points}; or null. */
export function workedOut(app) {
  if (app.suggested < 0 || byCards() || offender() !== null || $("shooter").value !== "") {
    return null;
  }
  var input = pointInputs()[app.suggested];
  if (!input || input.value.trim() !== "" || input.placeholder === "") { return null; }
  return {name: app.game.names[app.suggested], points: numberIn(input)};
}

/** The line under the points: what is left to place, or what to do next; and, beside Record,
 *  the points a suggestion gives, for the scorer to check before recording. */
export function drawLeft(app) {
  var g = app.game;
  var rules = rulesOf(g);
  var place = placeOfGame(g);
  var target = S.checkSum(rules);
  var left = target - enteredSum();
  var revoked = offender();
  var text;
  var done = left === 0 || revoked !== null;
  var asks = false;  // done, but a question the line asks (a moon to mark?): not green
  app.moonHint = null;
  var typed = Array.prototype.map.call(pointInputs(), numberIn);
  var unread = typed.findIndex(Number.isNaN);
  markTyped(pointInputs(), byCards() ? -1 : unread);  // or the box out of range (tooManyText)
  if (revoked !== null) {
    text = word(place, "revoke-left", {name: g.names[revoked]}) +
      (typedAside(app) ? " " + word(null, "revoke-set-aside") : "");
  } else if (!byCards() && unread >= 0) {  // "1a4" counts as nothing, not as 0
    text = word(null, "whole-number", {name: g.names[unread]});
    done = false;
  } else if (byCards()) {
    var line = cardsLine(app);
    drawSidePoints(app);
    text = line.text;
    done = line.whole;
  } else if ($("shooter").value !== "" && takersMissing()) {
    text = word(place, "takers-left");
  } else if (left === 0) {  // with a moon marked, what it scores is said once it is judged
    var placed = placedLine(app, pointInputs());
    text = placed.text;
    done = placed.done;
    asks = placed.asks;
    app.moonHint = asks ? {side: placed.side, key: typed.join(" ")} : null;  // judge.js
  } else if (left > 0) {
    text = left > target  // a minus typed: "42 left (of 32)" read as a fault of the page
      ? word(place, "to-place-below", {count: left, total: target, placed: signed(target - left)})
      : word(place, "to-place", {count: left, total: target});
  } else {
    text = tooManyText(app, typed, pointInputs(), -left);  // every box a number (see above)
  }
  var worked = workedOut(app);
  if (worked) {  // the line beside Record says who gets what is left, once ("2 points left to
    text = "";    // place" under "Ted gets the 2 points left" read as a hand still short)
    done = false;
  }
  var begun = !(line && line.fresh);  // by cards, a form not begun: its first step, not a fault
  var verdict = done || worked ? readEntry(app) : {};
  markScores(app, null);  // a moon's scores by the names (judge.js), while it stands
  if (verdict.error) {  // a hand Record would refuse: why, instead of "all placed" or a suggestion
    text = verdict.toChoose ? chooseNow(app)  // asked, not refused, till the scorer chooses
      : verdict.reason ? word(null, "cannot-record", {problem: verdict.reason}) : verdict.error;
    done = false;
    worked = null;
  } else if (verdict.hand && verdict.hand.shooter !== null) {  // a moon: what goes on the sheet
    text = moonScoresText(app, verdict.hand);
  }
  // and what Record will do, a new hand's (a choice's is said under each way: drawChoiceEnds),
  // after the line, or after the points a suggestion gives
  var ahead = (done || worked) && verdict.hand && !verdict.error && app.editing === null &&
    !verdict.hand.choice ? foreseen(g, verdict.hand) : "";
  text += done ? ahead : "";
  drawChoiceEnds(app, verdict.asked || (verdict.hand && verdict.hand.shooter !== null
    ? verdict.hand : null));
  $("worked-out").textContent = worked
    ? word(place, worked.points === 0 ? "worked-out-none" : "worked-out",
           {name: worked.name, count: worked.points}) + ahead : "";
  $("points-left").textContent = text;
  $("points-left").className = "points-left" + (done && !asks ? " done" : begun ? "" : " to-begin");
  // Record looks ready only for a hand it would take (it looked the same for one it refuses:
  // rounds 32, 34); a tap on it still says why not
  $("record").classList.toggle("unready", !(done || worked) || !!verdict.error);
  // the moon's questions in sight, as the bar asks them, and once answered too: the bar's
  // scores, longer, then covered the other way of scoring it, read as gone
  if ($("shooter").value !== "") {  // the lowest of them: who took J♦, the choice, the sun
    liftAbove([$("sun-field"), $("choice"), $("takers")].filter(function (x) {
      return !x.hidden;
    })[0]);
  }
  var whole = handWhole(app);
  var boxes = byCards() ? heartInputs() : pointInputs();
  var offered = offeredIn(boxes);
  var last = boxes[boxes.length - 1];
  Array.prototype.forEach.call($("hand").querySelectorAll("input[inputmode=numeric]"),
                               function (input) {  // Enter records, or goes on (quick.js)
                                 input.enterKeyHint = whole && input === (offered || last)
                                   ? "done" : "next";
                               });
  Array.prototype.forEach.call(signButtons(), function (button, i) {
    button.setAttribute("aria-pressed", String(numberIn(pointInputs()[i]) < 0));
  });
}

/** The hand in the form, {hand}; or what to fix and where, {error, field} (field: the
 *  control at fault, or null for the points as a whole). */
export function readEntry(app) {
  var g = app.game;
  var rules = rulesOf(g);
  var revoked = offender();
  if (revoked !== null) {
    var stopped = {points: S.wholeHand(rules, revoked), shooter: null, sun: false,
                   choice: null, revoke: revoked};
    var trouble = S.handProblem(rules, stopped);
    return trouble ? {error: word(null, app.editing === null ? "not-recorded" : "not-saved",
                                  {problem: refusalText(g, trouble)}),
                      field: $("revoke")}
      : {hand: stopped};
  }
  if (byCards()) { return readCards(app); }
  var points = [];
  var inputs = pointInputs();
  for (var i = 0; i < inputs.length; i++) {
    var v = numberIn(inputs[i]);
    if (!Number.isInteger(v)) {
      return {error: word(null, "whole-number", {name: g.names[i]}), field: inputs[i]};
    }
    points.push(v);
  }
  var s = $("shooter").value === "" ? null : Number($("shooter").value);
  var sum = points.reduce(function (a, b) { return a + b; }, 0);
  var empty = Array.prototype.filter.call(inputs, function (input) {
    return input.value.trim() === "" && input.placeholder === "";
  });
  if (s === null && empty.length && sum < S.checkSum(rules)) {  // short: boxes left out
    return {error: word(null, empty.length === 1 ? "empty-box" : "empty-boxes", {
      names: listOf(empty.map(function (input) {
        return g.names[Array.prototype.indexOf.call(inputs, input)];
      })),
      count: sum, total: S.checkSum(rules)
    }), field: empty[0]};
  }
  if (s !== null && takersMissing() && sum !== S.checkSum(rules)) {
    var missing = Array.prototype.filter.call(takerSelects(), function (x) { return !x.value; });
    return {error: word(placeOfGame(g), "choose-who-took"), field: missing[0]};
  }
  var verdict = checked(app, points, s, inputs);
  if (verdict.error && s === null) { tooMany(app, verdict, points, inputs, empty); }
  return verdict;
}

/** What the form holds, to keep as a draft or give back after another tab's change. */
export function captureEntry(app) {
  return {
    points: valuesOf(pointInputs()), shooter: $("shooter").value, takers: valuesOf(takerSelects()),
    choice: (document.querySelector("input[name=choice]:checked") || {}).value || null,
    sun: $("sun").checked, revoke: $("revoke").value, suggested: app.suggested,
    filled: app.filled, cards: captureCards()
  };
}

/** What the form holds for a new hand, if anything was typed or chosen in it (else null). */
export function typedEntry(app) {
  var entry = captureEntry(app);
  var any = function (values) { return values.some(function (v) { return v !== ""; }); };
  return any(entry.points) || entry.shooter !== "" || entry.revoke !== "" ||
    any(entry.takers) || any(entry.cards.queens) || any(entry.cards.bonus) ||
    any(entry.cards.hearts) ? entry : null;
}

export function applyEntry(app, entry) {
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    if (entry.points[i] !== undefined) { input.value = entry.points[i]; }
  });
  if (entry.cards) {
    applyCards(app, entry.cards);
    if (app.editing === null) { app.byCards = byCards(); }
  }
  if (find(Array.prototype.slice.call($("shooter").options), entry.shooter)) {
    $("shooter").value = entry.shooter;
  }
  drawMethod(app);
  Array.prototype.forEach.call(takerSelects(), function (select, i) {
    if (entry.takers[i] !== undefined) { select.value = entry.takers[i]; }
  });
  Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
    r.checked = r.value === entry.choice;
  });
  $("sun").checked = !!entry.sun;
  labelChoices(app);
  if (find(Array.prototype.slice.call($("revoke").options), entry.revoke)) {
    $("revoke").value = entry.revoke;
  }
  if (offender() !== null) { $("revoke-more").open = true; }
  app.filled = entry.filled || null;
  drawRevoke();
  app.on.suggest();
  drawLeft(app);
}
