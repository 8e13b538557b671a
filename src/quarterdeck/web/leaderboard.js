// A game's leaderboard: people and bots on one Elo scale, highest first.
import { api, botWords, el } from "./common.js";
import { eloText, leaderboardHref, playerHref, playerOf } from "./identity.js";

const game = decodeURIComponent(location.pathname.slice("/leaderboard/".length));

async function start() {
  const body = document.querySelector("#board tbody");
  try {
    const catalog = await api("/api/catalog");
    document.getElementById("board-games").replaceChildren(
      ...catalog.flatMap((g, i) => [i ? " · " : "",
        g.name === game ? el("strong", { text: g.title }) : el("a", { href: leaderboardHref(g.name), text: g.title })]),
    );
  } catch {
    // the other games' links are a convenience
  }
  try {
    const board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
    document.title = `${board.title}: leaderboard · Quarterdeck`;
    document.getElementById("board-title").textContent = `Leaderboard: ${board.title}`;
    const me = playerOf()?.name;
    body.replaceChildren(
      ...(board.ratings.length
        ? board.ratings.map((r) => el(`tr${!r.bot && r.name === me ? ".me" : ""}${r.bot ? ".bot" : ""}`, {},
          el("td.num", { text: String(r.rank) }),
          el("td.name", {}, r.bot ? botWords(r.name) : el("a", { href: playerHref(r.name), text: r.name })),
          el("td.num.elo", { text: eloText(r) }),
          el("td.num", { text: String(r.games) })))
        : [el("tr", {}, el("td.empty", { colspan: 4, text: "No rated games yet: pick a name in the lobby and finish a game." }))]),
    );
  } catch (e) {
    body.replaceChildren();
    document.getElementById("error").textContent = `No leaderboard: ${e.message}`;
  }
}

start();
