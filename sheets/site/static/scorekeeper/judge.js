/* A hand the form holds, judged by the rules before it is recorded: the moon's marks the form
 * holds added to the points, HeartsScoring.handProblem asked, and a refusal put in words at
 * the control at fault (the field of the side it names, the shooter list, the moon's choice)
 * or, for the hand as a whole, under the points. */

import {S} from "./config.js";
import {$} from "./dom.js";
import {refusalText, rulesOf} from "./record.js";
import {word} from "./words.js";

/** A refusal of the points entered: its words, the field at fault (null for the hand as a
 *  whole) and the rules' reason alone (reason); "fields" are the number fields of the sides,
 *  in order. */
export function refused(g, problem, fields) {
  var text = refusalText(g, problem);
  var side = problem.values.side;
  if (problem.reason === "unmarked-moon") {  // or a revoke stopped the hand
    return {error: word(null, "not-recorded-moon", {problem: text}), field: $("shooter"),
            reason: text};
  }
  if (problem.reason === "choose-moon") {
    return {error: word(null, "not-recorded", {problem: text}), field: $("choice-0"),
            reason: text};
  }
  if (Number.isInteger(side) && fields && fields[side] &&
      (problem.reason === "range" || problem.reason === "hearts-range")) {
    return {error: word(null, "field-problem", {name: g.names[side], problem: text}),
            field: fields[side], reason: text};
  }
  return {error: word(null, "not-recorded", {problem: text}), field: null, reason: text};
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
  return problem ? refused(app.game, problem, fields) : {hand: hand};
}
