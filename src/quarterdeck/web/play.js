// A game's table: the WebSocket to the server, the choice being assembled (with back
// and confirm), keyboard play, and telling a person when it is their move.
import {
  animate, api, beep, creatorOf, el, helpContent, hintsOn, joinRematch, keepSeat, measure, rematch, rememberName, rememberedName,
  resultOf, resultPanel, seatLabel, seatOf, settingsControls, signature,
} from "./common.js";
import { joinBody } from "./identity.js";

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
  previewTimer: null, // asking a preview again after "rate_limited"
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
  // The last move of each other seat, shown until this seat's next decision: its log
  // lines (seat → [line numbers]) and what it changed on the table (key → seat).
  lastMoves: new Map(),
  movedBy: new Map(),
  signatures: null, // each marked thing's signature at the last state drawn (key → sig)
  signedVersion: null,
  mover: null, // who made the changes of the state being drawn (null: this seat, or chance)
  rematch: null, // the finished game's rematch: { id, by (who asked, if told), seat }
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
          const joined = await api(`/api/games/${gameId}/seats/${s.seat}/join`, { method: "POST", body: joinBody(who) });
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
  } else if (m.type === "rematch") {
    table.rematch = { id: m.rematch, by: m.by, seat: m.seat };
    drawRematchOffer();
  } else if (m.type === "preview") {
    onPreview(m);
  } else if (m.type === "error" && m.code === "unavailable" && table.sent && m.seq === table.sent.seq) {
    resendSoon();
  } else if (m.type === "error" && m.code === "rate_limited" && m.ref != null) {
    previewAgainSoon(m.ref);
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
  const known = table.said.length;
  takeLog(m);
  const before = table.message;
  if (before && before.version !== m.version) noteMoves(before, m, known);
  if (before && before.version !== m.version) table.previous = before.view;
  if (before && before.version !== m.version && !table.sent) clearSteps();
  table.message = m;
  if (m.rematch && table.rematch?.id !== m.rematch) table.rematch = { id: m.rematch, by: null, seat: null };
  if (m.next_seq && !table.sent) table.nextSeq = Math.max(table.nextSeq, m.next_seq);
  if (m.seat !== null && m.seat !== undefined) table.seat = m.seat;
  draw();
  tellIfMyMove(m);
  if (hints.on) checkHints();
  if (before && m.legal && !before.legal && !m.view.terminal) beep("turn");
}

// -- the last move of each other seat --------------------------------------------------

// Between two states the seat that was to decide has moved (a bot's turn, a person's
// move): its new log lines and what it changed on the table are its last move, shown
// until this seat decides. A log line of another seat's event (its seat named in the
// event) counts as that seat's; this seat's own moves and what follows them are not
// marked. A seat that moves anew starts a new last move.
function noteMoves(before, m, known) {
  const mine = m.seat ?? null;
  const actor = before.view?.current_player ?? null;
  table.mover = actor !== null && actor !== mine ? actor : null;
  if (table.mover !== null) startMove(table.mover);
  const from = m.log_from ?? 0;
  const events = m.view?.log || [];
  const fresh = [];
  (m.said || []).forEach((line, i) => {
    if (from + i < known) return; // sent again after a resync: had already
    fresh.push(line);
    if (actor === mine && actor !== null) return;
    const named = events[i]?.seat;
    const seat = typeof named === "number" && named !== mine ? named : table.mover;
    if (seat === null || seat === undefined) return;
    startMove(seat);
    table.lastMoves.get(seat).push(from + i);
  });
  const hits = table.game.HITS || /\b(hits?|damage|sinks?|sunk|loses? (a|\d+) (marker|plank|sail|crewman|crewmen))\b/i;
  if (fresh.some((line) => hits.test(line))) beep("hit");
}

let lastActor = null;
function startMove(seat) {
  if (lastActor === seat && table.lastMoves.has(seat)) return;
  lastActor = seat;
  table.lastMoves.set(seat, []);
  for (const [key, by] of table.movedBy) if (by === seat) table.movedBy.delete(key);
}

function clearLastMoves() {
  table.lastMoves.clear();
  table.movedBy.clear();
  lastActor = null;
}

// What changed on the table since the last state drawn, put down to its mover.
function noteChanges(root, m) {
  if (table.signedVersion === m.version) return;
  const now = new Map();
  for (const node of root.querySelectorAll("[data-flip]")) {
    if (!now.has(node.dataset.flip)) now.set(node.dataset.flip, signature(node));
  }
  if (table.signatures && table.mover !== null) {
    for (const [key, sig] of now) if (table.signatures.get(key) !== sig) table.movedBy.set(key, table.mover);
  }
  table.signatures = now;
  table.signedVersion = m.version;
}

const SEAT_COLOURS = { Red: "#e05a4f", Blue: "#5d8fe0", Yellow: "#f0c94a", Green: "#5fbf77", White: "#f4f4f4", Purple: "#b58ae0", Black: "#222" };
function moverColour(seat) {
  return SEAT_COLOURS[table.about?.seat_names?.[seat]] || "#ffd56b";
}

function markLastMoves(root, who) {
  for (const [key, seat] of table.movedBy) {
    const node = root.querySelector(`[data-flip="${CSS.escape(key)}"]`);
    if (!node) continue;
    node.classList.add("last-move");
    node.style.setProperty("--mover", moverColour(seat));
    node.dataset.mover = String(seat);
  }
  const strip = document.getElementById("last-moves");
  const moves = [...table.lastMoves].filter(([, lines]) => lines.length);
  strip.replaceChildren(...moves.map(([seat, lines]) => {
    const words = lines.map((i) => table.said[i]).filter(Boolean);
    return el("li", { "data-seat": seat, style: `--mover: ${moverColour(seat)}`, title: words.join("\n") },
      el("strong", { text: `${who[seat]}: ` }), el("span", { text: words.join(" · ") }));
  }));
  strip.hidden = !moves.length;
  const marked = new Map(moves.flatMap(([seat, lines]) => lines.map((i) => [i, seat])));
  for (const li of document.querySelectorAll("#log li")) {
    const seat = marked.get(Number(li.dataset.index));
    li.classList.toggle("last-move", seat !== undefined);
    if (seat !== undefined) li.style.setProperty("--mover", moverColour(seat));
  }
  document.querySelectorAll("#seats .seat").forEach((chip, s) => {
    chip.classList.toggle("just-moved", moves.some(([seat]) => seat === s));
    chip.style.setProperty("--mover", moverColour(s));
  });
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

// A preview refused as "rate_limited" (clicks faster than the server answers
// previews) is asked again a moment later, if it is still the question: otherwise the
// step would stay pushed with nothing shown for it, and the table would wait.
const PREVIEW_RETRY_MS = 300;

function previewAgainSoon(ref) {
  if (ref !== table.previewRef) return; // an older question
  clearTimeout(table.previewTimer);
  table.previewTimer = setTimeout(() => {
    if (ref === table.previewRef && table.steps.length) {
      send({ type: "preview", actions: table.steps, ref });
    }
  }, PREVIEW_RETRY_MS);
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
  clearLastMoves(); // the others' last moves were shown until this decision
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
  const root = document.getElementById("table");
  const places = measure(root);
  table.game.render(root, {
    view, legal, seat: m.seat, choose, names: who, components: table.components,
    previous: table.steps.length ? null : table.previous,
  });
  animate(root, places);
  if (!draft) noteChanges(root, m);
  root.classList.toggle("draft", Boolean(draft));
  drawSeats(m, who);
  drawClock(m);
  drawLog();
  markLastMoves(root, who);
  drawControls(m, view, legal, who, busy);
  drawHint(m);
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
    fresh.push(el("li", { dataset: { line: lines[i], index: i } }, el("span.n", { text: String(i + 1) }), el("span", { text: lines[i] })));
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
    buttons.replaceChildren(...[
      el("button.primary", { type: "button", text: "The result", onclick: () => showResult(view, who, true) }),
      el("a.button", { href: `/replay/${gameId}`, text: "Watch the replay" }),
      rematchButton(),
      el("a.button", { href: "/", text: "Back to the lobby" })].filter(Boolean));
    showResult(view, who, false);
  }
  drawRematchOffer();
  // Back and Confirm only for a seated player while the game is on: a spectator and a
  // finished game have nothing to compose.
  document.getElementById("compose").hidden = m.seat === null || view.terminal || m.status !== "active";
  // The catalog lists the game's actions without options: a module's own actions
  // (BroadSides' Sea Dog) are learnt from the legal ones as they come.
  for (const a of [...(m.legal || []), ...(table.draft?.legal || [])]) {
    if (!table.actions.has(a.id)) table.actions.set(a.id, a);
  }
  const steps = table.steps.map((id) => table.actions.get(id)?.text || id);
  document.getElementById("draft").textContent = steps.length
    ? `Your choice: ${steps.join(" → ")}${table.draft && !table.draft.open ? " (complete)" : ""}`
    : table.sent || busy ? "…" : "";
  document.getElementById("back").disabled = !table.steps.length;
  document.getElementById("confirm").disabled = !table.steps.length || busy;
  document.getElementById("confirm").classList.toggle("ready", Boolean(table.draft && !table.draft.open));
}

// -- hints: "what should I do?" ---------------------------------------------------------

// Off unless ticked in the settings. The server tells once whether this game has
// hints (not when it is rated); the button shows on this seat's turn only, and its
// answer (the server's search from this seat's information) until the game moves on.
const hints = { on: hintsOn(), allowed: null, checking: false, asking: false, answer: null };

function setHints(on) {
  hints.on = on;
  if (on) checkHints();
  drawHint(table.message);
}

async function askServer(check) {
  const response = await fetch(`/api/games/${gameId}/hint${check ? "?check=true" : ""}`, {
    headers: { Authorization: `Bearer ${table.token}` },
  });
  return { status: response.status, data: await response.json().catch(() => null) };
}

async function checkHints() {
  if (hints.allowed !== null || hints.checking || table.token === null) return;
  hints.checking = true;
  try {
    const { status } = await askServer(true);
    if (status === 200) hints.allowed = true;
    else if (status === 403 || status === 401) hints.allowed = false; // rated, or no seat here
    // Anything else (too many asked, the server away): asked again with the next state.
  } catch {
    // Offline: asked again with the next state.
  } finally {
    hints.checking = false;
    drawHint(table.message);
  }
}

async function askHint() {
  if (hints.asking || !table.message?.legal) return;
  hints.asking = true;
  drawHint(table.message);
  try {
    const { status, data } = await askServer(false);
    if (status === 200) hints.answer = data;
    else if (status === 403) hints.allowed = false;
    else showError(`No hint now: ${data?.detail || status}`);
  } catch (e) {
    showError(`No hint now: ${e.message}`);
  } finally {
    hints.asking = false;
    drawHint(table.message);
  }
}

const percent = (chance) => `${Math.round(chance * 100)}%`;

function drawHint(m) {
  const box = document.getElementById("hint");
  if (!box || !m) return;
  box.dataset.allowed = String(hints.allowed); // whether this game has hints (null: not asked)
  const myTurn = m.status === "active" && Boolean(m.legal) && !m.view.terminal;
  box.hidden = !(hints.on && hints.allowed === true && table.token !== null && m.seat !== null && myTurn);
  if (box.hidden) return;
  const answer = hints.answer?.version === m.version ? hints.answer : null;
  const parts = [el("button.hint-button", {
    type: "button", text: hints.asking ? "Thinking…" : "What should I do?", disabled: hints.asking, onclick: askHint,
  })];
  const [best, ...others] = answer?.options || [];
  if (best) {
    parts.push(el("p.hint-answer", {},
      "Try ", el("strong", { text: best.action }), ` — about ${percent(best.win_chance)} to win`));
  }
  if (others.length) {
    parts.push(el("p.hint-others", { text: `Next: ${others.map((o) => `${o.action} (${percent(o.win_chance)})`).join(" · ")}` }));
  }
  box.replaceChildren(...parts);
}

// -- keyboard, errors, telling the player --------------------------------------------

// -- the result and the help -----------------------------------------------------------

// The winner, the reason (the game's own words from the log's end, or its renderer's
// result()), a table of each seat's final tallies, and what next: the replay, a
// rematch with the same seats (for a seated player), the lobby.
function showResult(view, who, force) {
  const box = document.getElementById("result");
  if (table.resultShown && !force) return;
  table.resultShown = true;
  const result = resultOf(table.game, view, who, table.said, table.summary.options || {});
  resultPanel(box, result, who, [
    el("a.button.primary", { href: `/replay/${gameId}`, text: "Replay the game" }),
    rematchButton(),
    el("a.button", { href: "/", text: "A new game (the lobby)" }),
    el("button", { type: "button", text: "Look at the table", onclick: () => { box.hidden = true; } }),
  ], () => { box.hidden = true; });
  drawRematchOffer();
}

// -- a rematch offered at the finished table --------------------------------------------

// Once a seat starts a rematch, everyone at the table is told, under the prompt and on
// the result panel: a seated person joins their own seat there (the same number, under
// their name), a spectator may go and watch. Only the asker's public name is told.
function drawRematchOffer() {
  for (const old of document.querySelectorAll(".rematch-offer")) old.remove();
  if (!table.rematch) return;
  document.getElementById("prompt").after(rematchOffer());
  const panel = document.querySelector("#result .result-actions");
  if (panel) panel.before(rematchOffer());
}

function rematchOffer() {
  const { id, by, seat } = table.rematch;
  const seated = table.seat !== null && table.token !== null;
  const mine = seated && seat === table.seat; // this person asked (from another tab)
  const text = mine ? "Your rematch is ready" : by ? `${by} asks for a rematch` : "Rematch ready";
  const action = !seated
    ? el("a.button", { href: `/play/${id}`, text: "Watch it" })
    : el("button.primary.join-rematch", { type: "button", text: by && !mine ? "Join" : "Join your seat", onclick: (e) => joinTheRematch(e.currentTarget) });
  return el("div.rematch-offer", { role: "status", "aria-live": "polite" }, el("span", { text: `${text} — ` }), action);
}

async function joinTheRematch(button) {
  button.disabled = true;
  try {
    const old = { id: gameId, game: table.summary.game, seats: table.message.seats, rematch: table.rematch.id };
    location.href = `/play/${await joinRematch(old, table.seat, table.title)}`;
  } catch (e) {
    button.disabled = false;
    showError(`Could not join the rematch: ${e.message}`);
  }
}

// Only a seated player starts a rematch: they take their seat again, the bots theirs.
function rematchButton() {
  if (table.seat === null || table.token === null) return null;
  const button = el("button.rematch", { type: "button", text: "Rematch (the same seats)" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const id = await rematch(gameId, table.seat, table.title);
      location.href = `/play/${id}`;
    } catch (e) {
      button.disabled = false;
      showError(`Could not start the rematch: ${e.message}`);
    }
  });
  return button;
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
  const settings = document.getElementById("settings");
  // Hints only for a seated player: a spectator has nothing to decide.
  const onHints = table.token === null ? null : setHints;
  settings.replaceChildren(el("h2", { text: "At this table" }), ...settingsControls({ onHints }));
  document.getElementById("prompt").after(el("div.hint", { id: "hint", hidden: true, "aria-live": "polite" }));
  document.getElementById("settings-button").addEventListener("click", (e) => {
    e.stopPropagation();
    settings.hidden = !settings.hidden;
    // Under the bar, however many lines it wraps to (a phone's is two).
    settings.style.top = `${document.querySelector(".bar").getBoundingClientRect().bottom + 4}px`;
  });
  document.addEventListener("click", (e) => {
    if (!settings.hidden && !settings.contains(e.target)) settings.hidden = true;
  });
  document.getElementById("help-button").addEventListener("click", () => toggleHelp());
  document.getElementById("log-button").addEventListener("click", () => openLog(!document.body.classList.contains("log-open")));
  document.getElementById("log-close").addEventListener("click", () => openLog(false));
  document.getElementById("back").addEventListener("click", back);
  document.getElementById("confirm").addEventListener("click", decide);
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "Escape") { toggleHelp(false); document.getElementById("result").hidden = true; settings.hidden = true; openLog(false); return; }
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
