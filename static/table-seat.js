// Companion's "Scan the table" field (FOOT!/ZOOT!'s round form, Poker's showdown).

// Scan the table: the seat its photos are taken from, kept per game on this phone once chosen
// (or once a photo is taken), then shown as text with "change" instead of asked again. The
// seat is no part of the round typed: a hidden field carries it with the form, so that the
// round's draft and the notes of what was typed (game.js) leave it out.
onEveryPage((root) => {
  root.querySelectorAll("[data-table-seat]:not([data-ready])").forEach((field) => {
    field.dataset.ready = "";
    const select = field.querySelector("select");
    const carried = Object.assign(document.createElement("input"), { type: "hidden", name: select.name });
    select.removeAttribute("name");
    select.after(carried);
    const key = `companion:seat:${field.dataset.tableSeat}`;
    const show = (known) => {
      carried.value = select.value;
      field.querySelector(".seat-ask").hidden = known;
      field.querySelector(".seat-said").hidden = !known;
      field.querySelector(".seat-said strong").textContent = select.selectedOptions[0].textContent;
    };
    const keep = () => {
      try { localStorage.setItem(key, select.value); } catch (err) { /* asked again next time */ }
      show(true);
    };
    let kept = null;
    try { kept = localStorage.getItem(key); } catch (err) { /* nothing kept */ }
    if ([...select.options].some((o) => o.value === kept)) select.value = kept;
    show([...select.options].some((o) => o.value === kept));
    select.addEventListener("change", keep);
    field.querySelector(".photo-input").addEventListener("change", keep);
    field.querySelector(".seat-change").addEventListener("click", () => { show(false); select.focus(); });
  });
});
