/* Hearts Sheets scorekeeper: the page. Scoring lives in scoring.js (HeartsScoring); the rules'
 * values, limits and words and the house rules the site was built with arrive in
 * scorekeeper-config.js (HEARTS_SCOREKEEPER_CONFIG).
 *
 * The page's state is one object, app, made here and handed to the functions that need it:
 * the game (one plain object, the shape saved, exported and imported; null during setup), the
 * hand being edited, the saved record this tab last read or wrote, what the confirmation
 * panel's "yes" does, what a moon or a revoke filled in, and the handlers the drawn elements
 * call. Every view is redrawn from the game. */

import {CONFIG} from "./config.js";
import {$, enterGoesOn} from "./dom.js";
import {pageOfGame} from "./record.js";
import {drawUnreadable, say} from "./alerts.js";
import {fromAddress, showTaken} from "./fromaddress.js";
import {
  beginEdit, bringInDraft, cancelEdit, onEscape, reconsider, recordHand, step
} from "./hands.js";
import {drawLeft} from "./entry.js";
import {labelChoices} from "./moonentry.js";
import {onStorage, restoreDraft, restoreGame} from "./keeping.js";
import {
  fillMoon, fillTheRest, onCards, onEnter, onMethod, onMoonButton, onPoints, onRevoke,
  onShooter, onSign, saveDraft, sunTakesAll
} from "./quick.js";
import {closePlayers, donePlayers, renamePlayers, swapSeats, togglePlayers} from "./players.js";
import {fitSwap} from "./playersview.js";
import {PAST_KEY} from "./past.js";
import {closePast, onHistory, showPast} from "./pastgames.js";
import {shareStandings} from "./share.js";
import {
  changeTable, keepSetupTyped, resetRules, setupKept, showCutMenus, showSetup
} from "./setup.js";
import {showGame} from "./show.js";
import {beforePrint, printSheet} from "./printsheet.js";
import {keepData} from "./storage.js";
import {
  askNewGame, discardUnreadable, downloadUnreadable, exportGame, importFrom, keepGame,
  onConfirm, rematch, startGame
} from "./tools.js";
import {fitStanding} from "./views.js";
import {word} from "./words.js";

/** Over http(s), a service worker keeps the page for offline use; from a file it is not
 *  needed (and not available), so nothing is tried. */
function workOffline() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol)) { return; }
  navigator.serviceWorker.register(CONFIG.worker).catch(function () {
    /* without it the page still works while the network does */
  });
}

function start() {
  var app = {game: null, editing: null, aside: null, known: null, confirmed: null, filled: null,
             suggested: -1, on: null, left: ""};
  app.on = {
    points: function () { onPoints(app); },
    hearts: function () { onCards(app); },
    cards: function () { onCards(app); },
    sign: function (i) { onSign(app, i); reconsider(app); },
    moon: function (i) { onMoonButton(app, i); reconsider(app); },
    taker: function () { fillMoon(app); },
    suggest: function () { fillTheRest(app); },
    edit: function (k) { beginEdit(app, k); },
    past: function () { showPast(app); }
  };
  $("table").addEventListener("change", changeTable);
  $("setup").addEventListener("submit", function (event) { startGame(app, event); });
  enterGoesOn($("setup"));
  ["input", "change"].forEach(function (type) {  // kept as typed: a reload gives it back
    $("setup").addEventListener(type, keepSetupTyped);
  });
  $("hand").addEventListener("submit", function (event) { recordHand(app, event); });
  $("shooter").addEventListener("change", function () { onShooter(app); });
  $("revoke").addEventListener("change", function () { onRevoke(app); });
  // what was said about the hand is old once the hand changes, unless it is still true: a box
  // as it is typed in (its "change" on leaving it comes after, and would clear a refusal Enter
  // has just brought), any other control as it changes, the ☾ and ± as they are tapped
  $("hand").addEventListener("input", function () { reconsider(app); });
  $("hand").addEventListener("change", function (event) {
    if (event.target.id === "sun") { sunTakesAll(app); }
    if (event.target.name === "choice" || event.target.id === "sun") {
      labelChoices(app);  // the choices say the sun's value once it is ticked
      drawLeft(app);
      saveDraft(app);
    }
    if (event.target.name === "method") { onMethod(app); }
    if (event.target.type !== "text") { reconsider(app); }
  });
  $("hand").addEventListener("keydown", function (event) { onEnter(app, event); });
  document.addEventListener("keydown", function (event) {
    onEscape(app, event, [closePast, closePlayers]);
  });
  $("edit-cancel").addEventListener("click", function () { cancelEdit(app); });
  ["", "bar-"].forEach(function (at) {  // the tools' Undo and Redo, and those beside Record
    $(at + "undo").addEventListener("click", function () { step(app, "undo", at); });
    $(at + "redo").addEventListener("click", function () { step(app, "redo", at); });
  });
  $("export").addEventListener("click", function () { exportGame(app, "tools-status"); });
  $("rules-reset").addEventListener("click", function () { resetRules(); keepSetupTyped(); });
  $("print-sheet").addEventListener("click", function () { printSheet(app); });
  window.addEventListener("beforeprint", function () { beforePrint(app); });
  $("share").addEventListener("click", function () { shareStandings(app.game, "tools-status"); });
  $("players-open").addEventListener("click", function () { togglePlayers(app); });
  $("players-done").addEventListener("click", function () { donePlayers(app); });
  $("players").addEventListener("submit", function (event) { renamePlayers(app, event); });
  $("swap").addEventListener("click", function () { swapSeats(app); });
  $("swap-a").addEventListener("change", fitSwap);
  $("swap-b").addEventListener("change", fitSwap);
  $("save-export").addEventListener("click", function () { exportGame(app, "status"); });
  $("import").addEventListener("change", function () {
    importFrom(app, $("import"), "tools-status");
  });
  $("import-setup").addEventListener("change", function () {
    importFrom(app, $("import-setup"), "setup-status");
  });
  $("new-game").addEventListener("click", function () { askNewGame(app); });
  $("rematch").addEventListener("click", function () { rematch(app); });
  $("confirm-yes").addEventListener("click", function () { onConfirm(app); });
  $("confirm-no").addEventListener("click", function () { keepGame(app); });
  $("past-view-close").addEventListener("click", closePast);
  history.scrollRestoration = "manual";  // Back closes a past game where the scorer is
  window.addEventListener("popstate", onHistory);
  $("past-link").addEventListener("click", function (event) {
    if (!closePast()) { return; }  // the list is hidden while a past game is open
    event.preventDefault();
    $("past").scrollIntoView();
    $("past-heading").focus({preventScroll: true});
  });
  $("rules-in-force-link").addEventListener("click", function (event) {  // folded at the foot
    event.preventDefault();
    $("rules-in-force").open = true;
    $("rules-in-force").scrollIntoView({block: "center"});
    $("rules-in-force").querySelector("summary").focus({preventScroll: true});
  });
  $("unreadable-download").addEventListener("click", downloadUnreadable);
  $("unreadable-discard").addEventListener("click", discardUnreadable);
  window.addEventListener("storage", function (event) {
    if (event.key === PAST_KEY || event.key === null) { showPast(app); }
    onStorage(app, event);
  });
  window.addEventListener("resize", function () { fitStanding(); showCutMenus(); });
  if (window.ResizeObserver) {  // the standing and the Record bar grow with what they say
    var watch = new ResizeObserver(function () { fitStanding(); });
    watch.observe($("standing"));
    watch.observe($("record").parentNode);
  }
  $("passing").addEventListener("change", showCutMenus);
  drawUnreadable("");
  app.game = restoreGame(app);
  if (app.game && pageOfGame(app.game)) {  // a game keeps its language: shown in its own page
    window.location.replace(pageOfGame(app.game));
    return;
  }
  if (app.game) {
    keepData();
    showGame(app);
    var drafted = restoreDraft(app);
    say(word(null, app.game.hands.length ? "restored" : "restored-none",
             {count: app.game.hands.length}), "status");
    if (drafted) {  // the boxes are filled: beside Record, why (a hand recorded still counts)
      $("hand-status").textContent = word(null, app.editing === null ? "draft-restored"
                                                                     : "draft-restored-edit", {
        number: (app.editing === null ? app.game.hands.length : app.editing) + 1
      });
      bringInDraft();  // the numbers brought back in sight, the next box focused
    }
  } else {
    var taken = fromAddress(window.location.search);  // a sheet's QR code: its house rules
    showSetup(taken || setupKept());  // else what was typed before a reload
    showTaken(taken);
  }
  showPast(app);
  workOffline();
}

start();
