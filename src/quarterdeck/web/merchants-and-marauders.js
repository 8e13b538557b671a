// The Merchants & Marauders table: the round and its event, the 17 sea zones as a
// schematic grid (port, nation, demand, merchant, NPCs, captains), then every captain's
// ship, cargo and glory, with gold, stash and cards where the view shows them.
// A zone you may sail to glows and is clicked.
import { el } from "./common.js";

const LOCATIONS = ["cannons", "cargo", "masts", "crew", "hull"];

export const ON_TABLE = new Set(["move", "pilot-on"]);

export function render(root, ctx) {
  const { view, seat, choose, names } = ctx;
  const moves = new Map();
  for (const a of ctx.legal || []) if (ON_TABLE.has(a.kind)) moves.set(a.args[0], a);
  const order = view.captains.map((_, s) => s);
  if (seat !== null && seat !== undefined) order.push(...order.splice(0, seat)); // you first
  root.replaceChildren(
    el("div.mm-table", {},
      header(view),
      el("section.mm-sea", { "aria-label": "the Caribbean" },
        ...view.zones.map((z, i) => zone(z, moves.get(i), choose, names, view.pending?.seat))),
      el("div.mm-captains", {},
        ...order.map((s) => captain(view, s, { mine: s === seat, names, before: ctx.previous?.captains?.[s] })))),
  );
}

function header(view) {
  const fx = view.effects || {};
  const effects = [
    fx.storm?.length ? `storm in ${fx.storm.join(", ")}` : null,
    fx.fog ? "fog" : null, fx.trade_winds ? "trade winds" : null, fx.treasure_fleet ? "treasure fleet" : null,
  ].filter(Boolean);
  return el("header.mm-head", {},
    el("strong", { text: `Round ${view.round}` }),
    el("span", { text: `event: ${view.event || "none yet"}` }),
    view.war?.length ? el("span", { text: `at war: ${view.war.join(" and ")}` }) : null,
    effects.length ? el("span", { text: effects.join(" · ") }) : null,
    el("span.meta", { text: `merchant track ${view.merchant_track} · missions: ${view.missions.filter(Boolean).join(", ") || "none"}` }),
    view.actions_left ? el("span.badge", { text: `${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left` }) : null);
}

function zone(z, action, choose, names, deciding) {
  const who = z.captains.map((s) => `${names[s]}${s === deciding ? " (deciding)" : ""}`);
  const node = el(`div.mm-zone${z.port ? ".port" : ".open-sea"}`,
    { "aria-label": `${z.name}${z.port ? `, ${z.nation} port` : ", open sea"}` },
    el("div.mm-zone-name", {}, el("strong", { text: z.name }), el("span.meta", { text: z.port ? ` ⚓ ${z.nation}` : " ≈ open sea" })),
    z.demand ? el("div.meta", { text: `wants ${z.demand}` }) : null,
    el("div.meta", { text: [z.merchant ? "merchant" : null, z.modification ? `mod: ${z.modification}` : null].filter(Boolean).join(" · ") }),
    z.npcs.length ? el("div.mm-npcs", { text: `NPCs: ${z.npcs.join(", ")}` }) : null,
    who.length ? el("div.mm-here", { text: `captains: ${who.join(", ")}` }) : null);
  if (!action) return node;
  node.classList.add("choosable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  node.dataset.action = action.id;
  node.title = action.text;
  node.addEventListener("click", (e) => { e.stopPropagation(); choose(action.id); });
  node.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); choose(action.id); } });
  return node;
}

function captain(view, s, { mine, names, before }) {
  const c = view.captains[s];
  const turn = view.pending?.seat === s && !view.terminal;
  const changed = before && (before.glory !== c.glory || before.zone !== c.zone || before.cargo?.length !== c.cargo.length);
  const ship = c.ship
    ? LOCATIONS.map((loc, i) => `${loc} ${c.values[i]}/${c.maxima[i]}`).join(" · ")
    : "no ship yet";
  const secret = [
    c.gold !== undefined ? `gold ${c.gold}` : null,
    c.stash !== undefined ? `stash ${c.stash} (${c.stash_points} glory)` : null,
  ].filter(Boolean);
  const bounties = Object.entries(c.bounties || {}).filter(([, n]) => n).map(([nation, n]) => `${nation} ×${n}`);
  return el(`section.mm-captain${mine ? ".mine" : ""}${turn ? ".deciding" : ""}${changed ? ".changed" : ""}`,
    { "aria-label": `${names[s]}'s captain` },
    el("header", {},
      el("strong", { text: names[s] }),
      el("span", { text: ` ${c.captain || "no captain"}${c.nation ? ` (${c.nation})` : ""}` }),
      el("span.points", { text: ` · glory ${c.glory}` }),
      turn ? el("span.badge", { text: "deciding" }) : null),
    el("div", { text: `${c.ship || "—"} in ${c.zone}${c.docked ? " (in port)" : " (at sea)"}` }),
    el("div.meta", { text: ship }),
    el("div.meta", { text: `cargo: ${c.cargo.length ? c.cargo.join(", ") : "empty"}` }),
    secret.length ? el("div.meta", { text: secret.join(" · ") }) : null,
    el("div.meta", { text: `glory cards ${c.glory_cards}${c.hand ? `: ${c.hand.join(", ") || "none"}` : ""} · rumors ${c.rumors}${c.rumor?.length ? `: ${c.rumor.join(", ")}` : ""}` }),
    c.mission ? el("div.meta", { text: `mission: ${c.mission}` }) : null,
    bounties.length ? el("div.meta", { text: `bounties: ${bounties.join(", ")}` }) : null,
    c.weapons.length || c.modifications.length || c.specialists.length
      ? el("div.meta", { text: [...c.weapons, ...c.modifications, ...c.specialists].join(", ") }) : null);
}

export function describe(view, seat, names) {
  if (view.terminal) {
    const best = Math.max(...(view.returns || [0]));
    const winners = (view.returns || []).flatMap((r, s) => (r === best ? [names[s]] : []));
    return `The game is over: ${winners.join(" and ") || "nobody"} ${winners.length > 1 ? "share the win" : "wins"}.`;
  }
  return (view.pending?.prompt || "").replace(/^\w+(?=:)/, (captain) => names[view.pending.seat] ?? captain);
}
