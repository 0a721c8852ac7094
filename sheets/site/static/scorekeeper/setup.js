/* The setup of a new game: the table, the names, the first dealer, the passing cycle, and a
 * control for each scoring house rule the config lists (config.rules, in the order the setup
 * asks them): a switch is a checkbox, a choice a list, a number a number field. Nothing here
 * names a rule; what each control says comes from the words. */

import {CONFIG, S} from "./config.js";
import {$, clear, clearFieldErrors, describedBy, el, fieldError, fillSelect, find} from "./dom.js";
import {say} from "./alerts.js";
import {isPlainObject} from "./record.js";
import {keepSetup, keptSetup} from "./storage.js";
import {fitStanding} from "./views.js";
import {placeOf, tablePlace, word} from "./words.js";

export function chosenTable() {
  for (var i = 0; i < CONFIG.tables.length; i++) {
    if (CONFIG.tables[i].key === $("table").value) { return CONFIG.tables[i]; }
  }
  return CONFIG.tables[0];
}

export function setupNames() {
  return Array.prototype.map.call($("name-fields").querySelectorAll("input"), function (input) {
    return input.value;
  });
}

function namesFrom(values, t) {
  return values.map(function (v, i) { return v.trim() || t.sideNames[i]; });
}

/** The names a game of table t had, as setup's boxes show them: a name the game gave (its
 *  side's name, "North–South") left empty, for the table chosen to give its own. */
function typedNames(names, t) {
  return names.map(function (name, i) { return name === t.sideNames[i] ? "" : name; });
}

/** Another table chosen: the names typed stay, seat by seat; but players' names are not
 *  teams' names (nor the other way round), and a name the last table gave is not kept. */
export function changeTable() {
  var before = find(CONFIG.tables.map(function (t) { return {value: t.key, table: t}; }),
                    $("name-fields").dataset.table);
  var kind = before && before.table.partnership === chosenTable().partnership;
  drawSetupTable(kind ? typedNames(setupNames(), before.table) : [], null);
  $("first-dealer").value = "0";  // a seat chosen at another table means nothing at this one
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
function setupPlace() {
  var t = chosenTable();
  return placeOf(Object.assign({players: t.players, partnership: t.partnership}, formRules()));
}

/** A control for each scoring rule, holding the value the rules give it. */
function drawRuleFields(rules) {
  var box = $("rule-fields");
  clear(box);
  CONFIG.rules.forEach(function (rule) {
    var value = rules[rule.name];
    var control = el(rule.kind === "choice" ? "select" : "input");
    control.id = rule.id;
    var words = el(rule.kind === "bool" ? "span" : "label");  // what the words are said in
    words.id = rule.id + "-label";
    var field;
    if (rule.kind === "bool") {
      field = el("label", null, "check");
      field.htmlFor = control.id;
      control.type = "checkbox";
      control.checked = value === true;
      field.appendChild(control);
      field.appendChild(document.createTextNode(" "));
      field.appendChild(words);
    } else {
      field = el("div", null, "field");
      words.htmlFor = control.id;
      if (rule.kind === "int") {
        control.type = "number";
        control.inputMode = "numeric";
        control.step = "1";
        control.required = true;
        control.min = String(rule.min);
        control.max = String(rule.max);
        control.value = String(value);
      } else {
        fillSelect(control, rule.values.map(function (v) { return {value: v, label: ""}; }), value);
      }
      field.appendChild(words);
      field.appendChild(control);
    }
    control.addEventListener("input", drawEstimate);
    control.addEventListener("change", labelRuleFields);
    box.appendChild(field);
  });
  labelRuleFields();
}

/** About how many hands a game to a target lasts at a table, each hand giving out its points
 *  (a bonus card's taken off): soonest if one side takes every point card, last if shared. */
export function handsToTarget(pointsPerHand, handSum, sides, target) {
  return {fewest: Math.max(1, Math.ceil(target / pointsPerHand)),
          even: Math.max(1, Math.ceil(target * sides / handSum))};
}

/** Say under the rules how long a game lasts at the chosen table and rules. */
function drawEstimate() {
  var t = chosenTable();
  var rules = Object.assign({players: t.players, partnership: t.partnership}, formRules());
  var place = placeOf(rules);
  var target = Number(S.endsAt(rules));
  var hint = $("game-length");
  // a number out of its range (a game to 5) gives no estimate: what is allowed, as Start says
  var wrong = setupProblems(t, []);
  settleProblems();
  var fits = !wrong.length && Number.isInteger(target) && target > 0;
  drawRuleNotes(fits ? rules : null, place);
  offerLiveChoices(fits ? rules : null);
  hint.hidden = !fits && !wrong.length;
  if (!fits) {
    hint.textContent = wrong.length ? wrong[0][1] : "";
    return;
  }
  var handSum = S.checkSum(rules);  // as the hand's form counts it
  var hands = handsToTarget(place.facts.pointsPerHand, handSum, t.sides, target);
  hint.textContent = word(place, "hands-estimate", {
    total: handSum, ends_at: target, count: hands.fewest, other_count: hands.even});
}

/** Under a rule, what the chosen table and target make of it: one that can never apply says
 *  why (the sheets leave it out; a game keeps it, changing nothing); one that applies in a game
 *  ending below its total says how (a scorer wondered what exactly 100 meant in a game to 75). */
function drawRuleNotes(rules, place) {
  var notes = rules ? S.deadRules(rules).map(function (d) { return [d, "dead"]; }).concat(
    S.earlyRules(rules).map(function (d) { return [d, "early"]; })) : [];
  CONFIG.rules.forEach(function (rule) {
    var control = $(rule.id);
    var note = $(rule.id + "-note");
    var found = notes.filter(function (n) { return n[0].rule === rule.name; })[0];
    if (!found) {
      if (note) {
        describedBy(control, note.id, false);
        note.parentNode.removeChild(note);
      }
      return;
    }
    if (!note) {
      note = el("p", null, "hint");
      note.id = rule.id + "-note";
      control.parentNode.appendChild(note);
      describedBy(control, note.id, true);
    }
    note.textContent = word(place, "rule." + rule.key + "." + found[1], found[0].values);
  });
}

/** Each rule's menu offers only the choices that can apply at the chosen table and target (a
 *  scorer saw "Exactly 100" offered in a game to 50); one chosen before they changed stays, its
 *  note saying why it never applies. A menu left with nothing else to choose is not shown. */
function offerLiveChoices(rules) {
  CONFIG.rules.forEach(function (rule) {
    if (rule.kind !== "choice") { return; }
    var offered = 0;
    Array.prototype.forEach.call($(rule.id).options, function (option, n) {
      var tried = Object.assign({}, rules);
      tried[rule.name] = rule.values[n];
      option.disabled = !!rules && !option.selected && S.deadRules(tried).some(function (d) {
        return d.rule === rule.name;
      });
      offered += option.disabled ? 0 : 1;
    });
    $(rule.id).parentNode.hidden = offered < 2;
  });
}

/** Word each rule's control for the chosen table and rules (a moon is worth more at some
 *  tables, and a rule may change what others are worth). */
function labelRuleFields() {
  var place = setupPlace();
  drawEstimate();
  CONFIG.rules.forEach(function (rule) {
    $(rule.id + "-label").textContent = word(place, "rule." + rule.key + ".label");
    if (rule.kind === "choice") {
      Array.prototype.forEach.call($(rule.id).options, function (option, i) {
        option.textContent = word(place, "rule." + rule.key + ".value." + rule.values[i]);
      });
    }
  });
}

/** A field for the name of side i of a table, its input's id made of a prefix and i; Enter in it
 *  goes on to the next side's. */
export function nameField(place, t, i, prefix, value, then) {
  var field = el("div", null, "field");
  var label = el("label", word(place, "name-label", {number: i + 1, side: t.sideNames[i],
                                                     seat: t.seatNames[i]}));
  var input = el("input");
  input.id = prefix + i;
  input.type = "text";
  input.maxLength = CONFIG.nameLength;
  input.autocomplete = "off";
  input.value = value;
  input.placeholder = t.sideNames[i];  // the name the game gives a box left empty
  // Enter goes on to the next name, from the last to what follows (then), else it submits
  input.enterKeyHint = i + 1 < t.sides || then ? "next" : "go";
  input.addEventListener("keydown", function (event) {
    var next = document.getElementById(prefix + (i + 1)) || (then && $(then));
    if (event.key === "Enter" && next) {
      event.preventDefault();
      next.focus();
    }
  });
  label.htmlFor = input.id;
  field.appendChild(label);
  field.appendChild(input);
  return field;
}

function drawNameFields(keep) {
  var t = chosenTable();
  var place = tablePlace(t);
  var box = $("name-fields");
  clear(box);
  box.dataset.table = t.key;
  $("names-legend").textContent = word(place, "names-legend");
  for (var i = 0; i < t.sides; i++) {
    var field = nameField(place, t, i, "name-", keep && keep[i] !== undefined ? keep[i] : "",
                          "first-dealer");
    field.querySelector("input").addEventListener("input", drawDealerOptions);
    box.appendChild(field);
  }
  drawDealerOptions();
}

function drawDealerOptions() {
  settleProblems();  // a name taken twice, told apart since
  var t = chosenTable();
  var names = namesFrom(setupNames(), t);
  var select = $("first-dealer");
  var chosen = select.value;
  clear(select);
  for (var s = 0; s < t.players; s++) {
    var option = el("option", word(tablePlace(t), "seat-name",
                                   {seat: t.seatNames[s], name: names[t.seatSides[s]]}));
    option.value = String(s);
    select.appendChild(option);
  }
  if (chosen && Number(chosen) < t.players) { select.value = chosen; }
}

/** Redraw what depends on the table: names, dealer, passing cycles, the rules' words. */
export function drawSetupTable(keepNames, passing) {
  var t = chosenTable();
  drawNameFields(keepNames);
  var cycles = t.cycles.map(function (c) { return {value: c.value.join(" "), label: c.label}; });
  // the cycle asked for (the last game's), else the house rules' when they are for this
  // table, else the table's usual one (listed first)
  var wanted = passing || (t.key === CONFIG.defaults.table ? CONFIG.defaults.passing
                                                          : t.cycles[0].value);
  fillSelect($("passing"), cycles, find(cycles, wanted.join(" ")) ? wanted.join(" ")
    : t.cycles[0].value.join(" "));
  showCutMenus();
  labelRuleFields();
}

/** A menu cannot wrap its text: when the chosen table or cycle is cut off, it is written out in
 *  full under its menu (for the eye only; the menu itself says it all). */
export function showCutMenus() {
  ["table", "passing"].forEach(function (id) {
    var select = $(id);
    var shown = $(id + "-shown");
    var option = select.options[select.selectedIndex];
    var text = option ? option.textContent : "";
    var style = window.getComputedStyle(select);
    var pen = document.createElement("canvas").getContext("2d");
    pen.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    var room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 24;
    var cut = !!pen && select.offsetParent !== null && pen.measureText(text).width > room;
    shown.textContent = cut ? text : "";
    shown.hidden = !cut;
  });
}

/** Show the setup, filled in from the last game (or, for null, the house rules). */
export function showSetup(from) {
  var rules = from ? from.rules : CONFIG.defaults.rules;
  var key = from ? (from.partnership ? "teams" : String(from.players)) : CONFIG.defaults.table;
  fillSelect($("table"), CONFIG.tables.map(function (t) {
    return {value: t.key, label: word(tablePlace(t), "table")};
  }), key);
  drawRuleFields(rules);
  // a game's rules are offered again; where they are not the page's, it says so (a sheet's
  // address, a game with no hands, says so in its own words)
  $("rules-kept").hidden = !(from && from.hands) || !CONFIG.rules.some(function (rule) {
    return rules[rule.name] !== CONFIG.defaults.rules[rule.name];
  });
  drawSetupTable(from ? typedNames(from.names, chosenTable()) : [], from ? from.passing : null);
  $("first-dealer").value = String(from ? from.firstDealer : 0);
  clearFieldErrors($("setup"));
  $("setup").hidden = false;
  showCutMenus();
  $("game").hidden = true;
  fitStanding();
}

/** Keep what the setup holds, in the shape showSetup takes (a game with hands: the note that
 *  its rules are a last game's), so that a reload before Start gives it back. */
export function keepSetupTyped() {
  var t = chosenTable();
  var cycle = t.cycles[$("passing").selectedIndex] || t.cycles[0];
  keepSetup({players: t.players, partnership: t.partnership, names: setupNames(),
             passing: cycle.value, firstDealer: Number($("first-dealer").value) || 0,
             rules: formRules(), hands: $("rules-kept").hidden ? null : []});
}

/** The setup kept before a reload, when it still fits the page (its table, every rule): else
 *  null. */
export function setupKept() {
  var kept = keptSetup();
  var ok = isPlainObject(kept) && isPlainObject(kept.rules) && Array.isArray(kept.names) &&
    Array.isArray(kept.passing) && Number.isInteger(kept.firstDealer) &&
    CONFIG.tables.some(function (t) {
      return t.players === kept.players && t.partnership === kept.partnership &&
        t.sides === kept.names.length;
    }) && kept.names.every(function (n) { return typeof n === "string"; }) &&
    CONFIG.rules.every(function (rule) { return kept.rules[rule.name] !== undefined; });
  return ok ? kept : null;
}

/** "Use this page's rules": the last game's give way to the page's own. */
export function resetRules() {
  drawRuleFields(CONFIG.defaults.rules);
  $("rules-kept").hidden = true;
  $(CONFIG.rules[0].id).focus();
}

/** Fields marked wrong at Start and put right since are unmarked (and the line under Start). */
function settleProblems() {
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
function setupProblems(t, names) {
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

/** The game the setup asks for: {table, names, firstDealer, passing, rules}; or, when fields
 *  are wrong, {problems}, each said beside its field (and focus on the first). */
export function readSetup() {
  clearFieldErrors($("setup"));
  var t = chosenTable();
  var names = namesFrom(setupNames(), t);
  var problems = setupProblems(t, names);
  if (problems.length) {
    problems.forEach(function (p) { fieldError(p[0], p[1]); });
    return {problems: problems};
  }
  var cycle = t.cycles[$("passing").selectedIndex] || t.cycles[0];
  return {table: t, names: names, firstDealer: Number($("first-dealer").value) || 0,
          passing: cycle.value, rules: formRules()};
}
