// Companion's new game page: its settings and seats follow the chosen game.

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
onEveryPage(fitNewGame);
