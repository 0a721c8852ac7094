/* What the setup's fields hold, read as a game takes it: the table chosen, the names, the
 * scoring rules; and which of them are wrong, each with its message. */

import {CONFIG} from "./config.js";
import {$, clearFieldErrors, find} from "./dom.js";
import {say} from "./alerts.js";
import {placeOf, tablePlace, word} from "./words.js";

/** The table the setup's menu holds. */
export function chosenTable() {
  for (var i = 0; i < CONFIG.tables.length; i++) {
    if (CONFIG.tables[i].key === $("table").value) { return CONFIG.tables[i]; }
  }
  return CONFIG.tables[0];
}

/** The names as typed in setup's boxes, empty ones empty. */
export function setupNames() {
  return Array.prototype.map.call($("name-fields").querySelectorAll("input"), function (input) {
    return input.value;
  });
}

/** The names a game gets: a box left empty gives its side's name. */
export function namesFrom(values, t) {
  return values.map(function (v, i) { return v.trim() || t.sideNames[i]; });
}

/** The value a rule's control holds, as the rule takes it. */
function valueOf(rule) {
  var control = $(rule.id);
  if (rule.kind === "bool") { return control.checked; }
  if (rule.kind === "int") { return Number(control.value); }
  return find(rule.values.map(function (v) { return {value: v}; }), control.value).value;
}

/** The scoring rules as the setup's controls hold them. */
export function formRules() {
  var rules = {};
  CONFIG.rules.forEach(function (rule) { rules[rule.name] = valueOf(rule); });
  return rules;
}

/** Where the setup's words are said: the chosen table, under the rules chosen so far. */
export function setupPlace() {
  var t = chosenTable();
  return placeOf(Object.assign({players: t.players, partnership: t.partnership}, formRules()));
}

/** Fields marked wrong at Start and put right since are unmarked (and the line under Start). */
export function settleProblems() {
  var marked = $("setup").querySelectorAll(".field-error");
  if (!marked.length) { return; }
  var t = chosenTable();
  var still = setupProblems(t, namesFrom(setupNames(), t)).map(function (p) { return p[0]; });
  Array.prototype.forEach.call(marked, function (p) {
    if (still.indexOf($(p.id.replace(/-error$/, ""))) < 0) { clearFieldErrors(p.parentNode); }
  });
  if (!$("setup").querySelector(".field-error")) { say("", "setup-status"); }
}

/** The fields of setup that are wrong, in the order they appear, each with its message. */
export function setupProblems(t, names) {
  var problems = [];
  var seen = {};
  names.forEach(function (name, i) {
    var key = name.toLocaleLowerCase();
    if (Object.prototype.hasOwnProperty.call(seen, key)) {
      problems.push([$("name-" + i), word(tablePlace(t), "name-taken", {name: name})]);
    } else {
      seen[key] = i;
    }
  });
  CONFIG.rules.forEach(function (rule) {
    var input = $(rule.id);
    var value = Number(input.value);
    if (rule.kind === "int" && (input.value.trim() === "" || !Number.isInteger(value) ||
                                value < rule.min || value > rule.max)) {
      problems.push([input, word(tablePlace(t), "rule." + rule.key + ".invalid")]);
    }
  });
  return problems;
}
