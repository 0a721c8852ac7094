/* The setup of a new game: the table, the names, the first dealer and the passing cycle; the
 * scoring house rules' controls are setuprules.js's, what the fields hold setupform.js's. */

import {CONFIG} from "./config.js";
import {$, clear, clearFieldErrors, el, fieldError, fillSelect, find} from "./dom.js";
import {isPlainObject} from "./record.js";
import {
  chosenTable, formRules, namesFrom, settleProblems, setupNames, setupProblems
} from "./setupform.js";
import {drawRuleFields, labelRuleFields} from "./setuprules.js";
import {keepSetup, keptSetup} from "./storage.js";
import {fitStanding} from "./views.js";
import {tablePlace, word} from "./words.js";

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
  // players' names go round the table as they sit, which passing and dealing follow
  $("names-order").textContent = t.partnership ? "" : word(place, "names-order");
  $("names-order").hidden = t.partnership;
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
  // and what the chosen cycle means, in the rule sheet's words ("then a scatter", "Partner
  // pass" were chosen unexplained: round 34)
  var cycle = chosenTable().cycles[$("passing").selectedIndex];
  $("passing-means").textContent = cycle ? cycle.means : "";
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
