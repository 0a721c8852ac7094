/* The game on the page: every view redrawn from the game record, totals always
 * HeartsScoring.replay(rules, hands). */

import {S} from "./config.js";
import {$} from "./dom.js";
import {drawEntry} from "./entry.js";
import {rulesOf} from "./record.js";
import {drawHistory} from "./history.js";
import {rulesAndPassing} from "./printsheet.js";
import {redrawPlayers} from "./playersview.js";
import {drawFinal, drawHeader, drawStanding, fitStanding} from "./views.js";

/** The parts of a history table: the game's (prefix "") or a past game's ("past-"). */
export function historyParts(prefix) {
  return {head: $(prefix + "score-head"), sub: $(prefix + "score-sub"), body: $(prefix + "score-body"),
          foot: $(prefix + "score-foot"), rest: $(prefix + "score-rest")};
}

/** Redraw the game (the hand being edited in the form, if any); returns how it scores. */
export function drawGame(app) {
  var g = app.game;
  var result = S.replay(rulesOf(g), g.hands);
  drawHeader(g, result, app.editing);
  $("hand").hidden = result.over && app.editing === null;
  drawStanding(g, result);
  drawFinal(g, result);
  drawHistory(historyParts(""), g, result, app.editing, app.on.edit);
  // the rules in force, as the score sheet states them, for the table's "what happens on a
  // moon?" (they were said only in the shared text and on the printed sheet)
  $("rules-in-force-text").textContent = rulesAndPassing(g);
  drawEntry(app, app.editing === null ? null : g.hands[app.editing]);
  redrawPlayers(g, result.over);
  fitStanding();
  app.on.past();  // a game over is listed among the past games as soon as it ends
  return result;
}

export function showGame(app) {
  $("setup").hidden = true;
  $("game").hidden = false;
  $("confirm").hidden = true;
  drawGame(app);
}
