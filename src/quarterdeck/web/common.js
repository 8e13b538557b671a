// What every page shares: the HTTP API, the seats this browser holds, small DOM helpers.

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && data.detail;
    const message = typeof detail === "string" ? detail : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return data;
}

// Seat tokens stay in this browser (localStorage): they are the seat's only key.
const SEAT = "quarterdeck:seat:";
const CREATOR = "quarterdeck:creator:";
const NAME = "quarterdeck:name";

export function seatOf(gameId) {
  const raw = localStorage.getItem(SEAT + gameId);
  return raw ? JSON.parse(raw) : null;
}

export function keepSeat(gameId, seat, token, extra = {}) {
  localStorage.setItem(SEAT + gameId, JSON.stringify({ seat, token, ...extra }));
}

export function creatorOf(gameId) {
  return localStorage.getItem(CREATOR + gameId);
}

export function keepCreator(gameId, token) {
  localStorage.setItem(CREATOR + gameId, token);
}

export function myGames() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(SEAT)) out.push({ id: key.slice(SEAT.length), ...JSON.parse(localStorage.getItem(key)) });
  }
  return out.sort((a, b) => (b.at || 0) - (a.at || 0));
}

export function rememberedName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}

// el("div.card.red", {title: "…"}, child, "text", …)
export function el(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function when(seconds) {
  const d = new Date(seconds * 1000);
  return d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// Dice drawn as dice: dice([3, 6, 1], {good: (f) => f >= 5}) gives a row of faces
// with their pips; `good` marks the successes (a game's own rule of what counts).
const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [0, 2], [2, 0], [2, 2]],
  5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
  6: [[0, 0], [0, 2], [1, 0], [1, 2], [2, 0], [2, 2]],
};

export function die(face, { good = false, size = 22 } = {}) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 30 30");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("class", good ? "die good" : "die");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `die showing ${face}`);
  const body = document.createElementNS(ns, "rect");
  for (const [k, v] of Object.entries({ x: 1, y: 1, width: 28, height: 28, rx: 6 })) body.setAttribute(k, v);
  svg.append(body);
  for (const [row, col] of PIPS[face] || []) {
    const pip = document.createElementNS(ns, "circle");
    pip.setAttribute("cx", 7 + col * 8);
    pip.setAttribute("cy", 7 + row * 8);
    pip.setAttribute("r", 2.6);
    svg.append(pip);
  }
  if (!PIPS[face]) {
    const text = document.createElementNS(ns, "text");
    for (const [k, v] of Object.entries({ x: 15, y: 20, "text-anchor": "middle" })) text.setAttribute(k, v);
    text.textContent = String(face);
    svg.append(text);
  }
  return svg;
}

export function dice(faces, { good = () => false, size = 22 } = {}) {
  return el("span.dice", {}, faces.map((f) => die(f, { good: good(f), size })));
}

// -- who plays a seat ------------------------------------------------------------------

const BOT_WORDS = {
  heuristic: "heuristic bot",
  random: "random bot",
  ismcts: "search bot",
  "ismcts:easy": "search bot (easy)",
  "ismcts:normal": "search bot (normal)",
  "ismcts:hard": "search bot (hard)",
};

export function botWords(bot) {
  return BOT_WORDS[bot] || `${bot} bot`;
}

// A seat's label says who plays it now: a bot handed a person's seat is the bot (the
// person named after it), and two bots of one kind are told apart by their colour.
export function seatLabel(s, colour) {
  if (s.bot) {
    const bot = colour ? `${colour} ${botWords(s.bot)}` : botWords(s.bot);
    return s.name ? `${bot} (for ${s.name})` : bot;
  }
  return s.name || (colour ? `${colour}: open seat` : `seat ${s.seat + 1} (open)`);
}

// -- the rules in short (a tiny Markdown reader: headings, lists, paragraphs, emphasis) --

function inline(text) {
  const out = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|_[^_]+_|`[^`]+`)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("**")) out.push(el("strong", { text: t.slice(2, -2) }));
    else if (t.startsWith("`")) out.push(el("code", { text: t.slice(1, -1) }));
    else out.push(el("em", { text: t.slice(1, -1) }));
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function markdown(text) {
  const root = el("div.rules");
  for (const block of text.split(/\n\s*\n/)) {
    let items = [];
    let para = [];
    let ordered = false;
    const flush = () => {
      if (para.length) root.append(el("p", {}, ...inline(para.join(" "))));
      if (items.length) root.append(el(ordered ? "ol" : "ul", {}, ...items.map((t) => el("li", {}, ...inline(t)))));
      para = [];
      items = [];
    };
    for (const raw of block.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      const heading = /^(#{1,4})\s+(.*)$/.exec(line);
      const item = /^([-*]|\d+\.)\s+(.*)$/.exec(line);
      if (heading) {
        flush();
        root.append(el(`h${Math.min(4, heading[1].length)}`, {}, ...inline(heading[2])));
      } else if (item) {
        if (para.length) flush();
        ordered = /\d/.test(item[1]);
        items.push(item[2]);
      } else if (items.length && /^\s/.test(raw)) {
        items[items.length - 1] += ` ${line}`; // an item's continued line
      } else {
        if (items.length) flush();
        para.push(line);
      }
    }
    flush();
  }
  return root;
}

// The help a table and the rules page show: the summary, then the house values.
export function helpContent(about) {
  const parts = [markdown(about.rules || "No summary yet.")];
  if (about.house_values?.length) {
    parts.push(
      el("h2", { text: "House values (ours, where the rulebook is silent or lost)" }),
      el("table.house-values", {}, el("tbody", {},
        ...about.house_values.map(([entry, value]) => el("tr", {}, el("td", {}, el("code", { text: entry })), el("td", { text: value }))))),
    );
  }
  return parts;
}
