// Companion's plays kept on the phone, for the moments that need them: those waiting to send,
// sent once the Wi-Fi is back, and, on a phone that only watches, what was typed on it and
// never saved. game.js loads it when one comes (sendOutbox, setUpDrafts), the phone online: a
// game page does without it until then. It uses game.js's drafts and outbox.

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

