// Companion's game pages: the round form's Enter key, every phone live, drafts, the outbox.

// Enter (a phone's Next or Go key) in a field of a round's form moves to the next field to
// fill, as a thumb expects; from the last one it saves: the form's default button is its Save
// (a hidden copy first in the form where a scan field would otherwise be the default), never a
// player's Read the photo. Without this file Enter saves from any field.
const ENTERABLE = "input:not([type]), input[type=text], input[type=number], input[type=search], input[type=tel]";

function fieldsToFill(form) {
  return [...form.querySelectorAll(ENTERABLE)]
    .filter((el) => !el.disabled && !el.readOnly && el.getClientRects().length);
}

function nextToFill(field) {
  const form = field.matches && field.matches(ENTERABLE) && field.closest("form[data-draft]");
  if (!form) return undefined;
  const fields = fieldsToFill(form);
  const at = fields.indexOf(field);
  return at < 0 ? undefined : fields[at + 1] || null;  // null: the last field
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
  const next = nextToFill(event.target);
  if (!next) return;  // not a round's field, or its last: the form saves
  event.preventDefault();
  next.focus();
  if (next.select) next.select();
});

// The phone's keyboard says what its Enter key does: Next, or Done on the last field.
document.addEventListener("focusin", (event) => {
  const next = nextToFill(event.target);
  if (next !== undefined) event.target.enterKeyHint = next ? "next" : "done";
});

// ---------------------------------------------------------------------------------------
// Every phone live: the game page's live region (#live) follows the game's event stream and
// asks for itself again when the game changes (a 304 when nothing did). Without EventSource,
// or while the stream keeps failing, it asks every few seconds instead.
let events = null;
let polling = null;
function refreshLive() {
  const live = document.getElementById("live");
  if (live && window.htmx) htmx.trigger(live, "live");
}
// Another phone changed the game. A watcher's scoreboard follows. A scorekeeper's whole page
// follows when nothing is typed in its round form (the heading, the form and Undo are outside
// the live region); when something is, the scoreboard follows and a note says so, so the
// round is checked before it is saved twice. While this phone's own form is on its way, its
// answer brings the new page anyway.
let posting = 0;
let navigations = 0;  // pages asked for (links, forms)
// A request that is no page of its own (a points preview, a live or page refresh) answers for
// the page it was asked from: one that comes back after the player saved or went elsewhere is
// dropped (a late preview would put a refused word's message back beside the saved form's).
// Its element may be gone from the page by then, so the check listens on the element itself.
document.addEventListener("htmx:beforeRequest", (event) => {
  const config = event.detail.requestConfig || {};
  if (config.verb === "post") posting += 1;
  if (config.verb === "post" || config.boosted) {
    navigations += 1;
    return;
  }
  const { elt, xhr } = event.detail;
  if (!elt || !xhr) return;
  const askedFrom = navigations;
  // (or whose element left the page: a preview that waited out its delay while a tap went on)
  const drop = (swap) => {
    if (swap.detail.xhr === xhr && (navigations !== askedFrom || !elt.isConnected)) swap.detail.shouldSwap = false;
  };
  elt.addEventListener("htmx:beforeSwap", drop);
  xhr.addEventListener("loadend", () => elt.removeEventListener("htmx:beforeSwap", drop));
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.requestConfig && event.detail.requestConfig.verb === "post") posting = Math.max(0, posting - 1);
});
function changedElsewhere() {
  if (posting) return;
  const keeping = document.querySelector("[data-saved]");
  if (!keeping || !window.htmx) { refreshLive(); return; }
  loadKept(() => changedWhileKeeping());  // (kept.js)
}

function follow() {
  const live = document.getElementById("live");
  // A page with the scorekeeper's forms asks to be told when this phone stops keeping score.
  const keeper = live && document.querySelector("[data-saved]") ? "&keeper=1" : "";
  const url = live && live.dataset.events && `${live.dataset.events}?since=`;
  if (events && (!url || events.companionUrl !== url + keeper)) { events.close(); events = null; }
  if (!url) { clearInterval(polling); polling = null; return; }
  if (events) return;
  if (!window.EventSource) {
    if (!polling) polling = setInterval(refreshLive, 3000);
    return;
  }
  events = new EventSource(`${url}${encodeURIComponent(live.dataset.version)}${keeper}`);
  events.companionUrl = url + keeper;
  events.addEventListener("watching", () => loadKept(() => nowWatching()));  // (kept.js)
  events.addEventListener("change", (event) => {
    const now = document.getElementById("live");
    // versions only grow (the id of the last play): an older or equal one is no change (a
    // stream opened just after this phone's own save may first report the version before it)
    if (now && Number(event.data) > Number(now.dataset.version)) changedElsewhere();
  });
  events.addEventListener("open", () => { clearInterval(polling); polling = null; });
  events.addEventListener("error", () => {  // the browser reconnects; poll meanwhile
    if (!polling) polling = setInterval(refreshLive, 3000);
  });
}
onEveryPage(follow);

// ---------------------------------------------------------------------------------------
// Drafts: a round typed but not saved survives a reload (or a phone that closes the tab).
// What the form holds is kept on the phone as it is typed, with the form's one-time id; the
// game page lists the ids of its last saved plays (data-saved), so a draft that was saved is
// dropped, and one that was not comes back into the empty form.
const DRAFTS = "companion:draft:";

// A message the page shows at the top of `where` (one of each kind at a time), as the
// server's flashed messages look.
function flashNote(where, kind, text, role = "status") {
  document.querySelectorAll(`.flash.${kind}`).forEach((el) => el.remove());
  const note = document.createElement("p");
  note.className = `flash ${kind}`;
  note.setAttribute("role", role);
  note.textContent = text;
  where.prepend(note);
  return note;
}

function draftKey(form) { return `${DRAFTS}${location.pathname}#${form.id}`; }

function fieldsOf(form) {
  const fields = [];
  for (const el of form.elements) {
    if (!el.name || el.type === "file" || el.name === "csrf_token" || el.disabled) continue;
    if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
    if (el.type === "submit" || el.type === "button") continue;
    fields.push([el.name, el.value]);
  }
  return fields;
}

function readJSON(key, otherwise) {
  try { return JSON.parse(localStorage.getItem(key)) ?? otherwise; } catch (err) { return otherwise; }
}

// Whether anything is typed in the form's text and number fields (selects always hold a value).
function typedIn(form) {
  return [...form.querySelectorAll("input:not([type]), input[type=text], input[type=number], input[type=search], textarea")]
    .some((el) => el.name && el.value.trim());
}

function saveDraft(form) {
  if (!form.closest("[data-saved]")) return;
  const fields = fieldsOf(form).filter(([name]) => name !== "nonce");
  try {
    if (typedIn(form)) {
      localStorage.setItem(draftKey(form), JSON.stringify({ nonce: form.elements.nonce.value, fields,
        label: headingOf(form), summary: summaryOf(form) }));
    } else {
      localStorage.removeItem(draftKey(form));
    }
  } catch (err) {
    // Storage full or refused (private mode): the form still works, only without drafts.
  }
}

function freshNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, "x");
}

// A field a player fills in (not the form's own hidden values, files or buttons).
function typedField(el) {
  return Boolean(el.name) && !["hidden", "file", "submit", "button"].includes(el.type);
}

// What a form is headed ("Round 3", "A lay-off", "Edit round 2"), to name what it holds.
function headingOf(form) {
  const before = form.previousElementSibling;
  const heading = before && before.matches("h2") ? before : document.querySelector("main h1");
  return heading ? heading.textContent.trim().replace(/\s+/g, " ") : "a round";
}

// What is typed in a form, in the player's words ("Ann’s word: JAZZY · Ann, Went out first"),
// for the notes that keep it when it cannot go into a form.
function summaryOf(form) {
  const parts = [];
  for (const el of form.elements) {
    if (!typedField(el) || el.disabled) continue;
    const box = el.type === "checkbox" || el.type === "radio";
    if (box ? !el.checked : !el.value.trim()) continue;
    const label = ((el.labels && el.labels[0] && el.labels[0].textContent) || el.getAttribute("aria-label")
      || el.name).trim().replace(/\s+/g, " ");
    const legend = el.closest("fieldset") && el.closest("fieldset").querySelector("legend");
    const who = legend && !label.includes(legend.textContent.trim()) ? `${legend.textContent.trim()}, ` : "";
    const value = el.tagName === "SELECT" ? el.selectedOptions[0].textContent.trim() : el.value.trim();
    parts.push(box ? `${who}${label}` : `${who}${label}: ${value}`);
  }
  return parts.join(" · ");
}

// The game a page belongs to (/games/<id>): its drafts and its plays waiting are kept together.
function gamePath(path = location.pathname) {
  const match = /^\/games\/[a-z2-9]+(?=\/|$)/.exec(path || "");
  return match ? match[0] : null;
}

function gameDraftKeys(game) {
  const keys = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(`${DRAFTS}${game}`) && "/#".includes(key[DRAFTS.length + game.length])) keys.push(key);
  }
  return keys;
}

// Drafts of this game's forms that were saved since (an edit page's, a lay-off's) are dropped.
function forgetSaved(saved) {
  const game = gamePath();
  if (!game) return;
  gameDraftKeys(game).forEach((key) => {
    const draft = readJSON(key, null);
    if (!draft || saved.has(draft.nonce)) localStorage.removeItem(key);
  });
}

// Set the number a form is for (the round after those waiting to be sent), and where its
// heading and Save button show that number, show the new one.
function setFor(form, number) {
  const answered = form.elements.for;
  const old = answered.value;
  if (String(number) === old) return;
  answered.value = String(number);
  const heading = form.previousElementSibling;
  // The heading and Save say the number only where it is the row's (FEZ's say the round, not the word)
  if (!heading || !heading.matches("h2") || !form.hasAttribute("data-numbered")) return;
  const shown = new RegExp(`\\b(round|deal) ${old}\\b`, "i");
  [heading, [...form.querySelectorAll("button[type=submit]")].pop()].forEach((el) => {
    if (el) el.textContent = el.textContent.replace(shown, (_, word) => `${word} ${number}`);
  });
}

function passWaiting(form) {
  const answered = form.elements.for;
  if (!answered || !/^\d+$/.test(answered.value)) return;
  const mine = outbox().filter((item) => item.page === location.pathname && item.form === form.id
    && /^\d+$/.test(item.for || ""));
  setFor(form, Math.max(Number(answered.value), ...mine.map((item) => Number(item.for) + 1)));
}

// The points and FEZ's working line follow what was put back in the form.
function followTyping(form) {
  const regions = [...form.querySelectorAll("[hx-get]")];
  (regions.length ? regions : [form]).forEach((region) => {
    const field = region.querySelector("input:not([type=hidden]):not([type=file])");
    if (field) field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

// Plays the server refused when they were sent from the outbox (another phone saved first,
// a rule, a phone that no longer keeps score): kept here until they are back in a form.
const REFUSED = "companion:refused";

// What each form's points (its <output>s) show while nothing is typed, to show again when the
// form moves on to the next round offline (the server, which fills them, cannot be asked).
const blanks = new WeakMap();

function restoreDraft(form) {
  const page = form.closest("[data-saved]");
  if (!page) return;
  if (!typedIn(form) && !form.querySelector(".error")) {
    blanks.set(form, new Map([...form.querySelectorAll("output[id]")].map((el) => [el.id, el.innerHTML])));
  }
  const saved = new Set(page.dataset.saved.split(" "));
  forgetSaved(saved);
  const waiting = new Set(outbox().map((item) => item.nonce));
  const key = draftKey(form);
  let draft = readJSON(key, null);
  // This page's one-time id may be one already used (a page kept from before a save sent
  // later): the next round gets a new one.
  if (saved.has(form.elements.nonce.value) || waiting.has(form.elements.nonce.value)) {
    form.elements.nonce.value = freshNonce();
  }
  passWaiting(form);
  // The server sent the form back as typed (refused, or a scan): that is the draft now. An
  // edit form comes filled with the round it edits: a draft of it still comes back.
  if (form.querySelector(".error") || (!form.hasAttribute("data-prefilled") && typedIn(form))) {
    saveDraft(form);
    return;
  }
  // What was typed before and never saved comes back into the form, by this file: a phone that
  // typed only offline and reloads has no kept.js. A play refused when it was sent later (so
  // with the Wi-Fi there) comes back by kept.js.
  if (draft && !waiting.has(draft.nonce)) {
    fillForm(form, draft);
    saveDraft(form);
    flashNote(form, "draft-note", "What you typed before is back: it is not saved yet.");
    followTyping(form);
  } else if (readJSON(REFUSED, []).some((item) => item.page === location.pathname && item.form === form.id)) {
    const before = JSON.stringify(fieldsOf(form));
    loadKept(() => bringBack(form, before));
  }
}

function fillForm(form, draft) {
  const values = new Map();
  draft.fields.forEach(([name, value]) => values.set(`${name}\u0000${value}`, true).set(name, value));
  for (const el of form.elements) {
    if (!el.name || el.type === "file" || el.name === "csrf_token" || el.name === "nonce") continue;
    if (el.type === "checkbox" || el.type === "radio") el.checked = values.has(`${el.name}\u0000${el.value}`);
    else if (values.has(el.name)) el.value = values.get(el.name);
  }
  form.elements.nonce.value = draft.nonce;
}

// What a watching phone kept is shown by kept.js, loaded when there is some.
function setUpDrafts(root) {
  root.querySelectorAll("form[data-draft]").forEach(restoreDraft);
  const game = gamePath();
  if (game && document.querySelector("[data-watching]") && typeof showKept !== "function"
      && (gameDraftKeys(game).length
          || [...readJSON(REFUSED, []), ...outbox()].some((item) => gamePath(item.page) === game))) loadKept();
}
document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("form[data-draft]");
  if (!form) return;
  saveDraft(form);
  loadKept();  // on the phone from now on: what is typed may need it (a reload, a save offline)
});
document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("form[data-draft]");
  if (form) saveDraft(form);
});
onEveryPage(setUpDrafts);

// ---------------------------------------------------------------------------------------
// Offline at the table: a round saved while the Wi-Fi is down waits on the phone ("waiting
// to send") and is sent once the connection returns. Its one-time id makes a second arrival
// harmless, so it is saved exactly once.
const OUTBOX = "companion:outbox";

function outbox() { return readJSON(OUTBOX, []); }

function showOutbox() {
  document.querySelectorAll(".outbox").forEach((el) => el.remove());
  const waiting = outbox().filter((item) => item.page === location.pathname);
  const main = document.querySelector("main");
  if (!waiting.length || !main) return;
  flashNote(main, "outbox", `${waiting.length} waiting to send: ${waiting.map((item) => item.label).join(", ")}. ` +
    `${waiting.length === 1 ? "It goes" : "They go, in order,"} as soon as the Wi-Fi is back; nothing to do.`);
}

function say(text) {
  const main = document.querySelector("main");
  if (main) flashNote(main, "offline-note", text, "alert").scrollIntoView({ block: "center" });
}

function queue(form) {
  const body = new URLSearchParams();
  fieldsOf(form).forEach(([name, value]) => body.append(name, value));
  body.set("csrf_token", form.elements.csrf_token ? form.elements.csrf_token.value : "");
  const heading = headingOf(form);
  // Its words too: after a reload the form is empty, and the note is what shows it is kept.
  const words = fieldsOf(form).filter(([name, value]) => /^word-\d+$/.test(name) && value.trim())
    .map(([, value]) => value.trim().toUpperCase());
  const label = words.length ? `${heading} (${words.join(", ")})` : heading;
  const nonce = form.elements.nonce.value;
  const items = outbox().filter((item) => item.nonce !== nonce);
  items.push({ url: form.action, body: body.toString(), nonce, label, page: location.pathname,
               form: form.id, for: form.elements.for ? form.elements.for.value : null, summary: summaryOf(form) });
  localStorage.setItem(OUTBOX, JSON.stringify(items));
  if (form.elements.for) moveOn(form);  // an edit keeps its form: nothing comes after it
  showOutbox();
  // Save is at the foot of the form, the note at the top of the page: bring it into view.
  const note = document.querySelector(".outbox");
  if (note) note.scrollIntoView({ block: "center" });
}

// As if the save had answered: the form empty, for the next round, with a new one-time id,
// so the next hand saved here waits behind this one instead of replacing it.
function moveOn(form) {
  for (const el of form.elements) {
    if (!typedField(el)) continue;
    if (el.type === "checkbox" || el.type === "radio") el.checked = false;
    else if (el.tagName === "SELECT") el.selectedIndex = 0;
    else el.value = "";
  }
  form.querySelectorAll(".error, .flash").forEach((el) => el.remove());
  form.querySelectorAll(".card").forEach((el) => { if (!el.children.length) el.remove(); });
  form.querySelectorAll(".has-error").forEach((el) => el.classList.remove("has-error"));
  form.elements.nonce.value = freshNonce();
  try { localStorage.removeItem(draftKey(form)); } catch (err) { /* no drafts here */ }
  passWaiting(form);
  const blank = blanks.get(form);
  form.querySelectorAll("output[id]").forEach((el) => { el.innerHTML = blank && blank.has(el.id) ? blank.get(el.id) : ""; });
  followTyping(form);  // FEZ's chips go too (and the points, when the server answers)
}

// Plays waiting are sent by kept.js, asked for once there is something to send and the phone
// is online.
function sendOutbox() {
  if (navigator.onLine && outbox().length) loadKept(() => sendKept());
}

// kept.js: what a game page needs now and then (sending what waited, another phone's change or
// taking over, what a watching phone kept, a play refused brought back), loaded the first
// time, then `then`. The service worker keeps it then, like every file.
let keptScript = null;
function loadKept(then = () => {}) {
  if (typeof sendKept === "function") { then(); return; }
  if (!keptScript) {
    keptScript = document.createElement("script");
    keptScript.src = "/static/kept.js";
    keptScript.addEventListener("error", () => { keptScript.remove(); keptScript = null; });
    document.head.append(keptScript);
  }
  keptScript.addEventListener("load", then, { once: true });
}

document.addEventListener("htmx:sendError", (event) => {
  const elt = event.detail.elt;
  const form = elt && elt.closest && elt.closest("form[data-draft]");
  const config = event.detail.requestConfig || {};
  if (form && config.verb === "post") {
    queue(form);
  } else if (config.verb === "post") {
    say("No connection: nothing was sent. Tap again when the Wi-Fi is back.");
  } else if (config.verb === "get" && event.detail.boosted && event.detail.pathInfo
             && event.detail.pathInfo.requestPath) {
    // A page (a boosted link or form) asked for with no connection: load it whole, so the
    // offline copy can answer. Not a region (the points beside a word typed offline).
    location.assign(event.detail.pathInfo.finalRequestPath || event.detail.pathInfo.requestPath);
  }
});
window.addEventListener("online", sendOutbox);
// What waits is shown on each page, and again on a page htmx swaps in without the note (the
// whole page followed after another phone's change, or the phone's kept copy of it offline).
onEveryPage(() => { if (!document.querySelector(".outbox")) showOutbox(); });
document.addEventListener("DOMContentLoaded", sendOutbox);
setInterval(sendOutbox, 5000);
