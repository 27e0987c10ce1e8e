// Small enhancements; every page works without this file.

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

// Times are stored in UTC; show them in the phone's own time zone.
function localTimes(root) {
  root.querySelectorAll("time[datetime]").forEach((el) => {
    const when = new Date(el.getAttribute("datetime"));
    if (!isNaN(when)) el.textContent = when.toLocaleTimeString();
  });
}

document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("click", keepAwake);
document.addEventListener("htmx:load", (event) => { keepAwake(); localTimes(event.detail.elt); });
document.addEventListener("DOMContentLoaded", () => { keepAwake(); localTimes(document); });

// Scan: shrink the phone's photo before it travels (the server shrinks it anyway), then
// read it at once. Without this file, "Read the photo" does the same.
document.documentElement.classList.add("js");

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

document.addEventListener("change", async (event) => {
  const input = event.target;
  if (input.matches(".card-pick")) {  // a letter picked below the photo: show it on the card
    const text = document.querySelector(`.scan-card[data-card="${input.id.slice(5)}"] text`);
    if (text) text.textContent = input.value;
    return;
  }
  if (!input.matches(".photo-input") || !input.files.length) return;
  try {
    const small = await shrink(input.files[0], 1600);
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

// Tap a card on the photo: its letter cycles through the reader's likeliest letters.
document.addEventListener("click", (event) => {
  const card = event.target.closest && event.target.closest(".scan-card");
  if (!card) return;
  const select = document.getElementById(`card-${card.dataset.card}`);
  const cycle = card.dataset.cycle;
  if (cycle.length < 2) { select.focus(); return; }
  const next = cycle[(cycle.indexOf(select.value) + 1) % cycle.length];
  select.value = next;
  card.querySelector("text").textContent = next;
});

// New game: show only the chosen game's settings and as many name fields as it seats.
// Without this file every field shows, and the server checks what the game allows.
function fitNewGame() {
  const chosen = document.querySelector('input[name="ruleset"]:checked');
  if (!chosen) return;
  document.querySelectorAll(".setting[data-game]").forEach((el) => {
    el.hidden = el.dataset.game !== chosen.value;
  });
  document.querySelectorAll(".first-label").forEach((el) => { el.textContent = chosen.dataset.first; });
  document.querySelectorAll(".first-label").forEach((el) => {
    if (el.closest("p")) el.textContent = chosen.dataset.first.replace(/ first$/, "");
  });
  const seats = Number(chosen.dataset.seats);
  document.querySelectorAll(".seat[data-seat]").forEach((el) => {
    el.hidden = Number(el.dataset.seat) >= seats;
  });
}
document.addEventListener("change", (event) => {
  if (event.target.matches('input[name="ruleset"]')) fitNewGame();
});
document.addEventListener("DOMContentLoaded", fitNewGame);
document.addEventListener("htmx:load", fitNewGame);

// FEZ: the letters typed appear as chips in their card's colour. A tap on a letter toggles
// red/black, All red / All black sets a flush, +★ adds a star; a tap on a star cycles red,
// black, gone. The typed colour fields (R/B a letter) stay the truth the form sends.
function chipsOf(box) {
  const form = box.closest("form");
  const letters = box.dataset.letters.split(",").map((id) => form.querySelector(`#${id}`));
  return { form, letters, colours: form.querySelector("[data-colours-of]"),
           stars: form.querySelector("[data-stars-of]") };
}

function drawChips(box) {
  const { letters, colours, stars } = chipsOf(box);
  const text = letters.map((el) => el.value.replace(/\s/g, "").toUpperCase()).join("");
  let colour = colours.value.toUpperCase().replace(/[^RB]/g, "");
  const last = colour.slice(-1) || "B";
  colour = (colour + last.repeat(text.length)).slice(0, text.length);
  if (colours.value !== colour) colours.value = colour;
  box.replaceChildren();
  [...text].forEach((letter, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = `chip ${colour[i] === "R" ? "red" : "black"}`;
    chip.dataset.index = i;
    chip.textContent = letter;
    chip.setAttribute("aria-label", `${letter}, ${colour[i] === "R" ? "red" : "black"}: tap to change`);
    box.append(chip);
  });
  [...(stars ? stars.value.toUpperCase().replace(/[^RB]/g, "") : "")].forEach((c, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = `chip star ${c === "R" ? "red" : "black"}`;
    chip.dataset.star = i;
    chip.textContent = "★";
    chip.setAttribute("aria-label", `a ${c === "R" ? "red" : "black"} star: tap to change or remove`);
    box.append(chip);
  });
}

function changed(field) {
  field.dispatchEvent(new Event("input", { bubbles: true }));  // the preview follows
}

function setUpChips(root) {
  root.querySelectorAll(".chips[data-letters]").forEach((box) => {
    const { form } = chipsOf(box);
    box.hidden = false;
    form.querySelectorAll(".chip-tools").forEach((tools) => { tools.hidden = false; });
    form.querySelectorAll(".typed-colours").forEach((el) => { el.hidden = true; });  // still sent
    drawChips(box);
  });
}

document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("form");
  if (!form || event.target.matches("[data-colours-of], [data-stars-of]")) return;
  form.querySelectorAll(".chips[data-letters]").forEach(drawChips);
});

document.addEventListener("click", (event) => {
  const target = event.target;
  const box = target.closest && target.closest(".chips");
  const tools = target.closest && target.closest(".chip-tools");
  const form = target.closest && target.closest("form");
  if (!form || !(box || tools)) return;
  const chips = form.querySelector(".chips[data-letters]");
  const { colours, stars } = chipsOf(chips);
  if (target.matches(".chip[data-index]")) {
    const i = Number(target.dataset.index);
    const c = colours.value;
    colours.value = c.slice(0, i) + (c[i] === "R" ? "B" : "R") + c.slice(i + 1);
    changed(colours);
  } else if (target.matches(".chip[data-star]")) {
    const i = Number(target.dataset.star);
    const s = stars.value;
    stars.value = s[i] === "R" ? s.slice(0, i) + "B" + s.slice(i + 1) : s.slice(0, i) + s.slice(i + 1);
    changed(stars);
  } else if (target.matches(".flush")) {
    colours.value = target.dataset.colour.repeat(colours.value.length);
    changed(colours);
  } else if (target.matches(".add-star") && stars && stars.value.length < 4) {
    stars.value += colours.value[0] || "R";
    changed(stars);
  } else {
    return;
  }
  drawChips(chips);
});

document.addEventListener("DOMContentLoaded", () => setUpChips(document));
document.addEventListener("htmx:load", (event) => setUpChips(event.detail.elt));

// FEZ's nasty turn timer: a big countdown the table can see; the phone buzzes and beeps at 0.
let timer = null;
document.addEventListener("click", (event) => {
  const start = event.target.closest && event.target.closest(".start-timer");
  if (!start) return;
  const box = start.closest(".turn-timer");
  const out = box.querySelector(".countdown");
  let left = Number(box.dataset.seconds);
  clearInterval(timer);
  out.textContent = left;
  box.classList.remove("over");
  timer = setInterval(() => {
    left -= 1;
    out.textContent = Math.max(left, 0);
    if (left > 0) return;
    clearInterval(timer);
    box.classList.add("over");
    if (navigator.vibrate) navigator.vibrate([300, 100, 300]);
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      tone.connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
    } catch (err) {
      // No sound here: the number on screen says it.
    }
  }, 1000);
});

// Hand and Foot: + and − beside each count; the points add up on screen (the preview).
document.addEventListener("click", (event) => {
  const step = event.target.closest && event.target.closest(".step[data-for]");
  if (!step) return;
  const input = document.getElementById(step.dataset.for);
  const value = Math.max(0, (parseInt(input.value, 10) || 0) + Number(step.dataset.step));
  input.value = value || "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
});
