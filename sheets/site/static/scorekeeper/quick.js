/* Quick entry, as the form for a hand is filled in: once every side but one has its points (or
 * hearts), the last shows what is left as a suggestion; a moon or a revoke chosen fills in its
 * points, and "Nobody" gives back what the fields held before (app.filled: those points and
 * what was there); the ± beside a field makes its points negative on a phone with no minus key;
 * Enter in a field goes on to the next one until the hand is whole, then records it. Every
 * change is kept as a draft. */

import {CONFIG, S} from "./config.js";
import {$} from "./dom.js";
import {bonusSelects, byCards, heartInputs, heartsInHand, markMoon, takerLeft} from "./cards.js";
import {
  captureEntry, drawLeft, drawMethod, drawRevoke, handWhole, offender, pointInputs
} from "./entry.js";
import {drawMoonFields, takerSelects, takersFrom} from "./moonentry.js";
import {drawSuggestion, offeredIn, typed, valuesOf} from "./fields.js";
import {rulesOf} from "./record.js";
import {saveDraft as keepDraft} from "./storage.js";

/** The one empty field among some, when every other holds a number; else -1. */
function lastEmpty(inputs) {
  var empty = [];
  for (var i = 0; i < inputs.length; i++) {
    var v = typed(inputs[i].value);
    if (v === null) {
      empty.push(i);
    } else if (!Number.isInteger(v)) {
      return -1;  // something not a number: suggest nothing
    }
  }
  return empty.length === 1 ? empty[0] : -1;
}

/** Suggest what is left in the last empty field, when it is a number a side can take. */
function suggest(inputs, left, low, high) {
  var open = lastEmpty(inputs);
  Array.prototype.forEach.call(inputs, function (input) { input.placeholder = ""; });
  if (open >= 0) {
    var rest = left(inputs);
    if (rest >= low && rest <= high) {
      inputs[open].placeholder = String(rest);
      return open;
    }
  }
  return -1;
}

/** The suggestions of both ways of entering a hand, worked out again. */
export function fillTheRest(app) {
  var rules = rulesOf(app.game);
  var range = S.pointRange(rules);
  var points = pointInputs();
  var moonOrRevoke = $("shooter").value !== "" || offender() !== null;
  app.suggested = moonOrRevoke || byCards() ? -1 : suggest(points, function (inputs) {
    return S.checkSum(rules) - Array.prototype.reduce.call(inputs, function (sum, input) {
      return sum + (typed(input.value) || 0);
    }, 0);
  }, 0, range[1]);  // never a minus: only the bonus card's taker has one, typed by the scorer
  $("suggestion-note").textContent = "";  // read in the page's flow too: none of one gone
  drawSuggestion(points, app.suggested);
  var hearts = heartInputs();
  var every = heartsInHand(app);
  drawSuggestion(hearts, suggest(hearts, function (inputs) {
    return every - Array.prototype.reduce.call(inputs, function (sum, input) {
      return sum + (typed(input.value) || 0);
    }, 0);
  }, 0, every));
}

export function onPoints(app) {
  typedOverMoon(app);
  fillTheRest(app);
  drawLeft(app);
  saveDraft(app);
}

/** The cards changed: the suggestion, the moon they show, the points they give. */
export function onCards(app) {
  fillTheRest(app);
  markMoon(app);
  drawMoonFields(app);
  drawLeft(app);
  saveDraft(app);
}

/** Another way of entering the hand chosen. */
export function onMethod(app) {
  if (app.editing === null) { app.byCards = byCards(); }  // kept for the hands that follow
  if (byCards()) { markMoon(app); }
  drawMethod(app);
  // to points, a moon the cards showed stays marked, by its ☾ (an edited moon switched to
  // points lost its mark, and was saved as the shooter's 42 points, round 26)
  if (!byCards() && $("shooter").value !== "") {
    var bonus = valuesOf(bonusSelects());  // who took each bonus card, as the cards said
    Array.prototype.forEach.call(takerSelects(), function (s, c) { s.value = bonus[c] || ""; });
    onShooter(app);
  }
  fillTheRest(app);
  drawLeft(app);
  saveDraft(app);
}

/** ± beside a field: its points below 0 or back (a "-" to type the number after, when it is
 *  empty); the field keeps the focus, and the keyboard stays up. */
export function onSign(app, i) {
  var input = pointInputs()[i];
  var value = typed(input.value);
  var text = input.value.trim().replace("\u2212", "-");
  if (text === "" || text === "-") {
    input.value = text === "" ? "-" : "";
  } else if (Number.isInteger(value)) {
    input.value = String(-value);
  }
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  onPoints(app);
}

/** Points typed over what a moon marked by ☾ filled in, that no moon gives (the shooter's
 *  changed, or another's above 0; a bonus card's minus is still the moon's): the points are
 *  the hand, not the moon, whose mark goes (a new scorer typed a whole hand under a ☾ tapped
 *  by mistake, and it stayed on, refused as a moon). */
function typedOverMoon(app) {
  var filled = app.filled;
  if (!filled || byCards() || $("shooter").value === "") { return; }
  var shooter = Number($("shooter").value);
  var now = valuesOf(pointInputs());
  if (!now.some(function (v, i) {
    return v !== String(filled.points[i]) && (i === shooter || typed(v) > 0);
  })) { return; }
  if (shootersOwnTyped(app, now, shooter)) { return; }
  $("shooter").value = "";
  restoreFilled(app);  // the boxes not typed over hold again what they held before the moon
  drawMoonFields(app);
}

/** Whether the shooter's box holds what the moon itself gives it, or the start of it, the rest
 *  at 0 or below: the whole hand less the bonus cards the shooter took, as the ☾ fills it (42
 *  of 52 typed over the 52 dropped the moon, and the shooter's −62 was recorded as +42). Whole,
 *  who took each bonus card is read from the points, as takerTyped reads them. */
function shootersOwnTyped(app, now, shooter) {
  var whole = S.pointRange(rulesOf(app.game))[1];
  var selects = Array.prototype.slice.call(takerSelects());
  var own = selects.map(function (s, k) { return String(whole - (k + 1) * CONFIG.bonusValue); });
  own.unshift(String(whole));
  var mine = now[shooter];
  if (mine === "" || !own.some(function (m) { return m.indexOf(mine) === 0; })
      || now.some(function (v, i) { return i !== shooter && typed(v) > 0; })) { return false; }
  var takers = takersFrom(app, now.map(typed), shooter);
  if (own.indexOf(mine) >= 0 && takers.length <= selects.length) {
    selects.forEach(function (select, c) { select.value = takers[c] || ""; });
  }
  return true;
}

/** Put points in the fields for a moon or a revoke, keeping what they held before it. */
function fillPoints(app, points) {
  var before = app.filled ? app.filled.before : valuesOf(pointInputs());
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    input.value = String(points[i]);
  });
  app.filled = {points: points, before: before};
  fillTheRest(app);
  drawLeft(app);
  saveDraft(app);
}

/** Take back what a moon or a revoke filled in, where it still stands. */
function restoreFilled(app) {
  var filled = app.filled;
  if (!filled) { return; }
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    if (input.value === String(filled.points[i])) { input.value = filled.before[i]; }
  });
  app.filled = null;
}

/** "Nobody": what a moon or a revoke filled in taken back. */
function unfill(app) {
  restoreFilled(app);
  fillTheRest(app);
  drawLeft(app);
  saveDraft(app);
}

/** Fill in a moon: the shooter every point card, the others none, and each bonus card's
 *  minus points where it went. */
export function fillMoon(app) {
  var value = $("shooter").value;
  if (value === "") { return; }
  var points = S.wholeHand(rulesOf(app.game), Number(value));
  Array.prototype.forEach.call(takerSelects(), function (select) {
    if (select.value !== "") { points[Number(select.value)] -= CONFIG.bonusValue; }
  });
  fillPoints(app, points);
}

/** A sun ticked: the shooter took every card, the bonus card too (a scorer was asked who
 *  took J♦ and offered every player). */
export function sunTakesAll(app) {
  var shooter = $("shooter").value;
  if (!$("sun").checked || shooter === "") { return; }
  Array.prototype.forEach.call(takerSelects(), function (select) { select.value = shooter; });
  fillMoon(app);
}

/** A moon marked over points typed: who took each bonus card read from the minus typed, the
 *  shooter's (42 of 52) as another's (−10), when the points typed account for no more copies
 *  than there are (a scorer's −10 was wiped by the ☾ tapped after it, and asked for again;
 *  with two decks, 42 and −10 both). */
function takerTyped(app) {
  var selects = takerSelects();
  if (app.filled || !selects.length || Array.prototype.some.call(selects, function (s) {
    return s.value !== "";
  })) { return; }
  var takers = takersFrom(app, valuesOf(pointInputs()).map(typed), Number($("shooter").value));
  if (takers.length > selects.length) { return; }  // more minus than cards: a slip, not read
  takers.forEach(function (taker, c) { selects[c].value = taker; });
}

export function onShooter(app) {
  drawMoonFields(app);
  if ($("shooter").value !== "" && $("sun").checked) {  // a sun moved: every card goes with it
    sunTakesAll(app);  // (J♦ stayed with the first shooter, and the hand was refused)
  } else if ($("shooter").value !== "") {
    takerTyped(app);
    fillMoon(app);
  } else {
    unfill(app);
  }
}

/** A revoke chosen: its points filled in as the engine scores them (any moon marked is
 *  dropped); "Nobody" gives back what the fields held. */
export function onRevoke(app) {
  var side = offender();
  if (side !== null && $("shooter").value !== "" && !byCards()) {
    $("shooter").value = "";
    drawMoonFields(app);
  }
  drawRevoke();
  if (side === null) {
    if (byCards()) { markMoon(app); }
    drawMoonFields(app);
    unfill(app);
  } else {
    fillPoints(app, S.wholeHand(rulesOf(app.game), side));
  }
}

export function onMoonButton(app, i) {
  var shooter = $("shooter");
  shooter.value = shooter.value === String(i) ? "" : String(i);
  onShooter(app);
}

/** Enter in a number field: go on to the next field the way of entering shows (the next
 *  empty one, if any) until the hand is whole; then to the field holding a suggestion, for
 *  the scorer to see it; then record. Every field filled, it goes on box by box and records
 *  (or says why not) from the last. A hand being edited goes box by box, saved from the last. */
export function onEnter(app, event) {
  var input = event.target;
  if (event.key !== "Enter" || input.tagName !== "INPUT" || input.inputMode !== "numeric") {
    return;
  }
  event.preventDefault();
  var inputs = Array.prototype.slice.call(byCards() ? heartInputs() : pointInputs());
  var offered = offeredIn(inputs);
  var at = inputs.indexOf(input);
  var order = inputs.slice(at + 1).concat(inputs.slice(0, at + 1));
  var wrong = inputs.filter(function (x) { return x.classList.contains("typed-wrong"); })[0];
  if (wrong && wrong !== input) {  // the box the line says is wrong, to type over (Enter went
    wrong.focus();                 // on to an empty box, away from the 77 typed for 7)
    wrong.select();
    return;
  }
  if (app.editing !== null && at < inputs.length - 1) {  // a hand edited is whole from the
    inputs[at + 1].focus();                               // start: on to the next box, to
    inputs[at + 1].select();                              // type over; the last one saves
    return;
  }
  var empty = order.filter(function (x) { return x.value === "" && !x.placeholder; });
  var whole = handWhole(app);
  var last = at === inputs.length - 1;
  if (whole && (offered ? offered === input : last)) {
    $("hand").requestSubmit($("record"));
    return;
  }
  // every box filled: Enter goes on to the next box, to type over, and records (or says why
  // not) only from the last (a scorer's Next in the fourth of eight boxes recorded the hand
  // with the last two unchecked under the keyboard)
  if (!empty.length && !offered) {
    if (!whole && last) {
      $("hand").requestSubmit($("record"));
      // refused for one box: kept there, not walked on to the first (Diego's 82: round 35)
      if (inputs.filter(function (x) { return x.getAttribute("aria-invalid") === "true"; })
        .length === 1) { return; }
    }
    if (document.activeElement === input) {
      order[0].focus();
      order[0].select();
    }
    return;
  }
  // a box left to fill next (a hand whole before its last boxes, 16 in the first with J♦ still
  // to come, kept Enter in the box: "16", "4" made 164), else who took a card, not yet chosen
  // (Enter did nothing in the third box of hearts), else the box offered
  var next = whole && offered ? offered : empty[0] || (byCards() && takerLeft()) || offered;
  if (next) { next.focus(); }
}

/** Keep the hand being entered, so a reload does not lose it. */
export function saveDraft(app) {
  if (!app.game) { return; }
  var draft = captureEntry(app);
  draft.id = app.game.id;
  draft.hand = app.game.hands.length;
  draft.editing = app.editing;
  draft.aside = app.aside || null;  // what was typed for the next hand while one is edited
  keepDraft(draft);
}
