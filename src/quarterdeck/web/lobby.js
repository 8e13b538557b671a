// The lobby: start a game with any mix of people and bots, rejoin yours, join or watch
// others, replay finished ones (their winners named).
import { api, botWords, el, keepCreator, keepSeat, myGames, rememberName, rememberedName, seatOf, when } from "./common.js";
import { forgetPlayer, joinBody, keepPlayer, leaderboardHref, playerHref, playerOf } from "./identity.js";

const RIVALS = {
  heuristic: "the heuristic captain (a fair fight)",
  "ismcts:easy": "the search bot, easy (a turn takes up to a few seconds)",
  "ismcts:normal": "the search bot, normal (a turn takes one to several seconds)",
  "ismcts:hard": "the search bot, hard (slow: a turn takes seconds, a long one over ten)",
  random: "a random sailor (to learn the rules)",
  friend: "friends: you get a link to send",
};
// One seat's choices: a person (the seat stays open: an invite link, or anyone from
// the lobby) or a bot.
const SEAT_CHOICES = { person: "a person (invite link)", ...Object.fromEntries(Object.entries(RIVALS).filter(([k]) => k !== "friend").map(([k, v]) => [k, v])) };
let seatNames = [];
// A game's modules the creator may switch on: its boolean options of these names,
// sent as options (POST /api/games) when ticked; off is the game's default.
const MODULES = {
  sea_dog: { label: "Experienced Sea Dog module", hint: "each captain keeps a Reputation and three secret Dirty Tricks (house cards)" },
};

// The bots' pace a creator chooses (POST /api/games "pace"; the server's rooms.PACES):
// a search bot's turn is held to one fixed time per level, so its timing tells nothing
// of its hand; casual holds it a quarter as long.
const PACES = {
  table: {
    label: "at a table's pace",
    hint: "A search bot's turn lasts at least ¼ s (easy), 0.6 s (normal) or 1.5 s (hard), however little it had to think, and its moves come 0.4 s apart: its timing tells you nothing of its hand.",
  },
  casual: {
    label: "casual (quicker)",
    hint: "A search bot's turn lasts at least a quarter of the table's time (under 0.4 s at any level) and its moves come 0.15 s apart. A search that thinks longer (normal and hard often do, for seconds) still takes its time, at either pace.",
  },
};

let catalog = [];

async function start() {
  document.getElementById("name").value = rememberedName();
  catalog = await api("/api/catalog");
  showPlayer();
  document.getElementById("pick-name").addEventListener("submit", pickName);
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
  drawPace();
  await chooseGame();
  document.getElementById("create").addEventListener("submit", create);
  // Disabled until now: a click before the lobby knows its games would send the form
  // as a plain page load and start nothing.
  document.getElementById("set-sail").disabled = false;
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
  let seats = [];
  try {
    seats = (await api(`/api/catalog/${game.name}/about`)).seat_names;
  } catch {
    seats = [];
  }
  // Another game chosen while this one's seats were asked for: that choice draws.
  if (chosenGame() !== game) return;
  seatNames = seats;
  drawSeatPlan();
  drawModules(game);
}

// A checkbox for each module the chosen game offers (none: the box is hidden).
function drawModules(game) {
  const box = document.getElementById("game-options");
  const modules = game.options.filter((o) => o.name in MODULES && typeof o.default === "boolean");
  box.hidden = !modules.length;
  box.replaceChildren(
    el("legend", { text: "Modules" }),
    ...modules.map((o) => el("label.module", { title: o.help },
      el("input", { type: "checkbox", id: `option-${o.name}`, "data-option": o.name, checked: o.default }),
      el("span", {}, el("span.module-name", { text: MODULES[o.name].label }), el("span.hint", { text: ` — ${MODULES[o.name].hint}` })))),
  );
}

// The modules ticked that differ from the game's default.
function chosenOptions(game) {
  const options = {};
  for (const box of document.querySelectorAll("#game-options input[data-option]")) {
    const spec = game.options.find((o) => o.name === box.dataset.option);
    if (spec && box.checked !== spec.default) options[spec.name] = box.checked;
  }
  return options;
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

// The pace of the bots, next to the seats: a choice and what it means for a turn.
function drawPace() {
  const hint = el("p.hint", { id: "pace-hint" });
  const select = el("select", { name: "pace", id: "pace" },
    ...Object.entries(PACES).map(([value, p]) => el("option", { value, text: p.label })));
  const say = () => { hint.textContent = `${PACES[select.value].hint} The heuristic and random bots move at once at either pace.`; };
  select.addEventListener("change", say);
  say();
  document.getElementById("seat-plan").after(el("label", { id: "pace-row" }, "Bot pace", select), hint);
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
    const options = chosenOptions(game);
    const pace = form.get("pace") || "table";
    const created = await api("/api/games", { method: "POST", body: { game: game.name, players, bots, turn_timer: timer, options, pace } });
    keepCreator(created.id, created.creator_token);
    const joined = await api(`/api/games/${created.id}/seats/0/join`, { method: "POST", body: joinBody(name) });
    keepSeat(created.id, joined.seat, joined.token, { game: game.name, title: game.title, at: Date.now() / 1000, fresh: true });
    location.href = `/play/${created.id}`;
  } catch (e) {
    error.textContent = `Could not start the game: ${e.message}`;
  }
}

// The player this browser plays as ("Playing as NAME"), or the box to pick a name once;
// and the leaderboards. A key the server no longer knows (a new database) is let go of.
async function showPlayer() {
  let player = playerOf();
  if (player) {
    const me = await fetch("/api/me", { headers: { Authorization: `Bearer ${player.key}` } }).catch(() => null);
    if (me && me.status === 401) {
      forgetPlayer();
      player = null;
    }
  }
  document.getElementById("pick-name").hidden = Boolean(player);
  document.getElementById("playing-as").hidden = !player;
  document.getElementById("name-row").hidden = Boolean(player);
  if (player) {
    const link = document.getElementById("player-link");
    link.textContent = player.name;
    link.href = playerHref(player.name);
    document.getElementById("name").value = player.name;
  }
  document.getElementById("leaderboards").replaceChildren("Leaderboards: ",
    ...catalog.flatMap((g, i) => [i ? " · " : "", el("a", { href: leaderboardHref(g.name), text: g.title })]));
}

async function pickName(event) {
  event.preventDefault();
  const name = document.getElementById("player-name").value.trim();
  const error = document.getElementById("pick-error");
  error.textContent = "";
  if (!name) return;
  try {
    const made = await api("/api/players", { method: "POST", body: { name } });
    keepPlayer(made.name, made.key);
    rememberName(made.name);
    await showPlayer();
  } catch (e) {
    error.textContent = `Could not keep that name: ${e.message}`;
  }
}

// With a name kept, "Join" takes the first open seat from here with the player's key
// (the table's own join box is for people without one).
function joinFromLobby(g, title) {
  return async (event) => {
    const open = g.seats.find((s) => !s.taken);
    if (!playerOf() || !open || seatOf(g.id)) return;
    event.preventDefault();
    try {
      const joined = await api(`/api/games/${g.id}/seats/${open.seat}/join`, { method: "POST", body: joinBody("") });
      keepSeat(g.id, joined.seat, joined.token, { game: g.game, title, at: Date.now() / 1000, fresh: true });
    } catch {
      // taken meanwhile: the table shows what is left
    }
    location.href = `/play/${g.id}`;
  };
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
  const modules = Object.keys(MODULES).filter((m) => g.options?.[m] === true).map((m) => ` · ${MODULES[m].label}`).join("");
  const pace = g.pace === "casual" && g.seats.some((s) => s.bot) ? " · casual pace" : "";
  const onclick = status === "open" ? joinFromLobby(g, title) : undefined;
  return el("li", {}, el("a", { href, onclick }, `${verb}: ${title}`), el("span.meta", { text: ` · ${who}${modules}${pace}${chosen}` }),
    won ? el("span.won", { text: ` · ${won}` }) : null);
}

start();
