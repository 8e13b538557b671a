// The replay viewer: step through a finished game, as everyone or as one seat saw it.
import { animate, api, el, measure, rematch, resultOf, resultPanel, seatLabel, seatOf, settingsControls } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const r = { at: 0, length: 0, seen: "", game: null, components: null, names: [], timer: null, previous: null, summary: null, title: "" };

async function start() {
  const summary = await api(`/api/games/${gameId}`);
  const [catalog, components, module, about] = await Promise.all([
    api("/api/catalog"),
    api(`/api/catalog/${summary.game}/components`),
    import(`./${summary.game}.js`),
    api(`/api/catalog/${summary.game}/about`),
  ]);
  // As at the table: who played each seat, bots by colour.
  r.names = summary.seats.map((s, i) => seatLabel(s, s.bot || !s.name ? about.seat_names[i] : null));
  r.components = components;
  r.game = module;
  r.summary = summary;
  r.title = catalog.find((g) => g.name === summary.game)?.title || summary.game;
  document.getElementById("title").textContent = `Replay · ${r.title}`;
  wireSettings();
  document.getElementById("seats").textContent = r.names.join(" vs ");
  const seen = document.getElementById("seen");
  seen.append(el("option", { value: "", text: "everyone (all revealed)" }), ...r.names.map((n, i) => el("option", { value: String(i), text: n })));
  seen.addEventListener("change", () => { r.seen = seen.value; show(r.at); });
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(r.at - 1));
  document.getElementById("next").addEventListener("click", () => show(r.at + 1));
  document.getElementById("last").addEventListener("click", () => show(r.length));
  document.getElementById("at").addEventListener("input", (e) => show(Number(e.target.value)));
  document.getElementById("play").addEventListener("click", togglePlay);
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement) return;
    if (e.key === "Escape") { document.getElementById("result").hidden = true; document.getElementById("settings").hidden = true; return; }
    const keys = { ArrowLeft: () => show(r.at - 1), ArrowRight: () => show(r.at + 1), Home: () => show(0), End: () => show(r.length), " ": togglePlay };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  await show(0);
}

async function show(at) {
  at = Math.max(0, Math.min(at, r.length || at));
  const query = r.seen === "" ? "" : `&seat=${r.seen}`;
  let step;
  try {
    step = await api(`/api/games/${gameId}/replay?at=${at}${query}`);
  } catch (e) {
    document.getElementById("error").textContent = e.message;
    stop();
    return;
  }
  r.length = step.length;
  const moved = Math.abs(step.at - r.at) === 1;
  r.at = step.at;
  const seat = r.seen === "" ? null : Number(r.seen);
  const root = document.getElementById("table");
  const places = moved ? measure(root) : null; // a step slides; a jump is a new picture
  r.game.render(root, {
    view: step.view, legal: [], seat, choose: () => {}, names: r.names, components: r.components, previous: moved ? r.previous : null,
  });
  animate(root, places);
  r.previous = step.view;
  const range = document.getElementById("at");
  range.max = String(step.length);
  range.value = String(step.at);
  document.getElementById("where").textContent = `move ${step.at} of ${step.length}`;
  // The last step says how the game ended (the game's words, as at the table), not
  // just the last move ("Newcomer: done").
  const ended = step.view.terminal ? `${r.game.describe(step.view, seat, r.names)} ${step.said[step.said.length - 1] || ""}` : "";
  document.getElementById("prompt").textContent = step.at === 0
    ? "The start of the game."
    : ended ? `${ended.trim()} (last move: ${moveText(step.action)})` : moveText(step.action);
  document.getElementById("log").replaceChildren(...step.said.map((line, i) => el("li", {}, el("span.n", { text: String(i + 1) }), el("span", { text: line }))).reverse());
  // The last step shows the result: who won, why, and each seat's tallies.
  const box = document.getElementById("result");
  if (step.view.terminal && step.at >= step.length) showResult(step);
  else box.hidden = true;
  if (step.at >= step.length) stop();
}

function showResult(step) {
  const box = document.getElementById("result");
  const result = resultOf(r.game, step.view, r.names, step.said, r.summary.options || {});
  const kept = seatOf(gameId);
  const again = kept ? el("button.rematch", { type: "button", text: "Rematch (the same seats)" }) : null;
  again?.addEventListener("click", async () => {
    again.disabled = true;
    try {
      location.href = `/play/${await rematch(gameId, kept.seat, r.title)}`;
    } catch (e) {
      again.disabled = false;
      document.getElementById("error").textContent = `Could not start the rematch: ${e.message}`;
    }
  });
  resultPanel(box, result, r.names, [
    again,
    el("a.button", { href: "/", text: "A new game (the lobby)" }),
    el("button", { type: "button", text: "Look at the table", onclick: () => { box.hidden = true; } }),
  ], () => { box.hidden = true; });
}

function wireSettings() {
  const settings = document.getElementById("settings");
  settings.replaceChildren(el("h2", { text: "Replay" }), ...settingsControls({ sounds: false }));
  document.getElementById("settings-button").addEventListener("click", (e) => {
    e.stopPropagation();
    settings.hidden = !settings.hidden;
    // Under the bar, however many lines it wraps to (a phone's is two).
    settings.style.top = `${document.querySelector(".bar").getBoundingClientRect().bottom + 4}px`;
  });
  document.addEventListener("click", (e) => {
    if (!settings.hidden && !settings.contains(e.target)) settings.hidden = true;
  });
}

// A move's text is only given to the seat that made it (or with everything shown):
// it may name what only that seat knew. The log below says what the others saw.
function moveText(action) {
  const who = action.seat === null ? "" : r.names[action.seat];
  if (action.text === null) return `${who || "Someone"} moved.`;
  return `${who ? `${who}: ` : ""}${action.text}`;
}

function togglePlay() {
  if (r.timer) { stop(); return; }
  document.getElementById("play").textContent = "⏸ Pause";
  r.timer = setInterval(() => show(r.at + 1), 700);
}

function stop() {
  clearInterval(r.timer);
  r.timer = null;
  document.getElementById("play").textContent = "▶ Play";
}

start().catch((e) => { document.getElementById("error").textContent = `This replay could not be opened: ${e.message}`; });
