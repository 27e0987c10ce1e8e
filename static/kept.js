// Companion's game pages, what only some moments need: plays that waited, sent once the Wi-Fi
// is back; another phone's change while this one keeps score, or its taking the scorekeeping
// over; what a watching phone had typed and never saved; and a play refused when it was sent,
// back in its form. game.js loads it when one comes (loadKept), and as soon as
// anything is typed, so that the phone has it before it may go offline. It uses game.js's
// drafts and outbox.

// Another phone changed the game while this one keeps score (game.js: changedElsewhere).
function changedWhileKeeping() {
  if (posting) return;  // (its own save's answer brings the new page)
  const typing = [...document.querySelectorAll("form[data-draft]")].find(typedIn);
  if (typing) {
    refreshLive();
    // Said beside the button about to be tapped: the form still names the round it was
    // typed for, and the other phone may have saved that very round.
    const note = flashNote(typing, "changed-note",
      "Another phone changed this game meanwhile: the scoreboard above is up to date. Check this " +
      "round before saving it (if the other phone saved it already, saving it again is refused).",
      "alert");
    const button = typing.querySelector("button:not([type=button]):not([formaction]):not(.default-save)");  // its Save
    if (button) button.before(note);
    return;
  }
  htmx.ajax("GET", location.pathname, { target: "body", swap: "innerHTML",
    headers: { "HX-Boosted": "true", "X-Page-Refresh": "true" } });
}

// A page asked for again (above, or below: X-Page-Refresh) is not put in place if the player
// went back in history meanwhile (no request of its own).
document.addEventListener("htmx:beforeSwap", (event) => {
  const config = event.detail.requestConfig || {};
  const refresh = config.headers && config.headers["X-Page-Refresh"];
  if (refresh && location.pathname !== config.path) {
    event.detail.shouldSwap = false;  // the player went back in history meanwhile (no request)
  }
});

// The scorekeeping went to another phone: this one shows the game as a watcher at once, and
// what was typed in its forms stays on the phone, shown read-only (showKept), never dropped.
function nowWatching() {
  if (!document.querySelector("#live") || !document.querySelector("[data-saved]") || !window.htmx) return;
  document.querySelectorAll("form[data-draft]").forEach(saveDraft);
  htmx.ajax("GET", location.pathname, { target: "body", swap: "innerHTML",
    headers: { "HX-Boosted": "true", "X-Page-Refresh": "true" } }).then(() => {
    const main = document.querySelector("main");
    if (main && !document.querySelector("[data-saved]")) {
      flashNote(main, "lost", "This phone only watches now: another phone keeps score.", "alert");
      showKept();
    }
  });
}

// A play refused when it was sent later comes back into its form (game.js: restoreDraft),
// unless the form changed since (typed into meanwhile, or gone).
function bringBack(form, before) {
  if (!form.isConnected || JSON.stringify(fieldsOf(form)) !== before) return;
  const answered = form.elements.for && form.elements.for.value;
  const draft = takeRefused(form);
  if (!draft) return;
  const told = /kept below/.test(draft.message || "");  // the server's refusal says what to do
  const note = `Not saved: ${draft.label}. ${draft.message || ""}` +
    (told ? "" : " What was typed is back in the form: check it and save again.");
  fillForm(form, draft);
  // A refusal was just shown with the round it is about: the form saves as the page's round.
  if (draft.message !== undefined && answered) form.elements.for.value = answered;
  saveDraft(form);
  flashNote(form, "draft-note", note.replace(/\s+/g, " "), draft.message !== undefined ? "alert" : "status");
  followTyping(form);
}

function takeRefused(form) {
  const kept = readJSON(REFUSED, []);
  const at = kept.findIndex((item) => item.page === location.pathname && item.form === form.id);
  if (at < 0) return null;
  const [item] = kept.splice(at, 1);
  localStorage.setItem(REFUSED, JSON.stringify(kept));
  return item;
}

// A phone that only watches (it handed over) shows what was typed on it and never saved: its
// drafts, and plays refused or still waiting, read-only, until the player lets them go.
function showKept() {
  document.querySelectorAll(".kept").forEach((el) => el.remove());
  const game = gamePath();
  const where = document.querySelector("[data-watching]");
  if (!game || !where) return;
  const ofGame = (item) => gamePath(item.page) === game;
  const kept = [...gameDraftKeys(game).map((key) => readJSON(key, null)).filter(Boolean),
    ...readJSON(REFUSED, []).filter(ofGame), ...outbox().filter(ofGame)];
  if (!kept.length) return;
  const box = document.createElement("section");
  box.className = "kept card";
  const title = document.createElement("h2");
  title.textContent = "Typed on this phone, not saved";
  const why = document.createElement("p");
  why.className = "muted";
  why.textContent = "This phone only watches, so none of this was saved: read it to the phone keeping score.";
  const list = document.createElement("ul");
  kept.forEach((item) => {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = item.label || "A form";
    li.append(name, `: ${item.summary || item.fields.map(([, value]) => value).filter(Boolean).join(", ")}`);
    list.append(li);
  });
  const forget = document.createElement("button");
  forget.type = "button";
  forget.className = "forget-kept";
  forget.textContent = "Forget these";
  box.append(title, why, list, forget);
  where.after(box);
}

document.addEventListener("click", (event) => {
  if (!event.target.matches || !event.target.matches(".forget-kept")) return;
  const game = gamePath();
  const other = (item) => gamePath(item.page) !== game;
  gameDraftKeys(game).forEach((key) => localStorage.removeItem(key));
  localStorage.setItem(REFUSED, JSON.stringify(readJSON(REFUSED, []).filter(other)));
  localStorage.setItem(OUTBOX, JSON.stringify(outbox().filter(other)));
  showKept();
  showOutbox();
});

onEveryPage(showKept);

// Why the server refused a play sent from the outbox: the first reason its page gives.
async function refusal(response) {
  try {
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const reason = ["main .flash.lost", "main .error[role=alert]", "main h1"]
      .map((where) => page.querySelector(where)).find(Boolean);
    return reason ? reason.textContent.trim().replace(/\s+/g, " ") : "";
  } catch (err) {
    return "";
  }
}

function keepRefused(item, message) {
  const fields = [...new URLSearchParams(item.body)].filter(([n]) => n !== "csrf_token" && n !== "nonce");
  const kept = readJSON(REFUSED, []);
  kept.push({ page: item.page, form: item.form || "round-form", nonce: item.nonce, fields,
              label: item.label, summary: item.summary, message });
  localStorage.setItem(REFUSED, JSON.stringify(kept));
}

let sending = false;
async function sendKept() {
  if (sending || !navigator.onLine) return;
  sending = true;
  let sent = false;
  try {
    for (const item of outbox()) {
      let response;
      try {
        // Sent as htmx sends a form: a refusal answers 200 with its real status in X-Status.
        response = await fetch(item.url, { method: "POST", body: item.body, credentials: "same-origin",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" } });
      } catch (err) {
        break;  // still offline: try again later, in order
      }
      if (response.status >= 500) break;  // busy: later
      const status = Number(response.headers.get("X-Status")) || response.status;
      // Refused (another phone saved that round first, a rule, a phone that handed over):
      // kept, never dropped; it comes back into its form, or shows on a watching page.
      if (status >= 400) keepRefused(item, await refusal(response));
      localStorage.setItem(OUTBOX, JSON.stringify(outbox().filter((i) => i.nonce !== item.nonce)));
      sent = true;
    }
  } finally {
    sending = false;
  }
  if (sent && outbox().every((item) => item.page !== location.pathname)) location.reload();
  else showOutbox();
}

