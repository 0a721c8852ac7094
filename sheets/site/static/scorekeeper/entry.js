/* The form for a hand: the points of each side, a moon (who shot it, who took each bonus card,
 * the shooter's choice, the sun) or a revoke found late, and the line that counts what is left
 * to place; drawn, read, and kept as a draft. What happens as it is filled in is quick.js's
 * (app.on: its handlers). */

import {CONFIG, S} from "./config.js";
import {$, clear, el, fillSelect, find} from "./dom.js";
import {placeOfGame, refusalText, rulesOf, tableOf} from "./record.js";
import {word} from "./words.js";

export function pointInputs() { return $("point-fields").querySelectorAll("input"); }

export function takerSelects() { return $("takers").querySelectorAll("select"); }

function moonButtons() { return $("point-fields").querySelectorAll("button"); }

export function valuesOf(list) {
  return Array.prototype.map.call(list, function (x) { return x.value; });
}

/** A choice of side, after a first option that chooses none. */
function sideOptions(g, none) {
  return [{value: "", label: none}].concat(g.names.map(function (name, i) {
    return {value: i, label: name};
  }));
}

/** The form for a hand: empty for a new one, or holding the hand being edited. */
export function drawEntry(app, hand) {
  var g = app.game;
  var place = placeOfGame(g);
  var range = S.pointRange(rulesOf(g));
  $("hand-legend").textContent = app.editing === null
    ? word(null, "hand", {number: g.hands.length + 1})
    : word(null, "editing-hand", {number: app.editing + 1});
  $("hand-hint").textContent = word(place, "points-hint");
  var box = $("point-fields");
  clear(box);
  g.names.forEach(function (name, i) {
    var field = el("div", null, "field");
    var label = el("label", name);
    var row = el("div", null, "entry");
    var input = el("input");
    input.id = "points-" + i;
    input.type = "number";
    input.inputMode = "numeric";
    input.step = "1";
    input.min = String(range[0]);
    input.max = String(range[1]);
    input.value = hand ? String(hand.points[i]) : "";
    input.addEventListener("input", function () { app.on.points(i); });
    label.htmlFor = input.id;
    var moon = el("button", null, "moon-button");
    moon.type = "button";
    moon.appendChild(el("span", "☾", "moon-mark")).setAttribute("aria-hidden", "true");
    moon.appendChild(el("span", word(null, "shot-the-moon", {name: name}), "visually-hidden"));
    moon.setAttribute("aria-pressed", "false");
    moon.tabIndex = -1;  // a shortcut for touch; from the keyboard, the shooter list below
    moon.addEventListener("click", function () { app.on.moon(i); });
    field.appendChild(label);
    row.appendChild(input);
    row.appendChild(moon);
    field.appendChild(row);
    box.appendChild(field);
  });
  var nobody = word(null, "nobody");
  fillSelect($("shooter"), sideOptions(g, nobody),
             hand && hand.shooter !== null ? hand.shooter : "");
  var choices = $("choice-options");
  clear(choices);
  CONFIG.moonChoices.forEach(function (value) {
    var label = el("label");
    var radio = el("input");
    radio.type = "radio";
    radio.name = "choice";
    radio.value = value;
    radio.checked = !!hand && hand.choice === value;
    label.appendChild(radio);
    label.appendChild(document.createTextNode(" " + word(place, "choice." + value)));
    choices.appendChild(label);
  });
  $("sun-label").textContent = word(place, "sun");
  $("sun").checked = !!hand && hand.sun;
  $("revoke-label").textContent = word(place, "revoke-label");
  $("revoke-hint").textContent = word(place, "revoke-hint");
  fillSelect($("revoke"), sideOptions(g, nobody), hand && hand.revoke !== null ? hand.revoke : "");
  $("record").textContent = app.editing === null ? word(null, "record")
    : word(null, "save-hand", {number: app.editing + 1});
  $("edit-cancel").hidden = app.editing === null;
  app.filled = null;
  app.autoFilled = -1;
  clear($("takers"));
  drawMoonFields(app);
  if (hand && hand.shooter !== null) { showTakers(app, hand); }
  drawRevoke();
  drawAutoMark(app);
  drawLeft(app);
}

/** The side chosen as the revoke's offender, or null. */
export function offender() {
  return $("revoke").value === "" ? null : Number($("revoke").value);
}

/** While a revoke is chosen its points stand as filled in, and no moon can be marked. */
export function drawRevoke() {
  var chosen = offender() !== null;
  Array.prototype.forEach.call(pointInputs(), function (input) { input.readOnly = chosen; });
  $("shooter").disabled = chosen;
  Array.prototype.forEach.call(moonButtons(), function (button) { button.disabled = chosen; });
}

/** For a moon hand being edited: who took each bonus card, read back from the points. */
function showTakers(app, hand) {
  var whole = S.pointRange(rulesOf(app.game))[1];
  var takers = [];
  hand.points.forEach(function (p, i) {
    var part = i === hand.shooter ? p - whole : p;
    for (var k = 0; k < -part / CONFIG.bonusValue; k++) { takers.push(String(i)); }
  });
  Array.prototype.forEach.call(takerSelects(), function (select, c) {
    select.value = takers[c] || "";
  });
}

export function drawMoonFields(app) {
  var value = $("shooter").value;
  var marked = value !== "";
  var rules = rulesOf(app.game);
  $("choice").hidden = !(marked && S.moonChooser(rules) === "shooter");
  $("sun-field").hidden = !(marked && S.sunPlayed(rules));
  Array.prototype.forEach.call(moonButtons(), function (button, i) {
    button.setAttribute("aria-pressed", String(marked && Number(value) === i));
  });
  drawTakers(app, marked);
}

/** Under a bonus card, the moon entry asks who took each copy of the card. */
function drawTakers(app, marked) {
  var box = $("takers");
  var symbol = S.bonusSymbol(rulesOf(app.game));
  var copies = symbol && marked ? tableOf(app.game).decks : 0;
  if (takerSelects().length === copies) { return; }
  var keep = valuesOf(takerSelects());
  var place = placeOfGame(app.game);
  clear(box);
  for (var c = 0; c < copies; c++) {
    var field = el("div", null, "field");
    var label = el("label", word(place, copies > 1 ? ["taker-first", "taker-second"][c] : "taker"));
    var select = el("select");
    select.id = "taker-" + c;
    label.htmlFor = select.id;
    fillSelect(select, sideOptions(app.game, word(null, "choose-taker")), keep[c] || "");
    select.addEventListener("change", app.on.taker);
    field.appendChild(label);
    field.appendChild(select);
    box.appendChild(field);
  }
}

function takersMissing() {
  return Array.prototype.some.call(takerSelects(), function (s) { return s.value === ""; });
}

function enteredSum() {
  var sum = 0;
  Array.prototype.forEach.call(pointInputs(), function (input) {
    var v = Number(input.value);
    if (input.value !== "" && Number.isFinite(v)) { sum += v; }
  });
  return sum;
}

/** The line under the points: what is left to place, or what to do next. */
export function drawLeft(app) {
  var g = app.game;
  var rules = rulesOf(g);
  var place = placeOfGame(g);
  var target = S.checkSum(rules);
  var left = target - enteredSum();
  var revoked = offender();
  var text;
  if (revoked !== null) {
    text = word(place, "revoke-left", {name: g.names[revoked]});
  } else if ($("shooter").value !== "" && takersMissing()) {
    text = word(place, "takers-left");
  } else if (left === 0) {
    var whole = S.pointRange(rules)[1] - S.bonusTotal(rules);
    var all = valuesOf(pointInputs()).indexOf(String(whole));
    text = S.bonusSymbol(rules) && $("shooter").value === "" && all >= 0
      ? word(place, "placed-moon", {total: target, name: g.names[all]})
      : word(place, "placed", {total: target});
  } else if (left > 0) {
    text = word(place, "to-place", {count: left, total: target});
  } else {
    text = word(place, "too-many", {count: -left, total: target});
  }
  $("points-left").textContent = text;
  $("points-left").className = left === 0 || revoked !== null ? "points-left done"
    : "points-left";
}

export function drawAutoMark(app) {
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    input.classList.toggle("auto", i === app.autoFilled);
    if (i === app.autoFilled) {
      input.setAttribute("aria-describedby", "points-left");
    } else {
      input.removeAttribute("aria-describedby");
    }
  });
}

/** The hand in the form, {hand}; or what to fix and where, {error, focus}. */
export function readEntry(app) {
  var g = app.game;
  var rules = rulesOf(g);
  var revoked = offender();
  if (revoked !== null) {
    var stopped = {points: S.wholeHand(rules, revoked), shooter: null, sun: false,
                   choice: null, revoke: revoked};
    var trouble = S.handProblem(rules, stopped);
    return trouble ? {error: word(null, "not-recorded", {problem: refusalText(g, trouble)}),
                      focus: $("revoke")}
      : {hand: stopped};
  }
  var points = [];
  var inputs = pointInputs();
  for (var i = 0; i < inputs.length; i++) {
    var input = inputs[i];
    var v = input.value.trim() === "" ? 0 : Number(input.value);
    if (input.validity.badInput || !Number.isInteger(v)) {
      return {error: word(null, "whole-number", {name: g.names[i]}), focus: input};
    }
    points.push(v);
  }
  var s = $("shooter").value === "" ? null : Number($("shooter").value);
  var sum = points.reduce(function (a, b) { return a + b; }, 0);
  if (s !== null && takersMissing() && sum !== S.checkSum(rules)) {
    var missing = Array.prototype.filter.call(takerSelects(), function (x) { return !x.value; });
    return {error: word(placeOfGame(g), "choose-who-took"), focus: missing[0]};
  }
  var chosen = document.querySelector("input[name=choice]:checked");
  var hand = {
    points: points, shooter: s, sun: s !== null && S.sunPlayed(rules) && $("sun").checked,
    choice: s !== null && S.moonChooser(rules) === "shooter" && chosen ? chosen.value : null,
    revoke: null
  };
  var problem = S.handProblem(rules, hand);
  if (problem) {
    var text = refusalText(g, problem);
    if (problem.reason === "unmarked-moon") {  // or a revoke stopped the hand
      return {error: word(null, "not-recorded-moon", {problem: text}), focus: $("shooter")};
    }
    var focus = problem.reason === "choose-moon" ? document.querySelector("input[name=choice]")
      : inputs[0];
    return {error: word(null, "not-recorded", {problem: text}), focus: focus};
  }
  return {hand: hand};
}

/** What the form holds, to keep as a draft or give back after another tab's change. */
export function captureEntry(app) {
  return {
    points: valuesOf(pointInputs()), shooter: $("shooter").value, takers: valuesOf(takerSelects()),
    choice: (document.querySelector("input[name=choice]:checked") || {}).value || null,
    sun: $("sun").checked, revoke: $("revoke").value, auto: app.autoFilled, filled: app.filled
  };
}

export function applyEntry(app, entry) {
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    if (entry.points[i] !== undefined) { input.value = entry.points[i]; }
  });
  if (find(Array.prototype.slice.call($("shooter").options), entry.shooter)) {
    $("shooter").value = entry.shooter;
  }
  drawMoonFields(app);
  Array.prototype.forEach.call(takerSelects(), function (select, i) {
    if (entry.takers[i] !== undefined) { select.value = entry.takers[i]; }
  });
  Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
    r.checked = r.value === entry.choice;
  });
  $("sun").checked = !!entry.sun;
  if (find(Array.prototype.slice.call($("revoke").options), entry.revoke)) {
    $("revoke").value = entry.revoke;
  }
  app.autoFilled = entry.auto === undefined ? -1 : entry.auto;
  app.filled = entry.filled || null;
  drawRevoke();
  drawAutoMark(app);
  drawLeft(app);
}
