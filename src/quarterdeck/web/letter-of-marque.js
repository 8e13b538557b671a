// The Letter of Marque table: every player's fleet round the table, ships at sea with
// their treasure, escorts shown only once revealed. Ships you may attack, and your own
// that may arrive, glow and are clicked.
import { el } from "./common.js";
import { help, installHelp } from "./help.js";

const STATUS = { "at sea": "at sea", arrived: "safe home", captured: "captured", sunk: "sunk" };
// The rulebook's sections, as its headings name them (help.js).
const RULE = {
  leaves: "Letter of Marque: A player's turn, A ship leaves",
  arrives: "Letter of Marque: A player's turn, A ship arrives",
  attack: "Letter of Marque: A player's turn, Attack an opponent's ship",
  defenses: "Letter of Marque: Defenses",
  end: "Letter of Marque: End of the game",
};
const SHIP_HELP = {
  "at sea": "at sea on its treasure card: its owner may bring it home (arrive) on a turn, and the others may attack it with a cannon card",
  arrived: "safe home: its treasure is in its owner's score pile",
  captured: "captured: an attack found it defenceless and took its treasure",
  sunk: "gone from the game",
};

function clickable(node, action, choose) {
  if (!action) return node;
  node.classList.add("choosable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.dataset.action = action.id;
  node.title = action.text;
  node.addEventListener("click", (e) => { e.stopPropagation(); choose(action.id); });
  return node;
}

export function render(root, ctx) {
  installHelp();
  const { view, seat, choose } = ctx;
  const legal = new Map((ctx.legal || []).map((a) => [`${a.kind}:${a.args.join(",")}`, a]));
  const order = view.fleets.map((f) => f.seat);
  if (seat !== null) order.push(...order.splice(0, seat)); // you first, then round the table
  root.replaceChildren(
    el("div.lom-table", {},
      ...order.map((s) => fleet(view, view.fleets[s], { mine: s === seat, legal, choose, names: ctx.names, before: ctx.previous?.fleets?.[s] }))),
  );
}

function fleet(view, f, { mine, legal, choose, names, before }) {
  const ships = f.ships.map((ship) => {
    const old = before?.ships?.find((o) => o.ship === ship.ship);
    const changed = before && (!old || old.status !== ship.status || old.revealed !== ship.revealed);
    const escort = ship.armed === true ? "armed escort" : ship.armed === false ? "no escort" : "escort hidden";
    const node = el(`div.lom-ship.${ship.status.replace(" ", "-")}${changed ? ".changed" : ""}`,
      // A ship that leaves port comes from its fleet's deck (common.js animate).
      { "aria-label": `ship on treasure ${ship.treasure}, ${STATUS[ship.status] || ship.status}, ${escort}`,
        "data-flip": `lom-ship-${f.seat}-${ship.ship}`, "data-flip-from": `lom-deck-${f.seat}` },
      help(el("span.treasure", { text: String(ship.treasure), title: "treasure" }),
        `a treasure card worth ${ship.treasure} points, to whoever holds it at the end: its owner if the ship arrives, an attacker who captures it`, RULE.end),
      el("span.status", { text: STATUS[ship.status] || ship.status }),
      el(`span.escort${ship.armed === true ? ".armed" : ship.armed === false ? ".unarmed" : ".hidden"}`,
        { text: ship.armed === true ? "⚔ armed" : ship.armed === false ? "○ unarmed" : "? hidden", title: escort }));
    help(node.lastChild, ship.armed === true ? "the ship's base: armed (a cannon symbol); an attack on it fails and the attacker's cannon card goes to this fleet"
      : ship.armed === false ? "the ship's base: defenceless; an attack on it captures its treasure"
      : "the ship's base, hidden: only its owner knows whether it is armed (2 of each fleet's 5 are)", RULE.defenses);
    help(node, `${f.colour}'s ship, ${SHIP_HELP[ship.status] || ship.status}`, ship.status === "arrived" ? RULE.arrives : RULE.attack);
    const action = legal.get(`attack:${f.seat},${ship.treasure}`) || (mine ? legal.get(`arrive:${ship.treasure}`) : undefined);
    return clickable(node, action, choose);
  });
  const turn = view.pending?.seat === f.seat && !view.terminal;
  return el(`section.fleet${mine ? ".mine" : ""}${turn ? ".deciding" : ""}`, { "aria-label": `${f.colour} fleet` },
    el("header", {},
      el(`span.colour.${f.colour.toLowerCase()}`, { text: f.colour }),
      el("strong", { text: names[f.seat] }),
      help(el("span.points", { text: `${f.points} points`, "data-flip": `lom-points-${f.seat}` }),
        "points: the treasure cards in this fleet's score pile, plus 1 for each other fleet's cannon card taken; most points wins, then most cannon cards", RULE.end),
      turn ? el("span.badge", { text: "deciding" }) : null),
    el("div.lom-ships", {}, ...(ships.length ? ships : [el("span.meta", { text: "no ships at sea" })])),
    el("div.meta.lom-stock", { "data-flip": `lom-deck-${f.seat}` },
      help(el("span", { text: f.deck ? `deck ${f.deck}${f.deck_treasures?.length ? ` (${f.deck_treasures.join(", ")})` : ""}` : "deck empty" }),
        "the treasure deck, face down: a ship that leaves takes its top card", RULE.leaves),
      " · ",
      help(el("span", { text: `reserve ${f.reserve}` }), "ships in reserve, their bases hidden: a ship that leaves is chosen from them", RULE.leaves),
      " · ",
      help(el("span", { text: `cannons ${f.cannons}` }), "cannon cards left: each attack spends one (kept by the defender if the target is armed); unused ones score nothing", RULE.attack)),
    f.drawn !== null && f.drawn !== undefined ? help(el("div.meta", { text: `drawn: treasure ${f.drawn}` }), "the treasure card just drawn: a ship is chosen to carry it to sea", RULE.leaves) : null);
}

export const ON_TABLE = new Set(["attack", "arrive"]);

// The result panel: points, and the cannon cards that break a tie (rulebook "Ties";
// which cannons count is the cannon_tiebreak option, all of them by default).
export function result(view, names) {
  const points = view.fleets.map((f) => f.points);
  const cannons = view.fleets.map((f) => (f.cannons || 0) + (f.cannon_pile?.length || 0));
  const winners = view.winners || [];
  const best = Math.max(...points);
  const level = points.filter((p) => p === best).length;
  const who = winners.map((s) => names[s]).join(" and ");
  let reason = `${who || "Nobody"} ${winners.length > 1 ? "share" : "has"} the most points: ${best}.`;
  if (level > 1 && winners.length === 1) {
    reason = `${level} fleets tie on ${best} points; ${who} holds the most cannon cards (${cannons[winners[0]]}), which breaks the tie.`;
  } else if (winners.length > 1) {
    reason = `${who} tie on ${best} points and on cannon cards (${cannons[winners[0]]}): they share the win.`;
  }
  return {
    reason,
    columns: ["Points", "Treasures", "Cannons held", "Cannons captured"],
    rows: view.fleets.map((f) => [f.points, (f.treasure_pile || []).length, f.cannons || 0, (f.cannon_pile || []).length]),
  };
}

export function describe(view, seat, names) {
  if (view.terminal) {
    const winners = (view.winners || []).map((s) => names[s]);
    return `The game is over: ${winners.join(" and ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}.`;
  }
  return view.pending?.prompt || "";
}
