// The Pirate War table: the hex map (components.map: odd-r rows of marks) drawn as SVG
// hexes with rocks, ports, forts and the island, every ship with an arrow for its facing,
// a wind rose, the latest rolls as dice, each captain's ship card and your own hand.
//
// Moving: the hexes where the move may still end glow faintly, the next steps brightly;
// a click on a bright hex takes that step, a click on any glowing hex takes the steps of
// a shortest way there one by one, the ↺ ↻ marks beside the ship turn it, and a click
// on the ship stops it. Each step goes through play.js's choose(), so Back undoes it
// and the game decides whether the steps are sent together (its choice steps) or one by
// one. Firing, boarding and ramming: the targets glow on the map and are clicked.
import { dice, el, rankWords } from "./common.js";
import { help, installHelp } from "./help.js";

const SVG = "http://www.w3.org/2000/svg";
const COMPASS = ["", "E", "SE", "SW", "W", "NW", "NE"]; // sides 1–6 (PW-6.2)
const ANGLE = [0, 0, 60, 120, 180, 240, 300]; // degrees clockwise from east
const R = 14; // hex radius (pointy-topped)
const W = Math.sqrt(3) * R;
const WIDTH = 27; // a hex's index is row * 27 + col (map.py)
const STEP = [[0, 0], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]; // axial, sides 1–6
const OARS = 1, SAIL = 2; // movement modes (phases.py)
const COLOURS = ["Red", "Blue", "Yellow", "Green", "White", "Purple"]; // captains (render.player)
const MOVING = new Set(["forward", "back", "turn", "port-turn"]);
// mark → [class, letter shown (not only colour), what it is]
const TERRAIN = {
  ".": ["sea", "", "sea"], ":": ["anchor", "", "free-port anchorage"], A: ["anchor home", "", "home-port anchorage"],
  h: ["harbour", "", "harbour"], P: ["port", "P", "free port"], X: ["fort", "F", "fort"],
  "#": ["coast", "", "coast"], I: ["island", "I", "island"], R: ["rock", "R", "rock"],
};
// What each kind of hex is for, and the house rules that govern it (help.js).
const HEX_HELP = {
  sea: ["open sea: ships sail and anchor here, one to a hex", "PW-6.3 Terrain; PW-6.10"],
  anchor: ["a free port's anchorage: a ship anchored here is at the free port, neutral ground (no firing, ramming or boarding) where it may trade and buy services; it turns freely here",
    "PW-6.4 Free ports; PW-14.2; PW-10.7 Port turns"],
  "anchor home": ["a home port's anchorage: a ship anchored here is at the port, to trade, plunder or buy services, and its owner stores treasures here; it turns freely here",
    "PW-6.5; PW-14.1 Anchorages; PW-17.2 Storing"],
  harbour: ["a home port's harbour: its forts reach it, ships here may be attacked, and a ship turns freely here", "PW-6.5; PW-14.3; PW-10.7 Port turns"],
  port: ["a free port's town (a grey hex): land; anchor on a sea hex touching it to be at the port", "PW-6.4 Free ports"],
  fort: ["a shore fort (2 cannon, range 2): it fires at a ship that plunders its port or attacks a ship in its harbour, and goes on firing at a hostile ship", "PW-14.4; PW-14.5; PW-14.6"],
  coast: ["coast: land, it blocks movement", "PW-6.3 Terrain"],
  island: ["the deserted island: land; a ship anchored beside it may Dig with the Treasure Map", "PW-6.6; PW-18 The deserted island"],
  rock: ["a rock: it only blocks movement", "PW-6.7"],
  town: ["(a grey hex): land; its anchorage is where trade, plunder and storing happen", "PW-6.5; PW-14.7; PW-15.2 Plunder"],
};
const STAT_HELP = {
  hull: ["hull: hit points now of the race's most; at half or less movement is halved; at 0 the ship sinks", "PW-4.1; PW-4.6; PW-4.7"],
  hold: ["the hold: crew, weapons and treasure aboard, one space each, of as many spaces as hull points; the excess is lost (overflow)", "PW-4.2–4.5"],
  crew: ["crew: no more weapons fire in one attack than there are crew; at 0 the ship is lost; 2 gold each in port", "PW-4.7; PW-4.8; PW-16.2"],
  gold: ["gold: the captain's purse, public, and not lost when the ship sinks", "PW-4.9; PW-4.10"],
  aboard: ["treasures aboard: store them at the home anchorage; only stored treasures win", "PW-17.1; PW-17.2 Storing"],
  cards: ["cards held: no hand limit", "PW-9.3"],
};
// What a held card does, in a few words (effects of the data file, PW Appendix B).
const EFFECT = {
  battle: (c) => `fire: hits on 3+, 2 damage a hit (target within ${c.within})`,
  boarding: (c) => `boarding: +${c.bonus}`,
  "cancel-miss": () => "cancels a missed turn",
  "plunder-2": (c) => `plunder ${c.treasures} treasures without a roll`,
  "treasure-map": (c) => `dig at the island (${c.dice} dice)`,
  "narrow-escape": () => "escape an attack",
  "weather-storm": () => "cancels a storm",
  medicinals: () => "cancels a crew loss",
};

// What clicking a target ship does, and its rule.
const TARGET_RULE = {
  "fire-at": ["Fire at it: your weapons that bear on it (arc and range) roll to hit, and it rolls saves", "PW-12.3 Fire attack; PW-5 Weapons, arcs and ranges"],
  board: ["Board it: a boarding action against the ship beside yours", "PW-13 Boarding actions"],
  ram: ["Ram it: the ram die decides the damage, no saves", "PW-11 Ramming"],
};

export const ON_TABLE = new Set(["fire-at", "board", "ram", "forward", "back", "turn", "port-turn", "stop"]);

// A way to a far hex clicked on the map, followed one step per table drawn.
let course = null; // {start, steps: [[kind, arg, standing after it]], next: the step to take}
let lastRolls = { known: [], shown: [] };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function centre(col, row) {
  return [W * (col + 0.5 * (row & 1)) + W / 2, 1.5 * R * row + R];
}

function hexPoints(x, y, r = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

const colRow = (i) => [i % WIDTH, Math.floor(i / WIDTH)];
const turnSide = (side, by) => ((((side - 1 + by) % 6) + 6) % 6) + 1;

// -- the map's geometry (map.py) -------------------------------------------------------

let geometry = null;
function geo(map) {
  if (geometry?.map === map) return geometry;
  const marks = new Map();
  map.rows.forEach((line, row) => [...line].forEach((mark, col) => { if (mark !== " ") marks.set(row * WIDTH + col, mark); }));
  const neighbour = (i, side) => {
    const [col, row] = colRow(i);
    const q = col - (row - (row & 1)) / 2 + STEP[side][0];
    const r = row + STEP[side][1];
    const c = q + (r - (r & 1)) / 2;
    return marks.has(r * WIDTH + c) && c >= 0 && c < WIDTH ? r * WIDTH + c : -1;
  };
  const sea = (i) => i >= 0 && ".:Ah".includes(marks.get(i));
  const portHex = new Set(); // PW-6.8: free-port anchorages and every harbour hex
  for (const s of map.sites || []) for (const [c, r] of [s.anchorage, s.inner, s.mouth]) portHex.add(r * WIDTH + c);
  for (const [i, mark] of marks) if (mark === "P") for (let side = 1; side <= 6; side++) { const n = neighbour(i, side); if (sea(n)) portHex.add(n); }
  geometry = { map, marks, neighbour, sea, portHex };
  return geometry;
}

// -- movement (a mirror of movement.py's move_options and take_step, PW-10) --------------
// The server's legal steps are the law; this only works out how far they can lead, so
// the table can show where the move may end and the way to a hex clicked.

function mover(view, seat, race, g) {
  const m = view.movement;
  const up = turnSide(view.wind, 3); // PW-8.1: into the wind
  const ignoresWind = m.mode !== SAIL || race.ignores_upwind_stop;
  const others = new Set(view.ships.filter((s) => s.seat !== seat && s.hex !== null).map((s) => s.hex));
  const open = (h) => g.sea(h) && !others.has(h);
  const turnCost = (s) => {
    if (m.run) return null;
    let cost;
    if (m.mode === SAIL) {
      if (s.turns >= 2 || !(s.moved || (s.turns === 0 && m.upwind_start))) return null;
      cost = s.turns === 0 ? 0 : 1;
    } else if (m.mode === OARS) cost = s.moved && !s.free ? 0 : 1;
    else cost = s.turns === 0 ? 0 : 1;
    return s.mp >= cost ? cost : null;
  };
  const options = (s) => {
    const out = [];
    if (s.mp >= 1 && open(g.neighbour(s.hex, s.facing)) && !(s.facing === up && !ignoresWind)) out.push(["forward", null]);
    if (turnCost(s) !== null) out.push(["turn", 0], ["turn", 1]);
    if (!m.run && g.portHex.has(s.hex) && s.portRun < 5) out.push(["port-turn", 0], ["port-turn", 1]);
    if (m.mode === OARS && race.can_back && s.backs < 2 && s.mp >= 1 && open(g.neighbour(s.hex, turnSide(s.facing, 3)))) out.push(["back", null]);
    return out;
  };
  const step = (s, kind, arg) => { // the standing after the step, and whether the move goes on
    const n = { ...s };
    if (kind === "forward") Object.assign(n, { hex: g.neighbour(s.hex, s.facing), mp: s.mp - 1, moved: true, portRun: 0 });
    else if (kind === "back") Object.assign(n, { hex: g.neighbour(s.hex, turnSide(s.facing, 3)), mp: s.mp - 1, backs: s.backs + 1, portRun: 0 });
    else {
      if (kind === "turn") {
        const cost = turnCost(s) || 0;
        if (m.mode === OARS && cost === 0) n.free = true;
        n.mp -= cost;
        n.turns = Math.min(s.turns + 1, 2); // the rules tell only 0, 1 and 2+ apart
      } else n.portRun += 1;
      n.facing = turnSide(s.facing, arg ? 1 : -1);
      if (n.facing === up && !ignoresWind) return [n, false]; // PW-10.6
    }
    return [n, true];
  };
  return { options, step };
}

const key = (s) => `${s.hex},${s.facing}`;
const noWorse = (a, b) => a.mp >= b.mp && (a.moved || !b.moved) && a.turns <= b.turns && (!a.free || b.free) && a.backs <= b.backs && a.portRun <= b.portRun;

// Every hex the move may end at, with a shortest way (fewest steps) to each.
function reach(view, seat, race, g) {
  const m = view.movement;
  const ship = view.ships[seat];
  const start = { hex: ship.hex, facing: ship.facing, mp: m.mp, moved: m.moved, turns: Math.min(m.turns, 2), free: m.free_used, backs: m.backs, portRun: m.port_run, way: [] };
  const { options, step } = mover(view, seat, race, g);
  const ways = new Map([[start.hex, []]]);
  const kept = new Map([[key(start), [start]]]);
  let layer = [start];
  while (layer.length) { // breadth first: each hex is first met by a shortest way
    const next = [];
    for (const s of layer) for (const [kind, arg] of options(s)) {
      const [n, goOn] = step(s, kind, arg);
      n.way = [...s.way, [kind, arg, standingOf(n)]];
      if (!ways.has(n.hex)) ways.set(n.hex, n.way);
      const same = kept.get(key(n)) || [];
      if (goOn && !same.some((k) => noWorse(k, n))) { kept.set(key(n), [...same, n]); next.push(n); }
    }
    layer = next;
  }
  return ways;
}

function standing(view, seat) {
  const s = view.ships[seat];
  return `${s.hex},${s.facing},${view.movement.mp}`;
}
const standingOf = (n) => `${n.hex},${n.facing},${n.mp}`;

// -- drawing -----------------------------------------------------------------------------

export function render(root, ctx) {
  installHelp();
  const { view, seat, choose } = ctx;
  const names = captains(ctx.names);
  const comp = ctx.components || {};
  const legal = ctx.legal || [];
  const races = new Map((comp.races || []).map((r) => [r.name, r]));
  const moving = legal.some((a) => MOVING.has(a.kind) || a.kind === "stop") ? legal : null;
  if (moving) followCourse(view, seat, moving, choose);
  else if (legal.length) course = null; // (no legal steps at all: a step is on its way)
  const targets = new Map();
  for (const a of legal) if ((a.kind === "fire-at" || a.kind === "board") && !targets.has(a.args[0])) targets.set(a.args[0], a);
  const order = view.ships.map((s) => s.seat);
  if (seat !== null && seat !== undefined) order.push(...order.splice(0, seat));
  const rolls = takeRolls(view.log || []);
  root.replaceChildren(
    el("div.pw-table", {},
      el("header.pw-head", {},
        help(el("strong", { text: view.round ? `Round ${view.round} of ${view.round_limit}` : "Setting up" }),
          `the round: each captain takes a turn; after round ${view.round_limit} the most treasures stored wins`, "PW-7 Rounds and turns; PW-17.4 Round cap"),
        help(el("span.pw-wind", { text: `wind blows toward ${COMPASS[view.wind] || "?"} ${"→↘↙←↖↗"[view.wind - 1] || ""}` }),
          "the wind: a ship under sail facing this way may run downwind (+2 MP); facing against it, it may not sail forward", "PW-8 Wind; PW-10.5; PW-10.6"),
        view.movement?.mode ? help(el("span.pw-mp", { text: `${["", "oars", "sail", "steam"][view.movement.mode]}: ${view.movement.mp} MP left${view.movement.run ? " (downwind run)" : ""}` }),
          "movement points left this phase: a step forward or back costs 1, turns as the mode allows; unused ones are lost", "PW-10.2; PW-10.3; PW-10.4 Turning") : null,
        help(el("span.meta", { text: `deck ${view.deck_size} · discards ${view.discard.length}` }),
          "the deck of 42 cards: the active captain draws 1 in the draw phase; the discards are shuffled into a new deck when it runs out", "PW-9 Draw phase and the deck")),
      el("div.pw-middle", {},
        board(view, comp, { targets, choose, names, seat, moving, races }),
        el("div.pw-side", {}, windRose(view.wind), rollsPanel(rolls, names, view, races), hand(view, seat, comp.cards || []))),
      el("div.pw-captains", {}, ...order.map((s) => captain(view, view.ships[s], { mine: s === seat, names, target: targets.get(s), choose, races, mounts: comp.weapons })))),
  );
}

// Follow a course set by a click on a far hex: one step per drawing, as long as the
// table stands where the last step should have left it (Back, or anything else, ends it).
function followCourse(view, seat, legal, choose) {
  if (!course) return;
  const expect = course.next ? course.steps[course.next - 1][2] : course.start;
  if (standing(view, seat) !== expect || course.next >= course.steps.length) { course = null; return; }
  const [kind, arg] = course.steps[course.next];
  const action = legal.find((a) => a.kind === kind && (arg === null || a.args[0] === arg));
  if (!action) { course = null; return; }
  course.next += 1;
  setTimeout(() => choose(action.id), 0); // after this drawing: choose() draws again
}

function board(view, comp, { targets, choose, names, seat, moving, races }) {
  const map = comp.map;
  if (!map?.rows) return el("p.meta", { text: "(no map data)" });
  const g = geo(map);
  const rows = map.rows;
  const width = W * (Math.max(...rows.map((r) => r.length)) + 0.5);
  const height = 1.5 * R * (rows.length - 1) + 2 * R;
  const homes = new Map(view.ships.filter((s) => s.home_port).map((s) => [s.home_port, s.seat]));
  const me = seat !== null && seat !== undefined ? view.ships[seat] : null;
  // The move under way: where it may end, and the hexes of its next steps.
  let ways = new Map();
  const next = new Map(); // hex → the step's action
  if (moving && me?.hex !== null && me?.hex !== undefined) {
    const race = races.get(me.race);
    if (race) ways = reach(view, seat, race, g);
    for (const a of moving) {
      if (a.kind === "forward") next.set(g.neighbour(me.hex, me.facing), a);
      if (a.kind === "back") next.set(g.neighbour(me.hex, turnSide(me.facing, 3)), a);
    }
  }
  const trail = new Set((view.movement?.path || []).map(([c, r]) => r * WIDTH + c));
  const cells = [];
  rows.forEach((line, row) => [...line].forEach((mark, col) => {
    if (mark === " ") return;
    const i = row * WIDTH + col;
    const [x, y] = centre(col, row);
    const digit = /[1-6]/.test(mark);
    const [kind, letter, what] = digit ? ["town", mark, `town of port ${mark}`] : TERRAIN[mark] || ["sea", "", "sea"];
    const owner = digit && homes.has(Number(mark)) ? names[homes.get(Number(mark))] : null;
    const step = next.get(i);
    const far = !step && ways.has(i) && i !== me?.hex;
    const cls = ["pw-hex", kind, trail.has(i) ? "trail" : "", ways.has(i) ? "reach" : "", step ? "step choosable" : far ? "far choosable" : ""].filter(Boolean).join(" ");
    const [about, rule] = HEX_HELP[kind] || HEX_HELP.sea;
    const node = help(svg("g", { class: cls, "data-hex": i },
      svg("title", {}, `${what}${owner ? ` (home of ${owner})` : ""} · ${col},${row}${step ? ` — ${step.text}` : far ? " — sail here" : ""}`),
      svg("polygon", { points: hexPoints(x, y) }),
      letter ? svg("text", { x, y: y + 4, "text-anchor": "middle" }, letter) : null),
    `hex ${col},${row}: ${digit ? `the town of port ${mark}${owner ? `, home of ${owner}` : ""} ` : ""}${about}${step || far ? ". Your move may end here" : ""}`,
    step || far ? `${rule}; PW-10 Movement` : rule);
    if (step) clickable(node, () => { course = null; choose(step.id); }, step.id);
    else if (far) clickable(node, () => setCourse(view, seat, ways.get(i), moving, choose));
    cells.push(node);
  }));
  const ram = moving?.find((a) => a.kind === "ram");
  const rammed = ram && me ? g.neighbour(me.hex, me.facing) : -1;
  const stop = moving?.find((a) => a.kind === "stop");
  const ships = view.ships.filter((s) => s.col_row).map((s) => {
    const [x, y] = centre(s.col_row[0], s.col_row[1]);
    const target = targets.get(s.seat) || (s.hex === rammed ? ram : null);
    const mine = stop && s.seat === seat;
    const what = target ? target.text : mine ? "stop here" : "";
    // The ship sails hex to hex and its bow turns (common.js animate: data-flip-angle).
    const g2 = svg("g", { "data-hex": s.hex, class: `pw-ship seat${s.seat}${target ? ` choosable target ${target.kind}` : ""}${mine ? " choosable stop" : ""}`, transform: `translate(${x},${y})`,
      "data-flip": `pw-ship-${s.seat}`, "data-flip-sig": `${s.hex}|${s.facing}|${s.hull}` },
      svg("title", {}, `${names[s.seat]}: ${s.race}, facing ${COMPASS[s.facing]}, hull ${s.hull}${what ? ` — ${what}` : ""}`),
      svg("circle", { r: R * 0.72 }),
      svg("path", { d: `M ${R * 0.95} 0 L ${R * 0.35} -5 L ${R * 0.35} 5 Z`, transform: `rotate(${ANGLE[s.facing] || 0})`, class: "bow",
        "data-flip": `pw-bow-${s.seat}`, "data-flip-angle": ANGLE[s.facing] || 0, "data-flip-sig": "" }),
      svg("text", { y: 4, "text-anchor": "middle" }, String(s.seat + 1)));
    const whatNow = target ? TARGET_RULE[target.kind] : mine ? ["Stop here: end the movement", "PW-10.3 Steps"] : null;
    help(g2, `${names[s.seat]}'s ship: ${s.race}, facing ${COMPASS[s.facing]} (the arrow: it sails forward that way), hull ${s.hull}${whatNow ? `. ${whatNow[0]}` : ""}`,
      whatNow ? whatNow[1] : "PW-10 Movement; PW-6.2 sides; PW-10.9 facing");
    if (target) clickable(g2, () => { course = null; choose(target.id); }, target.id);
    else if (mine) clickable(g2, () => { course = null; choose(stop.id); }, stop.id);
    return g2;
  });
  const turns = me?.col_row && moving ? turnMarks(me, moving, choose) : [];
  return el("div.pw-board", {}, svg("svg", { viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "img", "aria-label": "the hex map" }, ...cells, ...ships, ...turns));
}

// ↺ and ↻ beside the moving ship: its turns (and port turns, dashed).
function turnMarks(ship, moving, choose) {
  const [x, y] = centre(ship.col_row[0], ship.col_row[1]);
  const out = [];
  for (const a of moving) {
    if (a.kind !== "turn" && a.kind !== "port-turn") continue;
    const clockwise = a.args[0] === 1;
    const dx = (clockwise ? 1 : -1) * R * 0.95;
    const dy = a.kind === "turn" ? -R * 0.95 : R * 0.95;
    const node = help(svg("g", { class: `pw-turn ${a.kind} choosable`, transform: `translate(${(x + dx).toFixed(1)},${(y + dy).toFixed(1)})` },
      svg("title", {}, a.text),
      svg("circle", { r: 6.5 }),
      svg("text", { y: 3.5, "text-anchor": "middle" }, clockwise ? "↻" : "↺")),
    a.kind === "turn" ? `turn the ship one side ${clockwise ? "clockwise" : "counter-clockwise"} (sail: only after a step forward; the first turn is free)`
      : `a port turn, one side ${clockwise ? "clockwise" : "counter-clockwise"}: free in a port hex`,
    a.kind === "turn" ? "PW-10.4 Turning cost and limits" : "PW-10.7 Port turns");
    clickable(node, () => { course = null; choose(a.id); }, a.id);
    out.push(node);
  }
  return out;
}

function setCourse(view, seat, way, legal, choose) {
  if (!way?.length) return;
  course = { start: standing(view, seat), steps: way, next: 0 };
  followCourse(view, seat, legal, choose);
}

function clickable(node, act, id) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (id !== undefined) node.dataset.action = id;
  node.addEventListener("click", (e) => { e.stopPropagation(); act(); });
  node.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); act(); } });
  return node;
}

// The wind rose: the six sides, the wind's arrow on the side it blows toward.
function windRose(wind) {
  const size = 40;
  const spokes = [1, 2, 3, 4, 5, 6].map((side) => {
    const a = (Math.PI / 180) * ANGLE[side];
    const [x, y] = [Math.cos(a) * size * 0.78, Math.sin(a) * size * 0.78];
    return svg("text", { x: x.toFixed(1), y: (y + 4).toFixed(1), "text-anchor": "middle", class: side === wind ? "on" : "" }, COMPASS[side]);
  });
  return help(el("figure.pw-rose", { title: `the wind blows toward ${COMPASS[wind]}` },
    svg("svg", { viewBox: `${-size} ${-size} ${2 * size} ${2 * size}`, role: "img", "aria-label": `wind rose: the wind blows toward ${COMPASS[wind]}` },
      svg("polygon", { points: hexPoints(0, 0, size * 0.55).split(" ").join(" "), class: "ring" }),
      ...spokes,
      svg("path", { d: `M ${-size * 0.45} 0 L ${size * 0.45} 0 M ${size * 0.45} 0 L ${size * 0.25} -8 M ${size * 0.45} 0 L ${size * 0.25} 8`, transform: `rotate(${ANGLE[wind] || 0})`, class: "arrow" })),
    el("figcaption", { text: "wind" })),
  `the wind rose: the wind blows toward ${COMPASS[wind]}; from round 2, 2D6 each round: an even double turns it one side clockwise, an odd double counter-clockwise; wind cards change it too`, "PW-8 Wind");
}

// -- the rolls -------------------------------------------------------------------------

// The log's events that carry dice, as [who, words, faces, good?]. The view's log holds
// every event on (re)connecting and in previews, and only the new ones after: a log that
// starts as the known one does is a whole one.
const taken = new WeakSet(); // logs already taken (a view is drawn again and again)
function takeRolls(log) {
  if (taken.has(log)) return lastRolls.shown;
  taken.add(log);
  const known = lastRolls.known;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (log.length && known.length && same(log[0], known[0])) lastRolls.known = [...log];
  else lastRolls.known = [...known, ...log];
  lastRolls.shown = lastRolls.known.map(rollOf).filter(Boolean).slice(-4).reverse();
  return lastRolls.shown;
}

function rollOf(e) {
  const at = (s) => ({ seat: s });
  switch (e.kind) {
    case "order-roll": return { ...at(null), words: `order (${e.why})`, groups: e.seats.map((s, k) => [s, [e.dice[k]]]) };
    case "wind-roll": return { ...at(null), words: `wind → ${COMPASS[e.wind]}`, groups: [[null, e.dice]] };
    case "dice": return { ...at(null), words: `at ${COLOURS[e.target]}: hits on ${e.hit_on}+, then saves`, groups: [[null, e.to_hit, (f) => f >= e.hit_on], [e.target, e.saves.filter((f) => f !== null), "save"]] };
    case "boarding-roll": return { ...at(null), words: `boarding: totals ${e.totals.join(" against ")}`, groups: [[e.attacker, [e.dice[0]]], [e.defender, [e.dice[1]]]] };
    case "event-boarding-roll": return { ...at(e.seat), words: `boarded: totals ${e.totals.join(" against ")}`, groups: [[null, e.dice]] };
    case "ram": return { ...at(e.seat), words: "rams", groups: [[null, [e.die]]] };
    case "hooks": return { ...at(e.seat), words: e.another_round ? "hooks: another round" : "hooks: free", groups: [[null, [e.die]]] };
    case "blown": return { ...at(e.seat), words: `blown ${e.moved} hexes`, groups: [[null, [e.die]]] };
    case "trade": return { ...at(e.seat), words: "trades", groups: [[null, [e.die]]] };
    case "plunder": return { ...at(e.seat), words: `plunders port ${e.site}`, groups: [[null, [e.die]]] };
    default: return null;
  }
}

// Captains are named by colour, as the log names them; the seat's own name after it.
function captains(names) {
  return names.map((n, s) => (n && n !== COLOURS[s] ? `${COLOURS[s]} (${n})` : COLOURS[s]));
}

function rollsPanel(rolls, names, view, races) {
  return help(el("section.pw-rolls", { "aria-label": "the latest rolls" },
    el("h3", { text: "Rolls" }),
    rolls.length ? null : el("p.meta", { text: "no dice yet" }),
    ...rolls.map((r) => el("div.pw-roll", {},
      el("span.meta", { text: `${r.seat !== null ? `${COLOURS[r.seat]} ` : ""}${r.words}` }),
      ...r.groups.map(([s, faces, good]) => el("span.pw-dice", {},
        s !== null ? el(`span.pw-token.seat${s}`, { text: String(s + 1), title: names[s] }) : null,
        faces.length ? dice(faces, { good: goodOf(good, s, view, races), size: 16 }) : el("span.meta", { text: "none" })))))),
  "the latest rolls: fire (hits, then saves at the race's save), boarding, ramming, wind, trade and plunder", "PW-0.3 Dice; PW-12.4 Saves and the doubles rule");
}

// Which faces count: a hit's rule is given; a save counts at the target's race's save.
function goodOf(good, seat, view, races) {
  if (good !== "save") return good || (() => false);
  const save = races.get(view.ships[seat]?.race)?.save;
  return (f) => save !== undefined && f >= save;
}

// -- the captains ------------------------------------------------------------------------

function hand(view, seat, cards) {
  if (seat === null || seat === undefined) return null;
  const held = view.ships[seat].hand || [];
  const info = (n) => cards.find((c) => c.card === n) || { name: `card ${n}` };
  return el("section.pw-hand", { "aria-label": "your hand" },
    el("h3", { text: `Your hand (${held.length})` }),
    held.length ? null : el("p.meta", { text: "no cards held" }),
    ...held.map((n) => {
      const c = info(n);
      return help(el("div.pw-card.card", { title: c.name, "data-flip": `pw-card-${n}`, "data-flip-sig": "" },
        el("strong", { text: c.name }),
        EFFECT[c.effect] ? el("span.meta", { text: EFFECT[c.effect](c) }) : null),
      `the card ${c.name}, held${EFFECT[c.effect] ? `: ${EFFECT[c.effect](c)}` : ""}`, "PW-9 Draw phase and the deck; Appendix B, the deck");
    }));
}

function captain(view, s, { mine, names, target, choose, races, mounts }) {
  const race = races.get(s.race);
  const turn = view.pending?.seat === s.seat && !view.terminal;
  const weapon = race ? mounts?.find((w) => w.name === race.weapon) : null;
  const byMount = new Map();
  for (const m of s.weapons) byMount.set(m, (byMount.get(m) || 0) + 1);
  const items = s.crew + s.weapons.length + s.treasures_aboard; // PW-4.5: each fills a space
  const marks = [s.miss_next_turn ? "misses next turn" : null, s.wine_women_song ? "Wine, Women & Song" : null,
    s.hostile_to.length ? `hostile to port ${s.hostile_to.join(", ")}` : null,
    s.race && s.hex === null && view.round ? "ship lost" : null].filter(Boolean);
  const won = view.terminal && (view.winners || []).includes(s.seat);
  const node = el(`section.pw-captain${mine ? ".mine" : ""}${turn ? ".deciding" : ""}${won ? ".won" : ""}`, { "aria-label": `${names[s.seat]}'s ship` },
    el("header", {},
      el(`span.pw-token.seat${s.seat}`, { text: String(s.seat + 1) }),
      el("strong", { text: names[s.seat] }),
      el("span", { text: s.race ? ` ${s.race}` : " (no race yet)" }),
      help(el("span.points", { text: `${s.store} stored`, title: "treasures stored at home (PW-17)", "data-flip": `pw-store-${s.seat}` }),
        "treasures stored at the home port: the first to store 7 wins at once", "PW-17.3 Victory"),
      turn ? el("span.badge", { text: "deciding" }) : null,
      won ? el("span.badge.win", { text: "wins" }) : null),
    el("div.meta", { text: `${s.home_port ? `home port ${s.home_port}` : "no home port"}${s.facing ? ` · facing ${COMPASS[s.facing]}` : ""}` }),
    el("dl.pw-stats", { "data-flip": `pw-stats-${s.seat}` },
      stat("hull", race ? `${s.hull}/${race.hull}` : String(s.hull)),
      stat("hold", race ? `${items}/${s.hull}` : String(items)),
      stat("crew", String(s.crew)),
      stat("gold", s.gold === null || s.gold === undefined ? "?" : String(s.gold)),
      stat("aboard", String(s.treasures_aboard)),
      stat("cards", String(s.hand_size))),
    help(el("div.meta", { text: `weapons: ${[...byMount].map(([m, n]) => `${n}× ${m}`).join(", ") || "none"}${weapon ? ` (${weapon.name}, range ${weapon.min_range}–${weapon.max_range})` : ""}` }),
      "weapons by mount: each fires only into its mount's arc and within its range; 2 gold each in port", "PW-5 Weapons, arcs and ranges; PW-16.3"),
    marks.length ? el("div.pw-marks", { text: marks.join(" · ") }) : null);
  const whatNow = target ? TARGET_RULE[target.kind] : null;
  help(node, `${names[s.seat]}'s ship card: race, home port, hull, hold, crew, gold, treasures and weapons${whatNow ? `. ${whatNow[0]}` : ""}`,
    whatNow ? whatNow[1] : "PW-3 Races and their ships; PW-4 Hull, hold, crew and gold");
  if (target) {
    node.classList.add("choosable");
    node.title = target.text;
    clickable(node, () => choose(target.id), target.id);
  }
  return node;
}

function stat(name, value) {
  const [what, rule] = STAT_HELP[name] || [name, ""];
  return help(el("div", {}, el("dt", { text: name }), el("dd", { text: value })), what, rule);
}

// The result panel (play.js, replay.js): why the game ended (PW-17.3 treasures stored,
// or PW-17.4 the round limit: most stored, then aboard, then gold), and each captain's
// final tallies.
export function result(view, names, said = [], options = {}) {
  const why = said.map((line) => /The game ends \(([^)]+)\)/.exec(line)?.[1]).filter(Boolean).pop();
  const ships = view.ships;
  const rank = ships.map((s) => [s.store, s.treasures_aboard, s.gold ?? 0]);
  let reason;
  if (why === "treasures") {
    const w = (view.winners || [])[0];
    const n = ships[w]?.store;
    reason = `${names[w]} stored ${n} treasure${n === 1 ? "" : "s"} at home, the ${options.victory_treasures ?? 7} that win at once (PW-17.3).`;
  } else if (why === "round limit") {
    reason = `Round ${view.round_limit}, the last, is over (PW-17.4). ${rankWords(rank, names, ["treasures stored", "treasure aboard", "gold"])}`;
  } else {
    reason = why ? `The game ends (${why}).` : "The game is over.";
  }
  return {
    reason,
    columns: ["Stored", "Aboard", "Gold", "Hull", "Crew"],
    rows: ships.map((s) => [s.store, s.treasures_aboard, s.gold ?? "", s.hull, s.crew]),
  };
}

export function describe(view, seat, seatNames) {
  const names = captains(seatNames);
  if (view.terminal) {
    const winners = (view.winners || []).map((s) => names[s]);
    return `The game is over: ${winners.join(" and ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}.`;
  }
  return (view.pending?.prompt || "").replace(/^\w+(?=:)/, (captain) => names[view.pending.seat] ?? captain);
}
