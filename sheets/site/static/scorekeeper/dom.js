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
