// The BroadSides table: the foe's ship across from yours, both captains' Targets with
// their Aim cards, your hand, the shot bag and the tracks. Whatever can be chosen now
// glows and is clicked; everything else is drawn only.
import { el } from "./common.js";

const SUITS = ["♠", "♣", "♦", "♥"];
const SUIT_NAMES = ["spades", "clubs", "diamonds", "hearts"];
const SHOT = {
  solid: { letter: "S", name: "Solid" },
  chain: { letter: "C", name: "Chain" },
  canister: { letter: "K", name: "Canister" },
};
const PENALTY = {
  rigging: { mark: "R", name: "rigging penalty: fewer cards" },
  cannon: { mark: "✕", name: "cannon penalty" },
  hand: { mark: "H", name: "hand limit −1" },
  "no-firing": { mark: "⊘", name: "this deck's cannon cannot fire" },
  none: null,
};
const MARKER = { rigging: "sail", deck: "crew", hull: "plank" };
const COLOURS = ["Red", "Blue"];
// Where each zone sits on the drawing of a ship seen from above, bow to the right.
const PLACE = {
  "aft-rigging": "r1", "fore-rigging": "r2",
  "aft-deck": "d1", "main-deck": "d2", "fore-deck": "d3",
  "aft-hull": "h1", "mid-hull": "h2", "fore-hull": "h3",
};

export function cardName(card) {
  if (card >= 40) return "Wild";
  return `${(card % 10) + 1}${SUITS[Math.floor(card / 10)]}`;
}

function cardFace(card, { value, suit, small } = {}) {
  const wild = card >= 40;
  const s = wild ? (suit ?? -1) : Math.floor(card / 10);
  const v = wild ? value : (card % 10) + 1;
  const red = s === 2 || s === 3;
  return el(`div.card${wild ? ".wild" : ""}${red ? ".red" : ""}${small ? ".small" : ""}`,
    { title: wild ? `Wild${v ? ` as ${v}` : ""}${s >= 0 ? ` ${SUIT_NAMES[s]}` : ""}` : `${v} of ${SUIT_NAMES[s]}` },
    el("span.value", { text: wild ? (v ? `W${v}` : "W") : String(v) }),
    el("span.suit", { text: s >= 0 ? SUITS[s] : "★" }));
}

// What the legal actions let a person click, by what they mean.
function indexLegal(legal) {
  const by = new Map();
  for (const a of legal || []) {
    const key = `${a.kind}:${a.args.join(",")}`;
    by.set(key, a);
  }
  return { get: (kind, ...args) => by.get(`${kind}:${args.join(",")}`), list: legal || [] };
}

function clickable(node, action, choose) {
  if (!action) return node;
  node.classList.add("choosable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.dataset.action = action.id;
  node.title = action.text;
  node.addEventListener("click", (e) => { e.stopPropagation(); choose(action.id); });
  node.addEventListener("keydown", (e) => {
    if (e.key === " ") { e.preventDefault(); choose(action.id); }
  });
  return node;
}

export function render(root, ctx) {
  const { view, seat, choose, components } = ctx;
  const me = seat ?? 0; // a spectator sits on Red's side
  const foe = 1 - me;
  const legal = indexLegal(ctx.legal);
  const ships = view.ships;
  const before = ctx.previous;
  root.replaceChildren(
    el("div.bs-table", {},
      captainStrip(view, foe, ctx, false),
      ship(view, ships[foe], { mine: false, legal, choose, before: before?.ships?.[foe], components, seat: me }),
      targets(ships[foe], { mine: false, legal, choose, label: `${ctx.names[foe]}'s Targets, aimed at your ship`, before: before?.ships?.[foe] }),
      middle(view, ctx, legal),
      targets(ships[me], { mine: seat !== null, legal, choose, label: seat === null ? `${ctx.names[me]}'s Targets` : "Your Targets, aimed at the foe", before: before?.ships?.[me] }),
      ship(view, ships[me], { mine: seat !== null, legal, choose, before: before?.ships?.[me], components, seat: me }),
      hand(view, ships[me], ctx, legal),
    ),
  );
}

function captainStrip(view, s, ctx, mine) {
  const ship = view.ships[s];
  const backs = Array.from({ length: ship.hand_size }, () => el("span.card-back", { "aria-hidden": "true" }));
  return el("div.captain", {},
    el(`span.colour.${COLOURS[s].toLowerCase()}`, { text: COLOURS[s] }),
    el("strong", { text: ctx.names[s] }),
    mine ? null : ship.hand // face up only in a finished game's replay, seen by everyone
      ? el("span.open-hand", {}, ...ship.hand.map((card) => cardFace(card, { small: true })))
      : el("span.backs", { title: `${ship.hand_size} Aim cards in hand` }, backs, el("span.count", { text: ` ${ship.hand_size} in hand` })),
    el("span.meta", { text: `deck ${ship.deck} · discards ${ship.discards.length} · hand limit ${ship.hand_limit}` }),
    view.turn_player === s && !view.terminal ? el("span.badge", { text: "their turn" }) : null,
  );
}

function ship(view, ship, { mine, legal, choose, before, components, seat }) {
  const zones = new Map(ship.zones.map((z) => [z.zone, z]));
  const cells = [];
  for (const z of ship.zones) {
    const old = before?.zones?.find((o) => o.zone === z.zone);
    const changed = old && (old.markers !== z.markers || old.officers.join() !== z.officers.join());
    const index = ship.zones.indexOf(z);
    const gunsight = view.ships[1 - ship.seat].gunsight === z.zone;
    const cell = el(`div.zone.${z.kind}.${PLACE[z.zone] || "x"}${changed ? ".changed" : ""}${gunsight ? ".sighted" : ""}`,
      { "aria-label": `${z.name}: ${z.markers} of ${z.spaces}` },
      el("div.zone-name", {}, z.name, gunsight ? el("span.sight", { title: "the foe's Gunsight is on this zone", text: " ◎" }) : null),
      spaces(z, components, ship, legal, choose, mine),
      z.kind === "hull" ? disaster(ship, z) : null,
      z.kind === "deck" ? cannonOn(ship, z, legal, choose, mine) : null,
    );
    // Zero In on the foe's zone; on your own: lose a marker, or place an officer.
    const action = mine
      ? legal.get("lose", index) || legal.get("officer", 0, index) || legal.get("officer", 1, index)
      : legal.get("sight", index);
    clickable(cell, action, choose);
    cells.push(cell);
  }
  void zones;
  return el(`section.ship.${mine ? "mine" : "theirs"}.${COLOURS[ship.seat].toLowerCase()}`, { "aria-label": `${COLOURS[ship.seat]} ship` },
    el("div.hull-shape", {}, ...cells),
    tracks(ship),
  );
}

function spaces(z, components, ship, legal, choose, mine) {
  const spec = components.zones.find((c) => c.id === z.zone);
  const penalties = spec?.penalties || [];
  const occupants = [...z.officers, ...Array(Math.max(0, z.markers)).fill(null)];
  const empty = Math.max(0, z.spaces - occupants.length);
  const row = el("div.spaces");
  for (let i = 0; i < z.spaces; i++) {
    if (i < empty) {
      const p = PENALTY[penalties[i]];
      row.append(el(`span.space.empty${p ? ".penalty" : ""}`, { title: p ? `uncovered: ${p.name}` : "empty space", text: p ? p.mark : "" }));
    } else {
      const who = occupants[i - empty];
      if (who) {
        const officer = who === "captain" ? 0 : 1;
        const node = el("span.space.officer", { title: who === "captain" ? "Captain" : "First Mate", text: who === "captain" ? "C" : "M" });
        if (mine) clickable(node, legal.get("lose-officer", officer), choose);
        row.append(node);
      } else {
        row.append(el(`span.space.marker.${MARKER[z.kind]}`, { title: z.kind === "rigging" ? "Sail" : z.kind === "deck" ? "Crewman" : "Plank" }));
      }
    }
  }
  return row;
}

function disaster(ship, z) {
  const token = ship.disasters?.[z.zone];
  if (!token) return null;
  const down = token === "face down";
  return el(`span.disaster${down ? ".down" : ""}`, { title: down ? "a Disaster token, face down" : `Disaster: ${token}`, text: down ? "?" : "!" });
}

function cannonOn(ship, z, legal, choose, mine) {
  const position = z.zone === "fore-deck" ? 0 : z.zone === "aft-deck" ? 1 : -1;
  if (position < 0) return null;
  const c = ship.cannons[position];
  const name = c.cannon ? c.cannon.replace(/-/g, " ") : c.chosen ? "tile face down" : "no cannon yet";
  const state = !c.chosen ? ".unchosen" : c.usable ? "" : ".unusable";
  const node = el(`div.cannon${c.manned ? ".manned" : ""}${state}`,
    { title: `${c.position} cannon: ${name}${c.manned ? ", manned by the Gunner" : ""}${c.usable ? "" : ", cannot fire"}` },
    el("span.cannon-name", { text: `${c.position === "fore" ? "Fore" : "Aft"}: ${name}` }),
    el("span.shots", {}, ...c.shots.map((s) => shotToken(s)),
      ...Array.from({ length: Math.max(0, (c.capacity || 0) - c.shots.length) }, () => el("span.shot.empty", { title: "room for a shot" }))),
    c.manned ? el("span.gunner", { title: "the Gunner mans this cannon", text: "G" }) : null,
  );
  if (mine) clickable(node, legal.get("man", position), choose);
  return node;
}

function shotToken(kind, extra = "") {
  const s = SHOT[kind] || { letter: "?", name: kind };
  return el(`span.shot.${kind}${extra}`, { title: `${s.name} shot`, text: s.letter });
}

function tracks(ship) {
  const t = ship.tracks;
  const row = (label, length, covered, marks) =>
    el("div.track", { "aria-label": label },
      el("span.track-name", { text: label }),
      ...Array.from({ length }, (_, i) => {
        const mark = marks ? marks[i] : String(i + 1);
        const key = marks ? i : i + 1;
        const done = covered.includes(key) || covered.includes(mark);
        return el(`span.step${done ? ".covered" : ""}`, { title: done ? `${mark}: used` : mark, text: mark });
      }));
  return el("div.tracks", {},
    row("Broadside", 4, t.broadside, SUITS),
    row("Sheer Off", 10, t.sheer_off),
    row("Evasion", 10, t.evasion),
    el("div.planks", { text: ship.missing_planks ? `${ship.missing_planks} Planks lost` : "" }));
}

function targets(ship, { mine, legal, choose, label, before }) {
  const row = el("div.targets", { "aria-label": label });
  row.append(el("div.row-label", { text: label }));
  for (const t of ship.targets) {
    const old = before?.targets?.find((o) => o.target === t.target);
    const changed = !old || old.left !== t.left || old.bottom !== t.bottom;
    row.append(targetCard(t, { mine, legal, choose, changed: changed && before }));
  }
  if (!ship.targets.length) row.append(el("div.empty-targets", { text: "no Targets" }));
  return row;
}

function targetCard(t, { legal, choose, changed }) {
  const n = t.target;
  const slot = (side) => {
    const card = side === 0 ? t.left : t.bottom;
    const value = side === 0 ? t.left_value : t.bottom_value;
    const node = el(`div.slot.${side === 0 ? "left" : "bottom"}`, {},
      card === null ? el("span.open", { text: side === 0 ? "left" : "bottom" }) : cardFace(card, { value, small: true }));
    clickable(node, legal.get("place", n, side) || legal.get("unaim", n, side), choose);
    return node;
  };
  const [cx, cy] = t.centre;
  const grid = el("div.grid", { "aria-hidden": "true" });
  for (let y = 10; y >= 1; y--) {
    for (let x = 1; x <= 10; x++) {
      const centre = x === cx && y === cy;
      const hit = t.left_value === x && t.bottom_value === y;
      grid.append(el(`span${centre ? ".centre" : ""}${hit ? ".hit" : ""}`));
    }
  }
  return el(`div.target.reads-${t.reads}${changed ? ".changed" : ""}`, { title: `Target #${n + 1}, centre ${cx},${cy}: reads ${t.reads}` },
    slot(0),
    el("div.target-face", {}, el("span.target-no", { text: `#${n + 1}` }), grid, el("span.reads", { text: t.reads })),
    slot(1));
}

function middle(view, ctx, legal) {
  const bag = view.bag;
  const parts = [
    el("div.bag", { title: "shots in the bag" }, el("span.label", { text: "Bag" }),
      ...Object.entries(bag).map(([kind, n]) => el("span.bag-kind", {}, shotToken(kind), el("span.n", { text: `×${n}` })))),
  ];
  if (view.tray.length) {
    parts.push(el("div.tray", {}, el("span.label", { text: "Drawn" }), ...view.tray.map((kind, i) => {
      const node = shotToken(kind);
      return node;
    })));
  }
  parts.push(el("div.deck-count", { text: `Target deck ${view.target_deck}` }));
  // The round cap counts rounds (both captains' turns); the log counts turns.
  const turns = 2 * view.round_cap;
  parts.push(el("div.turn", { text: `Turn ${Math.min(view.turn, turns)} of ${turns}` }));
  if (view.attack) {
    const a = view.attack;
    parts.push(el("div.attack", { text: `Attack on ${a.zone.replace(/-/g, " ")}: ${a.potential} potential, ${a.damage} damage (${a.cannon} cannon)` }));
  }
  if (view.selection && view.selection.cards.length) {
    parts.push(el("div.selection", {}, el("span.label", { text: `Chosen (${view.selection.kind.replace(/-/g, " ")})` }),
      ...view.selection.cards.map(([card, value, suit]) => cardFace(card, { value, suit, small: true }))));
  }
  if (view.losses && view.losses.length) {
    parts.push(el("div.losses", { text: `To lose: ${view.losses.map(lossText).join("; ")}` }));
  }
  return el("div.middle", {}, ...parts);
}

// A waiting loss in words: [seat, kind, count, zone or null] from the view.
const LOSS_KINDS = { rigging: "Sails", deck: "Crewmen", hull: "Planks" };
function lossText([seat, kind, count, zone]) {
  const what = kind === "unaim" ? `${count} Aim card(s) off the Targets`
    : kind === "zone" ? `${count} marker(s) off the ${zone.replace(/-/g, " ")}`
    : `${count} ${LOSS_KINDS[kind] || kind}`;
  return `${COLOURS[seat]}: ${what}`;
}

function hand(view, ship, ctx, legal) {
  const cards = ship.hand;
  const row = el("div.hand", { "aria-label": "Your hand" });
  if (!cards) {
    row.append(el("span.meta.on-sea", { text: `${ctx.names[ship.seat]} holds ${ship.hand_size} cards` }));
    return row;
  }
  const chosen = new Set((view.selection?.cards || []).map((c) => c[0]));
  cards.forEach((card, i) => {
    const face = cardFace(card);
    if (chosen.has(card)) face.classList.add("chosen");
    const action = card >= 40 ? legal.get("wild") : legal.get("card", card);
    clickable(face, action, ctx.choose);
    face.style.setProperty("--tilt", `${(i - (cards.length - 1) / 2) * 3}deg`);
    row.append(face);
  });
  return el("div.hand-row", {},
    el("div.row-label", { text: `${ctx.seat === null ? `${ctx.names[ship.seat]}'s` : "Your"} hand (${cards.length}) · deck ${ship.deck} · limit ${ship.hand_limit}` }),
    row);
}

// The result panel: the game's own closing words (sunk, officers lost, the round cap
// and its count of markers) and what is left of each ship.
export function result(view, names, said = []) {
  const closing = said.slice(-3).filter((line) => /WINS|draw|round cap|sinks|officers/i.test(line));
  return {
    reason: closing.join(" ") || said[said.length - 1] || "",
    columns: ["Markers left", "Officers aboard", "Planks lost"],
    rows: view.ships.map((ship) => [
      ship.zones.reduce((n, z) => n + Math.max(0, z.markers), 0),
      ship.zones.reduce((n, z) => n + z.officers.length, 0),
      ship.missing_planks || 0,
    ]),
  };
}

// The kinds drawn on the table (clicked there); the others are offered as buttons.
export const ON_TABLE = new Set(["card", "wild", "place", "unaim", "sight", "lose", "lose-officer", "man", "officer"]);

export function describe(view, seat, names) {
  if (view.terminal) {
    const r = view.returns || [];
    if (r[0] === r[1]) return "The game is over: a draw.";
    const winner = r[0] > r[1] ? 0 : 1;
    return `The game is over: ${names[winner]} (${COLOURS[winner]}) wins.`;
  }
  return view.pending?.prompt || "";
}
