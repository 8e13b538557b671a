// The lobby: start a game with any mix of people and bots, rejoin yours, join or watch
// others, replay finished ones (their winners named).
import { api, botWords, el, keepCreator, keepSeat, myGames, rememberName, rememberedName, when } from "./common.js";

const RIVALS = {
  heuristic: "the heuristic captain (a fair fight)",
  "ismcts:easy": "the search bot, easy",
  "ismcts:normal": "the search bot, normal",
  "ismcts:hard": "the search bot, hard (slow: several seconds a turn)",
  random: "a random sailor (to learn the rules)",
  friend: "friends: you get a link to send",
};
// One seat's choices: a person (the seat stays open: an invite link, or anyone from
// the lobby) or a bot.
const SEAT_CHOICES = { person: "a person (invite link)", ...Object.fromEntries(Object.entries(RIVALS).filter(([k]) => k !== "friend").map(([k, v]) => [k, v])) };
let seatNames = [];

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
  document.getElementById("players").addEventListener("change", drawSeatPlan);
  document.getElementById("rival").addEventListener("change", everyRival);
  await chooseGame();
  document.getElementById("create").addEventListener("submit", create);
  showMine();
  await refresh();
  setInterval(refresh, 5000);
}

function chosenGame() {
  const name = new FormData(document.getElementById("create")).get("game");
  return catalog.find((g) => g.name === name);
}

async function chooseGame() {
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
  document.getElementById("rival-hint").replaceChildren(
    `${game.blurb} Each seat is yours to give: a person (they join by the link, or from this lobby) or a bot; with a turn timer, a bot moves for whoever runs out of time. `,
    el("a", { href: `/rules/${game.name}`, text: `The rules of ${game.title} in short` }), ".");
  try {
    seatNames = (await api(`/api/catalog/${game.name}/about`)).seat_names;
  } catch {
    seatNames = [];
  }
  drawSeatPlan();
}

function botChoices(game) {
  const names = ["person", ...game.bots.filter((b) => b in SEAT_CHOICES)];
  const preferred = ["person", "heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard", "random"];
  return preferred.filter((b) => names.includes(b));
}

// A row per seat: yours first, then a person or a bot for each other seat.
function drawSeatPlan() {
  const game = chosenGame();
  const players = Number(document.getElementById("players").value || game.min_players);
  const rival = document.getElementById("rival").value;
  const kept = [...document.querySelectorAll("#seat-plan select")].map((s) => s.value);
  const plan = document.getElementById("seat-plan");
  const colour = (s) => seatNames[s] || `Seat ${s + 1}`;
  plan.replaceChildren(
    el("legend", { text: "Seats" }),
    el("label", {}, el("span.who", { text: colour(0) }), el("span", { text: "you" })),
    ...Array.from({ length: players - 1 }, (_, i) => {
      const s = i + 1;
      const choices = botChoices(game);
      const value = kept[i] && choices.includes(kept[i]) ? kept[i] : rival === "friend" ? "person" : choices.includes(rival) ? rival : choices[1];
      return el("label", {}, el("span.who", { text: colour(s) }),
        el("select", { "data-seat": s, "aria-label": `who plays ${colour(s)}` },
          ...choices.map((b) => el("option", { value: b, text: SEAT_CHOICES[b], selected: b === value }))));
    }),
  );
}

// "Rivals" sets every other seat at once; each seat can then be changed on its own.
function everyRival() {
  const rival = document.getElementById("rival").value;
  for (const select of document.querySelectorAll("#seat-plan select")) {
    select.value = rival === "friend" ? "person" : rival;
  }
}

async function create(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const game = chosenGame();
  const name = String(form.get("name")).trim() || "Captain";
  rememberName(name);
  const players = Number(form.get("players") || game.min_players);
  const bots = {};
  for (const select of document.querySelectorAll("#seat-plan select")) {
    if (select.value !== "person") bots[select.dataset.seat] = select.value;
  }
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

function seatWords(s) {
  if (s.bot) return s.name ? `${botWords(s.bot)} (for ${s.name})` : botWords(s.bot);
  return s.name || "open seat";
}

// A finished game's winners by its result: the best score; everyone level is a draw.
function winnersText(g) {
  if (!g.result || !g.result.length) return "";
  const best = Math.max(...g.result);
  const winners = g.seats.filter((_, i) => g.result[i] === best);
  if (winners.length === g.seats.length) return "a draw";
  return `${winners.map(seatWords).join(" and ")} ${winners.length > 1 ? "shared the win" : "won"}`;
}

function gameItem(g, status) {
  const title = catalog.find((c) => c.name === g.game)?.title || g.game;
  const who = g.seats.map(seatWords).join(" vs ");
  const href = status === "finished" ? `/replay/${g.id}` : `/play/${g.id}`;
  const verb = status === "open" ? "Join" : status === "active" ? "Watch" : "Replay";
  // A creator who chose the seed or the position may know every draw: say so before anyone joins.
  const chosen = g.setup_chosen ? " · the creator chose the deal" : "";
  const won = status === "finished" ? winnersText(g) : "";
  return el("li", {}, el("a", { href }, `${verb}: ${title}`), el("span.meta", { text: ` · ${who}${chosen}` }),
    won ? el("span.won", { text: ` · ${won}` }) : null);
}

start();
