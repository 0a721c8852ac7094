/* The panel that changes the players mid-game, filled from the game (players.js does the
 * changes). */

import {$, clear, clearFieldErrors, fillSelect, sideOptions} from "./dom.js";
import {placeOfGame, tableOf} from "./record.js";
import {nameField} from "./setup.js";
import {word} from "./words.js";

/** Fill the panel from the game: a name field for each side, and the two seats to swap (both
 *  still to choose, so that Swap does nothing until two seats are chosen). */
export function drawPlayers(g) {
  var t = tableOf(g);
  var place = placeOfGame(g);
  var box = $("player-fields");
  clear(box);
  clearFieldErrors($("players"));
  g.names.forEach(function (name, i) {
    // a name the game gave is shown as the box's placeholder, nothing to delete before typing;
    // a box emptied to type afresh shows, and keeps, the name it had
    var field = nameField(place, t, i, "player-", name === t.sideNames[i] ? "" : name);
    field.querySelector("input").placeholder = name;
    box.appendChild(field);
  });
  // both still to choose: the first on a name read as a player already picked
  ["swap-a", "swap-b"].forEach(function (id) {
    fillSelect($(id), sideOptions(g.names, word(null, "swap-choose")), "");
  });
  fitSwap();
}

/** Swap is for two different seats chosen. */
export function fitSwap() {
  var a = $("swap-a").value;
  var b = $("swap-b").value;
  $("swap").disabled = a === "" || b === "" || a === b;
}

/** Hide the panel (the focus stays where it is). */
export function hidePlayers() {
  $("players").hidden = true;
  $("players-open").setAttribute("aria-expanded", "false");
}

/** Refill the panel when it is open (the game changed under it); once the game is over, it is
 *  done with and closes. */
export function redrawPlayers(g, over) {
  if (over) { hidePlayers(); }
  if (!$("players").hidden) { drawPlayers(g); }
}
