/* The fields of a hand's form, as both ways of entering a hand draw and read them: a number
 * field made for the number pad, what a number field holds (a suggestion counting), the
 * questions of who took each copy of a card, and what describes a control. */

import {$, describedBy, el, fillSelect, sideOptions} from "./dom.js";
import {placeOfGame} from "./record.js";
import {word} from "./words.js";

export function valuesOf(list) {
  return Array.prototype.map.call(list, function (x) { return x.value; });
}

/** A number typed in a field: null when empty, NaN when not a whole number ("−" counts as a
 *  minus sign, as a phone may type it). */
export function typed(text) {
  var t = String(text).trim().replace("\u2212", "-");
  if (t === "") { return null; }
  return /^-?[0-9]{1,4}$/.test(t) ? Number(t) : NaN;
}

/** A field's number: what was typed, else its suggestion, else 0 (an empty field is none). */
export function numberIn(input) {
  var value = typed(input.value);
  if (value !== null) { return value; }
  return input.placeholder === "" ? 0 : typed(input.placeholder);  // "−10" read as −10
}

/** A text field for a number, as quick entry wants it on any phone: the number pad, no
 *  spinner, Enter going on to the next field. */
export function numberField(id, value) {
  var input = el("input");
  input.id = id;
  input.type = "text";
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.enterKeyHint = "next";
  input.value = value;
  selectOnFocus(input);
  return input;
}

/** A field whose whole number is selected when it takes the focus (by a tap or by Tab), so
 *  that what is typed replaces it: typing 8 into "13" gives 8, not 138. The tap that gave the
 *  focus would put the cursor where it landed; that one is let go by. */
function selectOnFocus(input) {
  var tapped = false;
  input.addEventListener("focus", function () {
    input.select();
    tapped = true;
  });
  input.addEventListener("mouseup", function (event) {
    if (tapped) { event.preventDefault(); }
    tapped = false;
  });
  input.addEventListener("blur", function () { tapped = false; });
}

/** A small square button beside a field: a symbol, and its words for a screen reader. It
 *  takes no focus from the field when pressed. */
export function squareButton(className, mark, label, onClick) {
  var button = el("button", null, className);
  button.type = "button";
  button.appendChild(el("span", mark, "mark-symbol")).setAttribute("aria-hidden", "true");
  button.appendChild(el("span", label, "visually-hidden"));
  button.addEventListener("mousedown", function (event) { event.preventDefault(); });
  button.addEventListener("click", onClick);
  return button;
}

/** Who took the first and the second copy of a card, with two decks. */
const TAKER_WORDS = {
  "taker": ["taker-first", "taker-second"],
  "queen-taker": ["queen-taker-first", "queen-taker-second"]
};

/** The fields that ask who took each copy of a card ("taker": the bonus card in a moon,
 *  "bonus" and "queen": the cards entered one by one), into a box. */
export function takerFields(app, box, kind, copies, keep, onChange) {
  var place = placeOfGame(app.game);
  var question = kind === "queen" ? "queen-taker" : "taker";
  for (var c = 0; c < copies; c++) {
    var field = el("div", null, "field");
    var id = copies > 1 ? TAKER_WORDS[question][c] : question;
    var label = el("label", word(place, id));
    var select = el("select");
    select.id = kind + "-" + c;
    label.htmlFor = select.id;
    fillSelect(select, sideOptions(app.game.names, word(null, "choose-taker")), keep[c] || "");
    select.addEventListener("change", onChange);
    field.appendChild(label);
    field.appendChild(select);
    box.appendChild(field);
  }
}

/** The fields that show what is left of the hand as a suggestion (the points, or the hearts;
 *  the one at index "suggested", -1 for none), and only that one; the note that says it is
 *  cleared by the caller, once for both ways of entering. */
export function drawSuggestion(inputs, suggested) {
  var note = $("suggestion-note");
  Array.prototype.forEach.call(inputs, function (input, i) {
    var on = i === suggested;
    input.classList.toggle("suggested", on);
    if (!on) { input.placeholder = ""; }
    if (on) { note.textContent = word(null, "suggested", {number: input.placeholder}); }
    describedBy(input, note.id, on);
  });
}

/** The field among some that holds a suggestion, or undefined. */
export function offeredIn(inputs) {
  return Array.prototype.filter.call(inputs, function (x) {
    return x.classList.contains("suggested");
  })[0];
}
