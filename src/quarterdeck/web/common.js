// What every page shares: the HTTP API, the seats this browser holds, small DOM helpers.
import { joinBody } from "./identity.js";

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

// -- the table's settings: reduce motion and sounds, kept in this browser ----------------

const REDUCE_MOTION = "quarterdeck:reduce-motion";
const SOUNDS = "quarterdeck:sounds";
const HINTS = "quarterdeck:hints";

// Motion is reduced when the person says so at the table, else when their system asks
// for it (prefers-reduced-motion).
export function motionReduced() {
  const kept = localStorage.getItem(REDUCE_MOTION);
  if (kept !== null) return kept === "1";
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function applyMotionSetting() {
  document.documentElement.classList.toggle("reduce-motion", motionReduced());
}

export function soundsOn() {
  return localStorage.getItem(SOUNDS) === "1"; // off unless turned on
}

// The "what should I do?" button: off unless the person ticks it at a table.
export function hintsOn() {
  return localStorage.getItem(HINTS) === "1";
}

// The settings' checkboxes (the table shows both; the replay only motion). With
// ``onHints`` (a seated player's table) a third turns hints on, and says so to it.
export function settingsControls({ sounds = true, onHints = null } = {}) {
  applyMotionSetting();
  const motion = el("input", { type: "checkbox", id: "reduce-motion", checked: motionReduced() });
  motion.addEventListener("change", () => {
    localStorage.setItem(REDUCE_MOTION, motion.checked ? "1" : "0");
    applyMotionSetting();
  });
  const parts = [el("label.setting", {}, motion, " Reduce motion (nothing slides or flashes)")];
  if (sounds) {
    const sound = el("input", { type: "checkbox", id: "sounds", checked: soundsOn() });
    sound.addEventListener("change", () => {
      localStorage.setItem(SOUNDS, sound.checked ? "1" : "0");
      if (sound.checked) beep("turn"); // a click lets the page make sound: a sample
    });
    parts.push(el("label.setting", {}, sound, " Sounds for your turn and for hits"));
  }
  if (onHints) {
    const hints = el("input", { type: "checkbox", id: "hints", checked: hintsOn() });
    hints.addEventListener("change", () => {
      localStorage.setItem(HINTS, hints.checked ? "1" : "0");
      onHints(hints.checked);
    });
    parts.push(el("label.setting", {}, hints, " Hints: a “What should I do?” button (not in rated games)"));
  }
  return parts;
}

// -- sounds: short beeps made on the spot (WebAudio), no files ---------------------------

let audio = null;
const TUNES = {
  turn: [[660, 0, 0.12, "sine"], [880, 0.13, 0.18, "sine"]],
  hit: [[140, 0, 0.16, "square"], [70, 0.04, 0.3, "triangle"]],
};

export function beep(kind) {
  if (!soundsOn()) return;
  try {
    audio ||= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    for (const [freq, at, length, type] of TUNES[kind] || []) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const t = audio.currentTime + at;
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.12, t + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
    // What sounded last, and how often: for the curious (and the browser tests).
    document.body.dataset.sound = kind;
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
  } catch {
    // No audio on this device: the table plays on in silence.
  }
}

// -- motion: things move from where they were to where they go (FLIP) --------------------
//
// A renderer marks what may move with data-flip="a key unique on the table" (a card, a
// disc, a marker, a ship); data-flip-from names where a newcomer comes from (a card
// drawn from the deck), data-flip-angle a ship's facing, data-flip-sig what counts as a
// change of it (else its place and its words). Before a table is drawn anew its marked
// things are measured; after, each is put back where it was and slides to its new place
// by a CSS transition (style.css: [data-flip]); what left fades out where it was.

const MOST_MOVES = 90; // more at once is a new picture (a reload, a jump in a replay)

function placeOf(node) {
  const holder = node.parentElement?.closest("[data-flip], [data-place]");
  return holder ? holder.dataset.flip || holder.dataset.place : "";
}

export function signature(node) {
  return node.dataset.flipSig ?? `${placeOf(node)}|${node.textContent}`;
}

function flipped(root) {
  const out = new Map();
  for (const node of root.querySelectorAll("[data-flip]")) {
    if (!out.has(node.dataset.flip)) out.set(node.dataset.flip, node);
  }
  return out;
}

// Where each marked thing is, relative to the table (its scrolling aside).
function placeIn(root, node) {
  const r = node.getBoundingClientRect();
  const o = root.getBoundingClientRect();
  const left = r.left - o.left + root.scrollLeft;
  const top = r.top - o.top + root.scrollTop;
  // Centres: a card that shrinks onto a Target still goes from its middle to its middle.
  return { x: left + r.width / 2, y: top + r.height / 2, width: r.width, height: r.height, view: r };
}

export function measure(root) {
  const out = new Map();
  for (const [key, node] of flipped(root)) {
    out.set(key, { at: placeIn(root, node), angle: Number(node.dataset.flipAngle || 0), node });
  }
  return out;
}

// A length on the screen in the units of an SVG element's parent (its user space).
function svgScale(node) {
  const ctm = node.parentNode?.getScreenCTM?.();
  return ctm ? Math.hypot(ctm.a, ctm.b) || 1 : 1;
}

export function animate(root, before) {
  if (!before || !before.size || motionReduced() || document.hidden) return;
  const after = flipped(root);
  const moves = [];
  const arrivals = [];
  const shifted = new Map(); // node → how far it is put back on the screen
  for (const [key, node] of after) { // in the document's order: a holder before what it holds
    const old = before.get(key);
    if (old) {
      const now = placeIn(root, node);
      const turn = old.angle - Number(node.dataset.flipAngle || 0);
      let dx = old.at.x - now.x;
      let dy = old.at.y - now.y;
      shifted.set(node, [dx, dy]);
      // Held by a thing that moves too (a ship's bow, a card on a Target): it moves with
      // its holder, and only its own way besides.
      const holder = shifted.get(node.parentElement?.closest("[data-flip]"));
      if (holder) {
        dx -= holder[0];
        dy -= holder[1];
      }
      if (node.dataset.flipAngle !== undefined) dx = dy = 0; // a bow only turns, about its ship
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && !turn) continue;
      if (node instanceof SVGElement) {
        const scale = svgScale(node);
        dx /= scale;
        dy /= scale;
      }
      moves.push({ node, dx, dy, turn: ((turn + 540) % 360) - 180 });
    } else {
      const from = node.dataset.flipFrom ? before.get(node.dataset.flipFrom) : null;
      arrivals.push({ node, from });
    }
  }
  const gone = [...before].filter(([key]) => !after.has(key)).map(([, old]) => old);
  if (moves.length + arrivals.length + gone.length > MOST_MOVES) return;
  for (const { node, dx, dy, turn } of moves) {
    node.style.transition = "none";
    if (dx || dy) node.style.translate = `${dx}px ${dy}px`;
    if (turn) node.style.rotate = `${turn}deg`;
  }
  for (const { node, from } of arrivals) {
    node.style.transition = "none";
    node.style.opacity = "0";
    if (from && !(node instanceof SVGElement)) {
      const now = placeIn(root, node);
      node.style.translate = `${from.at.x - now.x}px ${from.at.y - now.y}px`;
    }
  }
  for (const old of gone) leave(old);
  void root.getBoundingClientRect(); // the styles above take hold before they are let go
  for (const { node } of [...moves, ...arrivals]) {
    node.style.transition = "";
    node.style.translate = "";
    node.style.rotate = "";
    node.style.opacity = "";
  }
}

// What left the table (a marker lost, a card played out of sight) fades where it was.
function leave(old) {
  if (old.node instanceof SVGElement || !old.at.width) return;
  const ghost = old.node.cloneNode(true);
  const r = old.at.view;
  ghost.removeAttribute("data-flip");
  ghost.classList.remove("choosable", "last-move");
  ghost.classList.add("flip-ghost");
  Object.assign(ghost.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
  document.body.append(ghost);
  requestAnimationFrame(() => requestAnimationFrame(() => ghost.classList.add("gone")));
  setTimeout(() => ghost.remove(), 900);
}

// -- the result of a finished game (the table's result panel and the replay's end) ------

export function winnersOf(view) {
  const r = view.returns || [];
  if (!r.length) return [];
  const best = Math.max(...r);
  return r.map((v, s) => (v === best ? s : null)).filter((s) => s !== null);
}

// Any game without its own result(): the log's closing lines say why; numbers every
// seat's record holds (points, glory, gold …) are its tallies.
const TALLIES = { points: "Points", glory: "Glory", stash_points: "Stash", gold: "Gold", store: "Stored", treasures_aboard: "Treasure aboard", hull: "Hull", crew: "Crew" };
function genericResult(view, said) {
  let from = said.length - 1;
  for (let i = said.length - 1; i >= Math.max(0, said.length - 4); i--) {
    if (/game (is over|ends)|wins|round (cap|limit)|draw/i.test(said[i])) from = i;
  }
  const reason = said.slice(Math.max(0, from)).join(" ");
  const records = view.fleets || view.captains || view.ships || [];
  const columns = Object.keys(TALLIES).filter((k) => records.length && records.every((x) => typeof x?.[k] === "number"));
  return { reason, columns: columns.map((k) => TALLIES[k]), rows: records.map((x) => columns.map((k) => x[k])) };
}

// Who ranks first by keys compared in turn, in words: the first key that parts them
// is the one that broke the tie.
export function rankWords(rank, names, words) {
  let level = rank.map((_, s) => s);
  for (let k = 0; k < words.length; k++) {
    const best = Math.max(...level.map((s) => rank[s][k]));
    const top = level.filter((s) => rank[s][k] === best);
    const who = top.map((s) => names[s]).join(" and ");
    if (top.length === 1 && k === 0) return `${who} has the most ${words[0]}: ${best}.`;
    if (top.length === 1) {
      const tied = level.map((s) => names[s]).join(" and ");
      const on = words.slice(0, k).map((w, j) => `${w} (${rank[level[0]][j]})`).join(" and on ");
      return `${tied} tie on ${on}; ${who} has the most ${words[k]} (${best}), which breaks the tie.`;
    }
    level = top;
  }
  return `${level.map((s) => names[s]).join(" and ")} are level on ${words.join(", ")}: they share the win.`;
}

// The result in words and numbers: who won, why (the game's result() reads it from the
// view and the log: sunk, officers lost, the round cap, a tie-break), each seat's tallies.
export function resultOf(game, view, names, said, options = {}) {
  const r = (game.result && game.result(view, names, said, options)) || genericResult(view, said);
  const winners = winnersOf(view);
  const all = !winners.length || winners.length === names.length;
  const headline = all ? "A draw." : `${winners.map((s) => names[s]).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`;
  return { ...r, winners, all, headline };
}

// The result panel's contents: the headline, the reason, the score table and the
// buttons given (replay, rematch, the lobby …).
export function resultPanel(box, result, names, actions, close) {
  const { winners, all } = result;
  const rows = names.map((name, s) => el(`tr${winners.includes(s) && !all ? ".winner" : ""}`, {},
    el("td", { text: name }),
    ...result.columns.map((_, c) => el("td.num", { text: String(result.rows[s]?.[c] ?? "") })),
    el("td", { text: winners.includes(s) && !all ? "won" : all ? "draw" : "" })));
  box.replaceChildren(
    el("header", {}, el("h2", { id: "result-title", text: `The game is over: ${result.headline}` }),
      el("button.small", { type: "button", text: "✕", "aria-label": "close", onclick: close })),
    el("p.result-reason", { text: result.reason }),
    el("table.score-table", {},
      el("thead", {}, el("tr", {}, el("th", { text: "Seat" }), ...result.columns.map((c) => el("th.num", { text: c })), el("th", { text: "Result" }))),
      el("tbody", {}, ...rows)),
    el("div.result-actions", {}, ...actions),
  );
  box.hidden = false;
}

// A rematch: a new game of the same game with the same options, turn timer and pace, the
// bots in the seats they held, every person's seat open again but this one's, which this
// browser takes. The server offers each person at the finished table their own seat in
// it (rematch_of, asked with this seat's token); a game has one rematch, so pressing
// again (or after another seat did) takes this seat in the one there is. Its id.
export async function rematch(gameId, seat, title) {
  const old = await api(`/api/games/${gameId}`);
  if (old.rematch) return joinRematch(old, seat, title);
  const bots = {};
  old.seats.forEach((s, i) => {
    if (s.bot && !s.name && i !== seat) bots[i] = s.bot; // a person's seat handed to a bot is theirs again
  });
  let created;
  try {
    created = await api("/api/games", {
      method: "POST",
      token: seatOf(gameId)?.token,
      body: { game: old.game, players: old.players, bots, options: old.options, turn_timer: old.turn_timer, pace: old.pace, rematch_of: gameId },
    });
  } catch (e) {
    const now = await api(`/api/games/${gameId}`); // another seat's rematch came first
    if (now.rematch) return joinRematch(now, seat, title);
    throw e;
  }
  keepCreator(created.id, created.creator_token);
  return joinRematch({ ...old, rematch: created.id }, seat, title);
}

// Take this person's own seat (the same number) in the finished game's rematch, under
// their name and player key, unless this browser holds it already. The rematch's id.
export async function joinRematch(old, seat, title) {
  const id = old.rematch;
  if (seatOf(id)) return id;
  const name = old.seats[seat]?.name || rememberedName() || "Captain";
  const joined = await api(`/api/games/${id}/seats/${seat}/join`, { method: "POST", body: joinBody(name) });
  keepSeat(id, joined.seat, joined.token, { game: old.game, title, at: Date.now() / 1000, fresh: true, rematchOf: old.id });
  return id;
}
