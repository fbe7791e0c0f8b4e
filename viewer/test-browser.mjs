// The round viewer's browser test: `node --test viewer/test-browser.mjs` (CI: .ci/run, after
// installing Debian's chromium). Node's standard library only, no npm packages: Chromium is
// driven over its DevTools protocol on a pipe (`--remote-debugging-pipe`).
//
// It starts the runner's `viewer --port 0` (which builds the WebAssembly module), opens fixed
// rounds of every game in headless Chromium, presses the right-arrow key (real key events,
// as a user does) until the last step, and compares the page's state (elements with ids:
// the step counter, the running total, the payout, the cap marker) with the event log of
// `cargo xtask play <game> --seed S --round K --json` for the same round: the number of
// steps (one per event), the final win and the cap. Each round's final screen is saved to
// target/viewer-screenshots/<name>.png (git-ignored) and checked not to be blank. Bad
// requests must show their typed error; `autoplay=1` must step to the end by itself.
//
// Chromium missing is a failure, not a skip: set CHROMIUM to its path if it is not
// /usr/bin/chromium.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
const shots = path.join(root, "target", "viewer-screenshots");
// The runner in the dev profile (`cargo xtask` is the release one), or the binary `XTASK` names
// (CI passes the one `cargo test` built, rather than building it again).
const runner = process.env.XTASK
  || path.join(process.env.CARGO_TARGET_DIR || path.join(root, "target"), "debug", "xtask");
const SEED = 20261129;
const WIDTH = 1280;
const HEIGHT = 1000;
// A finished page (coloured cells with glows, text) has thousands of colours; an empty dark
// page a handful, a page of text alone a few dozen (antialiasing).
const MIN_COLOURS = 256;

// The fixed rounds: query parameters of the page = arguments of `cargo xtask play`; each must
// have the events in `features` (checked, so a change of the games that loses them fails here).
const ROUNDS = [
  { name: "moon-princess-tumble", game: "moon-princess", round: 0, features: ["tumble"] },
  { name: "moon-princess-free-spins-storm", game: "moon-princess", mode: "storm", round: 560,
    features: ["picked", "free_spins_awarded", "power"] },
  { name: "moon-princess-capped-stress", game: "moon-princess", model: "stress-free-spins",
    round: 0, features: ["cap_reached"] },
  { name: "wish-upon-a-star-free-spins", game: "wish-upon-a-star", round: 137,
    features: ["free_spins_awarded"] },
  { name: "wish-upon-a-star-rtp-90-free-spins", game: "wish-upon-a-star", model: "rtp-90.00",
    round: 137, features: ["free_spins_awarded"] },
  { name: "wish-upon-a-star-lock-and-spin", game: "wish-upon-a-star", round: 480,
    features: ["lock_and_spin_start", "respin", "lock_and_spin_end"] },
  { name: "starlight-christmas-tumble", game: "starlight-christmas", round: 8,
    features: ["tumble", "refill", "sequence_end"] },
  { name: "starlight-christmas-free-spins", game: "starlight-christmas", round: 225,
    features: ["free_spins_awarded", "running_multiplier"] },
  { name: "starlight-christmas-capped-stress", game: "starlight-christmas", model: "stress",
    round: 20, features: ["cap_reached"] },
];

let server = null;
let browser = null;
let base = "";

// ---- the server and the browser -------------------------------------------------------------

before(async () => {
  assert.ok(existsSync(chromium),
    `no Chromium at ${chromium}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM`);
  mkdirSync(shots, { recursive: true });
  // The runner, then `viewer`: it builds the module and serves; the URL line says the port.
  if (!process.env.XTASK) {
    execFileSync("cargo", ["build", "--locked", "-p", "xtask"], { cwd: root, stdio: "inherit" });
  }
  server = spawn(runner, ["viewer", "--port", "0"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on("exit", (code) => reject(new Error(`xtask viewer exited (${code}): ${out}`)));
  });
  browser = new Browser();
}, { timeout: 1_200_000 });

after(async () => {
  if (browser) await browser.close();
  if (server && server.exitCode === null) server.kill("SIGTERM");
});

// Headless Chromium over the DevTools protocol: JSON messages ended by NUL on fds 3 and 4.
class Browser {
  constructor() {
    this.proc = spawn(chromium, [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
      "--hide-scrollbars", `--window-size=${WIDTH},${HEIGHT}`, "--remote-debugging-pipe",
      "about:blank",
    ], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
    this.next = 0;
    this.waiting = new Map();
    let buf = "";
    this.proc.stdio[4].on("data", (d) => {
      buf += d;
      for (let i; (i = buf.indexOf("\0")) >= 0; buf = buf.slice(i + 1)) {
        const m = JSON.parse(buf.slice(0, i));
        const w = this.waiting.get(m.id);
        if (!w) continue;
        this.waiting.delete(m.id);
        if (m.error) w.reject(new Error(`${w.method}: ${m.error.message}`));
        else w.resolve(m.result);
      }
    });
    this.proc.on("exit", (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`chromium exited (${code})`));
    });
  }

  send(method, params = {}, sessionId = undefined) {
    return new Promise((resolve, reject) => {
      const id = ++this.next;
      this.waiting.set(id, { resolve, reject, method });
      this.proc.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + "\0");
    });
  }

  // Opens `url` in a new tab and waits until the page says it is ready, done or in error.
  async open(url) {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(this, targetId, sessionId);
    await page.send("Emulation.setDeviceMetricsOverride",
      { width: WIDTH, height: HEIGHT, deviceScaleFactor: 1, mobile: false });
    await page.send("Page.navigate", { url });
    for (let t = 0; ; t += 50) {
      const s = await page.state();
      if (s.state) return page;
      assert.ok(t < 60_000, `${url} did not finish loading`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close() {
    await this.send("Browser.close").catch(() => {});
  }
}

class Page {
  constructor(browser, targetId, sessionId) {
    Object.assign(this, { browser, targetId, sessionId });
  }

  send(method, params = {}) {
    return this.browser.send(method, params, this.sessionId);
  }

  // What the page shows, read from its elements (empty state: still loading).
  async state() {
    const { result } = await this.send("Runtime.evaluate", {
      returnByValue: true,
      expression: `(() => {
        const $ = (id) => document.getElementById(id);
        const n = (v) => (v === undefined || v === "" ? null : Number(v));
        const sc = $("step-count");
        return {
          state: document.body ? document.body.dataset.state || "" : "",
          error: $("error") && !$("error").hidden ? $("error").textContent : null,
          step: sc ? n(sc.dataset.step) : null,
          steps: sc ? n(sc.dataset.steps) : null,
          total: $("total") ? n($("total").dataset.hundredths) : null,
          payout: $("payout") ? n($("payout").dataset.hundredths) : null,
          capShown: $("cap-marker") ? !$("cap-marker").hidden : null,
          highlighted: document.querySelectorAll(".cell.win").length,
          cells: document.querySelectorAll(".cell").length,
          games: [...document.querySelectorAll("#game option")].map((o) => o.value),
          modes: [...document.querySelectorAll("#mode option")].map((o) => o.value),
        };
      })()`,
    });
    return result.value;
  }

  // One key press as a user makes it (key down, key up).
  async press(key) {
    const codes = { ArrowRight: 39, ArrowLeft: 37, Home: 36, End: 35 };
    for (const type of ["keyDown", "keyUp"]) {
      await this.send("Input.dispatchKeyEvent",
        { type, key, code: key, windowsVirtualKeyCode: codes[key], nativeVirtualKeyCode: codes[key] });
    }
  }

  async screenshot(file) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    writeFileSync(file, Buffer.from(data, "base64"));
  }

  async close() {
    await this.browser.send("Target.closeTarget", { targetId: this.targetId });
  }
}

function url(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return `${base}?${q}`;
}

function play(r) {
  const args = ["play", r.game, "--seed", String(SEED), "--round", String(r.round), "--json"];
  if (r.mode && r.game === "moon-princess") args.push("--choice", r.mode);
  if (r.mode === "ante") args.push("--ante");
  if (r.model) args.push("--model", r.model);
  return JSON.parse(execFileSync(runner, args, { encoding: "utf8" })).events;
}

// ---- PNG: decode (8-bit RGB/RGBA, not interlaced, as Chromium writes) and count colours ----

function pngColours(file) {
  const png = readFileSync(file);
  assert.equal(png.toString("latin1", 1, 4), "PNG", `${file} is not a PNG`);
  let at = 8, width = 0, height = 0, type = 0;
  const idat = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const kind = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    if (kind === "IHDR") {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      assert.equal(data[8], 8, "8-bit PNG expected"); type = data[9];
      assert.equal(data[12], 0, "non-interlaced PNG expected");
    } else if (kind === "IDAT") idat.push(data);
    at += 12 + len;
  }
  const bpp = { 2: 3, 6: 4 }[type];
  assert.ok(bpp, `PNG colour type ${type} not expected`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  let prev = Buffer.alloc(stride);
  const colours = new Set();
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? line[x - bpp] : 0, b = prev[x], c = x >= bpp ? prev[x - bpp] : 0;
      let add = 0;
      if (f === 1) add = a;
      else if (f === 2) add = b;
      else if (f === 3) add = (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = (line[x] + add) & 0xff;
    }
    for (let x = 0; x < stride; x += bpp) colours.add((line[x] << 16) | (line[x + 1] << 8) | line[x + 2]);
    prev = line;
  }
  return { width, height, colours: colours.size };
}

// ---- the tests ------------------------------------------------------------------------------

for (const r of ROUNDS) {
  test(`${r.name}: stepped with the arrow keys, the page's steps and win equal cargo xtask play --json`, async () => {
    const events = play(r);
    const names = events.map((e) => e.event);
    for (const f of r.features) assert.ok(names.includes(f), `round ${r.round} has no ${f}: pick another`);
    const end = events[events.length - 1];
    const page = await browser.open(url({ game: r.game, mode: r.mode, model: r.model, seed: SEED, round: r.round }));
    let s = await page.state();
    assert.equal(s.state, "ready", `the page shows an error: ${s.error}`);
    assert.deepEqual([s.step, s.steps], [1, events.length], "first step, one step per event");
    assert.equal(s.payout, null, "no payout before round_end");
    for (let i = 1; i < events.length; i++) await page.press("ArrowRight");
    await page.press("ArrowRight"); // at the end: stays there
    s = await page.state();
    assert.deepEqual([s.step, s.steps], [events.length, events.length], "the right arrow reached the end");
    assert.equal(s.payout, end.win, "payout = round_end's win");
    assert.equal(s.total, end.win, "running total at the end = the sum of paid");
    assert.equal(s.capShown, end.capped, "the cap marker");
    assert.ok(s.cells > 0, "a grid is drawn");
    const file = path.join(shots, `${r.name}.png`);
    await page.screenshot(file);
    const png = pngColours(file);
    assert.deepEqual([png.width, png.height], [WIDTH, HEIGHT]);
    assert.ok(png.colours >= MIN_COLOURS, `${file} looks blank: ${png.colours} colours`);
    // The left arrow goes back one step (before round_end: no payout yet), Home to the start.
    await page.press("ArrowLeft");
    s = await page.state();
    assert.deepEqual([s.step, s.payout], [events.length - 1, null]);
    await page.press("Home");
    assert.equal((await page.state()).step, 1);
    await page.close();
  });
}

test("autoplay=1 steps to the end by itself (the capped Starlight Christmas round)", async () => {
  const r = ROUNDS.find((x) => x.name === "starlight-christmas-capped-stress");
  const events = play(r);
  const page = await browser.open(url({ game: r.game, model: r.model, seed: SEED, round: r.round, autoplay: 1 }));
  const s = await page.state();
  assert.equal(s.state, "done");
  assert.deepEqual([s.step, s.steps, s.payout, s.capShown], [events.length, events.length, 500000, true]);
  await page.close();
});

test("a typed Moon Princess grid: its tumble sequence, total equal to cargo xtask eval", async () => {
  const grid = "ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be";
  const evalOut = JSON.parse(execFileSync(runner, ["eval", "moon-princess", "--grid", grid, "--json"],
    { encoding: "utf8" }));
  const page = await browser.open(url({ game: "moon-princess", grid }));
  let s = await page.state();
  assert.equal(s.state, "ready", `the page shows an error: ${s.error}`);
  assert.equal(s.cells, 25, "step 1 is the grid as typed");
  assert.equal(s.highlighted, 0);
  await page.press("ArrowRight");
  s = await page.state();
  assert.equal(s.highlighted, evalOut.wins[0].cells.length, "step 2: the first win's cells are highlighted");
  await page.press("End");
  s = await page.state();
  assert.equal(s.total, Math.round(evalOut.paid * 100));
  assert.ok(s.steps >= evalOut.wins.length + evalOut.tumbles, "a step per win and per tumble at least");
  await page.screenshot(path.join(shots, "moon-princess-grid.png"));
  await page.close();
});

// The registry's names, as the runner lists them (its error for an unknown game).
function registryNames() {
  let err = "";
  try {
    execFileSync(runner, ["play", "no-such-game"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    err = String(e.stderr);
  }
  const m = err.match(/\[possible values: ([^\]]+)\]/);
  assert.ok(m, `the runner lists no games: ${err}`);
  return m[1].split(",").map((n) => n.trim());
}

test("the game picker is the registry's list, and every game in it shows a round to its end", async () => {
  const names = registryNames();
  const first = await browser.open(url({}));
  let s = await first.state();
  assert.equal(s.state, "ready", `the page without a game shows an error: ${s.error}`);
  assert.deepEqual(s.games, names, "the picker lists the registry's games, in its order");
  await first.close();
  for (const game of names) {
    const page = await browser.open(url({ game, seed: 1, round: 0 }));
    s = await page.state();
    assert.equal(s.state, "ready", `${game}: ${s.error}`);
    assert.ok(s.modes.length > 0, `${game}: its modes are offered`);
    await page.press("End");
    s = await page.state();
    assert.equal(s.step, s.steps, `${game}: End reaches the last step`);
    assert.notEqual(s.payout, null, `${game}: the round ends with its payout`);
    assert.equal(s.total, s.payout, `${game}: the paid amounts add up to the payout`);
    assert.ok(s.cells > 0, `${game}: a grid is drawn`);
    await page.close();
  }
});

for (const [query, message] of [
  [{ game: "pacman" }, "unknown game 'pacman'; the games are moon-princess, wish-upon-a-star, starlight-christmas"],
  [{ game: "moon-princess", model: "../model.json" }, "moon-princess has no model '../model.json'; its models are standard"],
  [{ game: "moon-princess", seed: "-1" }, "seed must be a whole number from 0 to 18446744073709551615 (it was -1)"],
  [{ game: "moon-princess", round: "1.5" }, "round must be a whole number from 0 to 18446744073709551615 (it was 1.5)"],
  [{ game: "starlight-christmas", mode: "love" }, "starlight-christmas has no mode 'love'; its modes are standard, ante"],
  [{ game: "wish-upon-a-star", model: "stress" }, "wish-upon-a-star has no model 'stress'; its models are standard, rtp-96.00, rtp-94.00, rtp-92.00, rtp-90.00"],
  [{ game: "wish-upon-a-star", grid: "W A A A A/A A A A A/A A A A A" }, "grid: "],
]) {
  test(`a bad request shows its typed error: ${JSON.stringify(query)}`, async () => {
    const page = await browser.open(url(query));
    const s = await page.state();
    assert.equal(s.state, "error");
    assert.ok((s.error || "").includes(message), `error shown: ${s.error}`);
    await page.close();
  });
}
