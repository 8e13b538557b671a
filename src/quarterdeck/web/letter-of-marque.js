// The Letter of Marque table: every player's fleet round the table, ships at sea with
// their treasure, escorts shown only once revealed. Ships you may attack, and your own
// that may arrive, glow and are clicked.
import { el } from "./common.js";

const STATUS = { "at sea": "at sea", arrived: "safe home", captured: "captured", sunk: "sunk" };

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
      { "aria-label": `ship on treasure ${ship.treasure}, ${STATUS[ship.status] || ship.status}, ${escort}` },
      el("span.treasure", { text: String(ship.treasure), title: "treasure" }),
      el("span.status", { text: STATUS[ship.status] || ship.status }),
      el(`span.escort${ship.armed === true ? ".armed" : ship.armed === false ? ".unarmed" : ".hidden"}`,
        { text: ship.armed === true ? "⚔ armed" : ship.armed === false ? "○ unarmed" : "? hidden", title: escort }));
    const action = legal.get(`attack:${f.seat},${ship.treasure}`) || (mine ? legal.get(`arrive:${ship.treasure}`) : undefined);
    return clickable(node, action, choose);
  });
  const turn = view.pending?.seat === f.seat && !view.terminal;
  return el(`section.fleet${mine ? ".mine" : ""}${turn ? ".deciding" : ""}`, { "aria-label": `${f.colour} fleet` },
    el("header", {},
      el(`span.colour.${f.colour.toLowerCase()}`, { text: f.colour }),
      el("strong", { text: names[f.seat] }),
      el("span.points", { text: `${f.points} points` }),
      turn ? el("span.badge", { text: "deciding" }) : null),
    el("div.lom-ships", {}, ...(ships.length ? ships : [el("span.meta", { text: "no ships at sea" })])),
    el("div.meta", { text: `${f.deck ? `deck ${f.deck}${f.deck_treasures?.length ? ` (${f.deck_treasures.join(", ")})` : ""}` : "deck empty"} · reserve ${f.reserve} · cannons ${f.cannons}` }),
    f.drawn !== null && f.drawn !== undefined ? el("div.meta", { text: `drawn: treasure ${f.drawn}` }) : null);
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
