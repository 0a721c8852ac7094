/* Hearts Sheets scorekeeper: the page. Scoring lives in scoring.js (HeartsScoring); the house
 * rules the site was built with arrive in scorekeeper-config.js (HEARTS_SCOREKEEPER_CONFIG).
 *
 * The game is one plain object (the same shape is saved, exported and imported); every view is
 * redrawn from it, and totals are always HeartsScoring.replay(rules, hands). Names only ever
 * reach the page through textContent.
 */
(function () {
  "use strict";

  var STORAGE_KEY = "hearts-sheets.scorekeeper.v1";
  var STORAGE_PREFIX = "hearts-sheets.scorekeeper.";
  var UNREADABLE_KEY = "hearts-sheets.scorekeeper-unreadable";
  var FORMAT = "hearts-sheets.scorekeeper";
  var VERSION = 1;
  var DIRECTIONS = {
    "left": "pass left", "right": "pass right", "across": "pass across",
    "hold": "no pass (hold hand)", "scatter": "scatter (one card to each other player)",
    "second-left": "pass two seats left", "second-right": "pass two seats right",
    "partner": "pass to your partner"
  };
  var BONUS_NAMES = {JD: "J♦", TD: "10♦"};
  var MAX_NAME = 40;

  var S = window.HeartsScoring;
  var CONFIG = window.HEARTS_SCOREKEEPER_CONFIG || {};
  // the seats' names for each table size and the teams' names: the engine's, as the sheets print
  var SEATS = CONFIG.seatNames;
  var TEAMS = CONFIG.teamNames;
  var game = null;      // the game in play, or null during setup
  var editing = null;   // index of the hand being edited, or null

  function $(id) { return document.getElementById(id); }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (className) { node.className = className; }
    return node;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  // -- messages -----------------------------------------------------------------------------

  function say(text) {
    $("alert").hidden = true;
    $("alert").textContent = "";
    $("status").textContent = text;
  }

  function warn(text) {
    $("status").textContent = "";
    $("alert").textContent = text;
    $("alert").hidden = false;
  }

  // -- the game object ----------------------------------------------------------------------

  function sides(g) { return g.partnership ? 2 : g.players; }

  function rulesOf(g) {
    return {
      sides: sides(g), moon: g.rules.moon, target: g.rules.target, bonusCard: g.rules.bonusCard,
      exactly100: g.rules.exactly100, ties: g.rules.ties, shootTheSun: g.rules.shootTheSun
    };
  }

  /** The passing cycle: the build's, unless the table differs from the build's (then the default). */
  function cycleFor(players, partnership) {
    var built = CONFIG.passing;
    var fits = Array.isArray(built) && built.length && CONFIG.players === players &&
      (partnership || built.indexOf("partner") < 0);
    return (fits ? built : CONFIG.defaultCycles[String(players)]).slice();
  }

  function seatName(g, seat) {
    return g.partnership ? SEATS["4"][seat] + " (" + g.names[seat % 2] + ")" : g.names[seat];
  }

  function fail(message) { throw new Error(message); }

  function isPlainObject(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }

  /** A saved or imported game, checked from top to bottom; throws Error saying what is wrong. */
  function readGame(data) {
    if (!isPlainObject(data) || data.format !== FORMAT) { fail("it is not a Hearts Sheets game"); }
    if (data.version !== VERSION) { fail("it was saved by another version of the scorekeeper"); }
    var players = data.players;
    var partnership = data.partnership;
    if (typeof partnership !== "boolean") { fail("partnership must be true or false"); }
    if ([3, 4, 5].indexOf(players) < 0 || (partnership && players !== 4)) {
      fail("the number of players must be 3 to 5 (4 in teams)");
    }
    var n = partnership ? 2 : players;
    var names = data.names;
    if (!Array.isArray(names) || names.length !== n || !names.every(function (s) {
      return typeof s === "string" && s.trim() && s.length <= MAX_NAME;
    })) { fail("it needs " + n + " names of 1 to " + MAX_NAME + " characters"); }
    if (!Number.isInteger(data.firstDealer) || data.firstDealer < 0 || data.firstDealer >= players) {
      fail("the first dealer is not a seat at the table");
    }
    if (!Array.isArray(data.passing) || !data.passing.length || !data.passing.every(function (d) {
      return Object.prototype.hasOwnProperty.call(DIRECTIONS, d);
    })) { fail("the passing cycle is not a list of pass directions"); }
    var r = data.rules;
    if (!isPlainObject(r) || typeof r.shootTheSun !== "boolean") { fail("the rules are missing"); }
    var g = {
      format: FORMAT, version: VERSION, players: players, partnership: partnership,
      names: names.slice(), firstDealer: data.firstDealer, passing: data.passing.slice(),
      rules: {moon: r.moon, target: r.target, bonusCard: r.bonusCard, exactly100: r.exactly100,
              ties: r.ties, shootTheSun: r.shootTheSun},
      hands: []
    };
    var problem = S.rulesProblem(rulesOf(g));
    if (problem) { fail(problem); }
    if (!Array.isArray(data.hands)) { fail("the hands are missing"); }
    g.hands = data.hands.map(function (h) {
      if (!isPlainObject(h)) { fail("a hand is not a record of points"); }
      return {points: h.points, shooter: h.shooter === undefined ? null : h.shooter,
              sun: h.sun === true, choice: h.choice === undefined ? null : h.choice};
    });
    try {
      S.replay(rulesOf(g), g.hands);
    } catch (err) {
      fail(err.message);
    }
    return g;
  }

  // -- storage ------------------------------------------------------------------------------

  function save() {
    try {
      if (game) {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(game));
      } else {
        window.localStorage.removeItem(STORAGE_KEY);
      }
    } catch (err) {
      warn("This browser would not keep the game (" + err.message + "). Export it to keep it.");
    }
  }

  /** The saved game, or null; an unreadable or older one is set aside with a message. */
  function restore() {
    var raw;
    try {
      var stale = [];
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf(STORAGE_PREFIX) === 0 && key !== STORAGE_KEY) { stale.push(key); }
      }
      stale.forEach(function (key) { window.localStorage.removeItem(key); });
      raw = window.localStorage.getItem(STORAGE_KEY);
      if (raw === null) {
        if (stale.length) {
          warn("A game saved by an older version of the scorekeeper could not be read. " +
               "Starting fresh.");
        }
        return null;
      }
    } catch (err) {
      warn("This browser does not keep games between visits; export the game to keep it.");
      return null;
    }
    try {
      return readGame(JSON.parse(raw));
    } catch (err) {
      try {
        window.localStorage.setItem(UNREADABLE_KEY, raw);
        window.localStorage.removeItem(STORAGE_KEY);
      } catch (ignored) { /* nothing more to do */ }
      warn("The saved game could not be read (" + err.message + "). Starting fresh.");
      return null;
    }
  }

  // -- setup --------------------------------------------------------------------------------

  function tableValue() { return $("table").value; }

  function setupNames() {
    return Array.prototype.map.call($("name-fields").querySelectorAll("input"), function (input) {
      return input.value;
    });
  }

  function drawNameFields(keep) {
    var teams = tableValue() === "teams";
    var n = teams ? 2 : Number(tableValue());
    var box = $("name-fields");
    clear(box);
    $("names-legend").textContent = teams ? "Team names" : "Player names";
    for (var i = 0; i < n; i++) {
      var field = el("div", null, "field");
      var label = el("label",
                     teams ? "Team " + (i + 1) + " (" + TEAMS[i] + ")" : SEATS[String(n)][i]);
      var input = el("input");
      input.id = "name-" + i;
      input.type = "text";
      input.maxLength = MAX_NAME;
      input.autocomplete = "off";
      input.value = keep && keep[i] !== undefined ? keep[i] : "";
      label.htmlFor = input.id;
      input.addEventListener("input", drawDealerOptions);
      field.appendChild(label);
      field.appendChild(input);
      box.appendChild(field);
    }
    drawDealerOptions();
  }

  function namesFrom(values, teams) {
    return values.map(function (v, i) {
      var name = v.trim();
      return name || (teams ? TEAMS : SEATS[String(values.length)])[i];
    });
  }

  function drawDealerOptions() {
    var teams = tableValue() === "teams";
    var names = namesFrom(setupNames(), teams);
    var select = $("first-dealer");
    var chosen = select.value;
    clear(select);
    var seats = teams ? 4 : names.length;
    for (var s = 0; s < seats; s++) {
      var option = el("option", teams ? SEATS["4"][s] + " (" + names[s % 2] + ")" : names[s]);
      option.value = String(s);
      select.appendChild(option);
    }
    if (chosen && Number(chosen) < seats) { select.value = chosen; }
  }

  function showSetup(from) {
    from = from || null;
    var c = from || {
      players: [3, 4, 5].indexOf(CONFIG.players) >= 0 ? CONFIG.players : 4,
      partnership: CONFIG.partnership === true, names: [], firstDealer: 0,
      rules: {moon: CONFIG.moon, target: CONFIG.target, bonusCard: CONFIG.bonusCard,
              exactly100: CONFIG.exactly100, ties: CONFIG.ties}
    };
    $("table").value = c.partnership ? "teams" : String(c.players);
    drawNameFields(from ? from.names : []);
    $("first-dealer").value = String(c.firstDealer);
    $("moon").value = c.rules.moon || "add-to-others";
    $("target").value = String(c.rules.target || 100);
    $("bonus").value = c.rules.bonusCard || "none";
    $("exactly100").value = String(c.rules.exactly100 === undefined ? "none" : c.rules.exactly100);
    $("ties").value = c.rules.ties || "joint-winners";
    $("setup").hidden = false;
    $("game").hidden = true;
  }

  function startGame(event) {
    event.preventDefault();
    var teams = tableValue() === "teams";
    var players = teams ? 4 : Number(tableValue());
    var target = Number($("target").value);
    if (!Number.isInteger(target) || target < 10 || target > 1000) {
      warn("The game must end at a whole number from 10 to 1000.");
      $("target").focus();
      return;
    }
    var exactly = $("exactly100").value;
    game = {
      format: FORMAT, version: VERSION, players: players, partnership: teams,
      names: namesFrom(setupNames(), teams), firstDealer: Number($("first-dealer").value) || 0,
      passing: cycleFor(players, teams),
      rules: {moon: $("moon").value, target: target, bonusCard: $("bonus").value,
              exactly100: exactly === "none" ? "none" : Number(exactly), ties: $("ties").value,
              shootTheSun: CONFIG.shootTheSun === true},
      hands: []
    };
    editing = null;
    save();
    showGame();
    say("New game: " + game.names.join(", ") + ". First to " + target + " ends it.");
    $("points-0").focus();
  }

  // -- the game view ------------------------------------------------------------------------

  function scored() { return S.replay(rulesOf(game), game.hands); }

  function joinNames(list) {
    if (list.length < 2) { return list.join(""); }
    return list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
  }

  function resultText(result) {
    if (result.over) {
      var who = result.winners.map(function (i) { return game.names[i]; });
      var low = result.totals[result.winners[0]];
      return who.length === 1 ? "Game over: " + who[0] + " wins with " + low + "."
        : "Game over: " + joinNames(who) + " share the win with " + low + ".";
    }
    if (Math.max.apply(null, result.totals) >= game.rules.target) {
      var min = Math.min.apply(null, result.totals);
      var tied = game.names.filter(function (name, i) { return result.totals[i] === min; });
      return joinNames(tied) + " are tied for the lowest total (" + min + "): play on until one " +
        "is lowest alone.";
    }
    return "";
  }

  function showGame() {
    $("setup").hidden = true;
    $("game").hidden = false;
    $("confirm").hidden = true;
    drawGame();
  }

  function drawGame() {
    var result = scored();
    var k = game.hands.length;
    var seat = (game.firstDealer + k) % game.players;
    var direction = game.passing[k % game.passing.length];
    $("next").textContent = result.over ? "" :
      "Hand " + (k + 1) + " · dealer " + seatName(game, seat) + " · " + DIRECTIONS[direction];
    $("next").hidden = result.over;
    var text = resultText(result);
    $("result").textContent = text;
    $("result").hidden = !text;
    $("result").className = result.over ? "result over" : "result";
    $("hand").hidden = result.over && editing === null;
    $("undo").disabled = k === 0;
    drawTable(result);
    drawEntry(editing === null ? null : game.hands[editing]);
    return result;
  }

  function drawTable(result) {
    var head = $("score-head");
    var body = $("score-body");
    var foot = $("score-foot");
    clear(head); clear(body); clear(foot);
    var corner = el("th", "Hand");
    corner.scope = "col";
    head.appendChild(corner);
    game.names.forEach(function (name) {
      var th = el("th", name);
      th.scope = "col";
      head.appendChild(th);
    });
    var editHead = el("th");
    editHead.appendChild(el("span", "Change", "visually-hidden"));
    head.appendChild(editHead);
    var before = game.names.map(function () { return 0; });
    result.rows.forEach(function (row, k) {
      var hand = game.hands[k];
      var tr = el("tr");
      if (k === editing) { tr.className = "editing"; }
      var th = el("th", String(k + 1));
      th.scope = "row";
      tr.appendChild(th);
      row.delta.forEach(function (d, i) {
        var td = el("td", String(d));
        if (i === hand.shooter) { td.appendChild(el("span", hand.sun ? "sun" : "moon", "note")); }
        if (row.totals[i] !== before[i] + d) {
          td.appendChild(el("span", "100 → " + row.totals[i], "note"));
        }
        tr.appendChild(td);
      });
      var cell = el("td", null, "change");
      var button = el("button", "Edit");
      button.type = "button";
      button.setAttribute("aria-label", "Edit hand " + (k + 1));
      button.addEventListener("click", function () { beginEdit(k); });
      cell.appendChild(button);
      tr.appendChild(cell);
      body.appendChild(tr);
      before = row.totals;
    });
    var label = el("th", "Total");
    label.scope = "row";
    foot.appendChild(label);
    var low = Math.min.apply(null, result.totals);
    result.totals.forEach(function (t, i) {
      var td = el("td", String(t));
      if (result.winners.indexOf(i) >= 0) {
        td.className = "win";
        td.appendChild(el("span", " winner", "visually-hidden"));
      } else if (!result.over && game.hands.length && t === low) {
        td.className = "lead";
      }
      foot.appendChild(td);
    });
    foot.appendChild(el("td"));
  }

  // -- entering a hand ----------------------------------------------------------------------

  function pointInputs() { return $("point-fields").querySelectorAll("input"); }

  function drawEntry(hand) {
    var rules = rulesOf(game);
    var bonus = BONUS_NAMES[rules.bonusCard];
    $("hand-legend").textContent = editing === null ? "Hand " + (game.hands.length + 1)
      : "Editing hand " + (editing + 1);
    $("hand-hint").textContent = "Points each " + (game.partnership ? "team" : "player") +
      " took: hearts 1, Q♠ 13" + (bonus ? ", " + bonus + " −10" : "") + ".";
    var box = $("point-fields");
    clear(box);
    game.names.forEach(function (name, i) {
      var field = el("div", null, "field");
      var label = el("label", name);
      var input = el("input");
      input.id = "points-" + i;
      input.type = "number";
      input.inputMode = "numeric";
      input.step = "1";
      input.min = bonus ? "-10" : "0";
      input.max = "26";
      input.value = hand ? String(hand.points[i]) : "";
      input.addEventListener("input", drawLeft);
      label.htmlFor = input.id;
      field.appendChild(label);
      field.appendChild(input);
      box.appendChild(field);
    });
    var shooter = $("shooter");
    clear(shooter);
    var nobody = el("option", "Nobody");
    nobody.value = "";
    shooter.appendChild(nobody);
    game.names.forEach(function (name, i) {
      var option = el("option", name);
      option.value = String(i);
      shooter.appendChild(option);
    });
    shooter.value = hand && hand.shooter !== null ? String(hand.shooter) : "";
    Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
      r.checked = !!hand && hand.choice === r.value;
    });
    $("sun").checked = !!hand && hand.sun;
    $("record").textContent = editing === null ? "Record hand" : "Save hand " + (editing + 1);
    $("edit-cancel").hidden = editing === null;
    drawMoonFields();
    drawLeft();
  }

  function drawMoonFields() {
    var marked = $("shooter").value !== "";
    $("choice").hidden = !(marked && game.rules.moon === "shooter-chooses");
    $("sun-field").hidden = !(marked && game.rules.shootTheSun);
  }

  function enteredSum() {
    var sum = 0;
    Array.prototype.forEach.call(pointInputs(), function (input) {
      var v = Number(input.value);
      if (input.value !== "" && Number.isFinite(v)) { sum += v; }
    });
    return sum;
  }

  function drawLeft() {
    var target = S.checkSum(rulesOf(game));
    var left = target - enteredSum();
    $("left").textContent = left === 0 ? "All " + target + " points placed."
      : left > 0 ? left + (left === 1 ? " point" : " points") + " left to place (of " + target + ")."
      : -left + (left === -1 ? " point" : " points") + " too many (the hand adds up to " + target + ").";
    $("left").className = left === 0 ? "left done" : "left";
  }

  function onShooter() {
    var value = $("shooter").value;
    if (value !== "") {
      var s = Number(value);
      Array.prototype.forEach.call(pointInputs(), function (input, i) {
        input.value = i === s ? "26" : "0";
      });
    }
    drawMoonFields();
    drawLeft();
  }

  /** The hand in the form, or a message saying what to fix. */
  function readEntry() {
    var points = [];
    var inputs = pointInputs();
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      var v = input.value.trim() === "" ? 0 : Number(input.value);
      if (input.validity.badInput || !Number.isInteger(v)) {
        return {error: game.names[i] + "’s points must be a whole number.", focus: input};
      }
      points.push(v);
    }
    var s = $("shooter").value === "" ? null : Number($("shooter").value);
    var chosen = document.querySelector("input[name=choice]:checked");
    var hand = {
      points: points, shooter: s, sun: s !== null && game.rules.shootTheSun && $("sun").checked,
      choice: s !== null && game.rules.moon === "shooter-chooses" && chosen ? chosen.value : null
    };
    var problem = S.handProblem(rulesOf(game), hand);
    if (problem) {
      return {error: "Not recorded: " + problem + ".",
              focus: problem.indexOf("choose") >= 0 ? document.querySelector("input[name=choice]")
                : inputs[0]};
    }
    return {hand: hand};
  }

  function recordHand(event) {
    event.preventDefault();
    var entry = readEntry();
    if (entry.error) {
      warn(entry.error);
      entry.focus.focus();
      return;
    }
    var hands = game.hands.slice();
    var number = editing === null ? hands.length + 1 : editing + 1;
    if (editing === null) { hands.push(entry.hand); } else { hands[editing] = entry.hand; }
    try {
      S.replay(rulesOf(game), hands);
    } catch (err) {
      warn("Not recorded: " + (editing === null ? err.message
        : "with that change, " + err.message + "; undo the later hands first") + ".");
      return;
    }
    var wasEdit = editing !== null;
    game.hands = hands;
    editing = null;
    save();
    var result = drawGame();
    say((wasEdit ? "Hand " + number + " changed. " : "Hand " + number + " recorded. ") +
        "Totals: " + game.names.map(function (n, i) { return n + " " + result.totals[i]; }).join(", ") +
        ". " + resultText(result));
    if (result.over) { $("result").focus(); } else { $("points-0").focus(); }
  }

  function beginEdit(k) {
    editing = k;
    drawGame();
    say("Editing hand " + (k + 1) + ".");
    $("points-0").focus();
  }

  function cancelEdit() {
    editing = null;
    drawGame();
    say("Edit cancelled.");
    if (!$("hand").hidden) { $("points-0").focus(); }
  }

  function undo() {
    if (!game.hands.length) { return; }
    game.hands.pop();
    editing = null;
    save();
    drawGame();
    say("Hand " + (game.hands.length + 1) + " removed.");
  }

  // -- new game, export, import -------------------------------------------------------------

  function askNewGame() {
    if (!game.hands.length) { confirmNewGame(); return; }
    $("confirm").hidden = false;
    $("confirm-no").focus();
  }

  function confirmNewGame() {
    var last = game;
    game = null;
    editing = null;
    save();
    showSetup(last);
    say("Set up the new game.");
    $("table").focus();
  }

  function keepGame() {
    $("confirm").hidden = true;
    $("new-game").focus();
  }

  function exportGame() {
    var text = JSON.stringify(game, null, 2) + "\n";
    var url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    var link = el("a");
    link.href = url;
    link.download = "hearts-game-" + new Date().toISOString().slice(0, 10) + ".json";
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    say("Game exported.");
  }

  function importGame() {
    var file = $("import").files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      $("import").value = "";
      var loaded;
      try {
        loaded = readGame(JSON.parse(String(reader.result)));
      } catch (err) {
        warn("Not imported: " + file.name + " is not a game this scorekeeper can read (" +
             err.message + ").");
        return;
      }
      game = loaded;
      editing = null;
      save();
      showGame();
      say("Imported " + file.name + ": " + game.hands.length + " hands.");
    };
    reader.onerror = function () { warn("Not imported: the file could not be read."); };
    reader.readAsText(file);
  }

  // -- start --------------------------------------------------------------------------------

  function init() {
    $("table").addEventListener("change", function () { drawNameFields(setupNames()); });
    $("setup").addEventListener("submit", startGame);
    $("hand").addEventListener("submit", recordHand);
    $("shooter").addEventListener("change", onShooter);
    $("edit-cancel").addEventListener("click", cancelEdit);
    $("undo").addEventListener("click", undo);
    $("export").addEventListener("click", exportGame);
    $("import").addEventListener("change", importGame);
    $("new-game").addEventListener("click", askNewGame);
    $("confirm-yes").addEventListener("click", confirmNewGame);
    $("confirm-no").addEventListener("click", keepGame);
    game = restore();
    if (game) {
      showGame();
      if (!$("status").textContent && $("alert").hidden) {
        say("Game restored: " + game.hands.length + " hands played.");
      }
    } else {
      showSetup(null);
    }
  }

  init();
})();
