/* Quick entry, as the form for a hand is filled in: once every side but one has points, the
 * last gets what is left of the hand; a moon or a revoke chosen fills in its points, and
 * "Nobody" gives back what the fields held before (app.filled: those points and what was there;
 * app.autoFilled: the field filled in as what is left). Every change is kept as a draft. */

import {CONFIG, S} from "./config.js";
import {$} from "./dom.js";
import {
  captureEntry, drawAutoMark, drawLeft, drawMoonFields, drawRevoke, offender, pointInputs,
  takerSelects, valuesOf
} from "./entry.js";
import {rulesOf} from "./record.js";
import {saveDraft as keepDraft} from "./storage.js";

/** Quick entry: once every side but one has points, the last gets what is left of the hand. */
function fillTheRest(app) {
  if ($("shooter").value !== "" || offender() !== null) { return; }
  var inputs = pointInputs();
  var open = [];
  var sum = 0;
  Array.prototype.forEach.call(inputs, function (input, i) {
    var v = Number(input.value);
    if (input.value === "" || i === app.autoFilled) {
      open.push(i);
    } else if (Number.isInteger(v)) {
      sum += v;
    } else {
      open.push(-1);  // something not a number: fill nothing
    }
  });
  var rules = rulesOf(app.game);
  var range = S.pointRange(rules);
  var rest = S.checkSum(rules) - sum;
  if (open.length === 1 && open[0] >= 0 && rest >= range[0] && rest <= range[1]) {
    app.autoFilled = open[0];
    inputs[app.autoFilled].value = String(rest);
  } else if (app.autoFilled >= 0) {
    inputs[app.autoFilled].value = "";
    app.autoFilled = -1;
  }
  drawAutoMark(app);
}

export function onPoints(app, i) {
  if (i === app.autoFilled) { app.autoFilled = -1; }
  fillTheRest(app);
  drawLeft(app);
  saveDraft(app);
}

/** Put points in the fields for a moon or a revoke, keeping what they held before it. */
function fillPoints(app, points) {
  var before = app.filled ? app.filled.before : valuesOf(pointInputs());
  Array.prototype.forEach.call(pointInputs(), function (input, i) {
    input.value = String(points[i]);
  });
  app.filled = {points: points, before: before};
  app.autoFilled = -1;
  drawAutoMark(app);
  drawLeft(app);
  saveDraft(app);
}

/** "Nobody": take back what a moon or a revoke filled in, where it still stands. */
function unfill(app) {
  if (app.filled) {
    var filled = app.filled;
    Array.prototype.forEach.call(pointInputs(), function (input, i) {
      if (input.value === String(filled.points[i])) { input.value = filled.before[i]; }
    });
    app.filled = null;
  }
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

export function onShooter(app) {
  drawMoonFields(app);
  if ($("shooter").value !== "") {
    fillMoon(app);
  } else {
    unfill(app);
  }
}

/** A revoke chosen: its points filled in as the engine scores them (any moon marked is
 *  dropped); "Nobody" gives back what the fields held. */
export function onRevoke(app) {
  var side = offender();
  if (side !== null && $("shooter").value !== "") {
    $("shooter").value = "";
    drawMoonFields(app);
  }
  drawRevoke();
  if (side === null) {
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

/** Keep the hand being entered, so a reload does not lose it. */
export function saveDraft(app) {
  if (!app.game) { return; }
  var draft = captureEntry(app);
  draft.id = app.game.id;
  draft.hand = app.game.hands.length;
  draft.editing = app.editing;
  keepDraft(draft);
}
