"""What the e2e tests share about using a phone: a screenshot with notes on what a player would
trip over, typing as a thumb does, and waiting for something the page's callbacks record."""

import time
from pathlib import Path

#: Beside each screenshot: how wide the page is, what sticks out past the phone's 390 px (a
#: mobile browser widens its layout to fit, so innerWidth would hide it), the controls a thumb
#: could miss (under 44 px), and words or numbers split across two lines. Notes, not assertions.
MEASURE = """() => {
  const W = 390, MIN = 44, out = [`scrollWidth ${document.documentElement.scrollWidth} (phone ${W}, layout viewport ${innerWidth})`];
  const say = (e) => (e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().replace(/\\s+/g, '.') : ''))
                     + ' "' + (e.innerText || e.value || e.getAttribute('aria-label') || '').replace(/\\s+/g, ' ').trim().slice(0, 50) + '"';
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > W + 0.5 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > W + 0.5))
      out.push(`past the edge (right ${Math.round(r.right)}, width ${Math.round(r.width)}): ${say(e)}`);
  }
  const controls = 'button, select, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main a, header a, .choice';
  for (const e of document.querySelectorAll(controls)) {
    const r = e.getBoundingClientRect();
    if (r.width <= 2 && r.height <= 2) continue;
    if (r.height < MIN || r.width < MIN) out.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${say(e)}`);
  }
  // a word or number broken across two lines
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, words = /\\S+/g;
    if (!node.parentElement || !node.parentElement.offsetParent) continue;
    for (let m; (m = words.exec(node.data));) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(`split across lines: "${m[0]}" in ${say(node.parentElement)}`);
    }
  }
  return out.join('\\n');
}"""


def shoot(page, name: str, folder: Path) -> None:
    """A full-page screenshot, and beside it what sticks out or is hard to tap (notes only).
    caret="initial": Playwright then leaves no inline style on the inputs (which the page's CSP
    would report on the next boosted navigation)."""
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True, caret="initial")
    (folder / f"{name}.txt").write_text(page.evaluate(MEASURE) + "\n")


def tap_and_type(field, text: str) -> None:
    """What a thumb does: tap the field, clear it, type key by key."""
    field.tap()
    field.press("Control+a")
    field.press("Backspace")
    field.press_sequentially(text, delay=20)


def wait_until(page, done, what: str, timeout: float = 10) -> None:
    """Wait until `done()` is true (something a Playwright callback records, or asks the page),
    at most `timeout` seconds. Playwright's own short waits let its callbacks run meanwhile,
    which time.sleep would not."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        page.wait_for_timeout(20)
