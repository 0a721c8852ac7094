/* A hand the form holds, judged by the rules before it is recorded: the moon's marks the form
 * holds added to the points, HeartsScoring.handProblem asked, and a refusal put in words at
 * the control at fault (the field of the side it names, the shooter list, the moon's choice)
 * or, for the hand as a whole, under the points; a moon the rules take, said as it will
 * score. */

import {S} from "./config.js";
import {$} from "./dom.js";
import {placeOfGame, refusalText, rulesOf} from "./record.js";
import {signed, word} from "./words.js";

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

/** What a moon (or sun) hand the rules take will add to each total, said for the scorer to
 *  check before recording it: HeartsScoring.scoreHand scores it on the totals it comes after
 *  (the moon's rule or the shooter's choice, the sun, the bonus cards, a moon scored at the
 *  end all counted), the shooter's score and the others' (one number when they all have it). */
export function moonScoresText(app, hand) {
  var g = app.game;
  var rules = rulesOf(g);
  var before = S.replay(rules, app.editing === null ? g.hands : g.hands.slice(0, app.editing));
  var scores = S.scoreHand(rules, before.totals, hand).delta;
  var shooter = hand.shooter;
  var others = scores.filter(function (score, i) { return i !== shooter; });
  var ids = hand.sun ? ["sun-scores", "sun-scores-list"] : ["moon-scores", "moon-scores-list"];
  if (others.some(function (score) { return score !== others[0]; })) {
    return word(placeOfGame(g), ids[1], {
      name: g.names[shooter],
      scores: scores.map(function (score, i) {
        return word(null, "score-of", {name: g.names[i], score: signed(score)});
      }).join(", ")
    });
  }
  return word(placeOfGame(g), ids[0], {
    name: g.names[shooter], score: signed(scores[shooter]), count: others.length,
    other_score: signed(others[0])
  });
}
