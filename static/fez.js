// Companion's FEZ pages: the letter chips and the turn timer.

// FEZ: the letters typed appear as chips in their card's colour. A tap on a letter toggles
// its card's red/black; the link between two letters puts them on one card (a card has one
// colour, so they take the first one's); All red / All black sets a flush, +★ adds a star of
// the word's colour; a tap on a star turns it the other colour, the next takes it away (so a
// star of either colour can go on any word). A letter's colour starts not set ("?", a dashed
// chip; its first tap makes it red): Save and the working line name it until it is chosen. So
// does a star a scan saw in no colour (its first tap gives it the word's colour).
// The typed fields (R/B a letter, the letters with a space between cards) stay the truth the
// form sends.
function chipsOf(box) {
  const form = box.closest("form");
  const letters = box.dataset.letters.split(",").map((id) => form.querySelector(`#${id}`));
  return { form, letters, colours: form.querySelector("[data-colours-of]"),
           stars: form.querySelector("[data-stars-of]"), cards: form.querySelector("[data-cards-of]") };
}

// joined[i]: letters i and i+1 lie on one card, read from the cards field ("PL A Y") by
// position, so that letters typed on after the link keep it.
function joinsOf(cards, count) {
  const joined = new Array(Math.max(count - 1, 0)).fill(false);
  let at = 0;
  for (const group of (cards ? cards.value : "").split(/\s+/).filter(Boolean)) {
    if (group.length === 2 && at + 1 < count) joined[at] = true;
    at += group.length;
  }
  return joined;
}

function fieldEnds(letters) {  // where each letters field's letters end, counted along all
  let at = 0;
  return letters.map((el) => (at += el.value.replace(/\s/g, "").length));
}

function cardsText(text, joined) {
  if (!joined.some(Boolean)) return "";
  return [...text].map((letter, i) => letter + (i < joined.length && !joined[i] ? " " : "")).join("");
}

const INKS = { R: "red", B: "black" };
function firstInk(colours) { return (colours.value.match(/[RB]/) || ["R"])[0]; }

function drawChips(box) {
  const { letters, colours, stars, cards } = chipsOf(box);
  const text = letters.map((el) => el.value.replace(/\s/g, "").toUpperCase()).join("");
  let colour = colours.value.toUpperCase().replace(/[^RB?]/g, "");
  colour = (colour + "?".repeat(text.length)).slice(0, text.length);
  const joined = joinsOf(cards, text.length);
  // a lay-off's letters before the word and after it: no card gives both
  fieldEnds(letters).forEach((end) => { if (end > 0 && end - 1 < joined.length) joined[end - 1] = false; });
  joined.forEach((on, i) => {  // a card has one colour: its second letter takes the first's
    const c = colour[i] === "?" ? colour[i + 1] : colour[i];  // (or the one set, when one is)
    if (on && colour[i + 1] !== colour[i]) colour = colour.slice(0, i) + c + c + colour.slice(i + 2);
  });
  if (colours.value !== colour) colours.value = colour;
  if (cards && cards.value !== cardsText(text, joined)) cards.value = cardsText(text, joined);
  box.replaceChildren();
  [...text].forEach((letter, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    const name = INKS[colour[i]];
    chip.className = `chip ${name || "unset"}`;
    chip.dataset.index = i;
    chip.textContent = letter;
    chip.setAttribute("aria-label", name ? `${letter}, ${name}: tap to change` : `${letter}, no colour yet: tap to choose`);
    box.append(chip);
    if (cards && i < joined.length && !fieldEnds(letters).includes(i + 1)) {
      const link = document.createElement("button");
      link.type = "button";
      link.className = `chip-join${joined[i] ? ` on ${INKS[colour[i]] || "unset"}` : ""}`;
      link.dataset.join = i;
      link.textContent = joined[i] ? "=" : "·";
      link.setAttribute("aria-pressed", String(joined[i]));
      link.setAttribute("aria-label", `${letter} and ${text[i + 1]} on one card`);
      box.append(link);
    }
  });
  [...(stars ? stars.value.toUpperCase().replace(/[^RB?]/g, "") : "")].forEach((c, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    const name = INKS[c];
    chip.className = `chip star ${name || "unset"}`;
    chip.dataset.star = i;
    chip.textContent = "★";
    chip.setAttribute("aria-label", name ? `a ${name} star: tap to change or remove` : "a star, no colour yet: tap to choose");
    box.append(chip);
  });
}

function changed(field) {
  field.dispatchEvent(new Event("input", { bubbles: true }));  // the preview follows
}

function setUpChips(root) {
  root.querySelectorAll(".chips[data-letters]").forEach((box) => {
    const { form } = chipsOf(box);
    form.classList.remove("unscripted");  // (this file came after all: fez.css shows the chips)
    drawChips(box);
  });
}

document.addEventListener("input", (event) => {
  const form = event.target.closest && event.target.closest("form");
  if (!form || event.target.matches("[data-colours-of], [data-stars-of], [data-cards-of]")) return;
  form.querySelectorAll(".chips[data-letters]").forEach(drawChips);
});

document.addEventListener("click", (event) => {
  const target = event.target;
  const box = target.closest && target.closest(".chips");
  const tools = target.closest && target.closest(".chip-tools");
  const form = target.closest && target.closest("form");
  if (!form || !(box || tools)) return;
  const chips = form.querySelector(".chips[data-letters]");
  const { colours, stars, cards } = chipsOf(chips);
  if (target.matches(".chip[data-index]")) {
    const i = Number(target.dataset.index);
    const joined = joinsOf(cards, colours.value.length);
    const other = colours.value[i] === "R" ? "B" : "R";
    const card = [i, ...(joined[i - 1] ? [i - 1] : []), ...(joined[i] ? [i + 1] : [])];
    colours.value = [...colours.value].map((c, k) => (card.includes(k) ? other : c)).join("");
    changed(colours);
  } else if (target.matches(".chip-join[data-join]")) {
    const i = Number(target.dataset.join);
    const joined = joinsOf(cards, colours.value.length);
    joined[i] = !joined[i];
    if (joined[i]) {  // a card carries two letters at most: its neighbours' links go
      if (i > 0) joined[i - 1] = false;
      if (i + 1 < joined.length) joined[i + 1] = false;
    }
    const text = chipsOf(chips).letters.map((el) => el.value.replace(/\s/g, "").toUpperCase()).join("");
    cards.value = cardsText(text, joined);
    changed(cards);
  } else if (target.matches(".chip[data-star]")) {
    // the colour +★ adds, then the other, then gone: either colour is reachable on any word
    const i = Number(target.dataset.star);
    const s = stars.value.toUpperCase();
    const first = firstInk(colours);
    const next = s[i] === "?" ? first : s[i] === first ? (first === "R" ? "B" : "R") : "";
    stars.value = s.slice(0, i) + next + s.slice(i + 1);
    changed(stars);
  } else if (target.matches(".flush")) {
    colours.value = target.dataset.colour.repeat(colours.value.length);
    changed(colours);
  } else if (target.matches(".add-star") && stars && stars.value.length < 4) {
    stars.value += firstInk(colours);
    changed(stars);
  } else {
    return;
  }
  drawChips(chips);
});

onEveryPage(setUpChips);

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
