/* What the scorer does with past games: a game left (New game, Rematch, an import) goes to the
 * list first; one is opened read-only, exported in the game's own export format, or, when
 * unfinished, resumed (the game in play going to the list in its place). */

import {$, download, today} from "./dom.js";
import {say} from "./alerts.js";
import {commit} from "./keeping.js";
import {dropPast, keepPast, pastGame} from "./past.js";
import {drawPast, drawPastGame} from "./pastview.js";
import {showGame} from "./show.js";
import {dropDraft} from "./storage.js";
import {listOf, word} from "./words.js";

/** Put a game in the list of past games (one with no hand is not worth keeping); returns
 *  what to tell the scorer about it ("" when nothing needs saying). */
export function leave(g) {
  if (!g || !g.hands.length) { return ""; }
  var outcome = keepPast(g, new Date().toISOString());
  if (outcome.error) { return word(null, "past-not-kept"); }
  return outcome.dropped ? word(null, "past-dropped", {count: outcome.dropped}) : "";
}

function handlers(app) {
  return {
    open: function (id) { openPast(app, id); },
    save: function (id) { exportPast(app, id); },
    resume: function (id) { resumePast(app, id); }
  };
}

/** Redraw the list of past games. */
export function showPast(app) { drawPast(app.game ? app.game.id : null, handlers(app)); }

export function openPast(app, id) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  $("past-view").opener = document.activeElement;  // focus goes back to it when closed
  $("players").hidden = true;  // one panel open at a time
  $("players-open").setAttribute("aria-expanded", "false");
  drawPastGame(entry);
  $("past-view-close").focus();
  $("past-view").scrollIntoView();
}

/** Close the past game shown (its Close button, or Escape): false when none is shown. */
export function closePast() {
  if ($("past-view").hidden) { return false; }
  var view = $("past-view"), opener = view.opener;
  view.hidden = true;
  view.opener = null;
  if (opener && document.body.contains(opener)) {
    opener.focus();
  } else {
    $("past").scrollIntoView();
  }
  return true;
}

export function exportPast(app, id) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  download(JSON.stringify(entry.game, null, 2) + "\n", word(null, "export-file", {date: today()}));
  say(word(null, "exported"), "past-status");
}

/** Carry on with an unfinished game: the game in play goes to the list in its place. */
export function resumePast(app, id) {
  var entry = pastGame(id);
  if (!entry) { showPast(app); return; }
  var said = leave(app.game);
  app.editing = null;
  if (!commit(app, entry.game, "past-status")) { return; }
  dropPast(id);
  dropDraft();
  $("past-view").hidden = true;
  showGame(app);
  showPast(app);
  say((said ? said + " " : "") + word(null, "past-resumed", {names: listOf(app.game.names),
                                                             count: app.game.hands.length}),
      "hand-status");
  $("points-0").focus();
}
