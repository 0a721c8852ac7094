/* Setup's control for each scoring house rule the config lists (config.rules, in the order the
 * setup asks them): a switch is a checkbox, a choice a list, a number a number field; each
 * worded for the chosen table, a note under a rule that cannot apply or applies early, and how
 * long the game will last. Nothing here names a rule; what each control says comes from the
 * words. */

import {CONFIG, S} from "./config.js";
import {$, clear, describedBy, el, fillSelect} from "./dom.js";
import {chosenTable, formRules, settleProblems, setupPlace, setupProblems} from "./setupform.js";
import {placeOf, word} from "./words.js";

/** A control for each scoring rule, holding the value the rules give it. */
export function drawRuleFields(rules) {
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
      if (meaningItem(rule) >= 0) {  // what the value chosen means, as the sheet says it
        var means = el("p", null, "hint");
        means.id = rule.id + "-means";
        field.appendChild(means);
        describedBy(control, means.id, true);
      }
    }
    control.addEventListener("input", drawEstimate);
    control.addEventListener("change", labelRuleFields);
    box.appendChild(field);
  });
  labelRuleFields();
}

/** About how many hands a game to a target lasts at a table, each hand giving out its points
 *  (a bonus card's taken off): soonest if one side gains the most a hand can add (every point
 *  card, or the others' moon or sun: "in 3 hands" was said to 75 with a sun worth 52), last if
 *  the points are shared. */
export function handsToTarget(most, handSum, sides, target) {
  return {fewest: Math.max(1, Math.ceil(target / most)),
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
  drawMeanings(fits ? rules : null, place);
  offerLiveChoices(fits ? rules : null);
  hint.hidden = !fits && !wrong.length;
  if (!fits) {
    hint.textContent = wrong.length ? wrong[0][1] : "";
    return;
  }
  var handSum = S.checkSum(rules);  // as the hand's form counts it
  var most = S.mostAdded(rules);
  var hands = handsToTarget(most, handSum, t.sides, target);
  // a soonest that only others' suns make says so, with the soonest by the cards ("in 2 hands"
  // was read as by the cards: round 28; 26 × 2 looked short of 75: round 33): only a sun adds
  // more than a hand's point cards
  var byCards = handsToTarget(S.facts(rules).pointsPerHand, handSum, t.sides, target).fewest;
  hint.textContent = word(place, "hands-estimate", {
    total: handSum, ends_at: target, count: hands.fewest, other_count: hands.even}) +
    (byCards > hands.fewest
      ? " " + word(place, "hands-estimate-sun", {count: hands.fewest, other_count: byCards}) : "");
}

/** Under a rule, what the chosen table and target make of it: one that can never apply says
 *  why (the sheets leave it out; a game keeps it, changing nothing); one that applies in a game
 *  ending below its total says how (a scorer wondered what exactly 100 meant in a game to 75). */
function drawRuleNotes(rules, place) {
  // left off where it could apply below its total, that it could ("Exactly 100" in a game to
  // 75 was left off, not knowing whether it mattered: round 34)
  var notes = rules ? S.deadRules(rules).map(function (d) { return [d, "dead"]; }).concat(
    S.earlyRules(rules).map(function (d) { return [d, d.chosen ? "early" : "early-none"]; }))
    : [];
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

/** The item of the printed sheet's rules line that says what a rule's value means, where one
 *  item says it for that rule alone; else -1. */
function meaningItem(rule) {
  return CONFIG.sheetRules.findIndex(function (names) {
    return names.length === 1 && names[0] === rule.name;
  });
}

/** Under a rule's menu, what its chosen value means, in the printed sheet's words ("Shooter
 *  chooses" told nobody what the shooter chooses between); nothing for a value the sheet
 *  leaves out, or one that never applies (its note says why). */
function drawMeanings(rules, place) {
  CONFIG.rules.forEach(function (rule) {
    var means = $(rule.id + "-means");
    if (!means) { return; }
    var dead = !rules || S.deadRules(rules).some(function (d) { return d.rule === rule.name; });
    means.textContent = dead ? "" : word(place, ["sheet-rules", meaningItem(rule),
                                                String(rules[rule.name])].join("."),
                                         {target: S.endsAt(rules)});
    means.hidden = !means.textContent;
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
export function labelRuleFields() {
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
