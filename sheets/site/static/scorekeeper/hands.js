/* The hands of the game: record one, edit one (Escape cancels), and undo and redo whatever was
 * done last (a hand recorded, a hand edited, names or seats changed: actions.js). Each change is
 * tried on a copy of the game, scored from the start, and kept only when it scores. A problem
 * with the hand being entered is said at the field at fault. */

import {S} from "./config.js";
import {$, bringIn, describedBy, fieldError, liftAbove, scrollUnder} from "./dom.js";
import {clearHandErrors, say} from "./alerts.js";
import {changesNothing, done, lastDone, lastUndone, redone, undone} from "./actions.js";
import {byCards, firstCardField, heartInputs} from "./cards.js";
import {applyEntry, drawEntry, pointInputs, readEntry, typedEntry, workedOut} from "./entry.js";
import {saveDraft} from "./quick.js";
import {askedOfMoon, safeguardSaid} from "./judge.js";
import {isOver, refusalText, rulesOf} from "./record.js";
import {commit} from "./keeping.js";
import {drawGame} from "./show.js";
import {dropDraft} from "./storage.js";
import {actionWords, resultText, scoresText} from "./views.js";
import {editSaid, resetSaid} from "./changes.js";
import {word} from "./words.js";

/** Why a changed history does not score, or null. */
function historyTrouble(next) {
  try {
    S.replay(rulesOf(next), next.hands);
    return null;
  } catch (err) {
    if (err instanceof S.ScoreError) { return refusalText(next, err); }
    throw err;
  }
}

/** The number fields of the way of entering shown. */
function shownFields() { return byCards() ? heartInputs() : pointInputs(); }

/** Where a box's problem is said: after the last box of its row, across the whole row (under
 *  one box of two it ran to nine lines in half the width); else after the box. */
function rowEnd(field) {
  var box = field.closest(".field");
  if (!box || !box.parentNode.classList.contains("points")) { return field.closest(".entry"); }
  var end = box;
  while (end.nextElementSibling && end.nextElementSibling.offsetTop === box.offsetTop) {
    end = end.nextElementSibling;
  }
  return end;
}

/** Say a problem with the hand being entered, once on screen: under the field at fault (the line
 *  beside Record only speaking it), or, for the hand as a whole, beside Record, the number fields
 *  described by it; the line counting the points gives way to it. Focus goes to what to fix. */
export function complainAbout(problem) {
  clearHandErrors();
  $("points-left").hidden = true;
  say(problem.error, "hand-status");
  $("hand-status").classList.add("error");
  var field = problem.field;
  if (field) {
    $("hand-status").classList.add("spoken");
    fieldError(field, problem.error, rowEnd(field) || field.closest(".choice") || field);
    bringIn(field, field.closest(".field") || field);
    return;
  }
  // the hand as a whole: the boxes shown from the first, focus left where it was (a first box
  // focused with its number selected was overwritten by the next key, though it was right)
  Array.prototype.forEach.call(shownFields(), function (input) {
    input.setAttribute("aria-invalid", "true");
    describedBy(input, "hand-status", true);
  });
  scrollUnder(shownFields()[0].closest(".field"));
}

/** The form changed: a refusal said of it goes, unless the hand would still be refused in the
 *  very same words (the change did not touch what it was about); anything else said beside
 *  Record goes too. The line under the points judges the hand afresh (drawLeft). */
export function reconsider(app) {
  var said = $("hand-status");
  if (said.classList.contains("error") && said.textContent === readEntry(app).error) { return; }
  // what is being corrected stays under the finger as a message above it goes (a box lower down
  // jumped 180 pixels up, off the screen, with the keyboard up)
  var held = document.activeElement;
  var top = held ? held.getBoundingClientRect().top : 0;
  clearHandErrors();
  if (held && held !== document.body) {
    window.scrollBy(0, held.getBoundingClientRect().top - top);
    // and its name over it in sight, which what was said over Record, shown whole till a key
    // is typed (cut to a line, the news of a hand just recorded or changed went unread: rounds
    // 30 and 31), had left under the standing on a short screen
    var field = held.closest(".field");
    if (field && field.getBoundingClientRect().top < $("standing").getBoundingClientRect().bottom) {
      scrollUnder(field);
    }
  }
}

/** Focus the form's first field, showing the form from its top just below the standing that
 *  stays at the top of the screen; on a screen too short for that to leave every box clear of
 *  the Record bar (and what it says), from the first box (with the keyboard up, the form's top
 *  and its hints left one row of four boxes in sight). */
function bringInForm(field) {
  var form = $("hand");
  var room = window.innerHeight - $("standing").offsetHeight -
    form.querySelector(".record-bar").offsetHeight;
  var boxes = shownFields();
  var last = boxes.length ? boxes[boxes.length - 1] : field;
  var need = last.getBoundingClientRect().bottom - form.getBoundingClientRect().top;
  bringIn(field, need + 8 <= room ? form : field.closest(".field") || field);
}

/** Show the form for the next hand (or the end). */
export function showNextHand(app, result) {
  if (result.over) {
    bringIn($("result"));
  } else {  // by cards, from who took Q♠: the boxes of hearts under it come after
    bringInForm(firstField());
  }
}

/** The form's first field, in the way the hand is entered: by cards, who took Q♠ (the boxes
 *  of hearts under it come after); by points, the first box. */
function firstField() { return byCards() ? firstCardField() : pointInputs()[0]; }

/** A game begun or resumed: its first box focused in sight between the bars (focused alone, it
 *  stayed where it was, under the Record bar, its ring peeking out beside the bar's words). */
export function bringInFirst() { bringInForm(firstField()); }

/** A hand brought back after a reload: focused at the first box still empty, where the scorer
 *  had got to (no box had the focus), the numbers typed in sight. */
export function bringInDraft() {
  var empty = Array.prototype.filter.call(shownFields(), function (b) { return b.value === ""; });
  bringInForm(empty[0] || firstField());
}

export function recordHand(app, event) {
  event.preventDefault();
  var entry = readEntry(app);
  if (entry.error) {
    complainAbout(entry);
    return;
  }
  if (askedOfMoon(app)) { return; }  // a moon left unmarked? asked once
  var editing = app.editing;
  var g = app.game;
  var worked = workedOut(app);
  var number = editing === null ? g.hands.length + 1 : editing + 1;
  var action = editing === null ? {act: "record", hand: entry.hand}
    : {act: "edit", index: editing, before: g.hands[editing], after: entry.hand};
  if (changesNothing(action)) {  // saved as it was: said so, not as a cancel
    cancelEdit(app, word(null, "edit-unchanged", {number: number}));
    return;
  }
  var before = S.replay(rulesOf(g), g.hands);  // what the change moved, reopened or reset
  var next = done(g, action);
  var trouble = next ? historyTrouble(next) : word(null, "gone");
  if (trouble) {
    complainAbout({error: word(null, editing === null ? "not-recorded" : "not-recorded-edit",
                               {problem: trouble}), field: null});
    return;
  }
  if (!commit(app, next, "hand-status")) { return; }
  app.editing = null;
  dropDraft();
  var result = drawGame(app);
  var revoke = entry.hand.revoke;
  var who = revoke !== null ? revoke : entry.hand.shooter;  // a revoke or a moon is named
  var kind = revoke !== null ? 2 : who === null ? 0 : entry.hand.sun ? 3 : 1;
  var id = (editing === null ? ["recorded", "recorded-moon", "recorded-revoke", "recorded-sun"]
    : ["changed", "changed-moon", "changed-revoke", "changed-sun"])[kind];
  say((word(null, id, {number: number, name: who === null ? "" : app.game.names[who],
                       // the game over is said by its banner, focused below (it was said twice)
                       result: result.over ? "" : resultText(app.game, result)}) +
       (worked ? " " + word(null, worked.points === 0 ? "worked-out-recorded-none"
                                                   : "worked-out-recorded",
                            {name: worked.name, count: worked.points}) : "") +
       resetSaid(app.game, result, number - 1) +
       (editing === null ? "" : editSaid(app.game, before, result, editing)) +
       // a moon the safeguard scored off its shooter: why, after as before Record
       (kind % 2 ? safeguardSaid(app.game, who, result.rows[number - 1]) : "") +
       // an edit can reopen a finished game too
       (before.over && !result.over ? " " + word(null, "past-reopened") : "")).trim(),
      result.over ? "status" : "hand-status",
      editing === null ? totalsNow(app.game, result) : null);  // an edit says what it moved
  showNextHand(app, result);
  if (editing !== null) {  // the row changed, marked until the next change (a scorer compared
    var row = $("score-body").rows[editing];  // the totals by eye to find it)
    if (row) { row.classList.add("changed"); }
  }
  putTypedBack(app);
}

export function beginEdit(app, k) {
  var waiting = app.aside;
  setTypedAside(app);
  app.editing = k;
  drawGame(app);
  saveDraft(app);  // kept at once: a page closed before anything is typed comes back editing
  var said = word(null, "editing", {number: k + 1});
  if (app.aside && app.aside !== waiting) {  // the numbers typed meanwhile: said where they went
    said += " " + word(null, "typed-waiting", {number: app.aside.hand + 1});
  }
  say(said, "hand-status");
  bringInForm(firstField());
  // a moon's choice, in sight too: what a scorer came back to change was under the bar
  if (!$("choice").hidden) { liftAbove($("choice")); }
}

/** Leave the hand being edited as it was, saying so (said: why, when not cancelled). */
export function cancelEdit(app, said) {
  if (app.editing === null) { return; }
  app.editing = null;
  dropDraft();
  var result = drawGame(app);
  say(said || word(null, "edit-cancelled"), "hand-status");
  if (!$("hand").hidden) { showNextHand(app, result); }
  putTypedBack(app);
}

/** What was typed for the next hand is set aside, not thrown away, while a past hand is edited
 *  or an undo puts another hand in the form (a correction called out mid-hand at the table). */
function setTypedAside(app) {
  if (asideForLater(app)) { return; }  // they stay set aside: the form holds a hand taken back
  var entry = app.editing === null ? typedEntry(app) : null;
  if (entry) { app.aside = {id: app.game.id, hand: app.game.hands.length, entry: entry}; }
}

/** True when numbers typed for a hand after the form's are set aside (a hand taken back by
 *  Undo holds the form meanwhile). */
function asideForLater(app) {
  var kept = app.aside;
  return !!kept && kept.id === app.game.id && kept.hand > app.game.hands.length;
}

/** ... and comes back as soon as the form is that hand's again, said beside it (quiet: not
 *  said, when the form never showed another hand meanwhile, as after undoing an edit). */
function putTypedBack(app, quiet) {
  var aside = app.aside;
  if (!aside || aside.id !== app.game.id) { return; }
  if (aside.hand < app.game.hands.length) {  // its hand recorded since (taken back, then redone)
    app.aside = null;
    return;
  }
  if (app.editing !== null || aside.hand !== app.game.hands.length) { return; }
  app.aside = null;
  applyEntry(app, aside.entry);
  saveDraft(app);
  if (quiet) { return; }
  var status = $("hand-status");
  status.append((status.textContent ? " " : "") +
                word(null, "typed-back", {number: aside.hand + 1}));
}

/** Undo and redo, from the tools (at "") or beside Record (at "bar-"): what they say is said
 *  there, and the focus stays there. */
function regionAt(at) { return at ? "hand-status" : "tools-status"; }

/** After Undo or Redo beside Record changed what the bar says, scroll the page by what the
 *  button tapped moved (a bar not pinned to the screen's foot grows downwards), so that a
 *  second tap where the finger is does the same again; never so far that the first box, or
 *  the name over it, goes under the standing. */
function keepUnderFinger(button, top) {
  var moved = button.getBoundingClientRect().top - top;
  var first = firstField().closest(".field") || firstField();  // with its name above it
  var spare = first.getBoundingClientRect().top - $("standing").getBoundingClientRect().bottom;
  if (!button.hidden && moved > 0) { window.scrollBy(0, Math.min(moved, Math.max(0, spare))); }
}

/** Undo or Redo (act), from the tools (at "") or beside Record (at "bar-"). */
export function step(app, act, at) {
  var button = $(at + act);
  var top = button.getBoundingClientRect().top;
  (act === "undo" ? undo : redo)(app, at);
  if (at) { keepUnderFinger(button, top); }
  if (act === "undo") { settle(app, button); }
}

/** A second tap on Undo this soon after the first is the first tap twice (a double tap on
 *  "Undo hand 2 ✎" took back the edit, then the whole of hand 5): Undo waits until then. */
const SETTLE_MS = 500;

function settle(app, button) {
  button.disabled = true;
  button.classList.add("settling");  // looking as it did: it is not out of use
  window.setTimeout(function () {
    button.classList.remove("settling");
    // the tools' Undo as views.js has it; a game left meanwhile (New game) has nothing to undo
    button.disabled = button === $("undo") && !(app.game && lastDone(app.game));
  }, SETTLE_MS);
}

function undo(app, at) {
  var g = app.game;
  var action = lastDone(g);
  if (!action) { return; }
  var back = undone(g);
  var trouble = back ? historyTrouble(back.game) : word(null, "gone");
  if (trouble) {
    say(word(null, "not-undone", {problem: trouble}), regionAt(at));
    return;
  }
  var said = actionWords(g, action, "undone");
  var before = S.replay(rulesOf(g), g.hands);
  if (before.over && !isOver(back.game)) {  // it leaves the past games, where it went when it ended
    said += " " + word(null, "past-reopened");
  }
  setTypedAside(app);
  if (!commit(app, back.game, regionAt(at))) { return; }
  app.editing = null;
  var result = drawGame(app);
  if (action.act === "record") {
    if (asideForLater(app)) {  // the next hand's numbers wait for this one to be recorded again
      said += " " + word(null, "typed-aside", {number: app.aside.hand + 1,
                                               hand: app.game.hands.length + 1});
    }
    takenBackIntoForm(app, back.action.hand, said);
    return;
  }
  sayUndoneOrRedone(app, action, said + movedSaid(app, action, before, result), at, result);
  putTypedBack(app, true);  // the form stayed on the next hand
  $(at + "redo").focus();
}

/** An edit taken back or put back says what it moved, as Save did ("Totals moved: …"); a hand
 *  or a change of players says nothing more (the standings say the totals). */
function movedSaid(app, action, before, result) {
  return action.act === "edit" ? editSaid(app.game, before, result, action.index) : "";
}

/** Said where undo or redo was pressed; the totals detail for all but an edit, which named
 *  the totals it moved. */
function sayUndoneOrRedone(app, action, said, at, result) {
  say(said, regionAt(at), action.act === "edit" ? null : totalsNow(app.game, result));
}

/** A hand taken back goes back into the form as a draft, said beside it, so that the scorer
 *  can correct a number and record it again (or redo puts it back as it was). */
function takenBackIntoForm(app, hand, said) {
  drawEntry(app, hand);
  saveDraft(app);
  say(said, "hand-status");
  bringInForm(firstField());
}

function redo(app, at) {
  var action = lastUndone(app.game);
  if (!action) { return; }
  var again = redone(app.game);
  var trouble = again ? historyTrouble(again.game) : word(null, "gone");
  if (trouble) {
    say(word(null, "not-put-back", {problem: trouble}), regionAt(at));
    return;
  }
  var said = actionWords(app.game, action, "redone");
  var before = S.replay(rulesOf(app.game), app.game.hands);
  setTypedAside(app);
  if (!commit(app, again.game, regionAt(at))) { return; }
  app.editing = null;
  var result = drawGame(app);
  sayUndoneOrRedone(app, action, said + movedSaid(app, action, before, result), at, result);
  putTypedBack(app, action.act !== "record");  // a hand redone had the form meanwhile
  (app.game.redo.length ? $(at + "redo") : $(at + "undo")).focus();
}

/** Escape: close the panel open (a past game, names and seats), else cancel the edit under way. */
export function onEscape(app, event, panels) {
  if (event.key !== "Escape") { return; }
  if (panels.some(function (close) { return close(); })) {
    event.preventDefault();
  } else if (app.editing !== null && !$("game").hidden) {
    event.preventDefault();
    cancelEdit(app);
  }
}

/** Every total after a change, said after what changed. */
function totalsNow(g, result) {
  return word(null, "totals-now", {totals: scoresText(g, result.totals)});
}
