// Companion's Hand and Foot pages: the counts' steppers.

// Hand and Foot: + and − beside each count; the points add up on screen (the preview).
document.addEventListener("click", (event) => {
  const step = event.target.closest && event.target.closest(".step[data-for]");
  if (!step) return;
  const input = document.getElementById(step.dataset.for);
  const value = Math.max(0, (parseInt(input.value, 10) || 0) + Number(step.dataset.step));
  input.value = value || "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
});
