/* A hand the form holds, judged by the rules before it is recorded: the moon's marks the form
 * holds added to the points, HeartsScoring.handProblem asked, and a refusal put in words at
 * the control at fault (the field of the side it names, the shooter list, the moon's choice)
 * or, for the hand as a whole, under the points; a moon the rules take, said as it will
 * score. */

import {CONFIG, S} from "./config.js";
import {$, el} from "./dom.js";
import {say} from "./alerts.js";
import {numberIn} from "./fields.js";
import {placeOfGame, refusalText, rulesOf, safeguarded, tableOf} from "./record.js";
import {endSaid} from "./changes.js";
import {listOf, signed, word} from "./words.js";

/** A refusal of the points entered: its words, the field at fault (null for the hand as a
 *  whole) and the rules' reason alone (reason); "fields" are the number fields of the sides,
 *  in order. A past hand being edited (editing) is "not saved", a new one "not recorded". */
export function refused(g, problem, fields, editing) {
  var text = refusalText(g, problem);
  var notDone = editing ? "not-saved" : "not-recorded";
  var side = problem.values.side;
  if (problem.reason === "unmarked-moon") {  // said at the ☾ of the side that took it all
    var moon = $("point-fields").querySelectorAll(".moon-button")[side];
    return {error: word(null, "not-recorded-moon", {problem: text}),
            field: moon && !moon.disabled && !$("point-fields").hidden ? moon : null,
            reason: text};
  }
  if (problem.reason === "choose-moon") {  // not a slip: the choice is still to make
    return {error: word(null, notDone, {problem: text}), field: $("choice-0"),
            reason: text, toChoose: true};
  }
  if (Number.isInteger(side) && fields && fields[side] &&
      (problem.reason === "range" || problem.reason === "hearts-range")) {
    return {error: word(null, "field-problem", {name: g.names[side], problem: text}),
            field: fields[side], reason: text};
  }
  return {error: word(null, notDone, {problem: text}), field: null, reason: text};
}

/** A hand of these points and this shooter, with the moon's marks the form holds: {hand}, or
 *  why the rules refuse it ({error, field}). */
export function checked(app, points, shooter, fields) {
  var rules = rulesOf(app.game);
  var chosen = document.querySelector("input[name=choice]:checked");
  var hand = {
    points: points, shooter: shooter,
    sun: shooter !== null && S.sunPlayed(rules) && $("sun").checked,
    choice: shooter !== null && S.moonChooser(rules) === "shooter" && chosen ? chosen.value
      : null,
    revoke: null
  };
  var problem = S.handProblem(rules, hand);
  if (!problem) { return {hand: hand}; }
  var verdict = refused(app.game, problem, fields, app.editing !== null);
  if (verdict.toChoose) { verdict.asked = hand; }  // whole but for the choice
  var typo = problem.reason === "sum" || problem.reason === "range";  // not a moon's marks
  var by = typo && shooter === null ? moonLookalike(app, points) : null;
  if (by !== null) {  // the moon's scores typed in place of the cards it took: said as such, not
    // as a sum to count again ("cancelled cards still count": round 36)
    verdict.error = word(null, app.editing !== null ? "not-saved" : "not-recorded",
                         {problem: word(null, "scores-typed")}) +
      " " + word(null, "moon-typed", {name: app.game.names[by]});
  }
  return verdict;
}

/** The totals the hand in the form comes after: the game's, or those before the hand edited. */
function totalsBefore(app) {
  var g = app.game;
  return S.replay(rulesOf(g), app.editing === null ? g.hands : g.hands.slice(0, app.editing))
    .totals;
}

/** The line over too many points typed (over), as they are typed: a box out of its range is
 *  named (130 typed for 13 read "114 points too many"); else how many too many, and what that
 *  may mean: a moon's scores typed without its mark; under a bonus card, one box left empty,
 *  its side's minus for the card (the commonest J♦ hand read "7 points too many" until Record
 *  explained it). */
export function tooManyText(app, typed, inputs, over) {
  var g = app.game;
  var rules = rulesOf(g);
  var range = S.pointRange(rules);
  var wild = typed.findIndex(function (p) { return p < range[0] || p > range[1]; });
  if (wild >= 0) {
    markTyped(inputs, wild);
    return word(placeOfGame(g), "field-problem-typed", {name: g.names[wild], problem: refusalText(
      g, {reason: "range", values: {low: range[0], high: range[1], found: typed[wild]}})});
  }
  return word(placeOfGame(g), "too-many", {count: over, total: S.checkSum(rules)}) +
    tooManyHint(app, typed, inputs, over);
}

/** The box the line under the points speaks of, marked while it does (a scorer looked for
 *  "Pat's points must be from −20 to 52, not 80" among eight boxes alike): -1 for none. */
export function markTyped(inputs, at) {
  Array.prototype.forEach.call(inputs, function (input, i) {
    input.classList.toggle("typed-wrong", i === at);
  });
}

function tooManyHint(app, typed, inputs, over) {
  var g = app.game;
  var by = moonLookalike(app, typed);
  if (by !== null) { return " " + word(null, "moon-typed", {name: g.names[by]}); }
  // the box being typed in, its ± not yet tapped, before a guess at an empty box ("If Edwina
  // took J♦, her points are −8" while the scorer was about to tap ± beside Ed's 4)
  var at = Array.prototype.indexOf.call(inputs, document.activeElement);
  if (at >= 0 && typed[at] > 0 && 2 * typed[at] === over && takenWith(g, typed, at, -typed[at])) {
    return " " + word(placeOfGame(g), "minus-forgotten", {name: g.names[at],
                                                         score: signed(-typed[at])});
  }
  var empty = Array.prototype.filter.call(inputs, function (input) {
    return input.value.trim() === "" && input.placeholder === "";
  });
  var side = Array.prototype.indexOf.call(inputs, empty[0]);
  if (empty.length !== 1 || !takenWith(g, typed, side, -over)) { return ""; }
  return " " + word(placeOfGame(g), "minus-empty", {name: g.names[side], score: signed(-over)});
}

/** What is asked of a moon (or a sun) marked, its scoring not yet chosen (a sun ticked was
 *  still asked about as a moon). */
export function chooseNow(app) {
  var name = app.game.names[Number($("shooter").value)];
  return word(null, $("sun").checked ? "choose-sun-now" : "choose-moon-now", {name: name});
}

/** Whether the points typed, with one side's put in their place, make a hand the rules take:
 *  a guess at a minus is offered only then (a scorer who forgot two players' ± was told to put
 *  Jo's 15 below 0, and was then refused: no one left to have taken a Q♠). */
function takenWith(g, typed, side, points) {
  var hand = typed.slice();
  hand[side] = points;
  return !S.handProblem(rulesOf(g), {points: hand, shooter: null, sun: false, choice: null,
                                     revoke: null});
}

/** The side whose moon (or sun) would score just these points, on the totals before the hand,
 *  under one of the moon's rules the game allows; null when there is none. */
export function moonLookalike(app, points) {
  var g = app.game;
  var rules = rulesOf(g);
  var totals = totalsBefore(app);
  var choices = S.moonChooser(rules) === "shooter" ? CONFIG.moonChoices : [null];
  var suns = S.sunPlayed(rules) ? [false, true] : [false];
  // under the safeguard, either way the table may have scored it (0 and +52s typed for a moon
  // the safeguard took off the shooter: round 35)
  var ways = [rules].concat(S.moonChooser(rules) !== "end" ? [] : CONFIG.moonChoices.map(
    function (c) { return Object.assign({}, rules, {moon: c}); }));
  for (var side = 0; side < g.names.length; side++) {
    var taken = moonTakings(g, side);
    for (var t = 0; t < taken.length; t++) {
      for (var c = 0; c < choices.length; c++) {
        for (var s = 0; s < suns.length; s++) {
          var hand = {points: taken[t], shooter: side, sun: suns[s], choice: choices[c],
                      revoke: null};
          if (S.handProblem(rules, hand)) { continue; }
          for (var w = 0; w < ways.length; w++) {
            var delta = S.scoreHand(ways[w], totals, hand).delta;
            if (delta.every(function (d, i) { return d === points[i]; })) { return side; }
          }
        }
      }
    }
  }
  return moonScoresLike(g, points);
}

/** A moon's scores typed with its bonus cards left out: one side at 0 or below, alone, every
 *  other side at the moon's worth or more, less the bonus cards' minus (0 and seven 52s with
 *  two J♦ to place: round 35); that side, else null. */
function moonScoresLike(g, points) {
  var rules = rulesOf(g);
  var low = Math.min.apply(null, points);
  var side = points.indexOf(low);
  if (low > 0 || points.lastIndexOf(low) !== side) { return null; }
  var least = S.facts(rules).moonValue -
    (S.bonusSymbol(rules) ? CONFIG.bonusValue * tableOf(g).decks : 0);
  return points.every(function (p, i) { return i === side || p >= least; }) ? side : null;
}

/** The points taken in a moon by side, each way the bonus cards may have gone (a moon's
 *  scores with J♦'s −10 in them, typed as points, were refused with no word of the moon). */
function moonTakings(g, side) {
  var rules = rulesOf(g);
  var ways = [S.wholeHand(rules, side)];
  var copies = S.bonusSymbol(rules) ? tableOf(g).decks : 0;
  for (var c = 0; c < copies; c++) {
    ways = [].concat.apply([], ways.map(function (way) {
      return way.map(function (p, taker) {
        var next = way.slice();
        next[taker] -= CONFIG.bonusValue;
        return next;
      });
    }));
  }
  return ways;
}

/** Where the safeguard took a moon's scores off its shooter (the others gain nothing, and the
 *  table asks why), why, to follow what was said of the hand (its row, as scored); else "". */
export function safeguardSaid(g, shooter, row) {
  return safeguarded(g, row) ? " " + word(null, "moon-safeguard", {name: g.names[shooter]}) : "";
}

/** What a moon (or sun) hand the rules take will add to each total, said for the scorer to
 *  check before recording it: HeartsScoring.scoreHand scores it on the totals it comes after
 *  (the moon's rule or the shooter's choice, the sun, the bonus cards, a moon scored at the
 *  end all counted), the shooter's score and the others' (one number when they all have it). */
export function moonScoresText(app, hand) {
  var g = app.game;
  var rules = rulesOf(g);
  var row = S.scoreHand(rules, totalsBefore(app), hand);
  var scores = row.delta;
  markScores(app, scores);
  var shooter = hand.shooter;
  var others = scores.filter(function (score, i) { return i !== shooter; });
  var ids = hand.sun ? ["sun-scores", "sun-scores-list"] : ["moon-scores", "moon-scores-list"];
  var why = safeguardSaid(g, shooter, row);
  if (others.some(function (score) { return score !== others[0]; })) {
    return word(placeOfGame(g), ids[1], {
      name: g.names[shooter],
      scores: scores.map(function (score, i) {
        return word(null, "score-of", {name: g.names[i], score: score});
      }).join(", ")
    }) + why;
  }
  return word(placeOfGame(g), ids[0], {
    name: g.names[shooter], score: scores[shooter], count: others.length,
    other_score: others[0]
  }) + why;
}

/** Under each of the shooter's ways, whether it ends the game and who then wins ("add to
 *  everyone else" was chosen without seeing it ended the game); hand: the moon in the form,
 *  whatever its choice, or null. A new hand only: an edited one has later hands after it. */
export function drawChoiceEnds(app, hand) {
  var g = app.game;
  var rules = rulesOf(g);
  Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
    var chosen = hand && app.editing === null ? Object.assign({}, hand, {choice: r.value}) : null;
    var result = chosen && !S.handProblem(rules, chosen)
      ? S.replay(rules, g.hands.concat([chosen])) : null;
    r.parentNode.querySelector(".choice-end").textContent = result ? endSaid(g, result) : "";
  });
}

/** Beside each name, what a moon marked scores ("scores 0" by the shooter's 26): the boxes
 *  hold the points taken, which a new scorer read as the scores; none (null) takes them off. */
export function markScores(app, scores) {
  Array.prototype.forEach.call($("point-fields").querySelectorAll("label"), function (label, i) {
    var mark = label.querySelector(".moon-score");
    if (mark) { label.removeChild(mark); }
    if (scores) {
      label.appendChild(el("span", word(null, "moon-score", {score: signed(scores[i])}),
                           "moon-score"));
    }
  });
  // a moon marked, scored or not yet (who took J♦, or the shooter's choice, still asked): the
  // boxes' numbers are quieter, the points taken (the shooter's 26 read as a score of 26)
  var marked = $("shooter").value !== "";
  $("point-fields").classList.toggle("moon-marked", !!scores || marked);
  // where the sun is played, it is marked the moon's way, and said so (it was found only once
  // a ☾ was tapped)
  $("moon-legend").textContent = word(null, scores ? "moon-legend-scored"
    : marked ? "moon-legend-marked" : S.sunPlayed(rulesOf(app.game)) ? "moon-legend-sun"
      : "moon-legend") + (marked && typedAside(app) ? " " + word(null, "moon-set-aside") : "");
}

/** The line under the points once every point is placed and no moon is marked: {text, done}.
 *  Where a side can go below 0, the boxes left empty are named, not passed as "all placed"
 *  (ten hearts and J♦ cancel out: a new scorer stopped after two boxes at a green line); a
 *  moon typed without its mark is hinted at, a question (asks) rather than a hand done. */
export function placedLine(app, inputs) {
  var g = app.game;
  var rules = rulesOf(g);
  var place = placeOfGame(g);
  var total = S.checkSum(rules);
  var empty = g.names.filter(function (name, i) {
    return inputs[i].value.trim() === "" && inputs[i].placeholder === "";
  });
  if (S.pointRange(rules)[0] < 0 && $("shooter").value === "" && empty.length) {
    return {text: word(place, "placed-empty", {total: total, names: listOf(empty)}), done: false};
  }
  var all = wholeHandSide(Array.prototype.map.call(inputs, numberIn));
  var moon = S.bonusSymbol(rules) && $("shooter").value === "" && all >= 0;
  return {done: true, asks: moon, side: all, text: moon  // a question, not green (round 33)
    ? word(place, "placed-moon", {total: total, name: g.names[all]})
    : word(place, "placed", {total: total})};
}

/** True when a moon or a revoke filled the boxes over points typed, which came back when it
 *  goes (they were replaced without a word: rounds 31, 35). */
export function typedAside(app) {
  return !!app.filled && app.filled.before.some(Boolean);
}

/** Record pressed over points that may be a moon left unmarked (placedLine's question, kept
 *  by drawLeft as app.moonHint): asked once beside Record, the side's ☾ focused; pressed
 *  again over the same numbers, they are recorded as typed (42 and −10 went in as an ordinary
 *  hand under the hint alone: round 34). True when it asked. */
export function askedOfMoon(app) {
  var hint = app.moonHint;
  if (!hint || app.moonAsked === hint.key) { return false; }
  app.moonAsked = hint.key;
  say(word(placeOfGame(app.game), "moon-asked", {name: app.game.names[hint.side]}),
      "hand-status");
  $("point-fields").querySelectorAll(".moon-button")[hint.side].focus({preventScroll: true});
  return true;
}

/** The side that may have taken every point card (a moon to hint at), or -1: the others' points
 *  are none, or a bonus card's minus alone, the side the rest (42 and −10 with two J♦, the
 *  moon's own shooter taking one of them, passed with no word: round 31). */
function wholeHandSide(typed) {
  var top = typed.indexOf(Math.max.apply(null, typed));
  var alone = typed.every(function (p, i) {
    return i === top || (Number.isInteger(p) && p <= 0 && p % CONFIG.bonusValue === 0);
  });
  return alone && typed[top] > 0 ? top : -1;
}

/** Add to a refusal of points typed (verdict) what too many points suggest: under a bonus card,
 *  its taker's minus forgotten (−8 typed as 8: too many by twice that side's points) or the
 *  taker's box left empty, said at that box (of two sides alike, asked which took it); else
 *  that an empty box counts as 0 (a typo is the trouble, not the boxes left empty). */
export function tooMany(app, verdict, points, fields, empty) {
  var g = app.game;
  var rules = rulesOf(g);
  var over = points.reduce(function (a, b) { return a + b; }, 0) - S.checkSum(rules);
  var low = S.pointRange(rules)[0];
  if (over <= 0) { return; }
  if (low < 0 && !empty.length && over === -low) {  // the card's minus in no box at all: not a
    verdict.error += " " + word(placeOfGame(g), "bonus-left-out", {score: signed(low)});
    return;                                          // guess at whose minus sign was forgotten
  }
  var sides = points.map(function (p, i) {
    return empty.length ? (fields[i] === empty[0] ? i : -1) : (2 * p === over ? i : -1);
  }).filter(function (i) {
    return i >= 0 && takenWith(g, points, i, empty.length ? -over : -points[i]);
  });
  if (!empty.length && sides.length === 2 && low < 0) {  // two alike: the one of them who took it
    verdict.error += " " + word(placeOfGame(g), "minus-forgotten-either", {
      name: g.names[sides[0]], other_names: g.names[sides[1]], score: signed(-points[sides[0]])});
    return;
  }
  if (low >= 0 || empty.length > 1 || sides.length !== 1) {
    if (empty.length) {  // one box left empty gets what is left once the others are right
      verdict.error += " " + (empty.length > 1 ? word(null, "empty-counts-none")
        : word(null, "empty-gets-left", {name: g.names[Array.prototype.indexOf.call(fields,
                                                                                   empty[0])]}));
    }
    return;
  }
  var side = sides[0];
  verdict.error += " " + word(placeOfGame(g), empty.length ? "minus-empty" : "minus-forgotten", {
    name: g.names[side], score: signed(empty.length ? -over : -points[side])});
  verdict.field = fields[side];
}
