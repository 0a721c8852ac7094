/* Hearts Sheets scoring: the rules of sheets.scoring.Game (sheets/scoring.py), as a pure
 * classic script; the two state the same rules and tests/browser/test_scorekeeper_engine.py
 * checks that they agree.
 *
 * No DOM, no storage: HeartsScoring.replay(rules, hands) scores a whole history and is what
 * the page and the engine-comparison test both call. Totals are always recomputed from the
 * history, so an undo or an edit is just a different list of hands.
 *
 * Every value the rules can take, every limit and every table's numbers (points a hand, decks,
 * what a moon, a sun and the bonus cards are worth) come from HEARTS_SCOREKEEPER_CONFIG, which
 * the site generates from the Python declarations; this file holds none of them.
 *
 * rules: {players, partnership, moon, target, bonusCard, exactly100, ties, shootTheSun}: the
 *        house-rule values as the config lists them.
 * hand:  {points: [..one per side..], shooter: null | side, sun: bool, choice: null | one of
 *         config.moonChoices, revoke: null | side}
 *
 * A hand stopped by a revoke found late has revoke: the offending side, whose points are the
 * hand's whole points (wholeHand) and everyone else's 0: no moon, no bonus card, and the
 * check sum does not apply. It is scored as the points say, like a plain hand.
 */
(function (root) {
  "use strict";

  var CONFIG = root.HEARTS_SCOREKEEPER_CONFIG;

  /** A hand that cannot be scored, or cannot be recorded now. */
  function ScoreError(message) {
    this.name = "ScoreError";
    this.message = message;
  }
  ScoreError.prototype = Object.create(Error.prototype);
  ScoreError.prototype.constructor = ScoreError;

  function find(list, value) {
    for (var i = 0; i < list.length; i++) { if (list[i].value === value) { return list[i]; } }
    return null;
  }

  /** The table a game is played at (config.tables), or null. */
  function table(rules) {
    var key = rules.partnership ? "teams" : String(rules.players);
    for (var i = 0; i < CONFIG.tables.length; i++) {
      var t = CONFIG.tables[i];
      if (t.key === key && t.players === rules.players) { return t; }
    }
    return null;
  }

  function hasBonus(rules) { return find(CONFIG.bonusCards, rules.bonusCard).symbol !== ""; }

  /** What the bonus cards take off every hand: 0 without one. */
  function bonusTotal(rules) { return hasBonus(rules) ? table(rules).bonusTotal : 0; }

  /** What a normal hand's points add up to (the bonus cards' minus points included). */
  function checkSum(rules) { return table(rules).pointsPerHand - bonusTotal(rules); }

  /** The lowest and highest points one side can take in a hand. */
  function pointRange(rules) { return [-bonusTotal(rules), table(rules).pointsPerHand]; }

  /** Who decides a moon's scoring under a rule: null (the rule), "shooter" or "end". */
  function chooser(rule) { return find(CONFIG.moonRules, rule).chooser; }

  function isChoice(value) { return CONFIG.moonChoices.indexOf(value) >= 0; }

  function sideWord(rules) { return rules.partnership ? "team" : "player"; }

  function marked(side) { return side !== null && side !== undefined; }

  /** The hand's whole points to one side and 0 to everyone else: a revoke hand as scored, and
   *  a moon as it is entered (before the bonus cards and the moon rule). */
  function wholeHand(rules, side) {
    var t = table(rules);
    return t.sideNames.map(function (name, i) { return i === side ? t.pointsPerHand : 0; });
  }

  /** Why a hand marked as stopped by a revoke cannot be scored, or null (Game._check_revoke). */
  function revokeProblem(rules, hand) {
    var t = table(rules);
    var side = hand.revoke;
    if (!Number.isInteger(side) || side < 0 || side >= t.sides) {
      return "there is no " + sideWord(rules) + " " + side;
    }
    if (marked(hand.shooter) || hand.sun) {
      return "no moon is possible in a hand stopped by a revoke";
    }
    if (hand.choice) { return "a moon choice needs a shooter"; }
    var whole = wholeHand(rules, side);
    if (hand.points.some(function (p, i) { return p !== whole[i]; })) {
      return "a revoke scores " + t.pointsPerHand + " for the offender and 0 for everyone else";
    }
    return null;
  }

  /** Why unmarked points are ones no share of the bonus cards gives, or null
   *  (Game._check_bonus_shares): a side below 0 took enough bonus cards to bring it to 0 or
   *  more, and the deck has only so many. */
  function bonusProblem(rules, points) {
    if (!hasBonus(rules)) { return null; }
    var need = 0;
    points.forEach(function (p) { if (p < 0) { need += Math.ceil(-p / CONFIG.bonusValue); } });
    var copies = table(rules).decks;
    if (need <= copies) { return null; }
    return "the points below 0 need " + need + " " + find(CONFIG.bonusCards, rules.bonusCard).symbol +
      " between them; there " + (copies === 1 ? "is" : "are") + " only " + copies;
  }

  /** The ways to share out k bonus cards among n sides: lists of the sides that take them. */
  function shares(n, k, from) {
    if (k === 0) { return [[]]; }
    var out = [];
    for (var side = from || 0; side < n; side++) {
      shares(n, k - 1, side).forEach(function (rest) { out.push([side].concat(rest)); });
    }
    return out;
  }

  /** Why unmarked points are ones no deal gives because no side could hold Q♠ (each of the
   *  two, with two decks), or null (Game._check_queens): under some share of the bonus cards,
   *  every side's hearts and queens are from 0 to below the hand's points, and together the
   *  sides can hold the deck's queens (r / 13 each, rounded down). */
  function queenProblem(rules, points) {
    var t = table(rules);
    var queen = CONFIG.queenValue;
    var copies = hasBonus(rules) ? t.decks : 0;
    var fits = shares(t.sides, copies).some(function (share) {
      var raw = points.slice();
      share.forEach(function (side) { raw[side] += CONFIG.bonusValue; });
      var queens = 0;
      for (var i = 0; i < raw.length; i++) {
        if (raw[i] < 0 || raw[i] >= t.pointsPerHand) { return false; }
        queens += Math.floor(raw[i] / queen);
      }
      return queens >= t.decks;
    });
    if (fits) { return null; }
    var need = t.decks === 1
      ? "Q♠ counts " + queen + ", so whoever took her has " + queen + " or more"
      : "each Q♠ counts " + queen + ", so two " + sideWord(rules) + "s have " + queen +
        " or more, or one has " + 2 * queen;
    var back = hasBonus(rules)
      ? ", counting " + CONFIG.bonusValue + " back for a " +
        find(CONFIG.bonusCards, rules.bonusCard).symbol + " taken"
      : "";
    return "no deal gives these points: " + need + back;
  }

  /** Why a hand cannot be scored under the rules, or null when it can (Game._check). */
  function handProblem(rules, hand) {
    var t = table(rules);
    var points = hand.points;
    var n = t.sides;
    if (!Array.isArray(points) || points.length !== n || !points.every(function (p) {
      return typeof p === "number" && Number.isInteger(p);
    })) {
      return "enter " + n + " whole numbers, one for each " + sideWord(rules);
    }
    if (marked(hand.revoke)) { return revokeProblem(rules, hand); }
    var range = pointRange(rules);
    var sum = 0;
    for (var i = 0; i < n; i++) {
      if (points[i] < range[0] || points[i] > range[1]) {
        return "points must be from " + range[0] + " to " + range[1] + ", not " + points[i];
      }
      sum += points[i];
    }
    if (sum !== checkSum(rules)) {
      return "the points add up to " + sum + "; a hand adds up to " + checkSum(rules);
    }
    var shooter = hand.shooter;
    if (!marked(shooter)) {
      if (hand.sun) { return "a sun needs a shooter"; }
      if (hand.choice) { return "a moon choice needs a shooter"; }
      if (points.indexOf(range[1]) >= 0) {
        return "one " + sideWord(rules) + " took every heart and queen of spades: mark the moon";
      }
      return bonusProblem(rules, points) || queenProblem(rules, points);
    }
    if (!Number.isInteger(shooter) || shooter < 0 || shooter >= n) {
      return "there is no " + sideWord(rules) + " " + shooter;
    }
    if (hand.sun && !rules.shootTheSun) {
      return "shooting the sun is not played under these rules";
    }
    var steps = [0];
    if (hasBonus(rules)) {
      for (var k = 1; k <= t.decks; k++) { steps.push(-CONFIG.bonusValue * k); }
    }
    for (var j = 0; j < n; j++) {
      var part = j === shooter ? points[j] - t.pointsPerHand : points[j];
      if (steps.indexOf(part) < 0) { return "the shooter did not take every point card"; }
    }
    if (chooser(rules.moon) === "shooter") {
      if (!isChoice(hand.choice)) {
        return "the shooter must choose how the moon is scored";
      }
    } else if (hand.choice) {
      return "only a rule where the shooter chooses takes a choice";
    }
    return null;
  }

  /** Totals after the exactly-100 reset. */
  function reset(rules, totals) {
    if (typeof rules.exactly100 !== "number") { return totals; }
    return totals.map(function (t) { return t === CONFIG.exactly100.total ? rules.exactly100 : t; });
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
    return !find(CONFIG.ties, rules.ties).playOn || lowest(totals).length === 1;
  }

  /** The winners of a finished game (an empty list while it goes on). */
  function winners(rules, totals) {
    return isOver(rules, totals) ? lowest(totals) : [];
  }

  /** Each side's change for a moon (or sun) hand, added to the others or taken off the shooter. */
  function moonScores(rules, hand, add) {
    var t = table(rules);
    var value = hand.sun ? t.sunValue : t.moonValue;
    return hand.points.map(function (p, i) {
      var bonusPart = i === hand.shooter ? p - t.pointsPerHand : p;
      if (i === hand.shooter) { return bonusPart - (add ? 0 : value); }
      return bonusPart + (add ? value : 0);
    });
  }

  function add(totals, change) {
    return totals.map(function (t, i) { return t + change[i]; });
  }

  /** True when a moon rule (or the shooter's choice) adds to the others. */
  function adds(rule) { return find(CONFIG.moonRules, rule).add; }

  /** Score one hand on top of totals: {delta, totals, rule} (rule = moon rule used, or null). */
  function scoreHand(rules, totals, hand) {
    var problem = handProblem(rules, hand);
    if (problem) { throw new ScoreError(problem); }
    if (!marked(hand.shooter)) {  // a plain hand, or a revoke: the points are the scores
      return {delta: hand.points.slice(), totals: reset(rules, add(totals, hand.points)), rule: null};
    }
    var decider = chooser(rules.moon);
    var rule = decider === "shooter" ? hand.choice : rules.moon;
    var change;
    if (decider === "end") {
      change = moonScores(rules, hand, true);
      var trial = reset(rules, add(totals, change));
      var won = lowest(trial);
      if (isOver(rules, trial) && !(won.length === 1 && won[0] === hand.shooter)) {
        change = moonScores(rules, hand, false);
      }
    } else {
      change = moonScores(rules, hand, adds(rule));
    }
    return {delta: change, totals: reset(rules, add(totals, change)), rule: rule};
  }

  /** Why the rules cannot be scored here, or null. */
  function rulesProblem(rules) {
    if (!rules || typeof rules.partnership !== "boolean" || !table(rules)) {
      return "the table is not one the scorekeeper keeps";
    }
    if (!find(CONFIG.moonRules, rules.moon)) { return "the moon rule is unknown"; }
    if (!find(CONFIG.bonusCards, rules.bonusCard)) { return "the bonus card is unknown"; }
    if (!find(CONFIG.exactly100.choices, rules.exactly100)) {
      return "the rule for a total of exactly " + CONFIG.exactly100.total + " is unknown";
    }
    if (!find(CONFIG.ties, rules.ties)) { return "the rule for ties is unknown"; }
    if (typeof rules.shootTheSun !== "boolean") { return "shooting the sun must be on or off"; }
    var limits = CONFIG.target;
    if (!Number.isInteger(rules.target) || rules.target < limits.min || rules.target > limits.max) {
      return "the game must end at a whole number from " + limits.min + " to " + limits.max;
    }
    return null;
  }

  /** Score a whole history: {totals, rows: [{delta, totals, rule}], over, winners}.
   *  Throws ScoreError naming the hand (counted from 1) that cannot be scored, including a
   *  hand recorded after the game was over. */
  function replay(rules, hands) {
    var problem = rulesProblem(rules);
    if (problem) { throw new ScoreError(problem); }
    var totals = table(rules).sideNames.map(function () { return 0; });
    var rows = [];
    hands.forEach(function (hand, k) {
      if (isOver(rules, totals)) {
        throw new ScoreError("hand " + (k + 1) + " comes after the game was over");
      }
      var row;
      try {
        row = scoreHand(rules, totals, hand);
      } catch (err) {
        if (err instanceof ScoreError) { throw new ScoreError("hand " + (k + 1) + ": " + err.message); }
        throw err;
      }
      rows.push(row);
      totals = row.totals;
    });
    return {totals: totals, rows: rows, over: isOver(rules, totals), winners: winners(rules, totals)};
  }

  root.HeartsScoring = {
    ScoreError: ScoreError,
    table: table,
    hasBonus: hasBonus,
    bonusTotal: bonusTotal,
    checkSum: checkSum,
    pointRange: pointRange,
    wholeHand: wholeHand,
    chooser: chooser,
    handProblem: handProblem,
    rulesProblem: rulesProblem,
    scoreHand: scoreHand,
    isOver: isOver,
    winners: winners,
    replay: replay
  };
})(typeof window !== "undefined" ? window : this);
