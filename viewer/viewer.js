// The round viewer: asks the WebAssembly module (crates/viewer_wasm, every game of the
// registry compiled to wasm32) for the list of games and for a round's event log, and draws
// it step by step. No rule and no list of games is here: the game picker, its modes and
// models come from the module's list (the registry, `slot_games`), and the page only folds
// the log's events into what it shows (grids, cells, the `paid` amounts added up), one code
// path for every game.
"use strict";

// The games the module knows, by name: {name, title, modes, mode_is_pick, models,
// cell_codes} (filled from the module before the form is drawn).
const GAMES = new Map();

// Cell colours by cell code (display only; a code not listed is drawn grey).
const COLOURS = {
  ci: "#7fd0ff", st: "#ffe066", he: "#ff8fab", be: "#ffc078", pg: "#69db7c", pb: "#74c0fc",
  pr: "#ff6b6b", W: "#e5dbff", "10": "#a5d8ff", J: "#b2f2bb", Q: "#ffd8a8", K: "#fcc2d7",
  A: "#d0bfff", cc: "#ff8787", cd: "#ffec99", tr: "#8ce99a", el: "#63e6be", BO: "#f783ac",
  ST: "#ffd43b", gy: "#ffe066", gt: "#3bc9db", gg: "#51cf66", gb: "#4dabf7", gr: "#ff6b6b",
  mo: "#dee2e6", su: "#ffa94d", SC: "#f06595",
};

const $ = (id) => document.getElementById(id);
const view = { log: [], step: 0 };

// ---- the WebAssembly module -------------------------------------------------------------

let wasm = null;

async function loadModule() {
  const bytes = await (await fetch("viewer_wasm.wasm")).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return instance.exports;
}

// The last response of `n` bytes, parsed.
function response(n) {
  const out = new Uint8Array(wasm.memory.buffer, wasm.response_ptr(), n);
  return JSON.parse(new TextDecoder().decode(out));
}

// Sends a request object; returns the parsed response ({events} or {error}).
function ask(request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = wasm.request_buffer(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  return response(wasm.play(bytes.length));
}

// The module's list of games (the registry), into GAMES and the game picker.
function loadGames() {
  for (const g of response(wasm.games()).games) GAMES.set(g.name, g);
  $("game").replaceChildren(...[...GAMES.values()].map((g) => new Option(g.title, g.name)));
}

// ---- folding the log into what is shown -------------------------------------------------

function parseGrid(text) {
  return text.split("/").map((row) => row.trim().split(/\s+/));
}

const key = (cell) => cell[0] + "," + cell[1];
const money = (h) => (h / 100).toFixed(2);

// The state after events 0..=upTo.
function fold(events, upTo) {
  const s = {
    game: "", spin: "", grid: null, marks: new Map(), stars: new Map(), wins: [],
    total: 0, multiplier: null, running: null, meter: null, pick: null, powers: [],
    freeLeft: null, lock: null, jackpots: [], capped: false, payout: null,
  };
  for (let i = 0; i <= upTo && i < events.length; i++) {
    const e = events[i];
    if (typeof e.paid === "number") s.total += e.paid;
    switch (e.event) {
      case "round_start":
        s.game = `${e.game} (${e.mode})`;
        break;
      case "spin_start":
        s.spin = `${e.spin} spin ${e.number}`;
        if (e.free_spins_left !== undefined) s.freeLeft = e.free_spins_left;
        if (e.multiplier !== undefined) s.multiplier = e.multiplier;
        s.marks = new Map();
        s.wins = [];
        break;
      case "landed":
        s.grid = parseGrid(e.grid);
        s.marks = new Map();
        s.wins = [];
        s.stars = new Map();
        for (const st of e.stars || []) s.stars.set(key(st.cell), st.award);
        if (s.lock) s.lock = null;
        break;
      case "win":
        for (const c of e.cells) s.marks.set(key(c), "win");
        if (e.multiplier !== undefined && e.pays !== "scatter" && e.pays !== "ways") {
          s.multiplier = e.multiplier;
        }
        s.wins.push(e);
        break;
      case "tumble":
        s.grid = parseGrid(e.grid);
        s.marks = new Map();
        for (const c of e.wilds || []) s.marks.set(key(c), "changed");
        if (e.multiplier !== undefined) s.multiplier = e.multiplier;
        break;
      case "refill":
        s.grid = parseGrid(e.grid);
        break;
      case "sequence_end":
        s.multiplier = e.multiplier;
        break;
      case "running_multiplier":
        s.running = e.value;
        break;
      case "meter":
        s.meter = e.sections;
        break;
      case "power":
        s.grid = parseGrid(e.grid);
        s.marks = new Map();
        for (const c of e.cells) s.marks.set(key(c), "changed");
        s.powers.push(e.power + (e.source ? ` (${e.source})` : ""));
        break;
      case "picked":
        s.pick = e.pick;
        break;
      case "awaiting_pick":
        s.pick = "waiting for the pick";
        break;
      case "resumed":
        // The part of a paused round after the pick, kept apart: it carries what was paid.
        s.total = e.paid_before;
        break;
      case "free_spins_awarded":
        s.freeLeft = e.free_spins_left;
        break;
      case "gift_bonus":
        s.jackpots.push(`reel ${e.reel}: ${e.award.kind}` +
          (e.award.amount ? ` ${money(e.award.amount)} x` : ""));
        break;
      case "lock_and_spin_start":
        s.lock = { held: new Set(e.held.map(key)), respins: e.respins, end: null };
        break;
      case "respin":
        for (const st of e.new_stars) {
          s.stars.set(key(st.cell), st.award);
          s.lock.held.add(key(st.cell));
          if (s.grid) s.grid[st.cell[0]][st.cell[1]] = "ST";
        }
        s.lock.respins = e.respins_left;
        break;
      case "lock_and_spin_end":
        if (s.lock) s.lock.end = e;
        if (e.grand) s.jackpots.push("GRAND");
        break;
      case "cap_reached":
        s.capped = true;
        break;
      case "round_end":
        s.payout = e.win;
        break;
    }
  }
  return s;
}

// ---- drawing ----------------------------------------------------------------------------

function describe(e) {
  switch (e.event) {
    case "win": {
      const m = e.multiplier !== undefined ? ` x${e.multiplier}` : "";
      const paid = e.paid !== undefined ? `, paid ${money(e.paid)} x bet` : " (paid when the sequence ends)";
      return `win: ${e.symbol} x${e.count} (${e.pays}) pays ${money(e.pay)}${m}${paid}`;
    }
    case "sequence_end":
      return `sequence end: ${money(e.symbol_win)} x${e.multiplier} (Multipliers ${e.multiplier_sum}) = ${money(e.paid)} x bet paid`;
    case "cap_reached":
      return `the cap: ${money(e.win)} x bet, the round ends`;
    case "round_end":
      return `round end: pays ${money(e.win)} x bet` + (e.capped ? " (capped)" : "");
    default: {
      const rest = Object.entries(e).filter(([k]) => k !== "event" && k !== "grid" && k !== "model");
      return e.event.replaceAll("_", " ") +
        (rest.length ? ": " + rest.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ") : "");
    }
  }
}

function cellLabel(code) {
  return code === "." ? "" : code;
}

function drawGrid(s) {
  const g = $("grid-view");
  g.replaceChildren();
  if (!s.grid) return;
  g.style.gridTemplateColumns = `repeat(${s.grid[0].length}, 64px)`;
  const anyMark = s.marks.size > 0;
  s.grid.forEach((row, r) => row.forEach((code, c) => {
    const d = document.createElement("div");
    const k = r + "," + c;
    d.className = "cell";
    d.dataset.cell = k;
    if (code === ".") d.classList.add("empty");
    const colour = COLOURS[code] || (code.startsWith("x") ? "#e599f7" : "#adb5bd");
    d.style.background = colour;
    d.textContent = cellLabel(code);
    const mark = s.marks.get(k);
    if (mark) d.classList.add(mark);
    else if (anyMark) d.classList.add("dim");
    if (s.lock && s.lock.held.has(k)) d.classList.add("held");
    const star = s.stars.get(k);
    if (star && code === "ST") {
      const v = document.createElement("small");
      v.textContent = star.kind === "cash" ? money(star.amount) : star.kind.toUpperCase();
      d.appendChild(v);
    }
    g.appendChild(d);
  }));
}

function draw() {
  const events = view.log;
  const i = view.step;
  const s = fold(events, i);
  const e = events[i];
  $("spin").textContent = [s.game, s.spin].filter(Boolean).join(" · ");
  drawGrid(s);
  $("event").textContent = describe(e);
  $("event-json").textContent = JSON.stringify(e, null, 1);
  const sc = $("step-count");
  sc.dataset.step = String(i + 1);
  sc.dataset.steps = String(events.length);
  sc.textContent = `step ${i + 1} of ${events.length} (${e.event})`;
  const total = $("total");
  total.dataset.hundredths = String(s.total);
  total.textContent = money(s.total);
  $("multiplier").textContent = s.running !== null
    ? `running x${s.running}` + (s.multiplier !== null ? `, applied x${s.multiplier}` : "")
    : (s.multiplier !== null ? `x${s.multiplier}` : "–");
  $("meter").textContent = s.meter !== null ? `${s.meter} of 3 sections` : "–";
  $("pick").textContent = s.pick || "–";
  $("powers").textContent = s.powers.length ? s.powers.join(", ") : "–";
  $("free-spins").textContent = s.freeLeft !== null ? String(s.freeLeft) : "–";
  $("lock-and-spin").textContent = !s.lock ? "–" : s.lock.end
    ? `${s.lock.end.stars} Stars held, ${money(s.lock.end.star_values)} x` + (s.lock.end.grand ? " + GRAND" : "")
    : `${s.lock.held.size} Stars held, ${s.lock.respins} respins left`;
  $("jackpots").textContent = s.jackpots.length ? s.jackpots.join(", ") : "–";
  const payout = $("payout");
  payout.dataset.hundredths = s.payout === null ? "" : String(s.payout);
  payout.textContent = s.payout === null ? "–" : `${money(s.payout)} x bet`;
  $("cap-marker").hidden = !s.capped;
  const wins = $("wins");
  wins.replaceChildren(...s.wins.map((w) => {
    const li = document.createElement("li");
    li.textContent = describe(w).replace(/^win: /, "");
    return li;
  }));
}

function go(step) {
  if (!view.log.length) return;
  view.step = Math.max(0, Math.min(view.log.length - 1, step));
  draw();
}

// ---- the form, the keys, query parameters -----------------------------------------------

function fillChoices(game, mode, model) {
  const set = (sel, values, chosen) => {
    sel.replaceChildren(...values.map((v) => new Option(v, v, false, v === chosen)));
  };
  const g = GAMES.get(game);
  set($("mode"), g ? g.modes : [], mode);
  set($("model"), g ? g.models : [], model);
  $("mode-label").textContent = g && g.mode_is_pick ? "pick" : "mode";
  $("grid").title = g ? "cell codes: " + g.cell_codes.replaceAll("\n", " ") : "";
}

// Facts only some games' logs carry (a meter, powers, Lock & Spin, ...): each row is shown
// when the log has one of the events its `data-events` names.
function showFacts(events) {
  const seen = new Set(events.map((e) => e.event));
  for (const el of document.querySelectorAll("[data-events]")) {
    el.hidden = !el.dataset.events.split(" ").some((name) => seen.has(name));
  }
}

function showError(message) {
  const el = $("error");
  el.textContent = "error: " + message;
  el.hidden = false;
  $("round").hidden = true;
  document.body.dataset.state = "error";
}

function requestFromParams(p) {
  // Without a game: the registry's first, once the module has named the games (main).
  const r = { game: p.get("game") || "" };
  for (const f of ["mode", "model", "seed", "round", "grid"]) {
    const v = p.get(f);
    if (v !== null && v.trim() !== "") r[f] = v.trim();
  }
  return r;
}

document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
  const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (ev.key in moves) go(view.step + moves[ev.key]);
  else if (ev.key === "Home") go(0);
  else if (ev.key === "End") go(view.log.length - 1);
  else return;
  ev.preventDefault();
});

async function main() {
  const params = new URLSearchParams(location.search);
  const request = requestFromParams(params);
  for (const f of ["seed", "round", "grid"]) if (request[f]) $(f).value = request[f];
  $("game").addEventListener("change", () => fillChoices($("game").value));
  $("prev").addEventListener("click", () => go(view.step - 1));
  $("next").addEventListener("click", () => go(view.step + 1));
  try {
    wasm = await loadModule();
    loadGames();
  } catch (err) {
    showError(`the WebAssembly module did not load (${err}); run cargo xtask viewer`);
    return;
  }
  if (!request.game) request.game = GAMES.keys().next().value || "";
  document.body.dataset.game = request.game;
  $("game").value = request.game;
  fillChoices(request.game, request.mode, request.model);
  let answer;
  try {
    answer = ask(request);
  } catch (err) {
    // The module answers every request with a log or a typed error; this is a bug if seen.
    showError(`the WebAssembly module failed (${err})`);
    return;
  }
  if (answer.error) {
    showError(answer.error);
    return;
  }
  view.log = answer.events;
  showFacts(view.log);
  $("round-id").textContent = request.grid
    ? `grid "${request.grid}"` + (request.seed ? `, seed ${request.seed}` : "")
    : `seed ${request.seed || "20261129"}, round ${request.round || "0"}, model ${request.model || "standard"}`;
  $("round").hidden = false;
  go(0);
  document.body.dataset.state = "ready";
  if (params.get("autoplay") === "1") {
    // Step to the end with the key a user presses, one event per step.
    for (let n = 0; view.step < view.log.length - 1 && n < view.log.length; n++) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    }
    document.body.dataset.state = "done";
  }
}

main();
