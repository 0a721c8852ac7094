/* Hearts Sheets scoring: the rules of sheets.scoring.Game (sheets/scoring.py), as a pure
 * classic script; the two state the same rules and tests/browser/test_scorekeeper_engine.py
 * checks that they agree.
 *
 * No DOM, no storage: HeartsScoring.replay(rules, hands) scores a whole history and is what
 * the page and the engine-comparison test both call. Totals are always recomputed from the
 * history, so an undo or an edit is just a different list of hands.
 *
 * rules: {sides, moon, target, bonusCard, exactly100, ties}
 *   sides       number of scores kept (players, or 2 teams)
 *   moon        "add-to-others" | "subtract-from-shooter" | "shooter-chooses" |
 *               "add-unless-it-ends-game"
 *   bonusCard   "none" | "JD" | "TD"          exactly100  "none" | 50 | 0
 *   ties        "joint-winners" | "play-on"   target      a whole number
 * hand:  {points: [..one per side..], shooter: null | side, sun: bool, choice: null |
 *         "add-to-others" | "subtract-from-shooter"}
 */
(function (root) {
  "use strict";

  var MOON_VALUE = 26;
  var BONUS_VALUE = -10;
  var MOON_RULES = ["add-to-others", "subtract-from-shooter", "shooter-chooses",
                    "add-unless-it-ends-game"];
  var CHOICES = ["add-to-others", "subtract-from-shooter"];

  /** A hand that cannot be scored, or cannot be recorded now. */
  function ScoreError(message) {
    this.name = "ScoreError";
    this.message = message;
  }
  ScoreError.prototype = Object.create(Error.prototype);
  ScoreError.prototype.constructor = ScoreError;

  /** True when a bonus card (the jack or ten of diamonds) is played. */
  function hasBonus(rules) {
    return rules.bonusCard !== "none";
  }

  /** What a normal hand's points add up to: 26, or 16 with the bonus card. */
  function checkSum(rules) {
    return MOON_VALUE + (hasBonus(rules) ? BONUS_VALUE : 0);
  }

  /** The moon rule that scores this hand (the shooter's choice under shooter-chooses). */
  function moonRule(rules, hand) {
    return rules.moon === "shooter-chooses" ? hand.choice : rules.moon;
  }

  /** Why a hand cannot be scored under the rules, or null when it can. */
  function handProblem(rules, hand) {
    var points = hand.points;
    var n = rules.sides;
    if (!Array.isArray(points) || points.length !== n) {
      return "a hand needs the points of all " + n + " sides";
    }
    var low = hasBonus(rules) ? BONUS_VALUE : 0;
    var sum = 0;
    for (var i = 0; i < n; i++) {
      var p = points[i];
      if (typeof p !== "number" || !Number.isInteger(p)) {
        return "points must be whole numbers";
      }
      if (p < low || p > MOON_VALUE) {
        return "points must be from " + low + " to " + MOON_VALUE + ", not " + p;
      }
      sum += p;
    }
    if (sum !== checkSum(rules)) {
      return "the points add up to " + sum + ", not " + checkSum(rules);
    }
    var shooter = hand.shooter;
    if (shooter === null || shooter === undefined) {
      if (hand.sun) { return "a sun needs a shooter"; }
      if (hand.choice) { return "a moon choice needs a shooter"; }
      if (points.indexOf(MOON_VALUE) >= 0) {
        return "one side took every heart and the queen of spades: mark the moon";
      }
      return null;
    }
    if (!Number.isInteger(shooter) || shooter < 0 || shooter >= n) {
      return "the shooter must be one of the sides";
    }
    if (hand.sun && !rules.shootTheSun) {
      return "shooting the sun is not played under these rules";
    }
    if (rules.moon === "shooter-chooses") {
      if (CHOICES.indexOf(hand.choice) < 0) {
        return "the shooter must choose: add to the others or subtract from the shooter";
      }
    } else if (hand.choice) {
      return "only the shooter-chooses rule takes a choice";
    }
    for (var j = 0; j < n; j++) {
      var bonusPart = j === shooter ? points[j] - MOON_VALUE : points[j];
      if (bonusPart !== 0 && !(hasBonus(rules) && bonusPart === BONUS_VALUE)) {
        return "a moon means the shooter took every heart and the queen of spades";
      }
    }
    return null;
  }

  /** Totals after the exactly-100 reset: a total of exactly 100 drops to 50 or 0. */
  function reset(rules, totals) {
    if (rules.exactly100 === "none") { return totals; }
    return totals.map(function (t) { return t === 100 ? rules.exactly100 : t; });
  }

  /** The lowest total's sides, in seat order. */
  function lowest(totals) {
    var min = Math.min.apply(null, totals);
    var out = [];
    totals.forEach(function (t, i) { if (t === min) { out.push(i); } });
    return out;
  }

  /** True when these totals end the game. */
  function isOver(rules, totals) {
    if (Math.max.apply(null, totals) < rules.target) { return false; }
    return rules.ties === "joint-winners" || lowest(totals).length === 1;
  }

  /** The winners of a finished game (an empty list while it goes on). */
  function winners(rules, totals) {
    return isOver(rules, totals) ? lowest(totals) : [];
  }

  /** Each side's change for a hand scored under one moon rule (before the reset). */
  function delta(hand, rule) {
    var s = hand.shooter;
    if (s === null || s === undefined) { return hand.points.slice(); }
    var value = hand.sun ? 2 * MOON_VALUE : MOON_VALUE;
    return hand.points.map(function (p, i) {
      var bonusPart = i === s ? p - MOON_VALUE : p;
      if (rule === "add-to-others") { return i === s ? bonusPart : value + bonusPart; }
      return i === s ? bonusPart - value : bonusPart;  // subtract-from-shooter
    });
  }

  function add(totals, change) {
    return totals.map(function (t, i) { return t + change[i]; });
  }

  /** Score one hand on top of totals: {delta, totals, rule} (rule = moon rule used, or null). */
  function scoreHand(rules, totals, hand) {
    var problem = handProblem(rules, hand);
    if (problem) { throw new ScoreError(problem); }
    if (hand.shooter === null || hand.shooter === undefined) {
      return {delta: hand.points.slice(), totals: reset(rules, add(totals, hand.points)), rule: null};
    }
    var rule = moonRule(rules, hand);
    if (rule === "add-unless-it-ends-game") {
      var added = reset(rules, add(totals, delta(hand, "add-to-others")));
      var won = winners(rules, added);
      var shooterAlone = won.length === 1 && won[0] === hand.shooter;
      rule = isOver(rules, added) && !shooterAlone ? "subtract-from-shooter" : "add-to-others";
    }
    var change = delta(hand, rule);
    return {delta: change, totals: reset(rules, add(totals, change)), rule: rule};
  }

  /** Why the rules cannot be scored here, or null. */
  function rulesProblem(rules) {
    if (!rules || !Number.isInteger(rules.sides) || rules.sides < 2 || rules.sides > 5) {
      return "the number of sides must be 2 to 5";
    }
    if (MOON_RULES.indexOf(rules.moon) < 0) { return "unknown moon rule"; }
    if (["none", "JD", "TD"].indexOf(rules.bonusCard) < 0) { return "unknown bonus card"; }
    if (["none", 50, 0].indexOf(rules.exactly100) < 0) { return "unknown exactly-100 rule"; }
    if (["joint-winners", "play-on"].indexOf(rules.ties) < 0) { return "unknown ties rule"; }
    if (!Number.isInteger(rules.target) || rules.target < 10 || rules.target > 1000) {
      return "the target must be a whole number from 10 to 1000";
    }
    return null;
  }

  /** Score a whole history: {totals, rows: [{delta, totals, rule}], over, winners}.
   *  Throws ScoreError naming the hand (counted from 1) that cannot be scored, including a
   *  hand recorded after the game was over. */
  function replay(rules, hands) {
    var problem = rulesProblem(rules);
    if (problem) { throw new ScoreError(problem); }
    var totals = [];
    for (var i = 0; i < rules.sides; i++) { totals.push(0); }
    var rows = [];
    hands.forEach(function (hand, k) {
      if (isOver(rules, totals)) {
        throw new ScoreError("hand " + (k + 1) + " comes after the game was over");
      }
      try {
        var row = scoreHand(rules, totals, hand);
      } catch (err) {
        if (err instanceof ScoreError) { throw new ScoreError("hand " + (k + 1) + ": " + err.message); }
        throw err;
      }
      rows.push(row);
      totals = row.totals;
    });
    return {totals: totals, rows: rows, over: isOver(rules, totals), winners: winners(rules, totals)};
  }

  /** The passing cycle the specification gives for a player count (sheets.houserules.default_cycle). */
  root.HeartsScoring = {
    ScoreError: ScoreError,
    checkSum: checkSum,
    handProblem: handProblem,
    rulesProblem: rulesProblem,
    scoreHand: scoreHand,
    isOver: isOver,
    winners: winners,
    replay: replay,
    MOON_RULES: MOON_RULES
  };
})(typeof window !== "undefined" ? window : this);
