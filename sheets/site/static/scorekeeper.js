/* Hearts Sheets scorekeeper: the page. Scoring lives in scoring.js (HeartsScoring); the rules'
 * values, limits and words and the house rules the site was built with arrive in
 * scorekeeper-config.js (HEARTS_SCOREKEEPER_CONFIG).
 *
 * The game is one plain object (the same shape is saved, exported and imported); every view is
 * redrawn from it, and totals are always HeartsScoring.replay(rules, hands). Names only ever
 * reach the page through textContent.
 *
 * Keeping the game: every change is written to localStorage with a revision number. A write
 * never replaces a record that another tab wrote after this tab last read it; the other tab's
 * game is shown instead. A failed write leaves a warning (with Export) until a write succeeds.
 * The points being typed are kept as a draft, so a reload does not lose them. A saved record
 * that cannot be read is set aside, never deleted, and offered for download.
 */
(function () {
  "use strict";

  var STORAGE_KEY = "hearts-sheets.scorekeeper.v1";
  var STORAGE_PREFIX = "hearts-sheets.scorekeeper.";
  var DRAFT_KEY = "hearts-sheets.scorekeeper-draft";
  var UNREADABLE_KEY = "hearts-sheets.scorekeeper-unreadable";
  var FORMAT = "hearts-sheets.scorekeeper";
  var VERSION = 1;

  var S = window.HeartsScoring;
  var CONFIG = window.HEARTS_SCOREKEEPER_CONFIG;
  var game = null;      // the game in play, or null during setup
  var editing = null;   // index of the hand being edited, or null
  var known = null;     // {id, revision} of the saved record this tab last read or wrote
  var filled = null;    // {points a moon or a revoke filled in, what the fields held before}
  var autoFilled = -1;  // the points field filled in as what is left of the hand, or -1
  var confirmed = null; // what the confirmation panel's "yes" does

  function $(id) { return document.getElementById(id); }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (className) { node.className = className; }
    return node;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function find(list, value) {
    for (var i = 0; i < list.length; i++) {
      if (String(list[i].value) === String(value)) { return list[i]; }
    }
    return null;
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function joinNames(list) {
    if (list.length < 2) { return list.join(""); }
    return list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
  }

  // -- messages -----------------------------------------------------------------------------
  // Each part of the page has its own live region, beside the controls the user just used.

  var REGIONS = ["status", "setup-status", "hand-status", "tools-status"];

  function say(text, where) {
    $("alert").hidden = true;
    REGIONS.forEach(function (id) {
      $(id).textContent = id === (where || "status") ? text : "";
      $(id).classList.remove("error");
    });
  }

  function warn(text) {
    REGIONS.forEach(function (id) { $(id).textContent = ""; });
    $("alert").textContent = text;
    $("alert").hidden = false;
  }

  /** A problem with what was just entered, said beside it; focus goes to what to fix. */
  function complain(text, where, focus) {
    say(text, where);
    $(where).classList.add("error");
    if (focus) { focus.focus(); }
  }

  // -- the game object ----------------------------------------------------------------------

  function rulesOf(g) {
    return {
      players: g.players, partnership: g.partnership, moon: g.rules.moon, target: g.rules.target,
      bonusCard: g.rules.bonusCard, exactly100: g.rules.exactly100, ties: g.rules.ties,
      shootTheSun: g.rules.shootTheSun
    };
  }

  function tableOf(g) { return S.table(rulesOf(g)); }

  function bonusSymbol(g) { return find(CONFIG.bonusCards, g.rules.bonusCard).symbol; }

  function seatName(g, seat) {
    var t = tableOf(g);
    var side = g.names[t.seatSides[seat]];
    return g.partnership ? t.seatNames[seat] + " (" + side + ")" : side;
  }

  function newId() {
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8);
  }

  function copyGame(g) { return JSON.parse(JSON.stringify(g)); }

  function fail(message) { throw new Error(message); }

  function isPlainObject(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }

  function readHand(h) {
    if (!isPlainObject(h)) { fail("a hand is not a record of points"); }
    return {points: h.points, shooter: h.shooter === undefined ? null : h.shooter,
            sun: h.sun === true, choice: h.choice === undefined ? null : h.choice,
            revoke: h.revoke === undefined ? null : h.revoke};
  }

  /** A saved or imported game, checked from top to bottom; throws Error saying what is wrong. */
  function readGame(data) {
    if (!isPlainObject(data) || data.format !== FORMAT) { fail("it is not a Hearts Sheets game"); }
    if (data.version !== VERSION) { fail("it was saved by another version of the scorekeeper"); }
    if (typeof data.partnership !== "boolean" || !Number.isInteger(data.players)) {
      fail("it does not say how many play");
    }
    var t = S.table({players: data.players, partnership: data.partnership});
    if (!t) {
      fail("the scorekeeper keeps games of " + CONFIG.players.min + " to " + CONFIG.players.max +
           " players, not " + data.players);
    }
    var names = data.names;
    if (!Array.isArray(names) || names.length !== t.sides || !names.every(function (s) {
      return typeof s === "string" && s.trim() && s.length <= CONFIG.nameLength;
    })) { fail("it needs " + t.sides + " names of 1 to " + CONFIG.nameLength + " characters"); }
    if (!Number.isInteger(data.firstDealer) || data.firstDealer < 0 || data.firstDealer >= t.players) {
      fail("the first dealer is not a seat at the table");
    }
    if (!Array.isArray(data.passing) || !data.passing.length || !data.passing.every(function (d) {
      return Object.prototype.hasOwnProperty.call(CONFIG.directions, d);
    })) { fail("the passing cycle is not a list of pass directions"); }
    var r = data.rules;
    if (!isPlainObject(r)) { fail("the rules are missing"); }
    var g = {
      format: FORMAT, version: VERSION,
      id: typeof data.id === "string" && data.id ? data.id : newId(),
      revision: Number.isInteger(data.revision) && data.revision > 0 ? data.revision : 0,
      players: data.players, partnership: data.partnership, names: names.slice(),
      firstDealer: data.firstDealer, passing: data.passing.slice(),
      rules: {moon: r.moon, target: r.target, bonusCard: r.bonusCard, exactly100: r.exactly100,
              ties: r.ties, shootTheSun: r.shootTheSun === true},
      hands: [], redo: []
    };
    var problem = S.rulesProblem(rulesOf(g));
    if (problem) { fail(problem); }
    if (!Array.isArray(data.hands)) { fail("the hands are missing"); }
    g.hands = data.hands.map(readHand);
    g.redo = Array.isArray(data.redo) ? data.redo.map(readHand) : [];
    try {
      S.replay(rulesOf(g), g.hands);
    } catch (err) {
      fail(err.message);
    }
    return g;
  }

  /** The game in a saved or exported text; throws Error in the user's words. */
  function parseGame(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (err) {
      fail("it is not a saved game: the text is not in the scorekeeper's format");
    }
    return readGame(data);
  }

  // -- storage ------------------------------------------------------------------------------

  /** Why the browser would not keep the game, in words. */
  function storageTrouble(err) {
    if (err && (err.name === "QuotaExceededError" || err.code === 22)) {
      return "its storage for this page is full";
    }
    if (err && err.name === "SecurityError") { return "it blocks storage for this page"; }
    return "its storage is not available (private browsing can do this)";
  }

  function showSaveWarning(err) {
    $("save-warning-text").textContent = "This browser did not save the game: " +
      storageTrouble(err) + ". The game stays on this page until it is closed; export it to " +
      "keep it. This warning stays until a save works.";
    $("save-warning").hidden = false;
  }

  function hideSaveWarning() { $("save-warning").hidden = true; }

  /** Which record a saved text is: {id, revision}, or null when it cannot be read at all. */
  function peek(raw) {
    try {
      var data = JSON.parse(raw);
      if (!isPlainObject(data)) { return null; }
      return {id: typeof data.id === "string" ? data.id : null,
              revision: Number.isInteger(data.revision) ? data.revision : 0};
    } catch (err) {
      return null;
    }
  }

  function sameRecord(a, b) { return !!a && !!b && a.id === b.id && a.revision === b.revision; }

  /** Put a saved text that cannot be read where it is kept, not lost, and offered for download. */
  function setAside(storage, raw) {
    var key = UNREADABLE_KEY;
    for (var n = 2; storage.getItem(key) !== null && storage.getItem(key) !== raw; n++) {
      key = UNREADABLE_KEY + "-" + n;
    }
    storage.setItem(key, raw);
  }

  function setAsideKeys() {
    var keys = [];
    try {
      for (var i = 0; i < window.localStorage.length; i++) {
        var key = window.localStorage.key(i);
        if (key && key.indexOf(UNREADABLE_KEY) === 0) { keys.push(key); }
      }
    } catch (err) { /* no storage: nothing set aside */ }
    return keys.sort();
  }

  function drawUnreadable(reason) {
    var n = setAsideKeys().length;
    $("unreadable").hidden = n === 0;
    if (!n) { return; }
    $("unreadable-text").textContent = (n === 1 ? "A saved game could not be read"
      : n + " saved games could not be read") + (reason ? " (" + reason + ")" : "") +
      ". " + (n === 1 ? "It is" : "They are") + " kept aside on this device: download " +
      (n === 1 ? "it" : "them") + " to keep " + (n === 1 ? "it" : "them") + ".";
  }

  /** Write a game (or, for null, remove the saved one) unless another tab has written since
   *  this tab last read. Returns false when the other tab's game was kept (and is now shown,
   *  with a message in the live region "where", beside the control just used). */
  function commit(next, where) {
    var storage, raw;
    try {
      storage = window.localStorage;
      raw = storage.getItem(STORAGE_KEY);
    } catch (err) {
      game = next;
      if (next) { showSaveWarning(err); }
      return true;
    }
    var current = raw === null ? null : peek(raw);
    var strange = raw !== null && !sameRecord(current, known);  // not what this tab last saw
    if (strange) {
      var theirs = null;
      try { theirs = parseGame(raw); } catch (err) { theirs = null; }
      if (theirs) {
        adopt(theirs, raw, true);
        complain("Not saved: another tab changed this game since this page last saved it. " +
                 "This page now shows that game; enter your change again if it is missing.",
                 where);
        return false;
      }
    }
    try {
      if (strange) {  // a record nobody can read: kept, not lost
        setAside(storage, raw);
        drawUnreadable("");
      }
      if (next) {
        next.revision = Math.max(next.revision || 0, current ? current.revision : 0) + 1;
        storage.setItem(STORAGE_KEY, JSON.stringify(next));
        known = {id: next.id, revision: next.revision};
      } else {
        storage.removeItem(STORAGE_KEY);
        known = null;
      }
      hideSaveWarning();
    } catch (err) {
      if (next) { showSaveWarning(err); }
    }
    game = next;
    return true;
  }

  /** Ask the browser to keep this page's storage when space runs short. */
  function keepData() {
    var manager = navigator.storage;
    if (!manager || typeof manager.persist !== "function") { return; }
    Promise.resolve(typeof manager.persisted === "function" ? manager.persisted() : false)
      .then(function (already) { return already || manager.persist(); })
      .catch(function () { /* the browser decides; the game is saved either way */ });
  }

  /** The saved game, or null; anything unreadable is set aside with a message. */
  function restore() {
    var storage, raw;
    try {
      storage = window.localStorage;
      var stale = [];
      for (var i = 0; i < storage.length; i++) {
        var key = storage.key(i);
        if (key && key.indexOf(STORAGE_PREFIX) === 0 && key !== STORAGE_KEY) { stale.push(key); }
      }
      stale.forEach(function (key) {
        setAside(storage, storage.getItem(key));
        storage.removeItem(key);
      });
      if (stale.length) { drawUnreadable("it was saved by an older version of the scorekeeper"); }
      raw = storage.getItem(STORAGE_KEY);
    } catch (err) {
      showSaveWarning(err);
      return null;
    }
    if (raw === null) { return null; }
    try {
      var g = parseGame(raw);
      known = peek(raw);
      return g;
    } catch (err) {
      try {
        setAside(storage, raw);
        storage.removeItem(STORAGE_KEY);
      } catch (ignored) { /* it stays where it is, and is met again next time */ }
      drawUnreadable(err.message);
      return null;
    }
  }

  /** Show a game another tab saved. The points being typed stay in the form when the game is
   *  the same one and, unless this page's own change was refused (refused), no hand was added. */
  function adopt(other, raw, refused) {
    var entry = game && !$("game").hidden && editing === null ? captureEntry() : null;
    var keep = entry && game.id === other.id &&
      (refused || game.hands.length === other.hands.length);
    game = other;
    known = peek(raw);
    editing = null;
    showGame();
    if (keep) { applyEntry(entry); }
  }

  function onStorage(event) {
    if (event.key !== STORAGE_KEY && event.key !== null) { return; }
    var raw = event.key === null ? null : event.newValue;
    if (raw === null) {
      known = null;
      if (game) {
        warn("Another tab closed this game. It is still here, and is saved again with the " +
             "next change.");
      }
      return;
    }
    var other;
    try { other = parseGame(raw); } catch (err) { return; }
    if (game && sameRecord(peek(raw), {id: game.id, revision: game.revision})) { return; }
    adopt(other, raw, false);
    warn("Another tab changed this game: this page now shows it as saved there (" +
         plural(other.hands.length, "hand") + ").");
  }

  // -- the draft of the hand being entered --------------------------------------------------

  function captureEntry() {
    return {
      points: Array.prototype.map.call(pointInputs(), function (input) { return input.value; }),
      shooter: $("shooter").value,
      takers: Array.prototype.map.call(takerSelects(), function (select) { return select.value; }),
      choice: (document.querySelector("input[name=choice]:checked") || {}).value || null,
      sun: $("sun").checked, revoke: $("revoke").value, auto: autoFilled, filled: filled
    };
  }

  function applyEntry(entry) {
    Array.prototype.forEach.call(pointInputs(), function (input, i) {
      if (entry.points[i] !== undefined) { input.value = entry.points[i]; }
    });
    if (find(Array.prototype.slice.call($("shooter").options), entry.shooter)) {
      $("shooter").value = entry.shooter;
    }
    drawMoonFields();
    Array.prototype.forEach.call(takerSelects(), function (select, i) {
      if (entry.takers[i] !== undefined) { select.value = entry.takers[i]; }
    });
    Array.prototype.forEach.call(document.querySelectorAll("input[name=choice]"), function (r) {
      r.checked = r.value === entry.choice;
    });
    $("sun").checked = !!entry.sun;
    if (find(Array.prototype.slice.call($("revoke").options), entry.revoke)) {
      $("revoke").value = entry.revoke;
    }
    autoFilled = entry.auto === undefined ? -1 : entry.auto;
    filled = entry.filled || null;
    drawRevoke();
    drawAutoMark();
    drawLeft();
  }

  function saveDraft() {
    if (!game) { return; }
    var draft = captureEntry();
    draft.id = game.id;
    draft.hand = game.hands.length;
    draft.editing = editing;
    try {
      window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    } catch (err) { /* the save warning speaks for the game itself */ }
  }

  function dropDraft() {
    try { window.localStorage.removeItem(DRAFT_KEY); } catch (err) { /* nothing kept */ }
  }

  function restoreDraft() {
    var draft;
    try {
      draft = JSON.parse(window.localStorage.getItem(DRAFT_KEY));
    } catch (err) {
      return;
    }
    if (!isPlainObject(draft) || draft.id !== game.id || draft.hand !== game.hands.length ||
        !Array.isArray(draft.points) || !Array.isArray(draft.takers)) { return; }
    if (draft.editing !== null && !(Number.isInteger(draft.editing) && draft.editing < draft.hand)) {
      return;
    }
    if (draft.editing !== null) {
      editing = draft.editing;
      drawGame();
    }
    applyEntry(draft);
  }

  // -- setup --------------------------------------------------------------------------------

  function chosenTable() {
    for (var i = 0; i < CONFIG.tables.length; i++) {
      if (CONFIG.tables[i].key === $("table").value) { return CONFIG.tables[i]; }
    }
    return CONFIG.tables[0];
  }

  function fillSelect(select, items, chosen) {
    clear(select);
    items.forEach(function (item) {
      var option = el("option", item.label);
      option.value = String(item.value);
      select.appendChild(option);
    });
    if (chosen !== undefined && find(items, chosen)) { select.value = String(chosen); }
  }

  function setupNames() {
    return Array.prototype.map.call($("name-fields").querySelectorAll("input"), function (input) {
      return input.value;
    });
  }

  function namesFrom(values, t) {
    return values.map(function (v, i) { return v.trim() || t.sideNames[i]; });
  }

  function drawNameFields(keep) {
    var t = chosenTable();
    var box = $("name-fields");
    clear(box);
    $("names-legend").textContent = t.partnership ? "Team names" : "Player names";
    for (var i = 0; i < t.sides; i++) {
      var field = el("div", null, "field");
      var label = el("label", t.partnership ? "Team " + (i + 1) + " (" + t.sideNames[i] + ")"
                                            : t.seatNames[i]);
      var input = el("input");
      input.id = "name-" + i;
      input.type = "text";
      input.maxLength = CONFIG.nameLength;
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

  function drawDealerOptions() {
    var t = chosenTable();
    var names = namesFrom(setupNames(), t);
    var select = $("first-dealer");
    var chosen = select.value;
    clear(select);
    for (var s = 0; s < t.players; s++) {
      var name = names[t.seatSides[s]];
      var option = el("option", t.partnership ? t.seatNames[s] + " (" + name + ")" : name);
      option.value = String(s);
      select.appendChild(option);
    }
    if (chosen && Number(chosen) < t.players) { select.value = chosen; }
  }

  /** Redraw what depends on the table: names, dealer, passing cycles, the moon's worth. */
  function drawSetupTable(keepNames, passing) {
    var t = chosenTable();
    drawNameFields(keepNames);
    var cycles = t.cycles.map(function (c) { return {value: c.value.join(" "), label: c.label}; });
    // the cycle asked for (the last game's), else the house rules' when they are for this
    // table, else the table's usual one (listed first)
    var wanted = passing || (t.key === CONFIG.defaults.table ? CONFIG.defaults.passing
                                                            : t.cycles[0].value);
    fillSelect($("passing"), cycles, find(cycles, wanted.join(" ")) ? wanted.join(" ")
      : t.cycles[0].value.join(" "));
    var moon = $("moon").value;
    fillSelect($("moon"), CONFIG.moonRules.map(function (m) {
      return {value: m.value, label: t.moonLabels[m.value]};
    }), moon || CONFIG.defaults.moon);
    $("sun-rule-label").textContent = t.sunLabel;
  }

  function showSetup(from) {
    var rules = from ? from.rules : CONFIG.defaults;
    var key = from ? (from.partnership ? "teams" : String(from.players)) : CONFIG.defaults.table;
    fillSelect($("table"), CONFIG.tables.map(function (t) {
      return {value: t.key, label: t.label};
    }), key);
    fillSelect($("moon"), [], "");
    drawSetupTable(from ? from.names : [], from ? from.passing : null);
    $("first-dealer").value = String(from ? from.firstDealer : 0);
    $("moon").value = rules.moon;
    $("sun-rule").checked = rules.shootTheSun === true;
    var target = $("target");
    target.min = String(CONFIG.target.min);
    target.max = String(CONFIG.target.max);
    target.value = String(rules.target);
    fillSelect($("bonus"), CONFIG.bonusCards, rules.bonusCard);
    $("exactly100-label").textContent = "A total of exactly " + CONFIG.exactly100.total;
    fillSelect($("exactly100"), CONFIG.exactly100.choices, rules.exactly100);
    fillSelect($("ties"), CONFIG.ties, rules.ties);
    clearFieldErrors();
    $("setup").hidden = false;
    $("game").hidden = true;
    fitStanding();
  }

  function clearFieldErrors() {
    Array.prototype.forEach.call(document.querySelectorAll(".field-error"), function (p) {
      var input = $(p.id.replace(/-error$/, ""));
      if (input) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
      p.parentNode.removeChild(p);
    });
  }

  /** Say what is wrong with a setup field, beside it. */
  function fieldError(input, message) {
    var p = el("p", message, "field-error");
    p.id = input.id + "-error";
    input.parentNode.insertBefore(p, input.nextSibling);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", p.id);
  }

  /** The fields of setup that are wrong, in the order they appear, each with its message. */
  function setupProblems(t, names) {
    var problems = [];
    var seen = {};
    names.forEach(function (name, i) {
      var key = name.toLocaleLowerCase();
      if (Object.prototype.hasOwnProperty.call(seen, key)) {
        var who = t.partnership ? "team" : "player";
        problems.push([$("name-" + i), "Another " + who + " is already called " + name +
                       ": give each " + who + " a name of its own."]);
      } else {
        seen[key] = i;
      }
    });
    var target = Number($("target").value);
    if ($("target").value.trim() === "" || !Number.isInteger(target) ||
        target < CONFIG.target.min || target > CONFIG.target.max) {
      problems.push([$("target"), "The game must end at a whole number from " + CONFIG.target.min +
                     " to " + CONFIG.target.max + "."]);
    }
    return problems;
  }

  function newGame(t, names, firstDealer, passing, rules) {
    return {
      format: FORMAT, version: VERSION, id: newId(), revision: 0,
      players: t.players, partnership: t.partnership, names: names, firstDealer: firstDealer,
      passing: passing.slice(), rules: rules, hands: [], redo: []
    };
  }

  function startGame(event) {
    event.preventDefault();
    clearFieldErrors();
    var t = chosenTable();
    var names = namesFrom(setupNames(), t);
    var problems = setupProblems(t, names);
    if (problems.length) {
      problems.forEach(function (p) { fieldError(p[0], p[1]); });
      complain(problems.length === 1 ? "One thing to fix before the game can start."
        : problems.length + " things to fix before the game can start.", "setup-status");
      problems[0][0].focus();
      return;
    }
    var cycle = t.cycles[$("passing").selectedIndex] || t.cycles[0];
    var exactly = find(CONFIG.exactly100.choices, $("exactly100").value).value;
    var next = newGame(t, names, Number($("first-dealer").value) || 0, cycle.value, {
      moon: $("moon").value, target: Number($("target").value), bonusCard: $("bonus").value,
      exactly100: exactly, ties: $("ties").value, shootTheSun: $("sun-rule").checked
    });
    editing = null;
    if (!commit(next, "hand-status")) { return; }
    keepData();
    dropDraft();
    showGame();
    say("New game: " + game.names.join(", ") + ". First to " + game.rules.target + " ends it.",
        "hand-status");
    $("points-0").focus();
  }

  // -- the game view ------------------------------------------------------------------------

  function scored() { return S.replay(rulesOf(game), game.hands); }

  function playsOn(g) { return find(CONFIG.ties, g.rules.ties).playOn; }

  function resultText(result) {
    if (result.over) {
      var who = result.winners.map(function (i) { return game.names[i]; });
      var low = result.totals[result.winners[0]];
      return who.length === 1 ? "Game over: " + who[0] + " wins with " + low + "."
        : "Game over: " + joinNames(who) + " share the win with " + low + ".";
    }
    if (playsOn(game) && Math.max.apply(null, result.totals) >= game.rules.target) {
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

  /** The sides with the lowest total while the game goes on (none before the first hand). */
  function leaders(result) {
    if (result.over || !game.hands.length) { return []; }
    var low = Math.min.apply(null, result.totals);
    var out = [];
    result.totals.forEach(function (t, i) { if (t === low) { out.push(i); } });
    return out;
  }

  function drawGame() {
    var result = scored();
    var k = game.hands.length;
    var seat = (game.firstDealer + k) % game.players;
    var direction = game.passing[k % game.passing.length];
    $("next").textContent = result.over ? "Game over after " + plural(k, "hand")
      : "Hand " + (k + 1) + " · dealer " + seatName(game, seat) + " · " +
        CONFIG.directions[direction];
    var text = resultText(result);
    $("result").textContent = text;
    $("result").hidden = !text;
    $("result").className = result.over ? "result over" : "result";
    $("hand").hidden = result.over && editing === null;
    $("undo").disabled = k === 0;
    $("undo").textContent = k ? "Undo hand " + k : "Undo last hand";
    $("redo").hidden = !game.redo.length;
    $("redo").textContent = game.redo.length ? "Redo hand " + (k + 1) : "Redo";
    drawStanding(result);
    drawFinal(result);
    drawTable(result);
    drawEntry(editing === null ? null : game.hands[editing]);
    fitStanding();
    return result;
  }

  /** Keep what is scrolled to, or focused, clear of the standing that stays at the top. */
  function fitStanding() {
    var height = $("game").hidden ? 0 : $("standing").offsetHeight;
    document.documentElement.style.setProperty("--standing-height", height + "px");
  }

  function drawStanding(result) {
    var list = $("standing-totals");
    clear(list);
    var lead = leaders(result);
    game.names.forEach(function (name, i) {
      var item = el("li", null, "chip");
      item.appendChild(el("span", name, "chip-name"));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", result.totals[i], "chip-total"));
      if (result.winners.indexOf(i) >= 0) {
        item.classList.add("win");
        item.appendChild(el("span", "★ winner", "mark"));
      } else if (lead.indexOf(i) >= 0) {
        item.classList.add("lead");
        item.appendChild(el("span", "▼ lowest", "mark"));
      }
      list.appendChild(item);
    });
  }

  function drawFinal(result) {
    $("final").hidden = !result.over;
    var list = $("ranking");
    clear(list);
    if (!result.over) { return; }
    var order = result.totals.map(function (t, i) { return i; });
    order.sort(function (a, b) { return result.totals[a] - result.totals[b] || a - b; });
    order.forEach(function (i) {
      var place = 1 + result.totals.filter(function (t) { return t < result.totals[i]; }).length;
      var item = el("li", game.names[i] + ": " + result.totals[i] +
                    (result.winners.indexOf(i) >= 0 ? " ★" : ""));
      item.value = place;
      list.appendChild(item);
    });
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
    var before = game.names.map(function () { return 0; });
    result.rows.forEach(function (row, k) {
      var hand = game.hands[k];
      var tr = el("tr");
      if (k === editing) { tr.className = "editing"; }
      var th = el("th");  // the hand's number is its edit button, in the column that stays in view
      th.scope = "row";
      var button = el("button", null, "edit");
      button.type = "button";
      button.appendChild(el("span", "Edit hand ", "visually-hidden"));
      button.appendChild(document.createTextNode(String(k + 1)));
      button.appendChild(el("span", "✎", "edit-mark")).setAttribute("aria-hidden", "true");
      button.addEventListener("click", function () { beginEdit(k); });
      th.appendChild(button);
      tr.appendChild(th);
      row.delta.forEach(function (d, i) {
        var td = el("td", String(d));
        if (i === hand.shooter) { td.appendChild(el("span", hand.sun ? "sun" : "moon", "note")); }
        if (i === hand.revoke) { td.appendChild(el("span", "revoke", "note revoke")); }
        if (row.totals[i] !== before[i] + d) {
          td.appendChild(el("span", CONFIG.exactly100.total + " → " + row.totals[i], "note"));
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
      before = row.totals;
    });
    var label = el("th", "Total");
    label.scope = "row";
    foot.appendChild(label);
    var lead = leaders(result);
    result.totals.forEach(function (t, i) {
      var td = el("td", String(t));
      if (result.winners.indexOf(i) >= 0) {
        td.className = "win";
        td.appendChild(el("span", " winner", "visually-hidden"));
      } else if (lead.indexOf(i) >= 0) {
        td.className = "lead";
        td.appendChild(el("span", " lowest", "visually-hidden"));
      }
      foot.appendChild(td);
    });
  }

  // -- entering a hand ----------------------------------------------------------------------

  function pointInputs() { return $("point-fields").querySelectorAll("input"); }

  function takerSelects() { return $("takers").querySelectorAll("select"); }

  function moonButtons() { return $("point-fields").querySelectorAll("button"); }

  /** A choice of side, after a first option that chooses none. */
  function sideOptions(none) {
    return [{value: "", label: none}].concat(game.names.map(function (name, i) {
      return {value: i, label: name};
    }));
  }

  function drawEntry(hand) {
    var t = tableOf(game);
    var range = S.pointRange(rulesOf(game));
    var symbol = bonusSymbol(game);
    $("hand-legend").textContent = editing === null ? "Hand " + (game.hands.length + 1)
      : "Editing hand " + (editing + 1);
    $("hand-hint").textContent = t.pointsHint +
      (symbol ? ", " + symbol + " −" + CONFIG.bonusValue : "") + ".";
    var box = $("point-fields");
    clear(box);
    game.names.forEach(function (name, i) {
      var field = el("div", null, "field");
      var label = el("label", name);
      var row = el("div", null, "entry");
      var input = el("input");
      input.id = "points-" + i;
      input.type = "number";
      input.inputMode = "numeric";
      input.step = "1";
      input.min = String(range[0]);
      input.max = String(range[1]);
      input.value = hand ? String(hand.points[i]) : "";
      input.addEventListener("input", function () { onPoints(i); });
      label.htmlFor = input.id;
      var moon = el("button", null, "moon-button");
      moon.type = "button";
      moon.appendChild(el("span", "☾", "moon-mark")).setAttribute("aria-hidden", "true");
      moon.appendChild(el("span", name + " shot the moon", "visually-hidden"));
      moon.setAttribute("aria-pressed", "false");
      moon.tabIndex = -1;  // a shortcut for touch; from the keyboard, the shooter list below
      moon.addEventListener("click", function () { onMoonButton(i); });
      field.appendChild(label);
      row.appendChild(input);
      row.appendChild(moon);
      field.appendChild(row);
      box.appendChild(field);
    });
    fillSelect($("shooter"), sideOptions("Nobody"),
               hand && hand.shooter !== null ? hand.shooter : "");
    var choices = $("choice-options");
    clear(choices);
    CONFIG.moonChoices.forEach(function (value) {
      var label = el("label");
      var radio = el("input");
      radio.type = "radio";
      radio.name = "choice";
      radio.value = value;
      radio.checked = !!hand && hand.choice === value;
      label.appendChild(radio);
      label.appendChild(document.createTextNode(" " + t.choiceLabels[value]));
      choices.appendChild(label);
    });
    $("sun-label").textContent = "Shot the sun (won every trick: " + t.sunValue + ")";
    $("sun").checked = !!hand && hand.sun;
    $("revoke-label").textContent = "Revoke found late: " + (t.partnership ? "which team?" : "who?");
    $("revoke-hint").textContent = "The hand stops: " + (t.partnership ? "that team takes"
      : "the offender takes") + " all " + t.pointsPerHand + " points, nobody else scores, no moon.";
    fillSelect($("revoke"), sideOptions("Nobody"),
               hand && hand.revoke !== null ? hand.revoke : "");
    $("record").textContent = editing === null ? "Record hand" : "Save hand " + (editing + 1);
    $("edit-cancel").hidden = editing === null;
    filled = null;
    autoFilled = -1;
    clear($("takers"));
    drawMoonFields();
    if (hand && hand.shooter !== null) { showTakers(hand); }
    drawRevoke();
    drawAutoMark();
    drawLeft();
  }

  /** The side chosen as the revoke's offender, or null. */
  function offender() { return $("revoke").value === "" ? null : Number($("revoke").value); }

  /** While a revoke is chosen its points stand as filled in, and no moon can be marked. */
  function drawRevoke() {
    var chosen = offender() !== null;
    Array.prototype.forEach.call(pointInputs(), function (input) { input.readOnly = chosen; });
    $("shooter").disabled = chosen;
    Array.prototype.forEach.call(moonButtons(), function (button) { button.disabled = chosen; });
  }

  /** For a moon hand being edited: who took each bonus card, read back from the points. */
  function showTakers(hand) {
    var t = tableOf(game);
    var takers = [];
    hand.points.forEach(function (p, i) {
      var part = i === hand.shooter ? p - t.pointsPerHand : p;
      for (var k = 0; k < -part / CONFIG.bonusValue; k++) { takers.push(String(i)); }
    });
    Array.prototype.forEach.call(takerSelects(), function (select, c) {
      select.value = takers[c] || "";
    });
  }

  function drawMoonFields() {
    var value = $("shooter").value;
    var marked = value !== "";
    $("choice").hidden = !(marked && S.chooser(game.rules.moon) === "shooter");
    $("sun-field").hidden = !(marked && game.rules.shootTheSun);
    Array.prototype.forEach.call(moonButtons(), function (button, i) {
      button.setAttribute("aria-pressed", String(marked && Number(value) === i));
    });
    drawTakers(marked);
  }

  /** Under a bonus card, the moon entry asks who took each copy of the card. */
  function drawTakers(marked) {
    var box = $("takers");
    var symbol = bonusSymbol(game);
    var copies = symbol && marked ? tableOf(game).decks : 0;
    if (takerSelects().length === copies) { return; }
    var keep = Array.prototype.map.call(takerSelects(), function (s) { return s.value; });
    clear(box);
    for (var c = 0; c < copies; c++) {
      var field = el("div", null, "field");
      var label = el("label", "Who took " + (copies > 1 ? ["the first ", "the second "][c] || "" : "") +
                     symbol + "?");
      var select = el("select");
      select.id = "taker-" + c;
      label.htmlFor = select.id;
      fillSelect(select, sideOptions("Choose who took it"), keep[c] || "");
      select.addEventListener("change", fillMoon);
      field.appendChild(label);
      field.appendChild(select);
      box.appendChild(field);
    }
  }

  function takersMissing() {
    return Array.prototype.some.call(takerSelects(), function (s) { return s.value === ""; });
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
    var rules = rulesOf(game);
    var target = S.checkSum(rules);
    var left = target - enteredSum();
    var symbol = bonusSymbol(game);
    var text;
    var revoked = offender();
    if (revoked !== null) {
      text = "Revoke: " + game.names[revoked] + " takes all " + tableOf(game).pointsPerHand +
        " points, nobody else scores.";
    } else if ($("shooter").value !== "" && takersMissing()) {
      text = "Now choose who took " + symbol + ".";
    } else if (left === 0) {
      text = "All " + target + " points placed.";
      var whole = S.pointRange(rules)[1] - S.bonusTotal(rules);
      var values = Array.prototype.map.call(pointInputs(), function (input) { return input.value; });
      var all = values.indexOf(String(whole));
      if (symbol && $("shooter").value === "" && all >= 0) {
        text += " If " + game.names[all] + " took every heart, Q♠ and " + symbol +
                ", mark the moon.";
      }
    } else if (left > 0) {
      text = plural(left, "point") + " left to place (of " + target + ").";
    } else {
      text = plural(-left, "point") + " too many (the hand adds up to " + target + ").";
    }
    $("points-left").textContent = text;
    $("points-left").className = left === 0 || revoked !== null ? "points-left done"
      : "points-left";
  }

  function drawAutoMark() {
    Array.prototype.forEach.call(pointInputs(), function (input, i) {
      input.classList.toggle("auto", i === autoFilled);
      if (i === autoFilled) {
        input.setAttribute("aria-describedby", "points-left");
      } else {
        input.removeAttribute("aria-describedby");
      }
    });
  }

  /** Quick entry: once every side but one has points, the last gets what is left of the hand. */
  function fillTheRest() {
    if ($("shooter").value !== "" || offender() !== null) { return; }
    var inputs = pointInputs();
    var open = [];
    var sum = 0;
    Array.prototype.forEach.call(inputs, function (input, i) {
      var v = Number(input.value);
      if (input.value === "" || i === autoFilled) {
        open.push(i);
      } else if (Number.isInteger(v)) {
        sum += v;
      } else {
        open.push(-1);  // something not a number: fill nothing
      }
    });
    var rules = rulesOf(game);
    var range = S.pointRange(rules);
    var rest = S.checkSum(rules) - sum;
    if (open.length === 1 && open[0] >= 0 && rest >= range[0] && rest <= range[1]) {
      autoFilled = open[0];
      inputs[autoFilled].value = String(rest);
    } else if (autoFilled >= 0) {
      inputs[autoFilled].value = "";
      autoFilled = -1;
    }
    drawAutoMark();
  }

  function onPoints(i) {
    if (i === autoFilled) { autoFilled = -1; }
    fillTheRest();
    drawLeft();
    saveDraft();
  }

  /** Put points in the fields for a moon or a revoke, keeping what they held before it. */
  function fillPoints(points) {
    var before = filled ? filled.before : Array.prototype.map.call(pointInputs(), function (input) {
      return input.value;
    });
    Array.prototype.forEach.call(pointInputs(), function (input, i) {
      input.value = String(points[i]);
    });
    filled = {points: points, before: before};
    autoFilled = -1;
    drawAutoMark();
    drawLeft();
    saveDraft();
  }

  /** "Nobody": take back what a moon or a revoke filled in, where it still stands. */
  function unfill() {
    if (filled) {
      Array.prototype.forEach.call(pointInputs(), function (input, i) {
        if (input.value === String(filled.points[i])) { input.value = filled.before[i]; }
      });
      filled = null;
    }
    drawLeft();
    saveDraft();
  }

  /** Fill in a moon: the shooter every point card, the others none, and each bonus card's
   *  minus points where it went. */
  function fillMoon() {
    var value = $("shooter").value;
    if (value === "") { return; }
    var points = S.wholeHand(rulesOf(game), Number(value));
    Array.prototype.forEach.call(takerSelects(), function (select) {
      if (select.value !== "") { points[Number(select.value)] -= CONFIG.bonusValue; }
    });
    fillPoints(points);
  }

  function onShooter() {
    drawMoonFields();
    if ($("shooter").value !== "") {
      fillMoon();
    } else {
      unfill();
    }
  }

  /** A revoke chosen: its points filled in as the engine scores them (any moon marked is
   *  dropped); "Nobody" gives back what the fields held. */
  function onRevoke() {
    var side = offender();
    if (side !== null && $("shooter").value !== "") {
      $("shooter").value = "";
      drawMoonFields();
    }
    drawRevoke();
    if (side === null) {
      unfill();
    } else {
      fillPoints(S.wholeHand(rulesOf(game), side));
    }
  }

  function onMoonButton(i) {
    var shooter = $("shooter");
    shooter.value = shooter.value === String(i) ? "" : String(i);
    onShooter();
  }

  /** The hand in the form, or a message saying what to fix and where. */
  function readEntry() {
    var rules = rulesOf(game);
    var revoked = offender();
    if (revoked !== null) {
      var stopped = {points: S.wholeHand(rules, revoked), shooter: null, sun: false,
                     choice: null, revoke: revoked};
      var trouble = S.handProblem(rules, stopped);
      return trouble ? {error: "Not recorded: " + trouble + ".", focus: $("revoke")}
        : {hand: stopped};
    }
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
    var sum = points.reduce(function (a, b) { return a + b; }, 0);
    if (s !== null && takersMissing() && sum !== S.checkSum(rules)) {
      var missing = Array.prototype.filter.call(takerSelects(), function (x) { return !x.value; });
      return {error: "Choose who took " + bonusSymbol(game) + ".", focus: missing[0]};
    }
    var chosen = document.querySelector("input[name=choice]:checked");
    var hand = {
      points: points, shooter: s, sun: s !== null && game.rules.shootTheSun && $("sun").checked,
      choice: s !== null && S.chooser(game.rules.moon) === "shooter" && chosen ? chosen.value : null,
      revoke: null
    };
    var problem = S.handProblem(rules, hand);
    if (problem) {
      var focus = inputs[0];
      if (problem.indexOf("choose") >= 0) { focus = document.querySelector("input[name=choice]"); }
      if (problem.indexOf("mark the moon") >= 0) {
        focus = $("shooter");
        problem += " (or, if a revoke stopped the hand, choose who revoked)";
      }
      return {error: "Not recorded: " + problem + ".", focus: focus};
    }
    return {hand: hand};
  }

  /** "a revoke by Bob" after a separator, for a hand stopped by a revoke; else nothing. */
  function revokeText(hand, separator) {
    return hand.revoke === null ? "" : separator + "a revoke by " + game.names[hand.revoke];
  }

  function totalsText(result) {
    return game.names.map(function (n, i) { return n + " " + result.totals[i]; }).join(", ");
  }

  function recordHand(event) {
    event.preventDefault();
    var entry = readEntry();
    if (entry.error) {
      complain(entry.error, "hand-status", entry.focus);
      return;
    }
    var next = copyGame(game);
    var number = editing === null ? next.hands.length + 1 : editing + 1;
    if (editing === null) {
      next.hands.push(entry.hand);
      next.redo = [];
    } else {
      next.hands[editing] = entry.hand;
    }
    try {
      S.replay(rulesOf(next), next.hands);
    } catch (err) {
      complain("Not recorded: " + (editing === null ? err.message
        : "with that change, " + err.message + "; undo the later hands first") + ".",
        "hand-status", pointInputs()[0]);
      return;
    }
    var wasEdit = editing !== null;
    if (!commit(next, "hand-status")) { return; }
    editing = null;
    dropDraft();
    var result = drawGame();
    say((wasEdit ? "Hand " + number + " changed" : "Hand " + number + " recorded") +
        revokeText(entry.hand, ": ") + ". Totals: " + totalsText(result) + ". " +
        resultText(result),
        result.over ? "status" : "hand-status");
    if (result.over) { $("result").focus(); } else { $("points-0").focus(); }
  }

  function beginEdit(k) {
    editing = k;
    drawGame();
    say("Editing hand " + (k + 1) + ".", "hand-status");
    $("points-0").focus();
  }

  function cancelEdit() {
    editing = null;
    dropDraft();
    drawGame();
    say("Edit cancelled.", "hand-status");
    if (!$("hand").hidden) { $("points-0").focus(); }
  }

  function undo() {
    if (!game.hands.length) { return; }
    var next = copyGame(game);
    var hand = next.hands.pop();
    next.redo.push(hand);
    var number = game.hands.length;
    if (!commit(next, "tools-status")) { return; }
    editing = null;
    drawGame();
    say("Hand " + number + " taken back (its points: " + game.names.map(function (n, i) {
      return n + " " + hand.points[i];
    }).join(", ") + revokeText(hand, "; ") + "). Redo puts it back.", "tools-status");
    $("redo").focus();
  }

  function redo() {
    if (!game.redo.length) { return; }
    var next = copyGame(game);
    next.hands.push(next.redo.pop());
    try {
      S.replay(rulesOf(next), next.hands);
    } catch (err) {
      complain("Not put back: " + err.message + ".", "tools-status");
      return;
    }
    if (!commit(next, "tools-status")) { return; }
    editing = null;
    var result = drawGame();
    say("Hand " + game.hands.length + " put back. Totals: " + totalsText(result) + ".",
        "tools-status");
    (game.redo.length ? $("redo") : $("undo")).focus();
  }

  // -- new game, rematch, export, import ----------------------------------------------------

  /** Ask before something that replaces the game; onYes runs on "yes". */
  function ask(text, yes, no, onYes) {
    $("confirm-text").textContent = text;
    $("confirm-yes").textContent = yes;
    $("confirm-no").textContent = no;
    confirmed = onYes;
    $("confirm").hidden = false;
    $("confirm-no").focus();
  }

  function askNewGame() {
    if (!game.hands.length) { confirmNewGame(); return; }
    ask("Start a new game? The scores of this game will be lost (export it first to keep it).",
        "Yes, start a new game", "Keep this game", confirmNewGame);
  }

  function confirmNewGame() {
    var last = game;
    editing = null;
    if (!commit(null, "tools-status")) { return; }
    dropDraft();
    showSetup(last);
    say("Set up the new game.", "setup-status");
    $("table").focus();
  }

  function keepGame() {
    $("confirm").hidden = true;
    confirmed = null;
    say("The game goes on.", "tools-status");
    $("new-game").focus();
  }

  function onConfirm() {
    var action = confirmed;
    $("confirm").hidden = true;
    confirmed = null;
    if (action) { action(); }
  }

  function rematch() {
    var next = newGame(tableOf(game), game.names.slice(), game.firstDealer, game.passing,
                       copyGame(game.rules));
    editing = null;
    if (!commit(next, "hand-status")) { return; }
    keepData();
    dropDraft();
    showGame();
    say("Rematch: " + game.names.join(", ") + ", the same rules. First to " +
        game.rules.target + " ends it.", "hand-status");
    $("points-0").focus();
  }

  function download(text, name) {
    var url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
    var link = el("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(url); }, 0);
  }

  function today() { return new Date().toISOString().split("T")[0]; }

  function exportGame(where) {
    download(JSON.stringify(game, null, 2) + "\n", "hearts-game-" + today() + ".json");
    say("Game exported.", where);
  }

  function downloadUnreadable() {
    var keys = setAsideKeys();
    keys.forEach(function (key, n) {
      var raw = window.localStorage.getItem(key);
      download(raw, "hearts-game-unreadable-" + today() + (n ? "-" + (n + 1) : "") + ".json");
    });
    say("Downloaded: " + plural(keys.length, "file") + ".", "status");
  }

  function discardUnreadable() {
    try {
      setAsideKeys().forEach(function (key) { window.localStorage.removeItem(key); });
    } catch (err) { /* nothing more to do */ }
    drawUnreadable("");
    say("The unreadable saved game was deleted.", "status");
  }

  function useImported(loaded, name, where) {
    loaded.redo = [];
    editing = null;
    if (!commit(loaded, where === "setup-status" ? "hand-status" : where)) { return; }
    keepData();
    dropDraft();
    showGame();
    say("Imported " + name + ": " + plural(game.hands.length, "hand") + ".",
        where === "setup-status" ? "hand-status" : where);
  }

  function importFrom(input, where) {
    var file = input.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      input.value = "";
      var loaded;
      try {
        loaded = parseGame(String(reader.result));
      } catch (err) {
        complain("Not imported: " + file.name + " is not a game this scorekeeper can read (" +
                 err.message + ").", where);
        return;
      }
      if (game && game.hands.length) {
        ask("Replace the game in progress (" + joinNames(game.names) + ", " +
            plural(game.hands.length, "hand") + ") with the one in " + file.name + " (" +
            joinNames(loaded.names) + ", " + plural(loaded.hands.length, "hand") + ")?",
            "Yes, replace it", "Keep this game",
            function () { useImported(loaded, file.name, where); });
        return;
      }
      useImported(loaded, file.name, where);
    };
    reader.onerror = function () { complain("Not imported: the file could not be read.", where); };
    reader.readAsText(file);
  }

  // -- offline ------------------------------------------------------------------------------

  /** Over http(s), a service worker keeps the page for offline use; from a file it is not
   *  needed (and not available), so nothing is tried. */
  function workOffline() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) { return; }
    navigator.serviceWorker.register("sw.js").catch(function () {
      /* without it the page still works while the network does */
    });
  }

  // -- start --------------------------------------------------------------------------------

  function init() {
    $("table").addEventListener("change", function () {
      drawSetupTable(setupNames(), null);
    });
    $("setup").addEventListener("submit", startGame);
    $("hand").addEventListener("submit", recordHand);
    $("shooter").addEventListener("change", onShooter);
    $("revoke").addEventListener("change", onRevoke);
    $("hand").addEventListener("change", function (event) {
      if (event.target.name === "choice" || event.target.id === "sun") { saveDraft(); }
    });
    $("edit-cancel").addEventListener("click", cancelEdit);
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("export").addEventListener("click", function () { exportGame("tools-status"); });
    $("save-export").addEventListener("click", function () { exportGame("status"); });
    $("import").addEventListener("change", function () { importFrom($("import"), "tools-status"); });
    $("import-setup").addEventListener("change", function () {
      importFrom($("import-setup"), "setup-status");
    });
    $("new-game").addEventListener("click", askNewGame);
    $("rematch").addEventListener("click", rematch);
    $("confirm-yes").addEventListener("click", onConfirm);
    $("confirm-no").addEventListener("click", keepGame);
    $("unreadable-download").addEventListener("click", downloadUnreadable);
    $("unreadable-discard").addEventListener("click", discardUnreadable);
    window.addEventListener("storage", onStorage);
    window.addEventListener("resize", fitStanding);
    drawUnreadable("");
    game = restore();
    if (game) {
      keepData();
      showGame();
      restoreDraft();
      say("Game restored: " + plural(game.hands.length, "hand") + " played.", "status");
    } else {
      showSetup(null);
    }
    workOffline();
  }

  init();
})();
