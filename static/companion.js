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
