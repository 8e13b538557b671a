// The lobby: start a game against bots or a friend, rejoin yours, join or watch others.
import { api, el, keepCreator, keepSeat, myGames, rememberName, rememberedName, when } from "./common.js";

const RIVALS = {
  heuristic: "the heuristic captain (a fair fight)",
  "ismcts:easy": "the search bot, easy",
  "ismcts:normal": "the search bot, normal",
  "ismcts:hard": "the search bot, hard (thinks up to 2 s a move)",
  random: "a random sailor (to learn the rules)",
  friend: "a friend: you get a link to send",
};

let catalog = [];

async function start() {
  document.getElementById("name").value = rememberedName();
  catalog = await api("/api/catalog");
  const choice = document.getElementById("game-choice");
  catalog.forEach((game, i) => {
    const id = `game-${game.name}`;
    choice.append(
      el("label.game-tile", { for: id },
        el("input", { type: "radio", name: "game", id, value: game.name, checked: i === 0 }),
        el("span.title", { text: game.title }),
        el("span.sub", { text: game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}–${game.max_players} players` })),
    );
  });
  choice.addEventListener("change", chooseGame);
  chooseGame();
  document.getElementById("create").addEventListener("submit", create);
  showMine();
  await refresh();
  setInterval(refresh, 5000);
}

function chosenGame() {
  const name = new FormData(document.getElementById("create")).get("game");
  return catalog.find((g) => g.name === name);
}

function chooseGame() {
  const game = chosenGame();
  const players = document.getElementById("players");
  players.replaceChildren(
    ...Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) =>
      el("option", { value: game.min_players + i, text: String(game.min_players + i) })),
  );
  document.getElementById("players-row").hidden = game.min_players === game.max_players;
  const rival = document.getElementById("rival");
  const names = [...game.bots.filter((b) => b in RIVALS || b === "heuristic"), "friend"];
  const preferred = ["heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard", "random", "friend"];
  rival.replaceChildren(
    ...preferred.filter((b) => names.includes(b)).map((b) => el("option", { value: b, text: RIVALS[b] })),
  );
  // When the timer runs out, the seat's bot makes the move (docs/server.md).
  document.getElementById("rival-hint").textContent =
    `${game.blurb} Bots take the seats you do not give to friends; with a turn timer, a bot moves for whoever runs out of time.`;
}

async function create(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const game = chosenGame();
  const name = String(form.get("name")).trim() || "Captain";
  rememberName(name);
  const players = Number(form.get("players") || game.min_players);
  const rival = String(form.get("rival"));
  const bots = {};
  if (rival !== "friend") for (let s = 1; s < players; s++) bots[s] = rival;
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    const timer = Number(form.get("timer")) || null;
    const created = await api("/api/games", { method: "POST", body: { game: game.name, players, bots, turn_timer: timer } });
    keepCreator(created.id, created.creator_token);
    const joined = await api(`/api/games/${created.id}/seats/0/join`, { method: "POST", body: { name } });
    keepSeat(created.id, joined.seat, joined.token, { game: game.name, title: game.title, at: Date.now() / 1000, fresh: true });
    location.href = `/play/${created.id}`;
  } catch (e) {
    error.textContent = `Could not start the game: ${e.message}`;
  }
}

function showMine() {
  const list = document.getElementById("mine");
  const games = myGames();
  if (!games.length) return;
  list.replaceChildren(
    ...games.slice(0, 12).map((g) =>
      el("li", {}, el("a", { href: `/play/${g.id}` }, `${g.title || g.game || "Game"}`), el("span.meta", { text: g.at ? ` · seat ${g.seat + 1} · ${when(g.at)}` : "" }))),
  );
}

async function refresh() {
  for (const status of ["open", "active", "finished"]) {
    let games = [];
    try {
      // The lobby is paged (docs/server.md): the first page of ten is all it shows.
      games = (await api(`/api/games?status=${status}&limit=10`)).games;
    } catch {
      continue;
    }
    const list = document.getElementById(status);
    if (!games.length) continue;
    list.replaceChildren(...games.map((g) => gameItem(g, status)));
  }
}

function gameItem(g, status) {
  const title = catalog.find((c) => c.name === g.game)?.title || g.game;
  const who = g.seats.map((s) => s.name || s.bot || "open seat").join(" vs ");
  const href = status === "finished" ? `/replay/${g.id}` : `/play/${g.id}`;
  const verb = status === "open" ? "Join" : status === "active" ? "Watch" : "Replay";
  // A creator who chose the seed or the position may know every draw: say so before anyone joins.
  const chosen = g.setup_chosen ? " · the creator chose the deal" : "";
  return el("li", {}, el("a", { href }, `${verb}: ${title}`), el("span.meta", { text: ` · ${who}${chosen}` }));
}

start();
