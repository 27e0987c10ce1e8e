// Companion's scan screen: pages with a card photo field load this (base.html).

// Scan: shrink the phone's photo before it travels (the server shrinks it anyway), then
// read it at once. Without this file, "Read the photo" does the same.

async function shrink(file, side) {
  if (!file.type.startsWith("image/") || !window.createImageBitmap) return null;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 2e6) return null;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.88));
  return blob && new File([blob], "scan.jpg", { type: "image/jpeg" });
}

// What a card shows in its badge: the pick's label ("Q", "★", "2 TURNS"), a long one smaller
// and squeezed into the card's width, as the server draws it.
function showPick(card, select) {
  const text = card.querySelector("text");
  const label = select.selectedOptions[0] ? select.selectedOptions[0].textContent : select.value;
  const width = card.querySelector(".scan-badge").width.baseVal.value;
  text.textContent = label;
  const font = Number(text.dataset.font);
  text.setAttribute("font-size", label.length > 2 ? Math.min(font, Math.round(1.5 * width / label.length)) : font);
  if (label.length > 2) {
    text.setAttribute("textLength", Math.round(0.9 * width));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  } else {
    text.removeAttribute("textLength");
  }
  card.classList.toggle("removed", select.value === "-");
}

document.addEventListener("change", async (event) => {
  const input = event.target;
  if (input.matches(".card-pick")) {  // a letter picked (below the photo or in the picker): show it on the card
    const card = document.querySelector(`.scan-card[data-card="${input.id.slice(5)}"]`);
    if (card) {
      showPick(card, input);
      card.classList.remove("unsure");  // the scorekeeper has looked at it
    }
    input.classList.remove("unsure");
    closeCardPicker(input.closest(".scan-result"));
    return;
  }
  if (input.matches(".colour-pick")) {  // FEZ: a card's colour toggled (below the photo or in the picker)
    const card = document.querySelector(`.scan-card[data-card="${input.id.slice(4)}"]`);
    input.parentElement.querySelectorAll(".when-unset, .colour-unset").forEach((el) => el.remove());  // chosen now
    if (card) {
      card.classList.toggle("red", input.checked);
      card.classList.toggle("black", !input.checked);
      card.classList.remove("unsure");
    }
    document.querySelectorAll(`.scan-colour[data-card="${input.id.slice(4)}"]`).forEach((button) => {
      button.setAttribute("aria-pressed", String((button.dataset.colour === "R") === input.checked));
    });
    return;
  }
  if (input.matches(".table-seat-pick")) {  // a table's word given to another player: the two swap
    const other = [...document.querySelectorAll(".table-seat-pick")].find(
      (select) => select !== input && select.value === input.value && input.value !== "none");
    if (other) { other.value = input.dataset.was; showSeat(other); }
    showSeat(input);
    document.querySelectorAll(".table-word-row[data-empty]").forEach((row) => {
      row.hidden = [...document.querySelectorAll(".table-seat-pick")].some((select) => select.value === row.dataset.empty);
    });
    return;
  }
  if (input.matches(".table-drop input")) {  // a table's word dropped (✕): shown faded
    document.querySelectorAll(`[data-word="${input.name.slice(5)}"]`).forEach((el) => el.classList.toggle("dropped", input.checked));
    return;
  }
  if (!input.matches(".photo-input") || !input.files.length) return;
  try {
    const small = await shrink(input.files[0], Number(input.dataset.side) || 1600);  // a table's: larger
    if (small) {
      const files = new DataTransfer();
      files.items.add(small);
      input.files = files.files;
    }
  } catch (err) {
    // An image the browser cannot decode still goes up: the server says what is wrong.
  }
  input.closest(".scan").querySelector(".scan-go").click();  // a click, so htmx sends it to the scan
});

// A table's word shown as its player's (their colour on the photo and in the list, their name
// on the photo), or as nobody's.
function showSeat(select) {
  const word = select.id.slice(5);
  const series = select.value === "none" ? "series-none" : `series-${Number(select.value) % 8}`;
  select.dataset.was = select.value;
  document.querySelectorAll(`[data-word="${word}"]`).forEach((el) => {
    el.classList.remove(...[...el.classList].filter((name) => name.startsWith("series-")));
    el.classList.add(series);
  });
  const name = document.querySelector(`.table-word[data-word="${word}"] .table-name`);
  if (name) name.textContent = select.value === "none" ? "not used" : select.selectedOptions[0].textContent;
}

// Tap a card on the photo (anywhere in its column): its letter picker opens under the photo,
// whatever the reader's confidence: big buttons with the reader's likeliest letters first (when
// it had doubts), then every letter (FEZ: its colour first, red or black). A pick shows on the
// card at once and sets the card's select (and colour box) below the photo, which is what "Use
// this word" sends (and what works without this file).
function closeCardPicker(result) {
  if (!result) return;
  const picker = result.querySelector(".scan-picker");
  if (picker) { picker.hidden = true; picker.replaceChildren(); delete picker.dataset.card; }
  result.querySelectorAll(".scan-card.picking").forEach((el) => el.classList.remove("picking"));
}

function letterButton(card, option, current, likely) {
  const button = document.createElement("button");
  button.type = "button";
  const symbol = !/^[A-Z?]+$/.test(option.textContent);  // ★, ✕: a symbol, drawn bigger
  const label = option.value === "-" ? option.title : option.textContent;  // "✕ not a card"
  button.className = `scan-pick${label.length > 2 ? " wide" : ""}${symbol ? " symbol" : ""}`;
  button.dataset.card = card;
  button.dataset.letter = option.value;
  button.textContent = label;
  const name = option.title || option.textContent;
  button.setAttribute("aria-label", likely ? `${name}, likeliest` : name);
  button.setAttribute("aria-pressed", String(option.value === current));
  return button;
}

function colourButtons(card, red) {
  const row = document.createElement("div");
  row.className = "scan-pick-colour";
  row.append(...[["R", "Red"], ["B", "Black"]].map(([colour, name]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `scan-colour ${name.toLowerCase()}`;
    button.dataset.card = card;
    button.dataset.colour = colour;
    button.textContent = name;
    button.setAttribute("aria-pressed", String(red !== null && (colour === "R") === red));
    return button;
  }));
  return row;
}

function openCardPicker(card) {
  const result = card.closest(".scan-result");
  const picker = result && result.querySelector(".scan-picker");
  const select = document.getElementById(`card-${card.dataset.card}`);
  if (!picker || !select) return;
  const again = picker.dataset.card === card.dataset.card && !picker.hidden;
  closeCardPicker(result);
  if (again) return;  // a second tap on the same card closes its picker
  card.classList.add("picking");
  const n = card.dataset.card;
  const red = document.getElementById(`red-${n}`);
  const title = document.createElement("p");
  title.className = "scan-picker-title";
  const [word, i] = n.includes("-") ? n.split("-") : [null, n];  // a table's: word-card
  const seat = word !== null && document.getElementById(`seat-${word}`);
  const whose = seat ? `${seat.selectedOptions[0].textContent}’s card` : "Card";
  title.textContent = `${whose} ${Number(i) + 1}: ${result.dataset.pick || "pick its letter"}`;
  const parts = [title];
  if (red) parts.push(colourButtons(n, document.getElementById(`unset-${n}`) ? null : red.checked));  // null: not set yet
  const options = new Map([...select.options].map((o) => [o.value, o]));
  const likely = [...new Set([select.value, ...(card.dataset.cycle || "").split(" ")])].filter((v) => options.has(v));
  if (likely.length > 1) {
    const row = document.createElement("div");
    row.className = "scan-pick-likely";
    row.append(...likely.map((value) => letterButton(n, options.get(value), select.value, true)));
    parts.push(row);
  }
  const all = document.createElement("div");
  all.className = "scan-pick-all";
  all.append(...[...select.options].map((o) => letterButton(n, o, select.value, false)));
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "scan-pick-cancel";
  cancel.textContent = "Cancel";
  parts.push(all, cancel);
  picker.replaceChildren(...parts);
  picker.dataset.card = n;
  picker.hidden = false;
  picker.scrollIntoView({ block: "nearest" });
}

document.addEventListener("click", (event) => {
  const target = event.target;
  if (!target.closest) return;
  const card = target.closest(".scan-card");
  if (card) { openCardPicker(card); return; }
  if (target.closest(".scan-pick-cancel")) { closeCardPicker(target.closest(".scan-result")); return; }
  const colour = target.closest(".scan-colour");
  const box = colour && document.getElementById(`red-${colour.dataset.card}`);
  if (box) {  // the picker stays open: the letter may want fixing too
    box.checked = colour.dataset.colour === "R";
    box.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const pick = target.closest(".scan-pick");
  const select = pick && document.getElementById(`card-${pick.dataset.card}`);
  if (!select) return;
  select.value = pick.dataset.letter;
  select.dispatchEvent(new Event("change", { bubbles: true }));  // the card shows it at once
});
