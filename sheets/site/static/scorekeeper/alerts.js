/* What the page tells the user: each part of the page has its own live region, beside the
 * controls the user just used; an alert for what another tab did; the warning that the browser
 * did not save; the panel of saved games that could not be read; the panel that asks before
 * something replaces the game. */

import {$, clearFieldErrors, describedBy} from "./dom.js";
import {setAsideKeys, storageTrouble} from "./storage.js";
import {word} from "./words.js";

const REGIONS = ["status", "setup-status", "hand-status", "tools-status", "players-status",
                 "players-saved", "past-status", "past-view-status"];

/** Say something in one live region ("where", by default the page's), clearing the others.
 *  A detail (the totals after a hand) follows the text; on a phone, where the pinned standings
 *  above show the same totals, it is read aloud but not shown, and the Record bar stays short. */
export function say(text, where, detail) {
  text = String(text || "").replace(/[ \n]+/g, " ").replace(/^ | $/g, "");  // "{result}" empty
  if (where && $(where).closest("[hidden]")) {  // its form gone (an undo that ends the game
    where = "status";                           // again said nothing in sight): the page's line
  }
  $("alert").hidden = true;
  REGIONS.forEach(function (id) {
    $(id).textContent = id === (where || "status") ? text : "";
    $(id).classList.remove("error", "spoken");
  });
  if (detail) {
    var more = document.createElement("span");
    more.className = "said-detail";
    more.textContent = detail;
    $(where || "status").append(text ? " " : "", more);
  }
  if (text && where && where !== "hand-status") {  // said under its control: brought into view
    $(where).scrollIntoView({block: "nearest"});  // (the Record bar's line is pinned in view)
  }
}

export function warn(text) {
  REGIONS.forEach(function (id) { $(id).textContent = ""; });
  $("alert").textContent = text;
  $("alert").hidden = false;
}

/** A problem with what was just entered, said beside it; focus goes to what to fix. */
export function complain(text, where, focus) {
  say(text, where);
  $(where).classList.add("error");
  if (focus) { focus.focus(); }
}

/** Take away what was said about the hand being entered (it is being changed, or the form now
 *  holds another hand): the marks and messages of a refusal, and the line beside Record; the
 *  line that counts the points, which a refusal stands in for, shows again. */
export function clearHandErrors() {
  clearFieldErrors($("hand"));
  $("points-left").hidden = false;
  Array.prototype.forEach.call($("hand").querySelectorAll("[aria-invalid]"), function (input) {
    describedBy(input, "hand-status", false);
    input.removeAttribute("aria-invalid");
  });
  if ($("hand-status").textContent) { say("", "hand-status"); }
}

export function showSaveWarning(err) {
  $("save-warning-text").textContent = word(null, "save-warning",
                                            {trouble: word(null, storageTrouble(err))});
  $("save-warning").hidden = false;
}

export function hideSaveWarning() { $("save-warning").hidden = true; }

/** The panel of saved games set aside because they could not be read (why: reason, if any). */
export function drawUnreadable(reason) {
  var n = setAsideKeys().length;
  $("unreadable").hidden = n === 0;
  if (!n) { return; }
  var because = reason ? word(null, "because", {reason: reason}) : "";
  $("unreadable-text").textContent = n === 1 ? word(null, "unreadable-one", {reason: because})
    : word(null, "unreadable-many", {count: n, reason: because});
}

/** Ask before something that replaces the game, under the tools or after another part of the
 *  page (after: the buttons of a past game); returns what "yes" should do, for the page to keep
 *  until the answer. */
export function ask(text, yes, no, onYes, after) {
  $("confirm").asker = document.activeElement;  // kept with the question, for No to go back to
  if (!after) { say("", "tools-status"); }  // asked under the tools: what they said is past
  (after || $("players")).after($("confirm"));
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  $("confirm").hidden = false;
  $("confirm-no").focus();
  return onYes;
}

/** The question put away, back in its place under the tools (a list redrawn would take it). */
export function unask() {
  $("confirm").hidden = true;
  $("players").after($("confirm"));
}

/** What was focused when the question was asked, and whether it was asked under the tools. */
export function asked() {
  return {by: $("confirm").asker || null, home: $("players").nextElementSibling === $("confirm")};
}
