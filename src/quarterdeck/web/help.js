// Help at the table: hovering (after a short pause), long-pressing (on a touch screen)
// or focusing with the keyboard any zone, card, track or token says what it is and
// which rule governs it. A game's table marks a thing with help(node, what, rule):
// data-help (what it is) and data-rule (the rule as the game's own rules name it). One
// panel serves every game: it is built here, once, and placed inside the screen.

const HOVER_DELAY = 350; // ms: a pointer passing over the table shows nothing
const LONG_PRESS = 500; // ms: a finger held this long asks what a thing is
const SLOP = 10; // px a finger may wander during a long press
const MARGIN = 8; // px kept between the panel and the screen's edges

// Mark a node (HTML or SVG) with what it is and the rule that governs it; screen readers
// hear both (aria-description). Returns the node, so a renderer can wrap it.
export function help(node, what, rule = "") {
  if (!node) return node;
  node.dataset.help = what;
  if (rule) node.dataset.rule = rule;
  else delete node.dataset.rule;
  node.setAttribute("aria-description", rule ? `${what} (${rule})` : what);
  return node;
}

let panel = null;
let anchor = null; // the thing whose help is shown
let timer = null;
let press = null; // a long press under way: {x, y, target, pointerId}
let swallowClick = false; // the click after a long press only showed the help

const helpOf = (target) => (target instanceof Element ? target.closest("[data-help]") : null);

function makePanel() {
  const node = document.createElement("div");
  node.id = "zone-help";
  node.className = "zone-help";
  node.setAttribute("role", "tooltip");
  node.hidden = true;
  document.body.append(node);
  return node;
}

export function showHelp(target) {
  if (!target?.isConnected || !target.dataset.help) return;
  panel ||= makePanel();
  anchor = target;
  const what = document.createElement("span");
  what.className = "zone-help-what";
  what.textContent = target.dataset.help;
  const parts = [what];
  if (target.dataset.rule) {
    const rule = document.createElement("span");
    rule.className = "zone-help-rule";
    rule.textContent = `Rule: ${target.dataset.rule}`;
    parts.push(rule);
  }
  // What a click (a tap) on it would do now, for a finger that cannot hover a title.
  const doing = target.classList.contains("choosable") ? target.getAttribute("title") || target.getAttribute("aria-label") : "";
  if (doing) {
    const act = document.createElement("span");
    act.className = "zone-help-act";
    act.textContent = `Click: ${doing}`;
    parts.push(act);
  }
  panel.replaceChildren(...parts);
  panel.hidden = false;
  place(panel, target.getBoundingClientRect());
  panel.classList.remove("shown");
  void panel.offsetWidth; // restart the fade (none when motion is reduced: style.css)
  panel.classList.add("shown");
}

export function hideHelp() {
  clearTimeout(timer);
  timer = null;
  anchor = null;
  if (panel) {
    panel.hidden = true;
    panel.classList.remove("shown");
  }
}

// Above the thing if there is room, else below it; never past the screen's edges (the
// panel's width is capped by style.css at the viewport's less the margins).
function place(box, at) {
  const vw = document.documentElement.clientWidth || innerWidth;
  const vh = innerHeight;
  box.style.maxWidth = `${Math.min(320, vw - 2 * MARGIN)}px`;
  box.style.left = "0px";
  box.style.top = "0px";
  const { width, height } = box.getBoundingClientRect();
  const left = Math.max(MARGIN, Math.min(at.left + at.width / 2 - width / 2, vw - width - MARGIN));
  let top = at.top - height - MARGIN;
  if (top < MARGIN) top = at.bottom + MARGIN;
  top = Math.max(MARGIN, Math.min(top, vh - height - MARGIN));
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
}

// The table may be drawn anew while a pointer rests (another seat moved): then the
// thing under it now is the one asked about.
function under(target, x, y) {
  if (target.isConnected || x === undefined) return target;
  return helpOf(document.elementFromPoint(x, y)) || target;
}

function later(target, delay, x, y) {
  clearTimeout(timer);
  timer = setTimeout(() => showHelp(under(target, x, y)), delay);
}

// -- a mouse: hover ----------------------------------------------------------------------

function onOver(e) {
  if (e.pointerType !== "mouse") return;
  const target = helpOf(e.target);
  if (!target) { hideHelp(); return; }
  // The table is drawn anew after every move: the same thing drawn again keeps its help.
  if (anchor && !anchor.isConnected && target.dataset.help === panel?.firstChild?.textContent) { anchor = target; return; }
  if (target === anchor) return;
  if (anchor) hideHelp();
  later(target, HOVER_DELAY, e.clientX, e.clientY);
}

function onOut(e) {
  if (e.pointerType !== "mouse") return;
  const from = helpOf(e.target);
  const to = helpOf(e.relatedTarget);
  if (from && from !== to && !to) hideHelp();
}

// -- a finger: long press ------------------------------------------------------------------

function onDown(e) {
  if (panel && !panel.hidden && !panel.contains(e.target) && helpOf(e.target) !== anchor) hideHelp(); // a tap elsewhere
  if (e.pointerType === "mouse") { clearTimeout(timer); return; }
  const target = helpOf(e.target);
  if (!target) return;
  press = { x: e.clientX, y: e.clientY, target, pointerId: e.pointerId };
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (!press) return;
    swallowClick = true; // the finger asked, it did not choose
    showHelp(under(press.target, press.x, press.y));
  }, LONG_PRESS);
}

function onMove(e) {
  if (!press || e.pointerId !== press.pointerId) return;
  if (Math.hypot(e.clientX - press.x, e.clientY - press.y) > SLOP) cancelPress();
}

function cancelPress() {
  if (press && !swallowClick) clearTimeout(timer);
  press = null;
}

function onUp() {
  cancelPress();
  // A click follows the lifted finger at once; one that never comes must not eat the next.
  if (swallowClick) setTimeout(() => { swallowClick = false; }, 400);
}

// Capturing at the window, before the thing's own listener: the long press's click
// (and the menu a long press opens on some phones) is dropped.
function onClick(e) {
  if (!swallowClick) return;
  swallowClick = false;
  e.preventDefault();
  e.stopPropagation();
}

function onMenu(e) {
  if (press || swallowClick || (anchor && helpOf(e.target) === anchor)) e.preventDefault();
}

// -- the keyboard: focus -----------------------------------------------------------------

function onFocus(e) {
  const target = helpOf(e.target);
  if (target && target === e.target && target.matches(":focus-visible")) later(target, 0);
}

function onBlur(e) {
  if (anchor && e.target === anchor) hideHelp();
}

function onKey(e) {
  if (e.key === "Escape" && panel && !panel.hidden) hideHelp();
}

// The page (or a box holding the thing) scrolled: the panel would point at nothing. The
// log scrolling as lines come in leaves it be.
function onScroll(e) {
  if (!anchor) return;
  const box = e.target === document ? document.documentElement : e.target;
  if (box instanceof Node && box.contains(anchor)) hideHelp();
}

let installed = false;

// Listen once, on the whole page: tables are drawn anew after every move.
export function installHelp() {
  if (installed || typeof document === "undefined") return;
  installed = true;
  document.addEventListener("pointerover", onOver);
  document.addEventListener("pointerout", onOut);
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("pointermove", onMove, true);
  document.addEventListener("pointerup", onUp, true);
  document.addEventListener("pointercancel", cancelPress, true);
  window.addEventListener("click", onClick, true);
  document.addEventListener("contextmenu", onMenu, true);
  document.addEventListener("focusin", onFocus);
  document.addEventListener("focusout", onBlur);
  document.addEventListener("keydown", onKey);
  window.addEventListener("scroll", onScroll, { passive: true, capture: true });
  window.addEventListener("resize", hideHelp);
}
