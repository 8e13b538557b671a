// A game's table: the WebSocket to the server, the choice being assembled (with back
// and confirm), keyboard play, and telling a person when it is their move.
import { api, creatorOf, el, helpContent, keepSeat, rememberName, rememberedName, seatLabel, seatOf } from "./common.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";

const table = {
  summary: null,
  title: "", // the game's title, from the catalog
  game: null, // the renderer module
  actions: new Map(),
  components: null,
  seat: null,
  token: null,
  message: null, // the last "state" message
  previous: null, // the view before it (to show what changed)
  steps: [], // the choice being assembled
  draft: null, // the server's preview of those steps
  shown: null, // the last preview that was still open (what the table shows)
  previewRef: 0,
  nextSeq: 1,
  sent: null, // a decision sent and not yet acknowledged
  resends: 0, // times it was sent again after an "unavailable"
  resendTimer: null,
  socket: null,
  said: [], // the log in words, as this seat hears it
  about: null, // the game's rules summary, house values and seat names
  catalogEntry: null, // the game's entry in the catalog (its bots)
  resultShown: false, // the result panel was opened once (closing it keeps it closed)
  retry: 0,
};

async function start() {
  takeTokenFromLink();
  table.summary = await api(`/api/games/${gameId}`);
  const kept = seatOf(gameId);
  if (kept) {
    table.seat = kept.seat;
    table.token = kept.token;
    if (kept.fresh) showRejoinLink(kept);
  }
  const name = table.summary.game;
  const [catalog, actions, components, module, about] = await Promise.all([
    api("/api/catalog"),
    api(`/api/catalog/${name}/actions`),
    api(`/api/catalog/${name}/components`),
    import(`./${name}.js`),
    api(`/api/catalog/${name}/about`),
  ]);
  table.about = about;
  table.catalogEntry = catalog.find((g) => g.name === name) || null;
  for (const a of actions) table.actions.set(a.id, a);
  table.components = components;
  table.game = module;
  table.title = catalog.find((g) => g.name === name)?.title || name;
  document.getElementById("title").textContent = table.title;
  if (table.token === null) offerSeat();
  wireControls();
  connect();
}

// A rejoin link holds the seat's token after '#': it never reaches the server's logs.
function takeTokenFromLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token") && hash.has("seat")) {
    keepSeat(gameId, Number(hash.get("seat")), hash.get("token"), { at: Date.now() / 1000 });
    history.replaceState(null, "", location.pathname);
  }
}

function showRejoinLink(kept) {
  const link = `${location.origin}/play/${gameId}#seat=${kept.seat}&token=${kept.token}`;
  const box = document.getElementById("rejoin");
  box.hidden = false;
  box.replaceChildren(...[
    el("span", { text: "Your seat's rejoin link (this browser keeps it; copy it to play from another one, and keep it secret): " }),
    el("input", { value: link, readonly: true, size: 40, onfocus: (e) => e.target.select(), "aria-label": "rejoin link" }),
    table.summary.seats.some((s) => !s.taken && !s.bot)
      ? el("span.invite", { text: `Invite a rival with: ${location.origin}/play/${gameId}` })
      : null,
    el("button", { type: "button", text: "Got it", onclick: () => { box.hidden = true; openLog(false); } }),
  ].filter(Boolean));
  // On a narrow screen the box lives in the log's drawer: open it this once.
  if (matchMedia("(max-width: 1000px)").matches) openLog(true);
  keepSeat(gameId, kept.seat, kept.token, { ...kept, fresh: false });
}

function offerSeat() {
  const open = table.summary.seats.filter((s) => !s.taken);
  if (!open.length) return;
  const box = document.getElementById("join");
  box.hidden = false;
  const name = el("input", { id: "join-name", value: rememberedName(), maxlength: 40, placeholder: "Your name", "aria-label": "Your name" });
  box.replaceChildren(
    el("h2", { text: "Take a seat" }),
    name,
    ...open.map((s) => el("button", {
      type: "button", class: "primary", text: `Sit at seat ${s.seat + 1}`,
      onclick: async () => {
        try {
          const who = name.value.trim() || "Captain";
          rememberName(who);
          const joined = await api(`/api/games/${gameId}/seats/${s.seat}/join`, { method: "POST", body: { name: who } });
          keepSeat(gameId, joined.seat, joined.token, { game: table.summary.game, title: table.title, at: Date.now() / 1000, fresh: true });
          location.reload();
        } catch (e) {
          showError(`Could not take the seat: ${e.message}`);
        }
      },
    })),
    el("p.meta", { text: "Or just watch: the table below shows what everyone may see." }),
  );
}

// -- the connection ----------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  table.socket = socket;
  setLink("connecting…");
  socket.addEventListener("open", () => {
    table.retry = 0;
    socket.send(JSON.stringify({ type: "hello", token: table.token }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4401) {
      setLink("this seat's key is not valid here");
      return;
    }
    setLink("reconnecting…");
    const wait = Math.min(10000, 500 * 2 ** table.retry++);
    setTimeout(connect, wait);
  });
}

function send(message) {
  if (table.socket && table.socket.readyState === WebSocket.OPEN) {
    table.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function receive(m) {
  if (m.type === "welcome") {
    setLink(m.seat === null ? "watching" : "connected");
    clearTimeout(table.resendTimer);
    if (table.sent) send(table.sent); // not acknowledged before the drop: the same seq again
  } else if (m.type === "state") {
    onState(m);
  } else if (m.type === "ack") {
    if (table.sent && table.sent.seq === m.seq) decided();
  } else if (m.type === "preview") {
    onPreview(m);
  } else if (m.type === "error" && m.code === "unavailable" && table.sent && m.seq === table.sent.seq) {
    resendSoon();
  } else if (m.type === "error") {
    if (table.sent && m.seq === table.sent.seq) decided();
    if (m.code === "not_your_turn" || m.code === "stale" || m.code === "closed" || m.code === "illegal") clearSteps();
    showError(m.message);
    draw();
  }
}

// "unavailable": the game's server process was away or the game was moving to another
// one, and nothing was taken. The same decision (the same seq) is sent again after a
// short wait, growing: if it was stored after all, the server acknowledges it again
// instead of applying it twice. Only after many tries is the player told.
const RESEND_TRIES = 8;

function resendSoon() {
  table.resends += 1;
  clearTimeout(table.resendTimer);
  if (table.resends > RESEND_TRIES) {
    decided();
    showError("The game's server did not answer: choose again.");
    draw();
    return;
  }
  setLink("the game is moving to another server: sending again…");
  table.resendTimer = setTimeout(() => {
    if (table.sent) send(table.sent);
  }, Math.min(4000, 200 * 2 ** (table.resends - 1)));
}

function decided() {
  if (table.resends) setLink("connected");
  table.sent = null;
  table.resends = 0;
  clearTimeout(table.resendTimer);
}

// The log comes whole on (re)connecting and then only its new lines ("log_from" says
// where they start); a gap asks for the whole picture again.
function takeLog(m) {
  const from = m.log_from ?? 0;
  const lines = m.said || [];
  if (from === 0) table.said = [...lines];
  else if (from === table.said.length) table.said.push(...lines);
  else if (from < table.said.length) table.said.splice(from, Infinity, ...lines);
  else send({ type: "sync" });
}

function onState(m) {
  takeLog(m);
  const before = table.message;
  if (before && before.version !== m.version) table.previous = before.view;
  if (before && before.version !== m.version && !table.sent) clearSteps();
  table.message = m;
  if (m.next_seq && !table.sent) table.nextSeq = Math.max(table.nextSeq, m.next_seq);
  if (m.seat !== null && m.seat !== undefined) table.seat = m.seat;
  draw();
  tellIfMyMove(m);
}

function onPreview(m) {
  if (m.ref !== table.previewRef) return; // an older question
  if (!m.open && table.steps.length === 1) {
    decide(); // a one-step choice: nothing to assemble
    return;
  }
  table.draft = m;
  if (m.open) table.shown = m; // a closed choice keeps showing where its open steps led
  draw();
}

// -- the choice being assembled -------------------------------------------------------

function choose(actionId) {
  const m = table.message;
  if (!m || !m.legal || table.sent) return;
  if (table.draft && !table.draft.open) return;
  table.steps.push(actionId);
  table.previewRef += 1;
  send({ type: "preview", actions: table.steps, ref: table.previewRef });
  draw({ busy: true });
}

function back() {
  if (!table.steps.length) return;
  table.steps.pop();
  if (!table.steps.length) {
    table.draft = null;
    table.shown = null;
    draw();
    return;
  }
  table.previewRef += 1;
  send({ type: "preview", actions: table.steps, ref: table.previewRef });
  draw({ busy: true });
}

function decide() {
  if (!table.steps.length || table.sent) return;
  const message = { type: "act", seq: table.nextSeq, actions: [...table.steps], version: table.message.version };
  table.nextSeq += 1;
  table.sent = message;
  clearSteps();
  send(message);
  draw({ busy: true });
}

function clearSteps() {
  table.steps = [];
  table.draft = null;
  table.shown = null;
  table.previewRef += 1;
}

// -- drawing ---------------------------------------------------------------------------

// Who plays each seat now, by the game's colour where two would read the same.
function names() {
  const seats = table.message?.seats || table.summary.seats;
  const colours = table.about?.seat_names || [];
  const plain = seats.map((s) => seatLabel(s));
  return seats.map((s, i) => {
    const twin = plain.filter((p) => p === plain[i]).length > 1;
    return seatLabel(s, twin || !s.name || s.bot ? colours[i] : null);
  });
}

function draw({ busy = false } = {}) {
  const m = table.message;
  if (!m) return;
  const draft = table.draft ? (table.draft.open ? table.draft : table.shown) : null;
  const view = draft ? draft.view : m.view;
  const closed = Boolean(table.draft && !table.draft.open);
  const legal = table.sent || busy || closed ? [] : draft ? draft.legal : m.legal || [];
  const who = names();
  table.game.render(document.getElementById("table"), {
    view, legal, seat: m.seat, choose, names: who, components: table.components,
    previous: table.steps.length ? null : table.previous,
  });
  document.getElementById("table").classList.toggle("draft", Boolean(draft));
  drawSeats(m, who);
  drawClock(m);
  drawLog();
  drawControls(m, view, legal, who, busy);
}

// The turn timer: the seconds left for the move, counted down between messages.
let clockTimer = null;
function drawClock(m) {
  const clock = document.getElementById("clock");
  clearInterval(clockTimer);
  if (!m.deadline || m.status !== "active") {
    clock.textContent = "";
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.round(m.deadline - Date.now() / 1000));
    const h = Math.floor(left / 3600), mm = Math.floor((left % 3600) / 60), ss = left % 60;
    clock.textContent = `⏳ ${h ? `${h}h ` : ""}${mm}:${String(ss).padStart(2, "0")}`;
    clock.classList.toggle("late", left < 30);
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

function drawSeats(m, who) {
  const creator = creatorOf(gameId);
  document.getElementById("seats").replaceChildren(...m.seats.map((s, i) => {
    const parts = [el(`span.dot${s.connected || s.bot ? ".on" : ""}`, { title: s.bot ? "a bot" : s.connected ? "connected" : "away" }), who[i]];
    if (creator && !s.bot && s.taken && !s.connected && i !== m.seat && m.status === "active") {
      parts.push(el("button.small", { type: "button", text: "hand to a bot", onclick: () => handToBot(i) }));
    }
    if (creator && !s.bot && !s.taken && m.status === "open") {
      parts.push(el("button.small", { type: "button", "data-fill": i, text: "fill with a bot", onclick: () => handToBot(i) }));
    }
    return el(`span.seat${i === m.seat ? ".me" : ""}`, {}, ...parts);
  }));
}

async function handToBot(seat) {
  const bot = table.catalogEntry?.fallback_bot || "heuristic";
  try {
    await api(`/api/games/${gameId}/seats/${seat}/bot`, { method: "PUT", body: { bot }, token: creatorOf(gameId) });
  } catch (e) {
    showError(e.message);
  }
}

// The whole log, newest first and numbered; kept at its top (the newest line) unless
// the reader has scrolled down to older lines.
function drawLog() {
  const lines = table.said;
  const list = document.getElementById("log");
  const reading = list.scrollTop > 8;
  const shown = list.childElementCount;
  if (shown > lines.length || (shown && list.firstChild.dataset.line !== lines[shown - 1])) {
    list.replaceChildren(); // the log was rewritten (a resync): draw it again
  }
  const fresh = [];
  for (let i = list.childElementCount; i < lines.length; i++) {
    fresh.push(el("li", { dataset: { line: lines[i] } }, el("span.n", { text: String(i + 1) }), el("span", { text: lines[i] })));
  }
  list.prepend(...fresh.reverse());
  if (!reading) list.scrollTop = 0;
  document.getElementById("ticker").textContent = lines.length ? `${lines.length}. ${lines[lines.length - 1]}` : "";
}

function openLog(open) {
  document.body.classList.toggle("log-open", open);
}

function drawControls(m, view, legal, who, busy) {
  const prompt = document.getElementById("prompt");
  let text = table.game.describe(view, m.seat, who);
  if (m.status === "open") text = "Waiting for every seat to be taken…";
  else if (!view.terminal && !m.legal && m.seat !== null) text = `${text}`;
  prompt.textContent = text;
  const mine = Boolean(m.legal) && !view.terminal;
  document.body.classList.toggle("my-move", mine);
  const buttons = document.getElementById("buttons");
  const onTable = table.game.ON_TABLE;
  buttons.replaceChildren(...legal.map((a, i) => {
    const key = KEYS[i] || "";
    return el(`button${onTable.has(a.kind) ? ".on-table" : ""}`, { type: "button", "data-action": a.id, onclick: () => choose(a.id), title: key ? `key ${key}` : "" },
      key ? el("kbd", { text: key }) : null, a.text);
  }));
  if (view.terminal) {
    buttons.replaceChildren(
      el("button.primary", { type: "button", text: "The result", onclick: () => showResult(view, who, true) }),
      el("a.button", { href: `/replay/${gameId}`, text: "Watch the replay" }),
      el("a.button", { href: "/", text: "Back to the lobby" }));
    showResult(view, who, false);
  }
  // Back and Confirm only for a seated player while the game is on: a spectator and a
  // finished game have nothing to compose.
  document.getElementById("compose").hidden = m.seat === null || view.terminal || m.status !== "active";
  const steps = table.steps.map((id) => table.actions.get(id)?.text || id);
  document.getElementById("draft").textContent = steps.length
    ? `Your choice: ${steps.join(" → ")}${table.draft && !table.draft.open ? " (complete)" : ""}`
    : table.sent || busy ? "…" : "";
  document.getElementById("back").disabled = !table.steps.length;
  document.getElementById("confirm").disabled = !table.steps.length || busy;
  document.getElementById("confirm").classList.toggle("ready", Boolean(table.draft && !table.draft.open));
}

// -- keyboard, errors, telling the player --------------------------------------------

// -- the result and the help -----------------------------------------------------------

// The winner, the reason (the game's own words from the log's end, or its renderer's
// result()), and a table of each seat's final tallies.
function showResult(view, who, force) {
  const box = document.getElementById("result");
  if (table.resultShown && !force) return;
  table.resultShown = true;
  const r = (table.game.result && table.game.result(view, who, table.said)) || genericResult(view, who);
  const winners = winnersOf(view);
  const headline = !winners.length || winners.length === view.returns.length
    ? "A draw."
    : `${winners.map((s) => who[s]).join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`;
  const rows = who.map((name, s) => el(`tr${winners.includes(s) && winners.length < who.length ? ".winner" : ""}`, {},
    el("td", { text: name }),
    ...r.columns.map((_, c) => el("td.num", { text: String(r.rows[s]?.[c] ?? "") })),
    el("td", { text: winners.includes(s) && winners.length < who.length ? "won" : winners.length === who.length || !winners.length ? "draw" : "" })));
  box.replaceChildren(
    el("header", {}, el("h2", { id: "result-title", text: `The game is over: ${headline}` }),
      el("button.small", { type: "button", text: "✕", "aria-label": "close", onclick: () => { box.hidden = true; } })),
    el("p.result-reason", { text: r.reason }),
    el("table.score-table", {},
      el("thead", {}, el("tr", {}, el("th", { text: "Seat" }), ...r.columns.map((c) => el("th.num", { text: c })), el("th", { text: "Result" }))),
      el("tbody", {}, ...rows)),
    el("div.result-actions", {},
      el("a.button.primary", { href: `/replay/${gameId}`, text: "Replay the game" }),
      el("a.button", { href: "/", text: "A new game (the lobby)" }),
      el("button", { type: "button", text: "Look at the table", onclick: () => { box.hidden = true; } })),
  );
  box.hidden = false;
}

function winnersOf(view) {
  const r = view.returns || [];
  if (!r.length) return [];
  const best = Math.max(...r);
  return r.map((v, s) => (v === best ? s : null)).filter((s) => s !== null);
}

// Any game: the log's closing lines say why; numbers every seat's record holds
// (points, glory, gold …) are its tallies.
const TALLIES = { points: "Points", glory: "Glory", stash_points: "Stash", gold: "Gold", store: "Stored", treasures_aboard: "Treasure aboard", hull: "Hull", crew: "Crew" };
function genericResult(view) {
  const said = table.said;
  let from = said.length - 1;
  for (let i = said.length - 1; i >= Math.max(0, said.length - 4); i--) {
    if (/game (is over|ends)|wins|round (cap|limit)|draw/i.test(said[i])) from = i;
  }
  const reason = said.slice(Math.max(0, from)).join(" ");
  const records = view.fleets || view.captains || view.ships || [];
  const columns = Object.keys(TALLIES).filter((k) => records.length && records.every((x) => typeof x?.[k] === "number"));
  return {
    reason,
    columns: columns.map((k) => TALLIES[k]),
    rows: records.map((x) => columns.map((k) => x[k])),
  };
}

function toggleHelp(open = document.getElementById("help").hidden) {
  const box = document.getElementById("help");
  if (!open) { box.hidden = true; return; }
  const about = table.about;
  box.replaceChildren(
    el("header", {}, el("h2", { id: "help-title", text: `${about.title}: how to play` }),
      el("a.button", { href: `/rules/${about.name}`, target: "_blank", text: "Open as a page" }),
      el("button.small", { type: "button", text: "✕", "aria-label": "close the rules", onclick: () => toggleHelp(false) })),
    el("p.meta", { text: "What glows on the table can be clicked; hover (or long-press) a zone, card or token to read what it is. Keys 1–9 pick a button, Enter confirms, Backspace takes a step back." }),
    ...helpContent(about),
  );
  box.hidden = false;
}

function wireControls() {
  document.getElementById("help-button").addEventListener("click", () => toggleHelp());
  document.getElementById("log-button").addEventListener("click", () => openLog(!document.body.classList.contains("log-open")));
  document.getElementById("log-close").addEventListener("click", () => openLog(false));
  document.getElementById("back").addEventListener("click", back);
  document.getElementById("confirm").addEventListener("click", decide);
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "Escape") { toggleHelp(false); document.getElementById("result").hidden = true; openLog(false); return; }
    if (e.key === "?") { e.preventDefault(); toggleHelp(); return; }
    if (e.key === "Enter") { e.preventDefault(); decide(); return; }
    if (e.key === "Backspace") { e.preventDefault(); back(); return; }
    const i = KEYS.indexOf(e.key.toLowerCase());
    if (i >= 0 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const button = document.querySelectorAll("#buttons button")[i];
      if (button) { e.preventDefault(); button.click(); }
    }
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) document.title = baseTitle();
  });
  document.addEventListener("click", () => {
    if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
  }, { once: true });
}

function baseTitle() {
  return `${table.title} · Quarterdeck`;
}

function tellIfMyMove(m) {
  const mine = Boolean(m.legal);
  if (!document.hidden) {
    document.title = baseTitle();
    return;
  }
  if (!mine) return;
  document.title = `● Your move · ${baseTitle()}`;
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification("Quarterdeck: your move", { body: m.pending?.prompt || "", tag: gameId });
  }
}

function setLink(text) {
  document.getElementById("link").textContent = text;
}

let errorTimer = null;
function showError(text) {
  const box = document.getElementById("error");
  box.textContent = text;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { box.textContent = ""; }, 6000);
}

start().catch((e) => {
  document.getElementById("table").replaceChildren(el("p.error", { text: `This game could not be opened: ${e.message}` }));
});
