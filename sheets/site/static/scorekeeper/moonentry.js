/* The hand form's moon: the ☾ beside each name, the shooter's choice and the sun, and who took
 * each bonus card when the moon is entered as points. */

import {CONFIG, S} from "./config.js";
import {$, clear} from "./dom.js";
import {byCards} from "./cards.js";
import {takerFields, valuesOf} from "./fields.js";
import {placeOfGame, rulesOf, tableOf} from "./record.js";
import {word} from "./words.js";

/** The lists of who took each bonus card in a moon hand. */
export function takerSelects() { return $("takers").querySelectorAll("select"); }

/** The ☾ beside each name. */
export function moonButtons() { return $("point-fields").querySelectorAll(".moon-button"); }

/** The shooter's two ways, at what the moon is worth, or the sun when it is ticked. */
export function labelChoices(app) {
  var place = placeOfGame(app.game);
  var sun = $("sun").checked ? "choice-sun." : "choice.";
  Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
    r.parentNode.querySelector(".choice-words").textContent = word(place, sun + r.value);
  });
}

/** Who took each bonus card in a moon by shooter, read from its points (the shooter's less the
 *  whole hand, another's below 0), a side once for each copy; a part that is no number of
 *  copies gives none. */
export function takersFrom(app, points, shooter) {
  var whole = S.pointRange(rulesOf(app.game))[1];
  var takers = [];
  points.forEach(function (p, i) {
    var part = -(p - (i === shooter ? whole : 0)) / CONFIG.bonusValue;
    for (var k = 0; Number.isInteger(part) && k < part; k++) { takers.push(String(i)); }
  });
  return takers;
}

/** For a moon hand being edited: who took each bonus card, read back from the points. */
export function showTakers(app, hand) {
  var takers = takersFrom(app, hand.points, hand.shooter);
  Array.prototype.forEach.call(takerSelects(), function (select, c) {
    select.value = takers[c] || "";
  });
}

/** A moon marked: the shooter's choice and the sun where the rules have them, the ☾ pressed
 *  beside the shooter, and who took each bonus card. */
export function drawMoonFields(app) {
  var value = $("shooter").value;
  var marked = value !== "";
  var rules = rulesOf(app.game);
  $("choice").hidden = !(marked && S.moonChooser(rules) === "shooter");
  $("sun-field").hidden = !(marked && S.sunPlayed(rules));
  Array.prototype.forEach.call(moonButtons(), function (button, i) {
    button.setAttribute("aria-pressed", String(marked && Number(value) === i));
  });
  $("shooter").classList.toggle("marked", marked);  // the ☾ pressed and the list: one state
  drawTakers(app, marked && !byCards());
}

/** Under a bonus card, the moon entered as points asks who took each copy of the card. */
function drawTakers(app, marked) {
  var box = $("takers");
  var symbol = S.bonusSymbol(rulesOf(app.game));
  var copies = symbol && marked ? tableOf(app.game).decks : 0;
  if (takerSelects().length === copies) { return; }
  var keep = valuesOf(takerSelects());
  clear(box);
  takerFields(app, box, "taker", copies, keep, app.on.taker);
}

/** True while a bonus card's taker is still to be chosen. */
export function takersMissing() {
  return Array.prototype.some.call(takerSelects(), function (s) { return s.value === ""; });
}
