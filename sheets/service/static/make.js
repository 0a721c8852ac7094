/* The /make page, live: on every change, fetch the page for the new choices and swap in what it
   shows (the errors and warnings beside each control, the rules as the sheet prints them, the
   preview), then put the choices in the address. Without this script the form works as a plain
   GET; with it, nothing is computed here that the server does not say. */
"use strict";

(function () {
  const form = document.getElementById("choices");
  const presetForm = document.getElementById("preset-form");
  if (!form || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  document.documentElement.classList.add("live");

  const status = document.getElementById("status");
  const result = document.getElementById("result");
  const WAIT_TYPING = 350; // ms after the last keystroke in a text box
  let latest = 0;
  let timer = 0;
  let sent = query(); // the last choices asked for

  /* The choices as a query: the form's, or (for a preset chosen in the list) the preset
     form's, which holds the choices made on top of the preset, kept with the new one. */

  /* The form's choices as a query: empty values left out (they mean "as the preset has it"),
     except the notes: all of them empty means "no notes", which one empty notes= says. */
  function query(from) {
    const params = new URLSearchParams();
    let notes = 0;
    for (const [key, value] of new FormData(from || form)) {
      if (key === "notes") notes += 1;
      if (value !== "") params.append(key, value);
    }
    if (notes && !params.has("notes")) params.append("notes", "");
    return params.toString();
  }

  function swap(fresh) {
    for (const old of document.querySelectorAll("[data-live]")) {
      const found = fresh.getElementById(old.id);
      if (found) old.replaceWith(document.importNode(found, true));
    }
    // What the controls say about themselves: invalid or not, and the "usual" choice's words.
    for (const control of form.querySelectorAll("[id]")) {
      const twin = fresh.getElementById(control.id);
      if (!twin) continue;
      if (twin.hasAttribute("aria-invalid")) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
      // a menu's choices follow the table: its usual one, and the others beside it
      if (control.tagName === "SELECT" && control.options.length && twin.options.length &&
          control.options[0].value === "" && twin.options[0].value === "") {
        const value = control.value;
        control.replaceChildren(...Array.from(twin.options, function (option) {
          return document.importNode(option, true);
        }));
        control.value = value;
        if (control.value !== value) control.value = "";
      }
    }
  }

  /* Another preset: every control shows what it gives now (the choices made kept). */
  function swapForm(fresh) {
    const twin = fresh.getElementById("choices");
    if (twin) form.replaceChildren(...Array.from(twin.childNodes, function (node) {
      return document.importNode(node, true);
    }));
  }

  /* The server refuses a sheet with 429 while it is too busy to make it: the preview asks
     again a few times, a few seconds apart. */
  function retryPreview() {
    const image = document.querySelector("#preview img");
    if (!image) return;
    let tries = 0;
    const again = function () {
      if (tries++ < 3) setTimeout(function () { image.src = image.getAttribute("src"); }, 2000);
    };
    image.addEventListener("error", again);
    if (image.complete && image.naturalWidth === 0) again();
  }

  /* The page's words for what this script says (in the page's language), placeholders filled. */
  function say(id, values) {
    const words = JSON.parse(document.querySelector("main").getAttribute("data-said"));
    return words[id].replace(/\{([a-z]+)\}/g, function (all, name) { return String(values[name]); });
  }

  async function update(from) {
    const mine = ++latest;
    const asked = query(from);
    sent = query();
    result.classList.add("updating");
    try {
      const answer = await fetch("make" + (asked ? "?" + asked : ""), { credentials: "same-origin" });
      const page = await answer.text();
      if (mine !== latest) return; // a newer change is on its way
      if (answer.status === 429) { // too busy now: say so, and ask again when it says
        const wait = Math.min(30, Number(answer.headers.get("Retry-After")) || 2);
        status.textContent = page.trim() + " " + say("trying-again", {seconds: wait});
        timer = setTimeout(update, wait * 1000);
        return;
      }
      const fresh = new DOMParser().parseFromString(page, "text/html");
      if (from) { swapForm(fresh); sent = query(); }
      swap(fresh);
      retryPreview();
      const main = fresh.querySelector("main");
      const canonical = main ? main.getAttribute("data-query") : "";
      const shown = answer.ok ? canonical : asked;
      history.replaceState(null, "", "make" + (shown ? "?" + shown : ""));
      const problems = fresh.querySelectorAll("#summary li").length;
      status.textContent = answer.ok ? say("updated") : say("to-fix-beside", {count: problems});
    } catch (err) {
      if (mine === latest) {
        status.textContent = say("not-updated", {error: err.message});
      }
    } finally {
      if (mine === latest) result.classList.remove("updating");
    }
  }

  retryPreview();
  form.addEventListener("change", function (event) {
    // another language: the whole page is in it, so it is loaded whole, on that language's
    // default paper unless another than this one's default (listed first) was chosen
    if (event.target.id === "language") {
      const params = new URLSearchParams(query());
      const first = form.querySelector('input[name="paper"]');
      if (first && first.checked) params.delete("paper");
      location.assign("make?" + params.toString());
      return;
    }
    // a text box left after typing says "change" again: nothing new to ask for
    if (query() === sent) return;
    clearTimeout(timer);
    update();
  });
  presetForm.addEventListener("change", function () { clearTimeout(timer); update(presetForm); });
  presetForm.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    update(presetForm);
  });
  form.addEventListener("input", function (event) {
    if (event.target.tagName !== "INPUT" || event.target.type === "radio") return;
    clearTimeout(timer);
    timer = setTimeout(update, WAIT_TYPING);
  });
  form.addEventListener("submit", function (event) {
    if (event.submitter && event.submitter.hasAttribute("formaction")) return; // a download
    event.preventDefault();
    clearTimeout(timer);
    update();
  });
})();
