/* Small helpers for the page's elements. Names and every other text only ever reach the page
 * through textContent. */

export function $(id) { return document.getElementById(id); }

export function el(tag, text, className) {
  var node = document.createElement(tag);
  if (text !== undefined && text !== null) { node.textContent = String(text); }
  if (className) { node.className = className; }
  return node;
}

export function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

/** The item of a list whose value is the given one (compared as text), or null. */
export function find(list, value) {
  for (var i = 0; i < list.length; i++) {
    if (String(list[i].value) === String(value)) { return list[i]; }
  }
  return null;
}

/** Fill a select with items {value, label}; choose one when it is there. */
export function fillSelect(select, items, chosen) {
  clear(select);
  items.forEach(function (item) {
    var option = el("option", item.label);
    option.value = String(item.value);
    select.appendChild(option);
  });
  if (chosen !== undefined && find(items, chosen)) { select.value = String(chosen); }
}

/** A choice of side, after a first option that chooses none. */
export function sideOptions(names, none) {
  return [{value: "", label: none}].concat(names.map(function (name, i) {
    return {value: i, label: name};
  }));
}

/** Add an id to what describes a control, or take it away. */
export function describedBy(control, id, on) {
  var ids = (control.getAttribute("aria-describedby") || "").split(" ").filter(function (x) {
    return x && x !== id;
  });
  if (on) { ids.push(id); }
  if (ids.length) {
    control.setAttribute("aria-describedby", ids.join(" "));
  } else {
    control.removeAttribute("aria-describedby");
  }
}

/** Say what is wrong with a field, right under it (or under "after"), and mark it invalid. */
export function fieldError(input, message, after) {
  var p = el("p", message, "field-error");
  p.id = input.id + "-error";
  var anchor = after || input;
  anchor.parentNode.insertBefore(p, anchor.nextSibling);
  input.setAttribute("aria-invalid", "true");
  describedBy(input, p.id, true);
}

/** Take away every field's message within a part of the page (by default all of it). */
export function clearFieldErrors(within) {
  var box = within || document;
  Array.prototype.forEach.call(box.querySelectorAll(".field-error"), function (p) {
    var input = $(p.id.replace(/-error$/, ""));
    if (input) {
      input.removeAttribute("aria-invalid");
      describedBy(input, p.id, false);
    }
    p.parentNode.removeChild(p);
  });
}

/** Focus an element and scroll so that "top" (by default the element) sits just below the
 *  standing that stays at the top of the screen: nothing the user needs goes under it. */
export function bringIn(element, top) {
  element.focus({preventScroll: true});
  scrollUnder(top || element);
}

/** Scroll so that an element's top sits just below the standing at the top of the screen. */
export function scrollUnder(element) {
  var bar = $("game").hidden ? 0 : $("standing").offsetHeight;
  window.scrollBy(0, element.getBoundingClientRect().top - bar - 8);
}

/** Scroll an element hidden under the Record bar at the screen's foot (or below the screen) up
 *  into sight, no further than keeps the focused control clear of the standing at the top (the
 *  moon's choice came up under the bar, which said to choose it). */
export function liftAbove(element) {
  var foot = Math.min($("record").parentNode.getBoundingClientRect().top, window.innerHeight);
  var hidden = element.getBoundingClientRect().bottom + 8 - foot;
  var held = document.activeElement;
  var room = held && held !== document.body
    ? held.getBoundingClientRect().top - $("standing").getBoundingClientRect().bottom - 8 : hidden;
  if (hidden > 0) { window.scrollBy(0, Math.max(0, Math.min(hidden, room))); }
}

/** Offer a text as a file to download. */
export function download(text, name) {
  var url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  var link = el("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  setTimeout(function () { URL.revokeObjectURL(url); }, 0);
}

export function today() { return new Date().toISOString().split("T")[0]; }

/** How many letters tell a name from the others at the table: one more than it shares with
 *  any of them, at least three (or the whole name, if shorter); letters, not UTF-16 units. A
 *  space tells nothing ("Christopher Lee" beside "Christopher" read "Christopher."): the
 *  letter after it is taken too. */
function tellingLength(letters, names) {
  var shared = 0;
  names.forEach(function (other) {
    var theirs = Array.from(other.toLowerCase());
    if (other === letters.join("")) { return; }
    var n = 0;
    while (n < letters.length && letters[n].toLowerCase() === theirs[n]) { n += 1; }
    shared = Math.max(shared, n);
  });
  var least = Math.min(letters.length, Math.max(3, shared + 1));
  while (least < letters.length && /\s/.test(letters[least - 1])) { least += 1; }
  return least;
}

/** Show a name in a box, whole where it fits; else by the letters that tell it from the
 *  others and a full stop, marked short: "Max." and "Mar.", not "Ma…" twice; "Di", not "D…"
 *  (eight names at 320 pixels). Each name has the one short form wherever it is cut, whatever
 *  the width (a scorer read "Priya…", "Pri" and "Priya" for one player as the totals grew), the
 *  stop narrow enough to stay. The box's text is the name whole again first, so it can be
 *  measured at another width. */
export function fitName(box, name, names) {
  box.textContent = name;
  box.classList.remove("clipped");
  box.style.fontSize = "";
  if (textRoom(box) >= 1) { return; }
  var letters = Array.from(name);
  var least = tellingLength(letters, names);
  box.textContent = letters.slice(0, least).join("").trim() + (least < letters.length ? "." : "");
  // letters that tell a name are smaller before any is cut ("Christ." lost "t." beside "Chris")
  var size = parseFloat(getComputedStyle(box).fontSize);  // in pixels: a box's own size is set
  var scale = 1;
  while (scale > 0.6 && textRoom(box) < 1) {  // a few steps: the box's padding stays as it is
    scale = Math.max(0.6, scale * textRoom(box) - 0.02);
    box.style.fontSize = (size * scale).toFixed(1) + "px";
  }
  box.classList.toggle("clipped", textRoom(box) < 1);
}

/** The room a box has for its text, as a share of the text's width (below 1: it is cut), to
 *  the fraction of a pixel: scrollWidth and clientWidth are whole pixels, and "Kimb." cut to
 *  "Ki…" passed for fitting. */
function textRoom(box) {
  var range = document.createRange();
  range.selectNodeContents(box);
  var width = range.getBoundingClientRect().width;
  var room = box.getBoundingClientRect().width;
  var style = getComputedStyle(box);
  ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"].forEach(function (side) {
    room -= parseFloat(style[side]);
  });
  return width > 0 ? room / width : 1;
}

/** Enter in a form's text box goes on to the control after it and never sends the form: only
 *  its button does (Enter in "Game to" started a game before the rules under it were seen).
 *  A box with its own way on (the names, keydown first) is left to it. */
export function enterGoesOn(form) {
  form.addEventListener("focusin", function (event) {
    if (isTextBox(event.target)) { event.target.enterKeyHint = "next"; }
  });
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.defaultPrevented || !isTextBox(event.target)) { return; }
    event.preventDefault();
    var controls = Array.prototype.filter.call(form.elements, function (c) {
      return !c.disabled && c.type !== "hidden" && c.getClientRects().length > 0;
    });
    var next = controls[controls.indexOf(event.target) + 1];
    if (next) { next.focus(); }
  });
}

function isTextBox(target) {
  return target.tagName === "INPUT" && ["text", "number"].indexOf(target.type) >= 0;
}
