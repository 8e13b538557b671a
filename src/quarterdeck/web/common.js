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
