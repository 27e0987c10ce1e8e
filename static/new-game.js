// Companion's new-game page: the folded table rules' summary ("Table rules: as the rules
// sheet", "Ante: 10; Limit: Pot limit") follows the settings as they are changed, worded as
// the server words it (Pages.settings_summary): each setting off its default, by its legend.
function summarise(rules) {
  const changed = [...rules.querySelectorAll("fieldset.setting")].map((setting) => {
    const on = setting.querySelector("input:checked");
    return on && !on.hasAttribute("data-default") ? `${setting.querySelector("legend").textContent}: ${on.parentElement.textContent.trim()}` : "";
  }).filter(Boolean);
  const shown = rules.querySelector(".summary-values");
  shown.textContent = changed.join("; ") || shown.dataset.unchanged;
}

document.addEventListener("change", (event) => {
  const rules = event.target.closest && event.target.closest("details.table-rules");
  if (rules) summarise(rules);
});
onEveryPage((root) => root.querySelectorAll("details.table-rules").forEach(summarise));  // (a form the browser restored)
