// The BroadSides table: the foe's ship across from yours, both captains' Targets with
// their Aim cards, your hand, the shot bag and the tracks. Whatever can be chosen now
// glows and is clicked; everything else is drawn only.
import { el } from "./common.js";
import { help, installHelp } from "./help.js";

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
const MARKER_HELP = {
  rigging: "a Sail marker: damage to this zone removes Sails; a Repair puts one back",
  deck: "a Crewman marker: damage removes Crewmen; a Repair moves one to a Deck or to repair a Sail or Plank",
  hull: "a Plank marker: damage removes Planks; 10 missing in all sinks the ship",
};
const COLOURS = ["Red", "Blue"];
const CANNON_HELP = {
  "18-pounder": "loads 2 shots, a balanced spread of Perfect, Good and Poor",
  "long-nine": "loads 1 shot, Perfect or Poor, never Good",
  carronade: "loads 2 shots, many Good, never Perfect; it may fire both at once (Double Shot)",
};
// What each kind of thing is, and the rulebook's section that governs it (help.js).
const SHOT_HELP = {
  solid: "Solid shot (S): best against Planks, a Hull zone",
  chain: "Chain shot (C): best against Sails, a Rigging zone",
  canister: "Canister shot (K): best against Crewmen, a Deck zone",
};
const SHOT_RULE = "BroadSides: Stage 2, Firing, step 2 Spend Shot (a shot of the wrong colour: −1 damage)";
const ZONE_HELP = {
  rigging: ["Rigging zone: its Sails. Each −1 Rigging penalty uncovered counts one card fewer in your Sheer Off and Evasion",
    "BroadSides: Stage 2, Firing; Damage Effects, Rigging Penalties"],
  deck: ["Deck zone: its Crewmen and officers. Its uncovered Cannon penalties weaken the cannon on this Deck; the Main Deck's Hand penalties lower the hand limit",
    "BroadSides: Stage 2, Firing; Damage Effects, Cannon and Hand Penalties"],
  hull: ["Hull zone: its Planks. 10 Planks missing in all sinks the ship; a Hull zone with none left flips its Disaster token",
    "BroadSides: Stage 2, Firing; Damage Effects, Sinking and Disasters"],
};
const TRACK_HELP = {
  Broadside: ["Broadside track: a suit used to Broadside is covered and cannot Broadside again", "BroadSides: Stage 1, Broadside!"],
  "Sheer Off": ["Sheer Off track: the numbers used to Sheer Off are covered and cannot be used again", "BroadSides: Stage 1, Sheer Off!"],
  Evasion: ["Evasion track: the numbers used to Evade are covered and cannot be used again", "BroadSides: Evasion"],
};
// Where each zone sits on the drawing of a ship seen from above, bow to the right.
const PLACE = {
  "aft-rigging": "r1", "fore-rigging": "r2",
  "aft-deck": "d1", "main-deck": "d2", "fore-deck": "d3",
  "aft-hull": "h1", "mid-hull": "h2", "fore-hull": "h3",
};

// A thing that may move across the table (common.js animate): its key, where a newcomer
// comes from, and what counts as a change of it.
function flip(node, key, { from, sig } = {}) {
  node.dataset.flip = key;
  if (from) node.dataset.flipFrom = from;
  if (sig !== undefined) node.dataset.flipSig = sig;
  return node;
}

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

// An Aim card, said in words: where it lies decides which rule it serves.
function aimHelp(node, card, where = "") {
  const wild = card >= 40;
  const what = wild ? "a Wild Aim card: any number, any suit" : `the Aim card ${cardName(card)}`;
  return where
    ? help(node, `${what}, aimed at ${where}: with the other Aim card there it gives the Target's coordinate`, "BroadSides: Stage 1, Aim!")
    : help(node, `${what}: Aim with it, or spend it in a flush (Broadside), a straight (Sheer Off, Evasion), a pair (Reload) or a Repair`, "BroadSides: Stage 1, Take two actions");
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
  installHelp();
  const { view, seat, choose, components } = ctx;
  const me = seat ?? 0; // a spectator sits on Red's side
  const foe = 1 - me;
  const legal = indexLegal(ctx.legal);
  const ships = view.ships;
  const before = ctx.previous;
  // The Experienced Sea Dog module (option sea_dog): null until the draft deals.
  const sea = view.sea_dog || null;
  root.replaceChildren(
    el("div.bs-table", {},
      captainStrip(view, foe, ctx, false),
      sea ? seaStrip(view, foe, ctx, legal) : null,
      ship(view, ships[foe], { mine: false, legal, choose, before: before?.ships?.[foe], components, seat: me }),
      targets(ships[foe], { mine: false, legal, choose, label: `${ctx.names[foe]}'s Targets, aimed at your ship`, before: before?.ships?.[foe] }),
      middle(view, ctx, legal),
      sea ? seaNow(view, ctx, legal) : null,
      targets(ships[me], { mine: seat !== null, legal, choose, label: seat === null ? `${ctx.names[me]}'s Targets` : "Your Targets, aimed at the foe", before: before?.ships?.[me] }),
      ship(view, ships[me], { mine: seat !== null, legal, choose, before: before?.ships?.[me], components, seat: me }),
      sea ? seaStrip(view, me, ctx, legal) : null,
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
      ? flip(el("span.open-hand", {}, ...ship.hand.map((card) => aimHelp(flip(cardFace(card, { small: true }), `bs-card-${s}-${card}`), card))), `bs-hand-${s}`, { sig: "" })
      : help(flip(el("span.backs", { title: `${ship.hand_size} Aim cards in hand` }, backs, el("span.count", { text: ` ${ship.hand_size} in hand` })), `bs-hand-${s}`),
        `${ship.hand_size} Aim cards in ${COLOURS[s]}'s hand, kept secret; a Sheer Off makes them discard at random`, "BroadSides: Stage 1, Sheer Off!"),
    help(flip(el("span.meta", { text: `deck ${ship.deck} · discards ${ship.discards.length} · hand limit ${ship.hand_limit}` }), `bs-deck-${s}`),
      `${COLOURS[s]}'s Aim deck, discards and hand limit (6, less the Hand penalties uncovered)`, "BroadSides: Stage 3, Draw 2 Cards"),
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
      el("div.zone-name", {}, z.name, gunsight ? help(flip(el("span.sight", { title: "the foe's Gunsight is on this zone", text: " ◎" }), `bs-sight-${1 - ship.seat}`),
        "a Gunsight: the foe's manned cannon fires at this zone", "BroadSides: Player Setup, Zero In") : null),
      spaces(z, components, ship, legal, choose, mine),
      z.kind === "hull" ? disaster(ship, z) : null,
      z.kind === "deck" ? cannonOn(ship, z, legal, choose, mine) : null,
    );
    // Zero In on the foe's zone (or aim a Dirty Trick at it); on your own: lose a
    // marker, place an officer, or take back a marker a Dirty Trick returns.
    const action = mine
      ? legal.get("lose", index) || legal.get("officer", 0, index) || legal.get("officer", 1, index) || legal.get("trick-marker", index)
      : legal.get("sight", index) || legal.get("trick-zone", index);
    const [what, rule] = ZONE_HELP[z.kind] || [z.name, ""];
    const draws = components?.zones?.find((c) => c.id === z.zone)?.targets;
    const aim = mine ? "" : `. Zero In here: your Gunsight on it, ${draws ?? "its number of"} Target cards drawn`;
    help(cell, `${z.name}, ${z.markers} of ${z.spaces} spaces filled: the ${what}${aim}`, rule);
    clickable(cell, action, choose);
    const disasterNow = ship.disasters?.[z.zone] || "";
    flip(cell, `bs-zone-${ship.seat}-${z.zone}`, { sig: `${z.markers}|${z.officers.join()}|${gunsight}|${disasterNow}` });
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
      const space = el(`span.space.empty${p ? ".penalty" : ""}`, { title: p ? `uncovered: ${p.name}` : "empty space", text: p ? p.mark : "" });
      row.append(p ? help(space, `an uncovered penalty: ${p.name}`, "BroadSides: Damage Effects")
        : help(space, "an empty space: a marker lost here; a Repair may fill it", "BroadSides: Stage 1, Repair!"));
    } else {
      const who = occupants[i - empty];
      if (who) {
        const officer = who === "captain" ? 0 : 1;
        const node = flip(el("span.space.officer", { title: who === "captain" ? "Captain" : "First Mate", text: who === "captain" ? "C" : "M" }), `bs-officer-${ship.seat}-${who}`);
        help(node, `the ${who === "captain" ? "Captain" : "First Mate"}: a Crewman who moves only between Decks; lose both officers and the foe wins`, "BroadSides: Damage Effects, Losing your Captain and First Mate");
        if (mine) clickable(node, legal.get("lose-officer", officer), choose);
        row.append(node);
      } else {
        const marker = flip(el(`span.space.marker.${MARKER[z.kind]}`, { title: z.kind === "rigging" ? "Sail" : z.kind === "deck" ? "Crewman" : "Plank" }), `bs-marker-${ship.seat}-${z.zone}-${i}`, { sig: "" });
        row.append(help(marker, MARKER_HELP[z.kind], "BroadSides: Stage 2, Firing, step 6 Apply Damage to Zone"));
      }
    }
  }
  return row;
}

function disaster(ship, z) {
  const token = ship.disasters?.[z.zone];
  if (!token) return null;
  const down = token === "face down";
  return help(el(`span.disaster${down ? ".down" : ""}`, { title: down ? "a Disaster token, face down" : `Disaster: ${token}`, text: down ? "?" : "!" }),
    down ? "a Disaster token, face down: it flips when this Hull zone loses its last Plank" : `a Disaster: ${token}`, "BroadSides: Damage Effects, Disasters");
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
      ...Array.from({ length: Math.max(0, (c.capacity || 0) - c.shots.length) }, () => help(el("span.shot.empty", { title: "room for a shot" }), "room for a shot disc: a Reload fills it", "BroadSides: Stage 1, Reload!"))),
    c.manned ? help(el("span.gunner", { title: "the Gunner mans this cannon", text: "G" }), "the Gunner: only the manned cannon may fire", "BroadSides: Player Setup, Zero In") : null,
  );
  flip(node, `bs-cannon-${ship.seat}-${position}`, { sig: node.title });
  help(node, `the ${c.position} cannon: ${name}${c.manned ? ", manned by the Gunner: the one that fires" : ""}; ${CANNON_HELP[c.cannon] || "each cannon sees a Target its own way"}`,
    "BroadSides: The Cannons; Stage 2, Firing");
  c.shots.forEach((kind, i) => flip(node.querySelectorAll(".shot:not(.empty)")[i], `bs-shot-${ship.seat}-${position}-${i}`, { from: `bs-bag-${kind}`, sig: kind }));
  if (mine) clickable(node, legal.get("man", position), choose);
  return node;
}

function shotToken(kind, extra = "") {
  const s = SHOT[kind] || { letter: "?", name: kind };
  return help(el(`span.shot.${kind}${extra}`, { title: `${s.name} shot`, text: s.letter }), SHOT_HELP[kind] || `${s.name} shot`, SHOT_RULE);
}

function tracks(ship) {
  const t = ship.tracks;
  const row = (label, length, covered, marks) =>
    help(el("div.track", { "aria-label": label, "data-flip": `bs-track-${ship.seat}-${label}`, "data-flip-sig": covered.join() },
      el("span.track-name", { text: label }),
      ...Array.from({ length }, (_, i) => {
        const mark = marks ? marks[i] : String(i + 1);
        const key = marks ? i : i + 1;
        const done = covered.includes(key) || covered.includes(mark);
        return el(`span.step${done ? ".covered" : ""}`, { title: done ? `${mark}: used` : mark, text: mark });
      })), ...TRACK_HELP[label]);
  return el("div.tracks", {},
    row("Broadside", 4, t.broadside, SUITS),
    row("Sheer Off", 10, t.sheer_off),
    row("Evasion", 10, t.evasion),
    help(flip(el("div.planks", { text: ship.missing_planks ? `${ship.missing_planks} Planks lost` : "" }), `bs-planks-${ship.seat}`),
      `${ship.missing_planks || 0} Planks missing: 10 or more at once sinks the ship`, "BroadSides: Damage Effects, Sinking"));
}

function targets(ship, { mine, legal, choose, label, before }) {
  const row = el("div.targets", { "aria-label": label });
  row.append(el("div.row-label", { text: label }));
  for (const t of ship.targets) {
    const old = before?.targets?.find((o) => o.target === t.target);
    const changed = !old || old.left !== t.left || old.bottom !== t.bottom;
    row.append(targetCard(t, { mine, legal, choose, changed: changed && before, seat: ship.seat }));
  }
  if (!ship.targets.length) row.append(el("div.empty-targets", { text: "no Targets" }));
  return row;
}

function targetCard(t, { legal, choose, changed, seat }) {
  const n = t.target;
  const slot = (side) => {
    const card = side === 0 ? t.left : t.bottom;
    const value = side === 0 ? t.left_value : t.bottom_value;
    const node = el(`div.slot.${side === 0 ? "left" : "bottom"}`, {},
      card === null ? el("span.open", { text: side === 0 ? "left" : "bottom" })
        : aimHelp(flip(cardFace(card, { value, small: true }), `bs-card-${seat}-${card}`, { from: `bs-hand-${seat}` }), card, `Target #${n + 1}'s ${side === 0 ? "left (x)" : "bottom (y)"}`));
    help(node, `Target #${n + 1}'s ${side === 0 ? "left slot: its Aim card gives x" : "bottom slot: its Aim card gives y"}; a new card replaces the old`, "BroadSides: Stage 1, Aim!");
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
  const node = el(`div.target.reads-${t.reads}${changed ? ".changed" : ""}`, { title: `Target #${n + 1}, centre ${cx},${cy}: reads ${t.reads}` },
    slot(0),
    el("div.target-face", {}, el("span.target-no", { text: `#${n + 1}` }), grid, el("span.reads", { text: t.reads })),
    slot(1));
  flip(node, `bs-target-${n}`, { from: "bs-target-deck", sig: `${t.left}|${t.bottom}` });
  help(node, `Target card #${n + 1}, centre ${cx},${cy}: the Aim cards at its left and bottom make a coordinate; it reads ${t.reads} (Perfect 0, Good −1, Poor −2, Miss −3, Early −4 damage)`,
    "BroadSides: Stage 2, Firing, step 4 Check Target Cards");
  // Sea Dog: Close Quarters ignores a Target card, Crow's Nest keeps some.
  return clickable(node, legal.get("ignore-target", n) || legal.get("keep-target", n), choose);
}

function middle(view, ctx, legal) {
  const bag = view.bag;
  const parts = [
    help(el("div.bag", { title: "shots in the bag" }, el("span.label", { text: "Bag" }),
      ...Object.entries(bag).map(([kind, n]) => flip(el("span.bag-kind", {}, shotToken(kind), el("span.n", { text: `×${n}` })), `bs-bag-${kind}`))),
    "the draw bag of shot discs: a Reload draws from it; spent shots go back", "BroadSides: Stage 1, Reload!"),
  ];
  if (view.tray.length) {
    parts.push(help(el("div.tray", {}, el("span.label", { text: "Drawn" }), ...view.tray.map((kind, i) =>
      flip(shotToken(kind), `bs-tray-${i}`, { from: `bs-bag-${kind}`, sig: kind }))), "shot discs drawn by a Reload, to load into the cannons", "BroadSides: Stage 1, Reload!"));
  }
  parts.push(help(flip(el("div.deck-count", { text: `Target deck ${view.target_deck}` }), "bs-target-deck", { sig: "" }),
    "the Target deck: Zeroing In draws as many Target cards as the targeted zone shows", "BroadSides: Player Setup, Zero In"));
  // The round cap counts rounds (both captains' turns); the log counts turns.
  const turns = 2 * view.round_cap;
  parts.push(help(el("div.turn", { text: `Turn ${Math.min(view.turn, turns)} of ${turns}` }),
    `the round cap: after ${view.round_cap} rounds the ship with more markers aboard wins; equal is a draw`, "BroadSides house rulings: 10, Round cap"));
  if (view.attack) {
    const a = view.attack;
    parts.push(help(el("div.attack", { text: `Attack on ${a.zone.replace(/-/g, " ")}: ${a.potential} potential, ${a.damage} damage (${a.cannon} cannon)` }),
      "the attack under way: potential damage (markers in the zone) less the shot, penalties and Target cards", "BroadSides: Stage 2, Firing"));
  }
  if (view.selection && view.selection.cards.length) {
    parts.push(el("div.selection", {}, el("span.label", { text: `Chosen (${view.selection.kind.replace(/-/g, " ")})` }),
      ...view.selection.cards.map(([card, value, suit]) => cardFace(card, { value, suit, small: true }))));
  }
  if (view.losses && view.losses.length) {
    parts.push(help(el("div.losses", { text: `To lose: ${view.losses.map(lossText).join("; ")}` }),
      "losses waiting: the defender chooses which markers go", "BroadSides: Stage 2, Firing, step 6 Apply Damage to Zone"));
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
  // Spy Aboard's cards are the foe's (drawn in the Sea Dog panel), never these.
  const spying = view.phase === "spy";
  cards.forEach((card, i) => {
    const face = aimHelp(flip(cardFace(card), `bs-card-${ship.seat}-${card}`, { from: `bs-deck-${ship.seat}`, sig: "" }), card);
    if (chosen.has(card)) face.classList.add("chosen");
    const action = spying ? null : card >= 40 ? legal.get("wild") : legal.get("card", card);
    clickable(face, action, ctx.choose);
    face.style.setProperty("--tilt", `${(i - (cards.length - 1) / 2) * 3}deg`);
    row.append(face);
  });
  return el("div.hand-row", {},
    flip(el("div.row-label", { text: `${ctx.seat === null ? `${ctx.names[ship.seat]}'s` : "Your"} hand (${cards.length}) · deck ${ship.deck} · limit ${ship.hand_limit}` }), `bs-deck-${ship.seat}`, { sig: "" }),
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
export const ON_TABLE = new Set(["card", "wild", "place", "unaim", "sight", "lose", "lose-officer", "man", "officer",
  "reputation", "keep-trick", "trick", "trick-zone", "trick-marker", "ignore-target", "keep-target"]);

export function describe(view, seat, names) {
  if (view.terminal) {
    const r = view.returns || [];
    if (r[0] === r[1]) return "The game is over: a draw.";
    const winner = r[0] > r[1] ? 0 : 1;
    return `The game is over: ${names[winner]} (${COLOURS[winner]}) wins.`;
  }
  return view.pending?.prompt || "";
}

// -- the Experienced Sea Dog module (option sea_dog; view.sea_dog) ----------------------
// Each captain's Reputation face up once both have chosen; your Dirty Tricks face up
// with their window, cost and text, the foe's as backs with a count; the tricks played,
// face up; the draft's offers, a window's Pass and the tricks' follow-up choices. What
// can be chosen glows, like everything on the table.

// The windows in words (house cards §1): {own} is the holder's, {foe} the other's.
const WINDOW_WORDS = {
  OWN_S1: "{own} Stage 1, outside an action",
  OWN_ACTION: "{own} Stage 1, as one of the two actions",
  "OWN_DECLARE:Aim": "{own} Aim card is chosen, before it is placed",
  "OWN_DECLARE:Broadside": "{own} Broadside's cards are chosen, before it resolves",
  "OWN_DECLARE:Sheer Off": "{own} Sheer Off's cards are chosen, before it resolves",
  "OWN_DECLARE:Reload": "{own} Reload is declared, before any disc is drawn",
  "OWN_DECLARE:Repair": "{own} Repair's cards are chosen, before any move",
  OWN_S2: "the start of {own} Stage 2, before deciding to Fire",
  OWN_F2: "{own} shot is chosen, before its colour is checked",
  OWN_F4_START: "{own} Firing, before its Target cards are read",
  OWN_F4_END: "step 4 of {own} Firing is resolved",
  OWN_F5: "{own} Firing, before the Evasion",
  OWN_ZERO_IN: "{own} Gunsight is placed, before Target cards are drawn",
  OWN_S3: "the start of {own} Stage 3, before the draw",
  FOE_AIM: "{foe} Aim card has just been placed",
  FOE_BROADSIDE: "{foe} Broadside hits, before any Aim card or marker is lost",
  FOE_F2: "{foe} shot is chosen, before its colour is checked",
  FOE_F5: "{foe} Firing, at the Evasion",
  FOE_F6: "{foe} Firing, before the markers hit are removed",
  DISASTER: "one of {own} Disaster tokens is about to flip",
};
const COST_WORDS = { free: "free", action: "an action", replaces_aim: "the Aim action" };
const COST_TITLES = {
  free: "free: not one of your two actions",
  action: "one of your two Stage 1 actions (not the Aim)",
  replaces_aim: "one of your two Stage 1 actions, in place of the Aim",
};

function windowWords(code, own, foe) {
  const words = WINDOW_WORDS[code] || code;
  return words.replace("{own}", own).replace("{foe}", foe);
}

// A card's windows in words; several declarations read as one ("your Aim, Broadside
// or Repair is declared").
function whenWords(codes, own, foe) {
  const declared = codes.filter((c) => c.startsWith("OWN_DECLARE:")).map((c) => c.slice(12));
  const words = codes.filter((c) => declared.length < 2 || !c.startsWith("OWN_DECLARE:")).map((c) => windowWords(c, own, foe));
  if (declared.length >= 2) {
    const list = `${declared.slice(0, -1).join(", ")} or ${declared[declared.length - 1]}`;
    words.unshift(`${own} ${list} is declared, before it resolves`);
  }
  return words.join("; or ");
}

// "your" for the seat at this page, else the colour's.
function whose(s, ctx) {
  return ctx.seat !== null && s === ctx.seat ? "your" : `${COLOURS[s]}'s`;
}

function repCard(rep, legal, choose) {
  const node = el("div.sd-card.sd-rep", { "data-card": rep.id, "data-flip": `sd-rep-${rep.id}`, "data-flip-sig": "" },
    el("div.sd-head", {}, el("span.sd-kind", { text: "Reputation" }), el("span.sd-name", { text: rep.name })),
    el("div.sd-text", { text: rep.effect }));
  help(node, `${rep.name}: a Reputation, a power kept face up all game: ${rep.effect}`, "BroadSides: Experienced Sea Dog, Reputation");
  return clickable(node, legal.get("reputation", rep.index), choose);
}

function trickCard(trick, holder, ctx, legal, { played = false } = {}) {
  const when = whenWords(trick.window, whose(holder, ctx), whose(1 - holder, ctx));
  const node = el(`div.sd-card.sd-trick${played ? ".played" : ""}`, { "data-card": trick.id, "data-flip": `sd-trick-${holder}-${trick.id}`, "data-flip-from": `sd-backs-${holder}`, "data-flip-sig": played ? "played" : "" },
    el("div.sd-head", {},
      el("span.sd-name", { text: trick.name }),
      el("span.sd-cost", { title: COST_TITLES[trick.cost] || trick.cost, text: COST_WORDS[trick.cost] || trick.cost })),
    el("div.sd-when", { text: `When: ${when}` }),
    el("div.sd-text", { text: trick.effect }),
    trick.requires && trick.requires !== "nothing" ? el("div.sd-requires", { text: `Requires: ${trick.requires}` }) : null,
    trick.uses > 1 ? el("div.sd-uses", { text: `${trick.uses} uses` }) : null,
    played ? el("div.sd-by", { text: `played by ${COLOURS[holder]}` }) : null);
  // A trick playable now (its window open, its Requires met), or one to keep in the draft.
  const action = legal.get("trick", trick.index) || (played ? null : legal.get("keep-trick", trick.index));
  if (action && action.kind === "trick") node.classList.add("playable");
  const cost = COST_TITLES[trick.cost] || trick.cost;
  help(node, `${trick.name}: a Dirty Trick${played ? ", played" : ""}. Window: ${when}. Cost: ${cost}${trick.uses > 1 ? `; ${trick.uses} uses` : ""}`,
    "BroadSides: Experienced Sea Dog, Dirty Tricks (house cards §1, Timing windows)");
  return clickable(node, action, ctx.choose);
}

function trickBacks(count, holder) {
  return help(el("div.sd-backs", { "data-flip": `sd-backs-${holder}`, title: `${count} Dirty Trick${count === 1 ? "" : "s"}, face down` },
    ...Array.from({ length: count }, () => el("span.sd-back", { "aria-hidden": "true" })),
    el("span.sd-count", { text: `${count} Dirty Trick${count === 1 ? "" : "s"}` })),
  `${COLOURS[holder]}'s Dirty Tricks, kept secret until played; each names its window and cost`, "BroadSides: Experienced Sea Dog, Dirty Tricks Setup");
}

// One captain's Reputation, Dirty Tricks (face up if this page may see them) and the
// tricks they have played.
function seaStrip(view, s, ctx, legal) {
  const sea = view.sea_dog;
  const ship = sea.ships[s];
  const mine = ctx.seat !== null && s === ctx.seat;
  const rep = ship.reputation
    ? repCard(ship.reputation, legal, ctx.choose)
    : help(el("div.sd-card.sd-rep.sd-down", {},
      el("div.sd-head", {}, el("span.sd-kind", { text: "Reputation" })),
      el("div.sd-text", { text: ship.reputation_chosen ? "chosen, face down until both captains have chosen" : "not chosen yet" })),
    "a Reputation, chosen in secret from three; both are shown once both captains have chosen", "BroadSides: Experienced Sea Dog, Reputation Setup");
  const tricks = Array.isArray(ship.tricks)
    ? ship.tricks.map((t) => trickCard(t, s, ctx, legal))
    : [trickBacks(ship.tricks_held, s)];
  if (Array.isArray(ship.tricks) && !ship.tricks.length) tricks.push(el("span.sd-none", { text: "no Dirty Tricks in hand" }));
  const played = (sea.played_tricks || []).filter((t) => t.seat === s).map((t) => trickCard(t, s, ctx, legal, { played: true }));
  const seen = ship.hand_seen && !mine && ship.hand_seen.length
    ? el("div.sd-seen", {}, el("span.sd-label", { text: "Seen by your spy:" }), ...ship.hand_seen.map((c) => cardFace(c, { small: true })))
    : null;
  const who = mine ? "Your" : `${ctx.names[s]}'s`;
  return el(`section.sd-strip.${mine ? "mine" : "theirs"}.${COLOURS[s].toLowerCase()}`, { "aria-label": `${COLOURS[s]}: Reputation and Dirty Tricks` },
    el("div.sd-label", { text: `${who} Reputation and Dirty Tricks` }),
    el("div.sd-row", {}, rep, ...tricks),
    seen,
    played.length ? el("div.sd-played", {}, el("div.sd-label", { text: `Played by ${mine ? "you" : ctx.names[s]}` }), el("div.sd-row", {}, ...played)) : null);
}

// What the module asks now: the draft, a window, a trick's follow-up choice.
function seaNow(view, ctx, legal) {
  const parts = [];
  if (view.phase === "reputation" || view.phase === "draft") parts.push(draftPanel(view, ctx, legal));
  const sea = view.sea_dog;
  if (sea.window && sea.asking.length) parts.push(windowBanner(view, ctx, legal));
  const choices = followUps(view, ctx, legal);
  if (choices) parts.push(choices);
  return parts.length ? el("section.sd-now", { "aria-label": "Experienced Sea Dog" }, ...parts) : null;
}

function draftPanel(view, ctx, legal) {
  const sea = view.sea_dog;
  const mine = ctx.seat !== null ? sea.ships[ctx.seat] : null;
  const title = (text) => el("div.sd-title", { text });
  if (!mine) return el("div.sd-draft", {}, title("The draft: each captain keeps a Reputation, then a Dirty Trick a round, in secret."));
  if (view.phase === "reputation") {
    if (mine.reputation_chosen) return el("div.sd-draft", {}, title(`You keep ${mine.reputation.name}. The foe is choosing theirs.`));
    return el("div.sd-draft", {}, title("Choose your Reputation (the other two leave the game; it is shown once both have chosen)"),
      el("div.sd-row", {}, ...(mine.reputations_dealt || []).map((r) => repCard(r, legal, ctx.choose))));
  }
  const round = mine.draft_rounds;
  const offer = (mine.tricks_dealt || [])[round];
  if (!offer) return el("div.sd-draft", {}, title("The foe is keeping a Dirty Trick; your next offer comes once they have."));
  return el("div.sd-draft", {}, title(`Draft round ${round + 1}: keep one Dirty Trick, in secret (the other two leave the game)`),
    el("div.sd-row", {}, ...offer.map((t) => trickCard(t, ctx.seat, ctx, legal))));
}

function windowBanner(view, ctx, legal) {
  const sea = view.sea_dog;
  const asked = sea.asking[0];
  const you = ctx.seat !== null && asked === ctx.seat;
  const words = windowWords(sea.window, whose(asked, ctx), whose(1 - asked, ctx));
  const playable = legal.list.filter((a) => a.kind === "trick").length;
  const pass = legal.get("pass");
  const ask = you
    ? playable ? `Play a glowing Dirty Trick (${playable} can be played now), or pass.` : "None of your Dirty Tricks can be played now: pass."
    : `${ctx.names[asked]} may play a Dirty Trick, or pass.`;
  return el(`div.sd-window${you ? ".asking-you" : ""}`, {},
    el("span.sd-title", { text: `Dirty Trick window: ${words}. ` }),
    el("span", { text: ask }),
    pass ? clickable(help(el("button.sd-pass", { type: "button", text: "Pass" }), `Pass: play no Dirty Trick in this window (${words})`,
      "BroadSides: Experienced Sea Dog, Dirty Tricks (house cards §1, Timing windows)"), pass, ctx.choose) : null);
}

// A trick's (or Reputation's) follow-up choice, as chips that say what each does.
const FOLLOW_TITLES = {
  "trick-zone": "Sharpshooters: at which of the foe's Decks?",
  "close-quarters": "Close Quarters: which of your Target cards has no effect this Firing?",
  deadeye: "Deadeye Gunner: count one Aim card one lower or higher this Firing, or not",
  "crows-nest": "Crow's Nest: keep Target cards (the rest are discarded)",
  "boarding-nets": "Boarding Nets: which of the foe's shots has no effect?",
  "trick-markers": "Where does the returned marker go?",
  magazine: "Well-Stocked Magazine: take a disc of your choice from the bag",
  spy: "Spy Aboard: the foe's hand. Which card do they discard?",
  quartermaster: "Shrewd Quartermaster: send one drawn disc back to the bag",
  slippery: "Slippery as an Eel: which number stays uncovered on your Evasion track?",
  thunder: "Thunder of the Guns: spend one disc more than your cards?",
  "old-salt": "Old Salt: keep one of the two cards drawn (the other is discarded)",
};
const FOLLOW_KINDS = new Set(["trick-zone", "ignore-target", "deadeye", "no-deadeye", "keep-target", "ignore-shot",
  "trick-marker", "take-disc", "return-disc", "uncover", "thunder"]);

function followUps(view, ctx, legal) {
  const cards = view.phase === "spy" || view.phase === "old-salt";
  const actions = legal.list.filter((a) => (cards ? a.kind === "card" || a.kind === "wild" : FOLLOW_KINDS.has(a.kind)));
  if (!actions.length) return null;
  return el("div.sd-choices", {},
    el("div.sd-title", { text: FOLLOW_TITLES[view.phase] || "Choose" }),
    el("div.sd-chip-row", {}, ...actions.map((a) => clickable(help(el("span.sd-choice", {}, ...followLabel(a, view, ctx)),
      `${FOLLOW_TITLES[view.phase] || "A follow-up choice"}: ${a.text}`, "BroadSides: Experienced Sea Dog (house cards §2–3)"), a, ctx.choose))));
}

// A shot kind by its index (the data file's order, as the bag lists them).
function shotOf(i, view, ctx) {
  return ctx.components?.shots?.kinds?.[i]?.id || Object.keys(view.bag)[i];
}

function followLabel(a, view, ctx) {
  const zoneName = (z) => view.ships[0].zones[z]?.name || `zone ${z + 1}`;
  const targetOf = (n) => view.ships.flatMap((s) => s.targets).find((t) => t.target === n);
  const [x, y, z] = a.args;
  switch (a.kind) {
    case "card": return [cardFace(x, { small: true }), view.phase === "spy" ? "they discard it" : "keep it"];
    case "wild": return [cardFace(40, { small: true }), view.phase === "spy" ? "they discard it" : "keep it"];
    case "trick-zone": return [`at the ${zoneName(x)}`];
    case "trick-marker": return [`to your ${zoneName(x)}`];
    case "ignore-target": return [`Target #${x + 1} (reads ${targetOf(x)?.reads ?? "?"}) has no effect`];
    case "keep-target": return [`keep Target #${x + 1}`];
    case "no-deadeye": return ["shift nothing"];
    case "deadeye": {
      const t = targetOf(x);
      const card = t ? (y ? t.bottom : t.left) : null;
      const value = t ? (y ? t.bottom_value : t.left_value) : null;
      return [`Target #${x + 1}, ${y ? "bottom" : "left"}`, card !== null ? cardFace(card, { value, small: true }) : "", z ? "one higher" : "one lower"];
    }
    case "ignore-shot": return [shotToken(shotOf(x, view, ctx)), "has no effect"];
    case "take-disc": return ["take", shotToken(shotOf(x, view, ctx))];
    case "return-disc": return ["send back", shotToken(shotOf(x, view, ctx))];
    case "uncover": return [`keep ${x} uncovered`];
    case "thunder": return [x ? "one disc more" : "as many discs as cards"];
    default: return [a.text];
  }
}
