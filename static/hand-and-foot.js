// Companion's Hand and Foot pages: the counts' steppers, and the cards left opened for the
// teams that did not go out.

// Hand and Foot: + and − beside each count; the points add up on screen (the preview). The
// buttons are drawn here, as they work only with this file (the page sends the counts alone).
function step(input, by, text, name) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "step";
  button.dataset.step = by;
  button.dataset.for = input.id;
  button.setAttribute("aria-label", `${name}: ${input.labels[0].textContent.trim()}`);
  button.textContent = text;
  return button;
}
onEveryPage((root) => {
  root.querySelectorAll(".stepper:not(.total) input").forEach((input) => {
    if (input.previousElementSibling.matches(".step")) return;
    input.before(step(input, -1, "−", "One fewer"));
    input.after(step(input, 1, "+", "One more"));
  });
});

document.addEventListener("click", (event) => {
  const step = event.target.closest && event.target.closest(".step[data-for]");
  if (!step) return;
  const input = document.getElementById(step.dataset.for);
  const value = Math.max(0, (parseInt(input.value, 10) || 0) + Number(step.dataset.step));
  input.value = value || "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// Hand and Foot: the cards left count for the teams that did not go out: choosing who went
// out opens the others' counts, and folds that team's while nothing is typed in it.
document.addEventListener("change", (event) => {
  const radio = event.target;
  if (!radio.matches || !radio.matches(".hand-and-foot input[name=out]")) return;
  radio.form.querySelectorAll("fieldset.team").forEach((team) => {
    const left = team.querySelector("details.left-cards");
    if (!left) return;
    if (!team.contains(radio)) left.open = true;
    else if (![...left.querySelectorAll("input")].some((el) => el.value)) left.open = false;
  });
});
