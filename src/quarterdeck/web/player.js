// A player's page: their rating at each game (Elo ± one standard error) and their
// games, newest first, each with how it moved their rating.
import { api, botWords, el, when } from "./common.js";
import { changeText, eloText, leaderboardHref, playerHref, playerOf } from "./identity.js";

const name = decodeURIComponent(location.pathname.slice("/players/".length));
let titles = {};
let next = null;

async function start() {
  try {
    titles = Object.fromEntries((await api("/api/catalog")).map((g) => [g.name, g.title]));
  } catch {
    titles = {};
  }
  try {
    const page = await api(`/api/players/${encodeURIComponent(name)}`);
    show(page);
  } catch (e) {
    document.getElementById("player-name").textContent = name;
    document.getElementById("error").textContent = `No such player here: ${e.message}`;
  }
  document.getElementById("more").addEventListener("click", more);
}

function show(page) {
  const mine = playerOf()?.name === page.name;
  document.title = `${page.name} · Quarterdeck`;
  document.getElementById("player-name").textContent = mine ? `${page.name} (you)` : page.name;
  document.getElementById("player-since").textContent = `Playing since ${when(page.created_at)}`;
  if (page.ratings.length) {
    document.querySelector("#ratings tbody").replaceChildren(
      ...page.ratings.map((r) => el("tr", {},
        el("td", {}, el("a", { href: leaderboardHref(r.game), text: titles[r.game] || r.game })),
        el("td.num.elo", { text: eloText(r) }),
        el("td.num", { text: String(r.games) }))),
    );
  }
  const list = document.getElementById("games");
  if (page.games.length) list.replaceChildren();
  addGames(page);
}

function addGames(page) {
  document.getElementById("games").append(...page.games.map(gameItem));
  next = page.next;
  document.getElementById("more").hidden = !next;
}

async function more() {
  if (!next) return;
  try {
    addGames(await api(`/api/players/${encodeURIComponent(name)}?after=${encodeURIComponent(next)}`));
  } catch (e) {
    document.getElementById("error").textContent = `Could not load more games: ${e.message}`;
  }
}

// Who sat in a seat: a player (their page), a bot, or a person without a name kept.
function seatWho(s) {
  if (s.player) return el("a", { href: playerHref(s.player), text: s.player });
  if (s.bot) return s.name ? `${botWords(s.bot)} (for ${s.name})` : botWords(s.bot);
  return s.name || "an open seat";
}

// The player's outcome by the result: the best score wins; everyone level is a draw.
function outcome(g) {
  if (g.status !== "finished") return g.status === "open" ? "waiting for players" : "in play";
  if (!g.result || !g.result.length) return "over";
  const best = Math.max(...g.result);
  const winners = g.result.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
  if (winners.length === g.result.length) return "a draw";
  if (!winners.includes(g.seat)) return "lost";
  return winners.length > 1 ? "shared the win" : "won";
}

function gameItem(g) {
  const rivals = g.seats.filter((s) => s.seat !== g.seat);
  const href = g.status === "finished" ? `/replay/${g.id}` : `/play/${g.id}`;
  const change = changeText(g.elo_change);
  const result = outcome(g);
  const against = [];
  rivals.forEach((s, i) => against.push(i ? ", " : "", seatWho(s)));
  return el("li.player-game", {},
    el("a", { href, text: titles[g.game] || g.game }),
    el("span.meta", {}, " vs ", ...against, ` · ${when(g.created_at)}`),
    el(`span.outcome.${result.replace(/ /g, "-")}`, { text: ` · ${result}` }),
    change ? el(`span.change${change.startsWith("+") ? ".up" : change.startsWith("−") ? ".down" : ""}`, { text: ` ${change}`, title: "how this game moved the rating" }) : null);
}

start();
