// Small enhancements; every page works without this file.

// htmx's settings, set before it starts (at DOMContentLoaded; it runs just before this file):
// no indicator styles of its own (the policy allows no inline style), and error pages swapped
// too, so a refused form shows its reason instead of doing nothing.
if (window.htmx) {
  htmx.config.includeIndicatorStyles = false;
  htmx.config.responseHandling = [{ code: "204", swap: false }, { code: "...", swap: true }];
}

// Keep the screen awake while a game is open: the phone lies on the table between turns.
let wakeLock = null;
async function keepAwake() {
  const wanted = document.querySelector("[data-keep-awake]") && document.visibilityState === "visible";
  if (!wanted) {
    if (wakeLock) { wakeLock.release(); wakeLock = null; }
    return;
  }
  if (wakeLock || !("wakeLock" in navigator)) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch (err) {
    // Refused (battery saver, no user gesture yet): the game goes on without it.
  }
}

// Times are stored in UTC (the server writes them so, saying "UTC"); show them in the phone's
// own time zone and language: "20:15" today, "Sat 21 Nov 20:15" another day (and the year
// when it is not this one). Every page's times are <time datetime="...Z"> (the local_time filter).
function localTimes(root) {
  const now = new Date();
  const clock = { hour: "numeric", minute: "2-digit" };
  const times = [...root.querySelectorAll("time[datetime]")];
  if (root.matches && root.matches("time[datetime]")) times.push(root);
  times.forEach((el) => {
    const when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) return;
    const day = { weekday: "short", day: "numeric", month: "short" };
    if (when.getFullYear() !== now.getFullYear()) day.year = "numeric";
    el.textContent = when.toDateString() === now.toDateString()
      ? when.toLocaleTimeString(undefined, clock)
      : when.toLocaleString(undefined, { ...day, ...clock });
    el.title = when.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  });
}

// setUp(root) for the page as it loads, and for each part htmx brings in later (a script
// loaded after the page, for a page reached through htmx: the page, once the script has run).
let pageLoaded = false;
document.addEventListener("DOMContentLoaded", () => { pageLoaded = true; });
function onEveryPage(setUp) {
  if (pageLoaded) queueMicrotask(() => setUp(document));
  else document.addEventListener("DOMContentLoaded", () => setUp(document));
  document.addEventListener("htmx:load", (event) => setUp(event.detail.elt));
}

// Each page loads the scripts it uses (scan.js, game.js, ...): a page reached through htmx
// (a boosted link or form, whose <head> is not used) lists them on <main data-scripts>, and
// those the phone has not run yet are loaded, in order. Rounds waiting to be sent (game.js,
// "Offline at the table") are sent from any page.
function loadScripts() {
  const main = document.querySelector("main[data-scripts]");
  const wanted = main ? main.dataset.scripts.split(" ").filter(Boolean) : [];
  try {
    // (assets.py names game.js, as every file named so here, by its hashed name)
    if (localStorage.getItem("companion:outbox") && main) wanted.push("/static/game.js");
  } catch (err) { /* no storage here: nothing waits */ }
  const loaded = new Set([...document.scripts].map((el) => el.src));
  wanted.map((src) => new URL(src, location.href).href).filter((src) => !loaded.has(src)).forEach((src) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = false;  // in order
    document.head.append(script);
    loaded.add(src);
  });
}

// A script that a part of a page needs only once the part is used (a scan's photo: scan.js;
// FEZ's letter chips and turn timer: fez.js) is named on the part, data-on-use: it comes at the
// first touch, focus or change in the part, or at once when the part's fields already hold
// something (an edit, a refused save, a draft put back). A button tapped or a field changed
// before it has run is tapped or changed again once it has (and only then: every script hears
// it once); a script that cannot come leaves its part as it works without it (.unscripted:
// FEZ's typed colours), and is asked again at the next touch.
const coming = {};  // a script on its way -> what was done in its parts meanwhile
// The part's script, asked for unless it is on the page or on its way: what is held for it,
// or null when it is there.
function scriptFor(part) {
  const src = new URL(part.dataset.onUse, location.href).href;
  if (coming[src] || [...document.scripts].some((el) => el.src === src)) return coming[src] || null;
  coming[src] = [];
  const script = document.createElement("script");
  script.src = src;
  const settle = () => {  // what was held, made again (with or without the script)
    const done = coming[src];
    delete coming[src];
    done.forEach(([type, el]) => (type === "click" ? el.click() : el.dispatchEvent(new Event(type, { bubbles: true }))));
  };
  script.onload = settle;
  script.onerror = () => {
    settle();
    script.remove();
    part.classList.add("unscripted");
  };
  document.head.append(script);
  return coming[src];
}
function useScript(event) {
  const part = event.target.closest && event.target.closest("[data-on-use]");
  const held = part && scriptFor(part);
  if (held && (event.type === "change" || (event.type === "click" && event.target.closest("button[type=button]")))) {
    event.stopImmediatePropagation();
    held.push([event.type, event.target.closest("button") || event.target]);
  }
}
["pointerdown", "focusin", "input", "change", "click"].forEach((type) => document.addEventListener(type, useScript, true));
onEveryPage((root) => root.querySelectorAll("[data-on-use]").forEach((part) => {
  if ([...part.querySelectorAll("input[type=text], input:not([type])")].some((field) => field.value)) scriptFor(part);
}));

// A page's own stylesheets (fez.css, ...) are linked at the top of its <main>: a page that came
// through htmx is shown once they have loaded (or failed, or after 3 s on a Wi-Fi that answers
// nothing), never unstyled (companion.css: .styling). Those the phone has are there at once.
function showWhenStyled() {
  const waiting = [...document.querySelectorAll("main link[rel=stylesheet]")].filter((link) => !link.sheet);
  if (!waiting.length) return;
  const root = document.documentElement;
  let left = waiting.length;
  const done = () => { left -= 1; if (!left) root.classList.remove("styling"); };
  root.classList.add("styling");
  setTimeout(() => root.classList.remove("styling"), 3000);
  waiting.forEach((link) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  });
}
document.addEventListener("htmx:afterSwap", showWhenStyled);
document.addEventListener("htmx:historyRestore", showWhenStyled);

document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("click", keepAwake);
onEveryPage((root) => { keepAwake(); localTimes(root); loadScripts(); });

document.documentElement.classList.add("js");

// ---------------------------------------------------------------------------------------
// A refused form: bring its first reason into view, with focus on the field it is about.
// A reason stays until its field is changed, then goes (the next save checks again).
function showFirstError() {
  const error = document.querySelector("main form .error[role=alert]");
  if (!error) return;
  const box = error.closest("fieldset, .field, label, .word-row, p") || error;
  let field = box.querySelector("input:not([type=hidden]), select, textarea");
  for (let el = error.previousElementSibling; !field && el; el = el.previousElementSibling) {
    field = el.matches("input:not([type=hidden]), select, textarea") ? el
      : el.querySelector("input:not([type=hidden]), select, textarea");
  }
  if (!field) {  // a reason in the form's summary (Hand and Foot's teams): the block it marks
    const marked = error.closest("form") && error.closest("form").querySelector(".has-error");
    field = marked && marked.querySelector("input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea");
  }
  if (!field) {
    const container = error.closest("fieldset, .card, form");
    field = container && container.querySelector("input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea");
  }
  if (field) field.focus({ preventScroll: true });
  error.scrollIntoView({ block: "center" });
}
document.addEventListener("DOMContentLoaded", showFirstError);
document.addEventListener("htmx:afterSettle", (event) => {
  // after htmx's own scroll to the top of a swapped page
  if (event.detail.requestConfig && event.detail.requestConfig.verb === "post") setTimeout(showFirstError, 0);
});
document.addEventListener("input", (event) => {
  const box = event.target.closest && event.target.closest(".has-error");
  if (!box) return;
  box.classList.remove("has-error");
  box.querySelectorAll(":scope > .error, :scope > * > .error").forEach((el) => el.remove());
  dropStaleBanner(box.closest("form"));
});
// "Not saved yet: fix what is marked below" goes once nothing below is marked any more (a
// reason goes as its field changes; the preview takes back the notes it put).
function dropStaleBanner(form) {
  if (!form || form.querySelector(".has-error, .note.problem:not(:empty), .error[role=alert]:not([hidden]):not(.card *)")) return;
  form.querySelectorAll(".not-saved").forEach((el) => el.remove());
}
document.addEventListener("htmx:load", (event) => {
  if (event.target.closest) dropStaleBanner(event.target.closest("form"));
});
// A form whose every reason goes as soon as anything in it changes (FEZ's word and lay-off).
document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("form[data-errors-go]");
  if (form) form.querySelectorAll(".error").forEach((el) => el.remove());
});

// The offline copy: a service worker keeps the app and the pages last seen (static/sw.js).
// Registered once the page has loaded, so that it keeps the files the page loaded from the
// browser's cache instead of downloading them again.
if ("serviceWorker" in navigator && window.isSecureContext) {
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => { /* the app works without it */ });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}
