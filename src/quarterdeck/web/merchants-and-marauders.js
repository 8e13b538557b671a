// The Merchants & Marauders table: a chart of the Caribbean (SVG) with the 17 sea zones
// as regions, each port with its nation's flag and demand token, the merchant and
// modification tokens, storms, the NPC navies and pirates and every captain's ship where
// the view puts it; beside it the event in play, the last rolls as dice, and each
// captain's board. Your own gold, stash, glory cards and rumor come only from your view:
// the server never sends another seat's. What you may choose on the map glows there and
// is clicked (a zone to sail to, a port to enter, a target to scout); every choice is
// also a button in the action bar.
import { dice, el, rankWords } from "./common.js";
import { help, installHelp } from "./help.js";

const SVG = "http://www.w3.org/2000/svg";
// The captains by seat (phases.CAPTAINS): the seat's colour on the map and boards.
const CAPTAINS = ["Red", "Blue", "Yellow", "Green"];
const LOCATIONS = ["cannons", "cargo", "masts", "crew", "hull"];
const SHORT = { cannons: "Gun", cargo: "Hold", masts: "Mast", crew: "Crew", hull: "Hull" };
// MM-9.1 (house mapping, damage.py): a hit-location die's face → where the hit lands.
const HIT_FACE = { 1: "cargo", 2: "masts", 3: "crew", 4: "cannons", 5: "skull", 6: "skull" };
const GOODS = ["cocoa", "food", "rum", "spices", "sugar", "tobacco", "textiles", "wood"];

// The chart: longitude and latitude projected onto a 912 × 648 drawing, north up.
const W = 912, H = 648;
const at = ([lon, lat]) => [(lon + 85) * 34.4, (26.5 - lat) * 36];
// Each sea zone's centre. Their Voronoi regions over the chart touch exactly where the
// zones are neighbours (MM-D.1, components.json) and hold their ports: the seeds were
// fitted to the adjacency, starting from the real sea around each port.
const SEA = {
  "Nassau": [-77.56, 24.39], "Havana": [-81.63, 21.49], "Tortuga": [-75.15, 20.46],
  "Port Royal": [-78.7, 16.55], "Petite Goave": [-74.01, 17.48], "Santo Domingo": [-70.25, 18.16],
  "San Juan": [-65.89, 18.6], "St. Maarten": [-62.92, 19.95], "St. John": [-60.1, 18.18],
  "Old Providence": [-79.95, 12.8], "Cartagena": [-76.51, 12.6], "Caribbean Sea": [-69.72, 14.59],
  "Basse-Terre": [-63.37, 15.19], "Bridgetown": [-59.77, 14.81], "Curaçao": [-69.86, 11.94],
  "Caracas": [-65.9, 11.86], "Trinidad": [-61.8, 12.0],
};
// Where a zone's name and the ships at sea in it are drawn, where its centre lies on land
// or by its port (each inside the zone's region).
const MARK = {
  "Nassau": [-76.6, 24.2], "Havana": [-81.8, 20.9], "Tortuga": [-74.6, 21], "Santo Domingo": [-70.1, 17],
  "Petite Goave": [-73.9, 17], "San Juan": [-65.9, 19.3], "Old Providence": [-80.3, 14.5], "Curaçao": [-70.3, 12.95],
  "Port Royal": [-78.3, 16.3], "Cartagena": [-76.6, 12.9], "Basse-Terre": [-63.6, 15.6], "Trinidad": [-62, 12],
  "St. John": [-60.3, 18.6], "St. Maarten": [-63.1, 20.4], "Bridgetown": [-59.9, 15], "Caracas": [-66, 12.2],
};
// Where each port town lies (inside its zone's region).
const PORT_AT = {
  "Nassau": [-77.35, 25.06], "Havana": [-82.36, 23.13], "Tortuga": [-72.78, 20.04],
  "Port Royal": [-76.84, 17.94], "Petite Goave": [-72.86, 18.43], "Santo Domingo": [-69.9, 18.47],
  "San Juan": [-66.1, 18.47], "St. Maarten": [-63.05, 18.03], "St. John": [-61.85, 17.12],
  "Old Providence": [-81.37, 13.35], "Cartagena": [-75.51, 10.4], "Basse-Terre": [-61.73, 15.99],
  "Bridgetown": [-59.61, 13.1], "Curaçao": [-68.93, 12.1], "Caracas": [-66.9, 10.6], "Trinidad": [-61.52, 10.65],
};
// The land, roughly: the Greater Antilles, Florida's tip, the Spanish Main.
const LAND = [
  [[-84.9, 21.9], [-84, 22.7], [-82, 23.2], [-80.3, 23.1], [-78.3, 22.4], [-77.1, 21.6], [-75.7, 21.1], [-74.2, 20.3],
    [-74.5, 19.9], [-77, 19.9], [-77.7, 20.7], [-78.6, 21.6], [-80.6, 22], [-81.8, 22.2], [-82.8, 22.6], [-83.4, 22.2], [-84.4, 21.8]],
  [[-74.45, 18.45], [-73, 18.55], [-72.35, 18.6], [-72.8, 19.05], [-73.45, 19.65], [-72.8, 19.95], [-71, 19.9], [-69.9, 19.65],
    [-69.2, 19.3], [-68.35, 18.6], [-69, 18.4], [-69.9, 18.45], [-70.5, 18.2], [-71.3, 17.7], [-71.7, 17.9], [-72.5, 18.2], [-73.8, 18.05]],
  [[-78.35, 18.3], [-77.5, 18.5], [-76.3, 18.25], [-76.2, 17.9], [-76.9, 17.85], [-77.7, 17.85], [-78.3, 18.2]],
  [[-67.25, 18.5], [-65.6, 18.4], [-65.6, 18.02], [-67.2, 17.95]],
  [[-80.5, 27], [-80.05, 25.8], [-80.4, 25.2], [-81.1, 25.1], [-81.8, 25.9], [-82.3, 27]],
  [[-85, 16], [-84, 15.8], [-83.2, 15], [-83.4, 14], [-83.6, 12.5], [-83.7, 11], [-83, 10], [-81.5, 8.8], [-80, 9.3],
    [-79, 9.5], [-77.4, 8.6], [-76.8, 8.4], [-75.6, 9.5], [-75.5, 10.5], [-74.8, 11], [-74.2, 11.3], [-73.2, 11.3],
    [-72.2, 11.9], [-71.6, 12.4], [-71.3, 11.8], [-70.2, 11.6], [-69.8, 12.15], [-69.4, 11.5], [-68.4, 10.9], [-67, 10.6],
    [-66, 10.6], [-64.5, 10.3], [-63.5, 10.7], [-62.3, 10.6], [-61.9, 10.1], [-61, 9.8], [-60, 8.6], [-58.5, 8], [-58.5, 7], [-85, 7]],
  [[-61.9, 10.8], [-60.95, 10.85], [-61, 10.1], [-61.9, 10.05]],
];
// Small islands: [lon, lat, half-width in degrees].
const ISLETS = [
  [-78, 24.4, 0.35], [-77.35, 26.3, 0.25], [-76.3, 25.1, 0.3], [-78.5, 26.65, 0.35], [-75.9, 23.6, 0.3],
  [-73.5, 21.1, 0.3], [-72.78, 20.07, 0.12], [-73, 18.85, 0.2], [-81.37, 13.35, 0.1], [-64.8, 18.35, 0.15],
  [-63.05, 18.05, 0.1], [-62.75, 17.3, 0.12], [-61.8, 17.07, 0.14], [-61.6, 16.2, 0.25], [-61.35, 15.4, 0.15],
  [-61, 14.65, 0.17], [-60.97, 13.9, 0.13], [-61.2, 13.25, 0.1], [-61.68, 12.1, 0.1], [-59.55, 13.15, 0.12],
  [-68.95, 12.2, 0.2], [-70, 12.5, 0.12], [-68.3, 12.15, 0.12],
];

// The zones' regions: the chart's rectangle cut by the half-plane nearer each seed.
function regions(names) {
  const seeds = names.map((n, i) => (SEA[n] ? at(SEA[n]) : [60 + (i % 6) * 160, 60 + Math.floor(i / 6) * 200]));
  return seeds.map(([x, y], k) => {
    let poly = [[0, 0], [W, 0], [W, H], [0, H]];
    seeds.forEach(([u, v], j) => {
      if (j !== k) poly = clip(poly, u - x, v - y, (u * u + v * v - x * x - y * y) / 2);
    });
    return { seed: [x, y], poly };
  });
}

function clip(poly, a, b, c) { // keep a·x + b·y ≤ c
  const out = [];
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length];
    const fp = a * p[0] + b * p[1] - c, fq = a * q[0] + b * q[1] - c;
    if (fp <= 0) out.push(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
      const t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  });
  return out;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

const points = (poly) => poly.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
const words = (key) => String(key).replace(/_/g, " ");
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// -- what may be chosen on the table ------------------------------------------------------

// The kinds clicked on the map (the buttons of these kinds are dashed in the action bar).
export const ON_TABLE = new Set(["move", "pilot", "pilot-on", "place-modification", "scout", "port"]);
const ZONE_KINDS = ["move", "pilot", "pilot-on", "place-modification"];
// Scouting targets (phases.py): the merchant, a captain (+ seat), an NPC (+ index).
const TARGET_CAPTAIN = 1, TARGET_NPC = 10;

function choices(legal) {
  const zone = new Map(), scout = new Map();
  let port = null;
  for (const kind of ZONE_KINDS) {
    for (const a of legal || []) if (a.kind === kind && !zone.has(a.args[0])) zone.set(a.args[0], a);
  }
  for (const a of legal || []) {
    if (a.kind === "scout") scout.set(a.args[0], a);
    if (a.kind === "port") port = a;
  }
  return { zone, scout, port };
}

function clickable(node, action, choose) {
  if (!action) return node;
  node.classList.add("choosable");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", action.text);
  node.dataset.action = action.id;
  node.addEventListener("click", (e) => { e.stopPropagation(); choose(action.id); });
  node.addEventListener("keydown", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); e.stopPropagation(); choose(action.id); } });
  return node;
}

// A button of the action bar under the pointer (or focused) lights up its place on the
// chart: the same choice, in both places.
function pointAt(e) {
  const button = e.target instanceof Element ? e.target.closest("#buttons button[data-action]") : null;
  for (const n of document.querySelectorAll("#table .mm-pointed")) n.classList.remove("mm-pointed");
  if (button) document.querySelector(`#table [data-action="${button.dataset.action}"]`)?.classList.add("mm-pointed");
}
document.addEventListener("mouseover", pointAt);
document.addEventListener("focusin", pointAt);

// -- the table ------------------------------------------------------------------------------

export function render(root, ctx) {
  installHelp();
  const { view, seat } = ctx;
  noteRolls(view.log);
  const order = view.captains.map((_, s) => s);
  if (seat !== null && seat !== undefined) order.push(...order.splice(0, seat)); // you first
  const picks = choices(ctx.legal);
  root.replaceChildren(
    el("div.mm-table", {},
      chart(view, ctx, picks),
      el("aside.mm-side", {},
        view.terminal ? resultBox(view, ctx) : null,
        happening(view, ctx),
        ...order.map((s) => board(view, s, ctx, picks)))),
  );
}

function turnLine(view) {
  const fx = view.effects || {};
  const effects = [
    fx.storm?.length ? `storm over ${fx.storm.join(", ")}` : null,
    fx.fog ? "fog banks" : null, fx.trade_winds ? "trade winds" : null, fx.treasure_fleet ? "treasure fleet" : null,
  ].filter(Boolean);
  const missions = (view.missions || []).filter(Boolean);
  return el("div.mm-turn", {},
    el("strong", { text: `Game turn ${view.round}` }),
    view.actions_left && !view.terminal ? el("span.badge", { text: `${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left` }) : null,
    view.war?.length ? help(el("span.mm-war", { text: `⚔ ${view.war.join(" and ")} at war` }),
      "a war between these two nations, until another War or a Peace card: the navies hunt the other nation's captains, and a captain of one may not enter the other's ports (but their home port)", "MM-4.13 War") : null,
    effects.length ? help(el("span", { text: effects.join(" · ") }), "the effects of this game turn's Event card; they last until the end of the turn", "MM-4.14; MM-D.8 Event deck") : null,
    help(el("span.meta", { text: `missions: ${missions.join(", ") || "none"} · merchant track ${view.merchant_track}` }),
      "the missions on the board, each at its port, and the merchant track: merchants scouted wait there; at 8 or more they are shuffled back to sea", "MM-15.1 Missions; MM-3.1 Merchant reset"));
}

// -- the chart --------------------------------------------------------------------------------

function chart(view, ctx, picks) {
  const names = view.zones.map((z) => z.name);
  const cells = regions(names);
  const homes = new Map((ctx.components?.nations || []).map((n) => [n.home_port, n.name]));
  const storm = new Set(view.effects?.storm || []);
  const npcsAt = new Map();
  (view.npcs || []).forEach((npc, n) => {
    if (!npc.zone) return;
    if (!npcsAt.has(npc.zone)) npcsAt.set(npc.zone, []);
    npcsAt.get(npc.zone).push({ ...npc, index: n, pirate: pirate(npc.name, ctx.components) });
  });
  const land = [
    ...LAND.map((shape) => svg("polygon", { points: points(shape.map(at)) })),
    ...ISLETS.map(([lon, lat, r]) => { const [x, y] = at([lon, lat]); return svg("ellipse", { cx: x, cy: y, rx: r * 34.4, ry: r * 22 }); }),
  ];
  const zones = view.zones.map((z, i) => zone(view, z, i, cells[i], { ctx, picks, homes, storm, npcs: npcsAt.get(z.name) || [] }));
  return el("div.mm-chart", {},
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": "the Caribbean: 17 sea zones" },
      svg("defs", {},
        svg("pattern", { id: "mm-storm", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(35)" },
          svg("line", { x1: 0, y1: 0, x2: 0, y2: 14, class: "mm-storm-line" }))),
      svg("rect", { class: "mm-ocean", x: 0, y: 0, width: W, height: H }),
      svg("g", { class: "mm-land", "aria-hidden": "true" }, land),
      ...zones,
      compass()));
}

function zone(view, z, i, cell, { ctx, picks, homes, storm, npcs }) {
  const [sx, sy] = MARK[z.name] ? at(MARK[z.name]) : cell.seed;
  const action = picks.zone.get(i);
  const stormy = storm.has(z.name);
  const g = svg("g", { class: `mm-zone${z.port ? " port" : " open-sea"}${stormy ? " storm" : ""}`, "data-zone": z.name },
    svg("title", {}, zoneTitle(z, homes, stormy)),
    svg("polygon", { class: "mm-region", points: points(cell.poly) }),
    stormy ? svg("polygon", { class: "mm-storm", points: points(cell.poly) }) : null,
    svg("text", { class: "mm-zone-name", x: sx, y: sy - 16, "text-anchor": "middle" }, z.name),
  );
  help(g, `${z.name}: ${z.port ? `a sea zone, with the ${z.nation} port of ${z.name}` : "the open sea, of no nation"}; a Move action sails to a zone next to it${stormy ? ". A storm: each ship at sea here rolls Seamanship or takes a hit" : ""}`,
    stormy ? "MM-5.1 Move; MM-D.8 Event deck, Storm" : "MM-5.1 Move; MM-D.1 Map");
  if (z.port && PORT_AT[z.name]) g.append(port(view, z, homes, ctx, picks));
  // At sea, around the zone's centre: the merchant and modification tokens, the NPCs,
  // the captains' ships (a docked ship lies at its port instead).
  const afloat = [];
  const mine = view.captains[ctx.seat ?? -1]?.zone === z.name; // scouting is done in your own zone
  if (z.merchant) afloat.push(merchant(mine ? picks.scout.get(0) : null, ctx.choose));
  if (z.modification && !z.port) afloat.push(modification(z.modification));
  for (const npc of npcs) afloat.push(npcShip(npc, picks.scout.get(TARGET_NPC + npc.index), ctx.choose));
  for (const s of z.captains) {
    if (!view.captains[s].docked || !z.port) afloat.push(playerShip(view, s, ctx, picks.scout.get(TARGET_CAPTAIN + s)));
  }
  const rows = Math.ceil(afloat.length / 4); // four to a row, each row centred
  afloat.forEach((token, k) => {
    const row = Math.floor(k / 4), col = k % 4;
    const inRow = row < rows - 1 ? 4 : afloat.length - 4 * (rows - 1);
    const x = sx + (col - (inRow - 1) / 2) * 30;
    const big = token.classList.contains("mm-ship") ? 1.35 : 1.15;
    token.setAttribute("transform", `translate(${x.toFixed(1)},${(sy + 4 + row * 27).toFixed(1)}) scale(${big})`);
    g.append(token);
  });
  return clickable(g, action, ctx.choose);
}

function zoneTitle(z, homes, stormy) {
  const parts = [z.name, z.port ? `${z.nation} port${homes.has(z.name) ? " (home port)" : ""}` : "open sea"];
  if (z.demand) parts.push(`wants ${z.demand}`);
  if (z.merchant) parts.push("a merchant (face down)");
  if (z.modification) parts.push(`modification: ${words(z.modification)}`);
  if (stormy) parts.push("storm");
  return parts.join(" · ");
}

function port(view, z, homes, ctx, picks) {
  const [x, y] = at(PORT_AT[z.name]);
  const home = homes.has(z.name);
  const docked = z.captains.filter((s) => view.captains[s].docked);
  const mine = ctx.seat !== null && ctx.seat !== undefined && docked.includes(ctx.seat);
  const here = view.captains[ctx.seat ?? -1]?.zone === z.name;
  const g = svg("g", { class: `mm-port${home ? " home" : ""}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, "data-port": z.name },
    svg("title", {}, `${z.name}: ${z.nation} ${home ? "home port" : "port"}${z.demand ? `, demand token: ${z.demand}` : ""}`),
    hitBox(-8, -22, 24, 30),
    svg("circle", { class: "mm-town", r: home ? 6.5 : 5 }),
    home ? svg("text", { class: "mm-home", y: 3.5, "text-anchor": "middle" }, "★") : null,
    flag(z.nation, 2, -22),
    z.demand ? demand(z.demand, x) : null,
    z.modification ? modification(z.modification, -24, -4) : null,
    missionAt(view, z.name, ctx.components));
  docked.forEach((s, k) => {
    const ship = playerShip(view, s, ctx, null);
    ship.setAttribute("transform", `translate(${k * 14 - 8},${14}) scale(0.8)`);
    ship.classList.add("docked");
    g.append(ship);
  });
  help(g, `the ${z.nation} ${home ? "home port" : "port"} of ${z.name}: a Port action enters it to sell, buy, repair, recruit, hear a rumor or attempt a mission${home ? "; a captain stashes gold only in their home port" : ""}. A bounty of its nation bars the way in`,
    home ? "MM-5.5 Port; MM-12 Port activities; MM-12.9 Stash" : "MM-5.5 Port; MM-5.2 Port entry limits; MM-12 Port activities");
  if (!mine && here) clickable(g, picks.port, ctx.choose);
  return g;
}

// A mission on the board waits at its port (MM-12.8): a scroll beside the town.
function missionAt(view, name, components) {
  const here = (view.missions || []).filter((m) => m && (components?.missions || []).find((d) => d.name === m)?.port === name);
  if (!here.length) return null;
  return help(svg("g", { class: "mm-mission", transform: "translate(-14,8)" },
    svg("title", {}, `mission: ${here.join(", ")}`),
    svg("rect", { x: -6, y: -5, width: 12, height: 11, rx: 2 }),
    svg("text", { y: 3.5, "text-anchor": "middle" }, "M")),
  `a mission waiting here: ${here.join(", ")}; a Port action here may attempt it`, "MM-15.1 Missions; MM-12.8 Mission");
}

// A port's demand token, a pill right of its town; a town near the chart's east edge
// (Bridgetown) has it up on the left, clear of its flag and a modification token.
function demand(good, townX) {
  const width = 8 + good.length * 5.4;
  const place = townX + 8 + width <= W - 2 ? "translate(8,-4)" : `translate(${(-8 - width).toFixed(1)},-20)`;
  return help(svg("g", { class: `mm-demand good-${GOODS.includes(good) ? good : "other"}`, transform: place },
    svg("rect", { x: 0, y: -7, width, height: 13, rx: 6 }),
    svg("text", { x: width / 2, y: 3, "text-anchor": "middle" }, good)),
  `a demand token: ${good} is in demand here, a cargo card of it sells for 6 gold (any other for 3)`, "MM-12.2 Sell");
}

// A nation's flag on a staff, drawn small (English: St George; Spanish: red-gold-red;
// French: blue with gold; Dutch: red-white-blue; pirates: black with a skull).
function flag(nation, x, y, staff = true) {
  const f = svg("g", { class: "mm-flag", transform: `translate(${x},${y})` });
  if (staff) f.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 20, class: "mm-staff" }));
  const box = (fill, yy, h) => svg("rect", { x: 0.5, y: yy, width: 14, height: h, fill });
  if (nation === "Spanish") f.append(box("#c1272d", 0, 9), box("#f1bf00", 2.3, 4.4));
  else if (nation === "English") f.append(box("#fff", 0, 9), box("#c8102e", 3.5, 2), svg("rect", { x: 6.5, y: 0, width: 2, height: 9, fill: "#c8102e" }));
  else if (nation === "French") f.append(box("#1d3f8f", 0, 9), svg("circle", { cx: 7.5, cy: 4.5, r: 2, fill: "#f1d36b" }));
  else if (nation === "Dutch") f.append(box("#ae1c28", 0, 3), box("#fff", 3, 3), box("#21468b", 6, 3));
  else f.append(box("#111", 0, 9), svg("circle", { cx: 7.5, cy: 3.8, r: 2, fill: "#fff" }), svg("path", { d: "M4.5 5.5 L10.5 8 M10.5 5.5 L4.5 8", stroke: "#fff", "stroke-width": 1 }));
  f.querySelectorAll("rect").forEach((r) => r.setAttribute("class", "mm-cloth"));
  return f;
}

// A merchant token lies face down (its nation is secret, MM-6.1): a crate.
function merchant(action, choose) {
  const g = svg("g", { class: "mm-merchant" },
    svg("title", {}, action ? `a merchant, face down — ${action.text}` : "a merchant token, face down"),
    hitBox(-8, -8, 16, 16),
    svg("rect", { x: -6, y: -6, width: 12, height: 12, rx: 2 }),
    svg("path", { d: "M-6 -6 L6 6 M6 -6 L-6 6" }));
  help(g, "a merchant token, face down (its nation secret): scout it in this zone, then raid it for gold; a raid brings a bounty of its nation",
    "MM-5.4 Scout; MM-6 Merchants and merchant raids");
  return clickable(g, action, choose);
}

function modification(mod, x = 0, y = 0) {
  const down = mod === "face down";
  return help(svg("g", { class: `mm-mod${down ? " down" : ""}`, transform: `translate(${x},${y})` },
    svg("title", {}, down ? "a ship modification token, face down" : `modification for sale: ${words(mod)}`),
    svg("rect", { x: -6, y: -6, width: 12, height: 12, transform: "rotate(45)" }),
    svg("text", { y: 3.5, "text-anchor": "middle" }, down ? "?" : words(mod).split(" ").map((w) => w[0].toUpperCase()).join(""))),
  down ? "a ship modification token, face down: the first Port action here turns it up" : `a ship modification for sale at the shipyard: ${words(mod)}`,
  "MM-13.1 Ship modifications; MM-12.5 Shipyard");
}

function pirate(name, components) {
  const npc = (components?.npcs || []).find((n) => n.name === name);
  return npc ? Boolean(npc.pirate) : /pirate/i.test(name);
}

function npcShip(npc, action, choose) {
  const nation = npc.pirate ? null : npc.name.split(" ")[0];
  const g = svg("g", { class: `mm-npc${npc.pirate ? " pirate" : ""}`, "data-npc": npc.name, "data-flip": `mm-npc-${npc.name}`, "data-flip-sig": npc.zone },
    svg("title", {}, `${npc.name}${npc.captain ? `, led by ${npc.captain}` : ""}${action ? ` — ${action.text}` : ""}`),
    hull(),
    flag(nation, -1, -17, false));
  help(g, npc.pirate
    ? `${npc.name}${npc.captain ? `, led by ${npc.captain}` : ""}: an NPC pirate; it moves with each Event card and hunts non-pirate captains, those with gold aboard first. Defeating it pays gold and glory`
    : `${npc.name}${npc.captain ? `, led by ${npc.captain}` : ""}: an NPC naval ship; it moves with each Event card and hunts captains with bounties (of its nation first) and, in a war, the enemy nation's captains`,
  npc.pirate ? "MM-4 Events and NPCs; MM-7.5 NPC pirate reward" : "MM-4 Events and NPCs (MM-4.4 Hunting, MM-4.5 Hunt priorities)");
  return clickable(g, action, choose);
}

// A token's whole box takes the click (a person aims at the ship, not at its mast).
const hitBox = (x, y, width, height) => svg("rect", { class: "mm-hit", x, y, width, height });

// A ship seen from the side: hull, mast and sail.
function hull() {
  return [
    hitBox(-12, -19, 24, 27),
    svg("path", { class: "mm-hull", d: "M-11 0 L11 0 L7 7 L-7 7 Z" }),
    svg("line", { class: "mm-mast", x1: 0, y1: 0, x2: 0, y2: -17 }),
  ];
}

function playerShip(view, s, ctx, action) {
  const c = view.captains[s];
  const colour = CAPTAINS[s] || `seat ${s + 1}`;
  // It sails from zone to zone on the chart (common.js animate).
  const g = svg("g", { class: `mm-ship seat${s}${s === ctx.seat ? " mine" : ""}`, "data-seat": s,
    "data-flip": `mm-ship-${s}`, "data-flip-sig": `${c.zone}|${c.docked}|${c.ship}` },
    svg("title", {}, `${ctx.names[s]} (${colour}): ${c.ship || "no ship"} ${c.docked ? "in port at" : "at sea in"} ${c.zone}${action ? ` — ${action.text}` : ""}`),
    hitBox(-12, -19, 24, 27),
    svg("path", { class: "mm-hull", d: "M-11 0 L11 0 L7 7 L-7 7 Z" }),
    svg("path", { class: "mm-sail", d: "M1 -16 Q10 -9 1 -2 Z" }),
    svg("line", { class: "mm-mast", x1: 0, y1: 0, x2: 0, y2: -17 }),
    svg("text", { class: "mm-ship-letter", x: -5, y: -5, "text-anchor": "middle" }, colour[0]));
  help(g, `${ctx.names[s]}'s ship (${colour}): ${c.ship || "no ship"} ${c.docked ? "in port at" : "at sea in"} ${c.zone}. Another captain may scout it at sea and attack`,
    "MM-5 Actions: Move, Scout, Port; MM-8 Naval combat");
  return clickable(g, action, ctx.choose);
}

function compass() {
  return svg("g", { class: "mm-compass", transform: `translate(${W - 40},${H - 100})`, "aria-hidden": "true" },
    svg("circle", { r: 20 }),
    svg("path", { d: "M0 -24 L5 0 L0 24 L-5 0 Z" }),
    svg("text", { y: -27, "text-anchor": "middle" }, "N"));
}

function resultBox(view, ctx) {
  const returns = view.returns || [];
  const best = Math.max(...returns);
  return el("div.mm-result", { role: "status" },
    el("strong", { text: "The game is over" }),
    ...view.captains.map((c, s) => el(`div${returns[s] === best ? ".winner" : ""}`, {
      text: `${ctx.names[s]} (${CAPTAINS[s]}): ${c.glory + (c.stash_points || 0)} glory (${c.glory} on the track${c.stash_points !== undefined ? `, ${c.stash_points} from the stash` : ""})${returns[s] === best ? " — wins" : ""}`,
    })));
}

// The result panel (play.js, replay.js): why the game ended (MM-17.1–17.3), who won and
// by which rule (MM-17.4: total glory, then glory on the track, then gold stashed), and
// each captain's final glory and gold (every total is shown at the end, MM-17.4).
const ENDINGS = {
  "10 glory declared": (view, names, target) =>
    `${names[view.declared] ?? "A captain"} declared ${target} glory, and the game ended with that game turn (MM-17.3).`,
  "no Event card left": () => "The event deck ran out (MM-17.1).",
  "no captain card left": () => "No captain card was left to replace a captain lost at sea (MM-17.2).",
};

export function result(view, names, said = [], options = {}) {
  const why = said.map((line) => /the game is over \((.+)\)/i.exec(line)?.[1]).filter(Boolean).pop();
  const target = options.glory_target ?? 10;
  const ending = ENDINGS[why] ? ENDINGS[why](view, names, target) : why ? `The game is over (${why}).` : "The game is over.";
  const rank = view.captains.map((c) => [c.glory + (c.stash_points || 0), c.glory, c.stash ?? 0]);
  return {
    reason: `${ending} ${rankWords(rank, names, ["glory", "glory on the track", "gold stashed"])}`,
    columns: ["Glory", "On the track", "From the stash", "Gold stashed", "Gold aboard"],
    rows: view.captains.map((c, s) => [rank[s][0], c.glory, c.stash_points ?? "", c.stash ?? "", c.gold ?? ""]),
  };
}

// -- the event in play, combats and raids, and the last rolls ------------------------------

function happening(view, ctx) {
  const ev = eventCard(view.event, view, ctx.components);
  return el("section.mm-happening", { "aria-label": "the game turn, the event in play and the last rolls" },
    turnLine(view),
    el("div.mm-event", {},
      help(el("span.mm-event-card", { title: ev.title, text: view.event || "no event yet" }),
        "the Event card of this game turn: its strip moves the NPCs, then its effect resolves; when the deck runs out, the game ends", "MM-3.2 Event; MM-4 Events and NPCs; MM-17.1"),
      el("span.meta", { text: `${ev.what}${ev.what ? " · " : ""}event deck ${view.decks?.event ?? "?"} left` })),
    view.combat ? help(el("div.mm-combat", { text: combatWords(view.combat, ctx.names) }),
      "a naval combat: each round both sides declare Shoot, Board or Flee (round 1: Shoot only), then roll Seamanship", "MM-8 Naval combat") : null,
    view.raid ? help(el("div.mm-raid", { text: `raid: ${view.raid.cards.join(", ") || "no cards yet"} · ${view.raid.successes} success${view.raid.successes === 1 ? "" : "es"}` }),
      "a merchant raid: the Cargo cards drawn (their hit and escape icons) and the Seamanship successes to spend on them", "MM-6.3 Raid steps; MM-6.4 Result") : null,
    view.visit ? el("div.mm-visit", { text: `in port at ${view.visit.port}: ${view.visit.step}${view.visit.drawn?.length ? ` · drawn ${view.visit.drawn.join(", ")}` : ""}` }) : null,
    rollsShown());
}

function eventCard(name, view, components) {
  if (!name) return { what: "", title: "" };
  const events = components?.events || [];
  const card = events.find((e) => e.captain === name);
  if (card) {
    const npc = (components.npcs || []).find((n) => n.id === card.npc);
    return { what: `the ${npc?.name || card.npc} enters at ${card.zone}`, title: `NPC entry: ${name}` };
  }
  const what = view.war?.length && name === "War" ? `${view.war.join(" and ")} at war` : "";
  return { what, title: `Event card: ${name}` };
}

function combatWords(cb, names) {
  const side = (s) => (typeof s === "number" ? `${names[s]} (${CAPTAINS[s]})` : s);
  const declared = (cb.declared || []).map((d, i) => (d >= 0 ? `${side(cb.sides[i])} ${["Shoot", "Board", "Flee"][d] || d}` : null)).filter(Boolean);
  return `naval combat, round ${cb.round}: ${cb.sides.map(side).join(" against ")}${declared.length ? ` · declared: ${declared.join(", ")}` : ""}`;
}

// The rolls of the latest log lines that rolled dice, kept until newer dice come: the
// server sends each log entry once (view.log holds only the new ones).
let lastRolls = [];
let fight = null; // the sides of the latest naval combat, for its rolls' words

function noteRolls(log) {
  const rolls = [];
  for (const e of log || []) {
    if (e.kind === "combat") fight = [e.aggressor, e.defender];
    const roll = rollOf(e);
    if (!roll) continue;
    const before = rolls[rolls.length - 1];
    // The contest (or crew round) repeats the dice of its roll: show them once.
    if (before && before.pair && roll.pair && JSON.stringify(before.faces) === JSON.stringify(roll.faces)) rolls.pop();
    rolls.push(roll);
  }
  if (rolls.length) lastRolls = rolls.slice(-3);
}

function rollOf(e) {
  const who = e.seat !== undefined && e.seat !== null ? CAPTAINS[e.seat] : "";
  const ok = (f) => f >= 5; // a skull (5 or 6) is a success (MM-1.3)
  const won = (k) => `${k} success${k === 1 ? "" : "es"}`;
  const sides = fight ? `: ${fight[0]} against ${fight[1]}` : "";
  switch (e.kind) {
    case "roll":
      return { words: `${who} rolls ${e.skill} for ${e.why}`, faces: [e.dice], good: ok, after: won(e.successes) };
    case "npc-scout":
      return { words: `the ${e.npc} scouts ${who}`, faces: [e.dice], good: ok, after: won(e.successes) };
    case "grappling-hooks":
      return { words: `${who} re-rolls with Grappling Hooks`, faces: [e.dice], good: ok };
    case "contest-roll":
      return { words: `Seamanship${sides}`, faces: e.dice, good: ok, pair: true };
    case "contest":
      return { words: `Seamanship${sides}`, faces: e.dice, good: ok, pair: true, after: `successes ${e.successes.join(" to ")}: ${e.winner ? `${e.winner} wins` : "no winner"}` };
    case "crew-roll":
      return { words: `crew combat, Leadership${sides}`, faces: e.dice, good: ok, pair: true };
    case "crew-round":
      return { words: `crew combat, Leadership${sides}`, faces: e.dice, good: ok, pair: true, after: `hits ${e.hits.join(" and ")}` };
    case "volley":
      return { words: `a volley at ${e.target}: hit locations`, faces: [e.dice], good: () => false, after: e.dice.map((f) => HIT_FACE[f] || f).join(", ") };
    case "reroll":
      return { words: `${e.side} re-rolls a hit location: ${e.from} → ${e.to}`, faces: [[e.to]], good: () => false, after: HIT_FACE[e.to] || "" };
    default:
      return null;
  }
}

function rollsShown() {
  const what = "the last dice rolled: a skull (5 or 6) is a success; a skill roll succeeds with one success";
  if (!lastRolls.length) return help(el("div.mm-rolls.empty", { text: "no dice rolled yet" }), what, "MM-1.3 Dice; MM-1.4 Skill roll");
  return help(el("div.mm-rolls", { "aria-label": "the last rolls" },
    ...lastRolls.map((r) => el("div.mm-roll", {},
      el("span.mm-roll-words", { text: r.words }),
      ...r.faces.map((faces, k) => [k ? el("span.meta", { text: " vs " }) : null, dice(faces, { good: r.good, size: 18 })]),
      r.after ? el("span.meta", { text: ` ${r.after}` }) : null))), what, "MM-1.3 Dice; MM-1.4 Skill roll");
}

// -- each captain's board -----------------------------------------------------------------

// A thing that may move or change on the table (common.js animate and the last moves).
function flip(node, key, sig) {
  node.dataset.flip = key;
  if (sig !== undefined) node.dataset.flipSig = sig;
  return node;
}

function board(view, s, ctx, picks) {
  const c = view.captains[s];
  const mine = s === ctx.seat;
  const turn = view.pending?.seat === s && !view.terminal;
  const before = ctx.previous?.captains?.[s];
  const changed = before && (before.glory !== c.glory || before.zone !== c.zone || before.cargo?.length !== c.cargo.length
    || before.values?.join() !== c.values.join());
  const colour = CAPTAINS[s] || `seat ${s + 1}`;
  const node = el(`section.mm-board${mine ? ".mine" : ""}${turn ? ".deciding" : ""}${changed ? ".changed" : ""}`,
    { "aria-label": `${ctx.names[s]}'s board`, "data-seat": s },
    el("header", {},
      el(`span.colour.${colour.toLowerCase()}`, { text: colour }),
      el("strong", { text: ctx.names[s] }),
      mine ? el("span.meta", { text: "(you)" }) : null,
      turn ? el("span.badge", { text: "deciding" }) : null,
      gloryTrack(c, s)),
    help(el("div.mm-who", { "data-flip": `mm-who-${s}`, text: `${c.captain || "no captain yet"}${c.nation ? ` (${c.nation})` : ""} · ${c.ship || "no ship"} ${c.docked ? "in port at" : "at sea in"} ${c.zone}` }),
      "the captain card (its nation gives the home port; its skills: Seamanship, Leadership, Influence, Scouting) and the ship", "MM-D.5 Captains; MM-D.3 Player ships"),
    c.ship ? flip(shipValues(c), `mm-values-${s}`, c.values.join()) : null,
    help(el("div.mm-cargo", {}, el("span.label", { text: "Cargo" }),
      ...(c.cargo.length ? c.cargo.map((k) => flip(cargoCard(k), `mm-cargo-${k}`, String(s))) : [el("span.meta", { text: "empty" })])),
    "cargo cards aboard: at sea no more than the Cargo value, in port up to 6", "MM-12.4 Cargo limits"),
    el("div.mm-holds", { "data-flip": `mm-holds-${s}` }, ...holdings(c)),
    mine || c.gold !== undefined ? secrets(c, mine, view.terminal) : null);
  help(node, `${ctx.names[s]}'s captain board (${colour}): glory, the ship's values, cargo, bounties and cards`, "MM-2.7 Setup; MM-1.5 Ship values");
  return clickable(node, picks.scout.get(TARGET_CAPTAIN + s), ctx.choose);
}

function gloryTrack(c, s) {
  const target = Math.max(10, c.glory); // MM-1.1's target (the option is not in the view)
  const pips = Array.from({ length: target }, (_, i) => el(`span.mm-pip${i < c.glory ? ".on" : ""}`));
  return help(el("span.mm-glory", { title: `glory track ${c.glory} of ${target}`, "data-flip": `mm-glory-${s}`, "data-flip-sig": String(c.glory) }, el("span.mm-glory-n", { text: `★ ${c.glory}` }), ...pips),
    `the Glory track: ${c.glory} public glory; with the secret stash points, ${target} in all wins`, "MM-1.1 Goal; MM-14 Glory points and glory cards");
}

function shipValues(c) {
  return help(el("div.mm-values", { title: `manoeuvrability ${c.maneuverability}` },
    ...LOCATIONS.map((loc, i) => {
      const value = c.values[i], most = c.maxima[i];
      return el(`span.mm-loc${value === 0 && most ? ".gone" : ""}`, { title: `${cap(loc)} ${value} of ${most}${most - value ? ` (${most - value} damage)` : ""}` },
        el("span.mm-loc-name", { text: SHORT[loc] }),
        ...Array.from({ length: most }, (_, k) => el(`span.mm-box${k < value ? "" : ".hit"}`)));
    }),
    el("span.mm-man", { text: `manoeuvre ${c.maneuverability}` })),
  "the ship's values: Cannons, Cargo, Masts, Crew and Hull are hit locations (a hit lowers one by 1; Hull 0 sinks), and its Maneuverability",
  "MM-1.5 Ship values; MM-9 Hits and hit locations");
}

function cargoCard(name) {
  const good = name.split("-")[0].toLowerCase();
  return help(el(`span.mm-good.good-${GOODS.includes(good) ? good : "other"}`, { text: name, title: `cargo card ${name}` }),
    `a cargo card of ${good}: it sells for 3 gold in port, 6 where ${good} is in demand`, "MM-12.2 Sell; MM-12.4 Cargo limits");
}

function holdings(c) {
  const out = [];
  const bounties = Object.entries(c.bounties || {}).filter(([, n]) => n);
  if (bounties.length) {
    out.push(help(el("span.mm-bounties", { title: "bounties on this captain" }, "bounties ",
      ...bounties.map(([nation, n]) => el(`span.mm-bounty.${nation.toLowerCase()}`, { text: `${nation} ×${n}` }))),
    "bounty tokens: a captain with any is a pirate; a nation's bounty bars its ports (but the home port), and whoever defeats the pirate may claim 5 gold a bounty of one nation", "MM-7 Bounties; MM-1.6 Pirate"));
  }
  out.push(help(el("span.mm-hand", { title: "glory cards in hand" }, "glory cards ",
    ...Array.from({ length: c.glory_cards }, () => el("span.card-back", { "aria-hidden": "true" })), ` ${c.glory_cards}`),
  "glory cards in hand, secret: at most 4; played on your own turn unless a card says otherwise", "MM-14.2 Hand limit 4; MM-14.3 Playing"));
  out.push(help(el("span", { text: `rumors ${c.rumors}` }), "rumor cards held (one at most): investigate the place it names for glory", "MM-15.3 Rumors; MM-12.7 Rumor"));
  if (c.mission) out.push(help(el("span", { text: `mission: ${c.mission}` }), "the mission this captain has taken on", "MM-15.1 Missions"));
  const gear = [...c.weapons, ...c.modifications].map(words);
  if (gear.length) out.push(el("span", { text: gear.join(", ") }));
  if (c.specialists.length) out.push(el("span", { text: `in play: ${c.specialists.join(", ")}` }));
  return out;
}

// The seat's own secrets (MM-1.7a), from its own view only; at the end every total
// (gold and stash, MM-17.4) is shown to all, and a replay may reveal everything.
function secrets(c, mine, over) {
  return help(el("div.mm-secret", { "data-secret": mine ? "mine" : "shown" },
    el("span.label", { text: mine ? "Yours alone:" : over ? "Final:" : "Revealed:" }),
    el("span", { text: `gold ${c.gold ?? "?"}` }),
    el("span", { text: `stash ${c.stash ?? "?"}${c.stash_points !== undefined ? ` (${c.stash_points} glory)` : ""}` }),
    c.hand ? el("span", { text: `glory cards: ${c.hand.join(", ") || "none"}` }) : null,
    c.rumor ? el("span", { text: `rumor: ${c.rumor.join(", ") || "none"}` }) : null),
  "secret until the end: gold aboard, gold stashed at the home port (each full 10 stashed is 1 glory, at most 5) and the cards in hand", "MM-1.7 Hidden information; MM-12.9 Stash");
}

// -- the prompt -------------------------------------------------------------------------------

export function describe(view, seat, names) {
  if (view.terminal) {
    const best = Math.max(...(view.returns || [0]));
    const winners = (view.returns || []).flatMap((r, s) => (r === best ? [`${names[s]} (${CAPTAINS[s]})`] : []));
    return `The game is over: ${winners.join(" and ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}.`;
  }
  const p = view.pending;
  if (!p) return "";
  return (p.prompt || "").replace(/^\w+(?=:)/, (captain) => (names[p.seat] ? `${names[p.seat]} (${captain})` : captain));
}
