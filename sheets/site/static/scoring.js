/* Hearts Sheets scoring: the rules of sheets.scoring.Game (sheets/scoring.py), as a pure
 * classic script; the two state the same rules and tests/browser/test_scorekeeper_engine.py
 * checks that they agree.
 *
 * No DOM, no storage, no words: HeartsScoring.replay(rules, hands) scores a whole history and
 * is what the page and the engine-comparison test both call. Totals are always recomputed from
 * the history, so an undo or an edit is just a different list of hands. A hand refused is a
 * problem record, {reason, values}: the reason one of config.refusals, the ids sheets.scoring
 * gives the same refusals; the page words it.
 *
 * Every value the rules can take, every limit and every table's numbers (points a hand, decks,
 * what a moon, a sun and the bonus cards are worth, under each rule that changes them) come from
 * HEARTS_SCOREKEEPER_CONFIG, which the site generates from the Python declarations; this file
 * holds none of them.
 *
 * rules: {players, partnership, and each scoring house rule by its name in config.rules}.
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

  /** Why a hand is refused: one of config.refusals, with the numbers the words need. */
  function refusal(reason, values) {
    if (CONFIG.refusals.indexOf(reason) < 0) { throw new Error("no such refusal: " + reason); }
    return {reason: reason, values: values || {}};
  }

  /** A hand that cannot be scored, or cannot be recorded now: its problem (a refusal record)
   *  and the number of the hand, counted from 1, when it was part of a history. */
  function ScoreError(problem, hand) {
    this.name = "ScoreError";
    this.reason = problem.reason;
    this.values = problem.values;
    this.hand = hand === undefined ? null : hand;
    this.message = problem.reason;
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

  /** The numbers of a table under the rules that change them (points a hand, the moon's and
   *  the sun's worth, what the bonus cards take off), as HouseRules works them out. */
  function facts(rules) {
    var list = table(rules).facts;
    for (var i = 0; i < list.length; i++) {
      var when = list[i].when;
      if (Object.keys(when).every(function (name) { return rules[name] === when[name]; })) {
        return list[i];
      }
    }
    return null;
  }

  function hasBonus(rules) { return bonusSymbol(rules) !== ""; }

  /** What the bonus cards take off every hand: 0 without one. */
  function bonusTotal(rules) { return facts(rules).bonusTotal; }

  /** What a normal hand's points add up to (the bonus cards' minus points included). */
  function checkSum(rules) { return facts(rules).pointsPerHand - bonusTotal(rules); }

  /** The lowest and highest points one side can take in a hand. */
  function pointRange(rules) { return [-bonusTotal(rules), facts(rules).pointsPerHand]; }

  /** Who decides a moon's scoring under a rule: null (the rule), "shooter" or "end". */
  function chooser(rule) { return find(CONFIG.moonRules, rule).chooser; }

  function isChoice(value) { return CONFIG.moonChoices.indexOf(value) >= 0; }

  function marked(side) { return side !== null && side !== undefined; }

  /** The hand's whole points to one side and 0 to everyone else: a revoke hand as scored, and
   *  a moon as it is entered (before the bonus cards and the moon rule). */
  function wholeHand(rules, side) {
    var whole = facts(rules).pointsPerHand;
    return table(rules).sideNames.map(function (name, i) { return i === side ? whole : 0; });
  }

  /** Why a hand marked as stopped by a revoke cannot be scored, or null (Game._check_revoke). */
  function revokeProblem(rules, hand) {
    var side = hand.revoke;
    if (!Number.isInteger(side) || side < 0 || side >= table(rules).sides) {
      return refusal("no-side", {side: side});
    }
    if (marked(hand.shooter) || hand.sun) { return refusal("revoke-moon"); }
    if (hand.choice) { return refusal("choice-needs-shooter"); }
    var whole = wholeHand(rules, side);
    if (hand.points.some(function (p, i) { return p !== whole[i]; })) {
      return refusal("revoke-points", {side: side});
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
    return refusal("bonus-shares", {need: need, copies: copies});
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

  /** The points of the deck's penalty spades, highest first, one of each a deck: the queen's
   *  (config.queenValue), or a table's spades where a rule makes more spades score. */
  function penaltySpades(rules) {
    var one = facts(rules).spades || [CONFIG.queenValue];
    var all = [];
    for (var d = 0; d < table(rules).decks; d++) { all = all.concat(one); }
    return all.sort(function (a, b) { return b - a; });
  }

  /** True when the spades (points, highest first) can be shared out among sides whose point
   *  cards come to points, none taking more than its points: the hearts fill the rest
   *  (sheets.scoring._spades_fit). Sides with the same points left are one choice. */
  function spadesFit(points, spades) {
    if (!spades.length) { return true; }
    var tried = [];
    for (var i = 0; i < points.length; i++) {
      if (points[i] >= spades[0] && tried.indexOf(points[i]) < 0) {
        tried.push(points[i]);
        points[i] -= spades[0];
        var fits = spadesFit(points, spades.slice(1));
        points[i] += spades[0];
        if (fits) { return true; }
      }
    }
    return false;
  }

  /** Why unmarked points are ones no deal gives because the penalty spades cannot be shared
   *  out (Q♠ alone counts 13, so whoever took her has 13 or more), or null
   *  (Game._check_queens): under some share of the bonus cards, every side's point cards come
   *  to 0 or more and less than the hand's points, and the spades fit among the sides. */
  function queenProblem(rules, points) {
    var t = table(rules);
    var whole = facts(rules).pointsPerHand;
    var spades = penaltySpades(rules);
    var copies = hasBonus(rules) ? t.decks : 0;
    var fits = shares(t.sides, copies).some(function (share) {
      var raw = points.slice();
      share.forEach(function (side) { raw[side] += CONFIG.bonusValue; });
      for (var i = 0; i < raw.length; i++) {
        if (raw[i] < 0 || raw[i] >= whole) { return false; }
      }
      return spadesFit(raw, spades);
    });
    return fits ? null : refusal("queens");
  }

  /** The hearts a hand deals out, every deck's: its points less its queens. */
  function heartsInHand(rules) {
    return (facts(rules).pointsPerHand - CONFIG.queenValue * table(rules).decks) /
      CONFIG.heartValue;
  }

  /** Why a hand cannot be scored under the rules, or null when it can (Game._check). */
  function handProblem(rules, hand) {
    var t = table(rules);
    var whole = facts(rules).pointsPerHand;
    var points = hand.points;
    var n = t.sides;
    if (!Array.isArray(points) || points.length !== n || !points.every(function (p) {
      return typeof p === "number" && Number.isInteger(p);
    })) {
      return refusal("count", {sides: n});
    }
    if (marked(hand.revoke)) { return revokeProblem(rules, hand); }
    var range = pointRange(rules);
    var sum = 0;
    for (var i = 0; i < n; i++) {
      if (points[i] < range[0] || points[i] > range[1]) {
        return refusal("range", {side: i, low: range[0], high: range[1], found: points[i]});
      }
      sum += points[i];
    }
    if (sum !== checkSum(rules)) {
      return refusal("sum", {found: sum, expected: checkSum(rules)});
    }
    var shooter = hand.shooter;
    if (!marked(shooter)) {
      if (hand.sun) { return refusal("sun-needs-shooter"); }
      if (hand.choice) { return refusal("choice-needs-shooter"); }
      if (points.indexOf(range[1]) >= 0) {
        return refusal("unmarked-moon", {side: points.indexOf(range[1])});
      }
      return bonusProblem(rules, points) || queenProblem(rules, points);
    }
    if (!Number.isInteger(shooter) || shooter < 0 || shooter >= n) {
      return refusal("no-side", {side: shooter});
    }
    if (hand.sun && !rules.shootTheSun) { return refusal("sun-not-played"); }
    var steps = [0];
    if (hasBonus(rules)) {
      for (var k = 1; k <= t.decks; k++) { steps.push(-CONFIG.bonusValue * k); }
    }
    for (var j = 0; j < n; j++) {
      var part = j === shooter ? points[j] - whole : points[j];
      if (steps.indexOf(part) < 0) { return refusal("shooter-missed", {side: shooter}); }
    }
    for (var o = 0; o < n; o++) {  // a sun wins every trick: the bonus cards too
      if (hand.sun && o !== shooter && points[o] !== 0) {
        return refusal("sun-missed", {side: shooter});
      }
    }
    if (chooser(rules.moon) === "shooter") {
      if (!isChoice(hand.choice)) { return refusal("choose-moon"); }
    } else if (hand.choice) {
      return refusal("no-choice-here");
    }
    return null;
  }

  /** True when every item of a list is a side of the table. */
  function sidesOf(rules, list) {
    var n = table(rules).sides;
    return list.every(function (x) { return Number.isInteger(x) && x >= 0 && x < n; });
  }

  function count(list, x) { return list.filter(function (y) { return y === x; }).length; }

  /** A hand entered by the cards each side took (sheets.scoring.from_cards): who took each Q♠
   *  (one side a deck), who took each bonus card (none without one) and each side's hearts.
   *  Gives {points, shooter}: the points as a hand takes them (hearts, each queen's points,
   *  less the bonus cards') and the side that took every heart and queen (the moon), or null;
   *  or {problem}, a refusal record. */
  function fromCards(rules, hearts, queens, bonus) {
    var t = table(rules);
    var f = facts(rules);
    if (f.spades) {  // more spades than Q♠ score: the page offers the points alone
      throw new Error("the cards method counts Q\u2660 alone: enter the points");
    }
    var copies = hasBonus(rules) ? t.decks : 0;
    if (!Array.isArray(hearts) || hearts.length !== t.sides ||
        !hearts.every(function (h) { return Number.isInteger(h); })) {
      return {problem: refusal("count", {sides: t.sides})};
    }
    if (!Array.isArray(queens) || queens.length !== t.decks || !sidesOf(rules, queens)) {
      return {problem: refusal("queen-takers", {copies: t.decks})};
    }
    if (!Array.isArray(bonus) || bonus.length !== copies || !sidesOf(rules, bonus)) {
      return {problem: refusal("bonus-takers", {copies: copies})};
    }
    var every = heartsInHand(rules);
    for (var i = 0; i < hearts.length; i++) {
      if (hearts[i] < 0 || hearts[i] > every) {
        return {problem: refusal("hearts-range", {side: i, high: every, found: hearts[i]})};
      }
    }
    var sum = hearts.reduce(function (a, b) { return a + b; }, 0);
    if (sum !== every) { return {problem: refusal("hearts-sum", {found: sum, expected: every})}; }
    var shooter = null;
    var points = hearts.map(function (h, side) {
      if (h === every && count(queens, side) === t.decks) { shooter = side; }
      return CONFIG.heartValue * h + CONFIG.queenValue * count(queens, side) +
        CONFIG.bonusValue * -count(bonus, side);
    });
    return {points: points, shooter: shooter};
  }

  /** The most one hand can add to a total: every point card (a revoke gives the offender
   *  the whole hand), or what a moon (a sun, where it is played) adds to the others
   *  (sheets.deadrules.most_added_in_a_hand). */
  function mostAdded(rules) {
    var f = facts(rules);
    if (!find(CONFIG.moonRules, rules.moon).add) { return f.pointsPerHand; }
    return Math.max(f.pointsPerHand, sunPlayed(rules) ? f.sunValue : f.moonValue);
  }

  /** True when a total can be exactly 100 after a hand, so that the exactly-100 rule may
   *  apply (sheets.deadrules.exactly_100_reachable). */
  function exactly100Reachable(rules) {
    return find(CONFIG.ties, rules.ties).playOn ||
      rules.target - 1 + mostAdded(rules) >= CONFIG.resetAt;
  }

  /** The scoring rules set that can never apply under the others (sheets.deadrules.warnings,
   *  of the rules a game record keeps): each rule's record name, and the numbers that say
   *  why. */
  function deadRules(rules) {
    var dead = [];
    if (typeof rules.exactly100 === "number" && !exactly100Reachable(rules)) {
      dead.push({rule: "exactly100", values: {
        ends_at: rules.target, before: rules.target - 1, most: mostAdded(rules)}});
    }
    if (table(rules).deadMoons.indexOf(rules.moon) >= 0) {  // the safeguard between two teams
      dead.push({rule: "moon", values: {}});
    }
    return dead;
  }

  /** The scoring rules that apply in a game that ends below the total they are about, which a
   *  table may not expect (exactly 100 in a game to 75), chosen or left off (does it matter
   *  here?): each rule's record name, whether it is chosen, and the numbers to say it with. */
  function earlyRules(rules) {
    if (!exactly100Reachable(rules) || rules.target >= CONFIG.resetAt) { return []; }
    var chosen = typeof rules.exactly100 === "number";  // or left off: it could still apply
    return [{rule: "exactly100", chosen: chosen,
             values: chosen ? {ends_at: rules.target, reset_to: rules.exactly100}
               : {ends_at: rules.target}}];
  }

  /** Totals after the exactly-100 reset. */
  function reset(rules, totals) {
    if (typeof rules.exactly100 !== "number") { return totals; }
    return totals.map(function (t) { return t === CONFIG.resetAt ? rules.exactly100 : t; });
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

  /** True when totals reach the end but a tie for the lowest plays on. */
  function tiedPlayingOn(rules, totals) {
    return Math.max.apply(null, totals) >= rules.target && !isOver(rules, totals);
  }

  /** The total that ends the game. */
  function endsAt(rules) { return rules.target; }

  /** Who decides how a moon is scored under the rules: null (the rule), "shooter" or "end". */
  function moonChooser(rules) { return chooser(rules.moon); }

  /** True when the rules play the sun. */
  function sunPlayed(rules) { return rules.shootTheSun; }

  /** The bonus card's symbol, or "" when none is played. */
  function bonusSymbol(rules) { return find(CONFIG.bonusCards, rules.bonusCard).symbol; }

  /** The winners of a finished game (an empty list while it goes on). */
  function winners(rules, totals) {
    return isOver(rules, totals) ? lowest(totals) : [];
  }

  /** Each side's change for a moon (or sun) hand, added to the others or taken off the shooter. */
  function moonScores(rules, hand, add) {
    var f = facts(rules);
    var value = hand.sun ? f.sunValue : f.moonValue;
    return hand.points.map(function (p, i) {
      var bonusPart = i === hand.shooter ? p - f.pointsPerHand : p;
      if (i === hand.shooter) { return bonusPart - (add ? 0 : value); }
      return bonusPart + (add ? value : 0);
    });
  }

  function add(totals, change) {
    return totals.map(function (t, i) { return t + change[i]; });
  }

  /** True when a moon rule (or the shooter's choice) adds to the others. */
  function adds(rule) { return find(CONFIG.moonRules, rule).add; }

  /** The shooter's way that adds to the others (add true) or takes off the shooter. */
  function way(add) {
    return CONFIG.moonChoices.filter(function (c) { return adds(c) === add; })[0];
  }

  /** Score one hand on top of totals: {delta, totals, rule} (rule: the way a moon was scored,
   *  one of the shooter's two (under the safeguard, the way it came to), or null). */
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
      rule = way(true);
      if (isOver(rules, trial) && !(won.length === 1 && won[0] === hand.shooter)) {
        change = moonScores(rules, hand, false);
        rule = way(false);
      }
    } else {
      change = moonScores(rules, hand, adds(rule));
    }
    return {delta: change, totals: reset(rules, add(totals, change)), rule: rule};
  }

  /** True when a value is one a scoring rule (an entry of config.rules) takes. */
  function takes(rule, value) {
    if (rule.kind === "bool") { return typeof value === "boolean"; }
    if (rule.kind === "int") {
      return Number.isInteger(value) && value >= rule.min && value <= rule.max;
    }
    return rule.values.indexOf(value) >= 0;
  }

  /** What in the rules the scorekeeper does not keep, or null: {rule: null} for the table,
   *  else {rule: the entry of config.rules whose value is not one it takes}. */
  function rulesProblem(rules) {
    if (!rules || typeof rules.partnership !== "boolean" || !table(rules)) { return {rule: null}; }
    for (var i = 0; i < CONFIG.rules.length; i++) {
      if (!takes(CONFIG.rules[i], rules[CONFIG.rules[i].name])) { return {rule: CONFIG.rules[i]}; }
    }
    return null;
  }

  /** Score a whole history: {totals, rows: [{delta, totals, rule}], over, winners}.
   *  Throws ScoreError naming the hand (counted from 1) that cannot be scored, including a
   *  hand recorded after the game was over. */
  function replay(rules, hands) {
    if (rulesProblem(rules)) { throw new Error("rules the scorekeeper does not keep"); }
    var totals = table(rules).sideNames.map(function () { return 0; });
    var rows = [];
    hands.forEach(function (hand, k) {
      if (isOver(rules, totals)) {
        throw new ScoreError(refusal("game-over", {hand: k + 1, ended: k}));
      }
      var row;
      try {
        row = scoreHand(rules, totals, hand);
      } catch (err) {
        if (err instanceof ScoreError) { throw new ScoreError(err, k + 1); }
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
    facts: facts,
    hasBonus: hasBonus,
    bonusTotal: bonusTotal,
    checkSum: checkSum,
    pointRange: pointRange,
    wholeHand: wholeHand,
    chooser: chooser,
    adds: adds,
    moonChooser: moonChooser,
    sunPlayed: sunPlayed,
    bonusSymbol: bonusSymbol,
    endsAt: endsAt,
    tiedPlayingOn: tiedPlayingOn,
    handProblem: handProblem,
    heartsInHand: heartsInHand,
    fromCards: fromCards,
    rulesProblem: rulesProblem,
    takes: takes,
    scoreHand: scoreHand,
    isOver: isOver,
    mostAdded: mostAdded,
    exactly100Reachable: exactly100Reachable,
    deadRules: deadRules,
    earlyRules: earlyRules,
    winners: winners,
    replay: replay
  };
})(typeof window !== "undefined" ? window : this);
