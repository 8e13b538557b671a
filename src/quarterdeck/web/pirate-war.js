// The Pirate War table: the hex map (components.map: odd-r rows of marks) drawn as SVG
// hexes with rocks, ports, forts and the island, every ship with an arrow for its facing
// and the wind; then each captain's hull, crew, hold, gold and hand as the view shows
// them. A ship you may fire at or board glows and is clicked.
import { el } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const COMPASS = ["", "E", "SE", "SW", "W", "NW", "NE"]; // sides 1–6 (PW-6.2)
const ANGLE = [0, 0, 60, 120, 180, 240, 300]; // degrees clockwise from east
const R = 14; // hex radius (pointy-topped)
const W = Math.sqrt(3) * R;
// mark → [class, letter shown (not only colour), what it is]
const TERRAIN = {
  ".": ["sea", "", "sea"], ":": ["anchor", "", "free-port anchorage"], A: ["anchor home", "", "home-port anchorage"],
  h: ["harbour", "", "harbour"], P: ["port", "P", "free port"], X: ["fort", "F", "fort"],
  "#": ["coast", "", "coast"], I: ["island", "I", "island"], R: ["rock", "R", "rock"],
};

export const ON_TABLE = new Set(["fire-at", "board"]);

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function centre(col, row) {
  return [W * (col + 0.5 * (row & 1)) + W / 2, 1.5 * R * row + R];
}

function hexPoints(x, y) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

export function render(root, ctx) {
  const { view, seat, choose, names } = ctx;
  const targets = new Map();
  for (const a of ctx.legal || []) if (ON_TABLE.has(a.kind) && !targets.has(a.args[0])) targets.set(a.args[0], a);
  const order = view.ships.map((s) => s.seat);
  if (seat !== null && seat !== undefined) order.push(...order.splice(0, seat));
  root.replaceChildren(
    el("div.pw-table", {},
      el("header.pw-head", {},
        el("strong", { text: `Round ${view.round} of ${view.round_limit}` }),
        el("span.pw-wind", { text: `wind blows toward ${COMPASS[view.wind] || "?"} ${"→↘↙←↖↗"[view.wind - 1] || ""}` }),
        el("span.meta", { text: `deck ${view.deck_size} · discards ${view.discard.length}` })),
      board(view, ctx.components?.map, targets, choose, names),
      el("div.pw-captains", {}, ...order.map((s) => captain(view, view.ships[s], { mine: s === seat, names, target: targets.get(s), choose, cards: ctx.components?.cards })))),
  );
}

function board(view, map, targets, choose, names) {
  if (!map?.rows) return el("p.meta", { text: "(no map data)" });
  const rows = map.rows;
  const width = W * (Math.max(...rows.map((r) => r.length)) + 0.5);
  const height = 1.5 * R * (rows.length - 1) + 2 * R;
  const homes = new Map(view.ships.filter((s) => s.home_port).map((s) => [s.home_port, s.seat]));
  const cells = [];
  rows.forEach((line, row) => [...line].forEach((mark, col) => {
    const [x, y] = centre(col, row);
    const digit = /[1-6]/.test(mark);
    const [kind, letter, what] = digit ? ["town", mark, `town of port ${mark}`] : TERRAIN[mark] || ["sea", "", "sea"];
    const owner = digit && homes.has(Number(mark)) ? names[homes.get(Number(mark))] : null;
    cells.push(svg("g", { class: `pw-hex ${kind}` },
      svg("title", {}, `${what}${owner ? ` (home of ${owner})` : ""} · ${col},${row}`),
      svg("polygon", { points: hexPoints(x, y) }),
      letter ? svg("text", { x, y: y + 4, "text-anchor": "middle" }, letter) : null));
  }));
  const ships = view.ships.filter((s) => s.col_row).map((s) => {
    const [x, y] = centre(s.col_row[0], s.col_row[1]);
    const target = targets.get(s.seat);
    const g = svg("g", { class: `pw-ship seat${s.seat}${target ? " choosable" : ""}`, transform: `translate(${x},${y})` },
      svg("title", {}, `${names[s.seat]}: ${s.race}, facing ${COMPASS[s.facing]}, hull ${s.hull}${target ? ` — ${target.text}` : ""}`),
      svg("circle", { r: R * 0.72 }),
      svg("path", { d: `M ${R * 0.95} 0 L ${R * 0.35} -5 L ${R * 0.35} 5 Z`, transform: `rotate(${ANGLE[s.facing] || 0})`, class: "bow" }),
      svg("text", { y: 4, "text-anchor": "middle" }, String(s.seat + 1)));
    if (target) clickable(g, target, choose);
    return g;
  });
  return el("div.pw-board", {}, svg("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "img", "aria-label": "the hex map" }, ...cells, ...ships));
}

function clickable(node, action, choose) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.dataset.action = action.id;
  node.addEventListener("click", (e) => { e.stopPropagation(); choose(action.id); });
  node.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); choose(action.id); } });
  return node;
}

function captain(view, s, { mine, names, target, choose, cards }) {
  const cardName = (n) => cards?.find((c) => c.card === n)?.name || `card ${n}`;
  const turn = view.pending?.seat === s.seat && !view.terminal;
  const state = [s.miss_next_turn ? "misses next turn" : null, s.wine_women_song ? "wine, women and song" : null,
    s.hostile_to.length ? `hostile to port ${s.hostile_to.join(", ")}` : null].filter(Boolean);
  const node = el(`section.pw-captain${mine ? ".mine" : ""}${turn ? ".deciding" : ""}`, { "aria-label": `${names[s.seat]}'s ship` },
    el("header", {},
      el(`span.pw-token.seat${s.seat}`, { text: String(s.seat + 1) }),
      el("strong", { text: names[s.seat] }),
      el("span", { text: s.race ? ` ${s.race}` : " (no race yet)" }),
      el("span.points", { text: `${s.store} stored` }),
      turn ? el("span.badge", { text: "deciding" }) : null),
    el("div.meta", { text: `${s.home_port ? `home port ${s.home_port}` : "no home port"}${s.facing ? ` · facing ${COMPASS[s.facing]}` : ""}` }),
    el("div", { text: `hull ${s.hull} · crew ${s.crew} · hold ${s.treasures_aboard} treasure${s.treasures_aboard === 1 ? "" : "s"} · gold ${s.gold}` }),
    el("div.meta", { text: `weapons mounted: ${s.weapons.join(", ") || "none"}` }),
    el("div.meta", { text: s.hand ? `hand: ${s.hand.map(cardName).join(", ") || "empty"}` : `hand: ${s.hand_size} card${s.hand_size === 1 ? "" : "s"}` }),
    state.length ? el("div.meta", { text: state.join(" · ") }) : null);
  if (target) {
    node.classList.add("choosable");
    node.title = target.text;
    clickable(node, target, choose);
  }
  return node;
}

export function describe(view, seat, names) {
  if (view.terminal) {
    const winners = (view.winners || []).map((s) => names[s]);
    return `The game is over: ${winners.join(" and ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}.`;
  }
  return (view.pending?.prompt || "").replace(/^\w+(?=:)/, (captain) => names[view.pending.seat] ?? captain);
}
