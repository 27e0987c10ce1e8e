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
