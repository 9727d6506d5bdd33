// The teacher's page (teacher.py): the tables as the server pushes them, Close and Hand to
// bot, and the spectator's view of the table shown, drawn by the game's own board module
// from the traits Python computed for a spectator's board (through a small model, as
// anywidget gives a board), and the class's experiments. Text from the server reaches the
// page as text only.

const $ = (role) => document.querySelector(`[data-role="${role}"]`);

function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

const STATUS = {
  waiting: (table) => (table.seats.some((s) => s.free) ? "Waiting for players" : "Waiting for Start"),
  playing: () => "Playing",
  over: () => "Over",
};

let socket = null;
let tables = [];
let shown = null;  // the code of the table on the projector
const bots = new Map();  // "CODE:seat" -> the bot chosen for it
const closing = new Map();  // code -> the timer that puts its Close button back

// -- the table list ---------------------------------------------------------------------
function seatText(seat, index) {
  if (seat.free) return `Seat ${index + 1}: free`;
  if (seat.bot) return `Seat ${index + 1}: ${seat.name} (${seat.bot})`;
  return `Seat ${index + 1}: ${seat.name} (${seat.here ? "connected" : "left"})`;
}

function seatItem(table, seat, index) {
  const item = html("li", { class: seat.person && !seat.here ? "tp-seat tp-left" : "tp-seat" },
    html("span", {}, seatText(seat, index)));
  if (!seat.person || seat.here || table.status === "over") return item;
  const key = `${table.code}:${index}`;
  const id = `tp-bot-${table.code}-${index}`;
  const choice = html("select", { id, "data-key": `${key}:choice` },
    table.bots.map((bot) => html("option", { value: bot }, bot)));
  if (table.bots.includes(bots.get(key))) choice.value = bots.get(key);
  choice.addEventListener("change", () => bots.set(key, choice.value));
  const hand = html("button", { type: "button", class: "tp-button", "data-key": `${key}:hand`,
    "data-role": "hand" }, `Hand ${seat.name}'s seat to a bot`);
  hand.addEventListener("click", () => act("/api/bot", { code: table.code, seat: index, bot: choice.value },
    `${seat.name}'s seat at ${table.code} went to ${choice.value}.`));
  item.append(html("span", { class: "tp-hand" },
    html("label", { for: id, class: "tp-sr-only" }, `The bot for ${seat.name}'s seat`), choice, hand));
  return item;
}

function tableItem(table) {
  const show = html("button", { type: "button", class: "tp-button", "data-role": "show",
    "data-key": `${table.code}:show`, "aria-pressed": String(table.code === shown) }, `Show ${table.code}`);
  show.addEventListener("click", () => watch(table.code));
  const close = html("button", { type: "button", class: "tp-button tp-danger", "data-role": "close",
    "data-key": `${table.code}:close` }, closing.has(table.code) ? `Sure? Close ${table.code}` : `Close ${table.code}`);
  close.addEventListener("click", () => closeClicked(table.code));
  close.addEventListener("blur", () => { if (!redrawing) stopClosing(table.code, close); });
  const options = Object.entries(table.options).map(([k, v]) => `${k}: ${v}`).join(", ");
  return html("li", { class: table.code === shown ? "tp-table tp-shown" : "tp-table", "data-code": table.code },
    html("h3", {}, html("span", { class: "tp-code" }, table.code), ` ${table.title}`,
      html("span", { class: `tp-status tp-${table.status}` }, STATUS[table.status](table))),
    html("p", { class: "tp-facts" }, `${table.players} players`, options ? ` (${options})` : "",
      `, ${table.decisions} decision${table.decisions === 1 ? "" : "s"} so far`),
    html("ul", { class: "tp-seats" }, table.seats.map((seat, i) => seatItem(table, seat, i))),
    html("div", { class: "tp-actions" }, show, close));
}

let redrawing = false;  // a control that goes as the list is drawn again is not left
function keepingFocus(draw) {
  // Drawn again at each push; the focus stays on the control it was on (by its key).
  const focused = document.activeElement?.dataset?.key;
  redrawing = true;
  try {
    draw();
    const again = focused && document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && again !== document.activeElement) again.focus();
  } finally {
    redrawing = false;
  }
}

function drawTables() {
  keepingFocus(() => {
    $("tables").replaceChildren(...tables.map(tableItem));
    $("empty").hidden = tables.length > 0;
  });
}

function closeClicked(code) {
  if (closing.has(code)) {
    stopClosing(code);
    act("/api/close", { code }, `Table ${code} is closed.`);
    return;
  }
  closing.set(code, setTimeout(() => { stopClosing(code); drawTables(); }, 5000));
  drawTables();
}

function stopClosing(code, button = null) {
  if (!closing.has(code)) return;
  clearTimeout(closing.get(code));
  closing.delete(code);
  if (button) button.textContent = `Close ${code}`;
}

async function act(path, body, done, role = "said") {
  const said = $(role);
  try {
    const answer = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const reply = await answer.json();
    said.textContent = answer.ok ? done : `Refused: ${reply.error}.`;
  } catch (error) {
    said.textContent = `The table server did not answer (${error.message}).`;
  }
}

// -- the projector --------------------------------------------------------------------------
function watch(code) {
  shown = code;
  drawTables();
  socket?.send(JSON.stringify({ type: "watch", code }));
}

/** A board widget's model as anywidget gives it, holding the spectator's traits only. */
function spectatorModel(traits) {
  const handlers = new Map();
  return {
    get: (name) => traits[name],
    set(name, value) {
      traits[name] = value;
      for (const fn of handlers.get(`change:${name}`) || []) fn();
    },
    on: (kind, fn) => handlers.set(kind, [...(handlers.get(kind) || []), fn]),
    off: (kind, fn) => handlers.set(kind, (handlers.get(kind) || []).filter((f) => f !== fn)),
    send() {},  // the projector only shows: it asks nothing
    save_changes() {},
  };
}

const modules = new Map();
function boardModule(game) {
  if (!modules.has(game)) {
    document.head.append(html("link", { rel: "stylesheet", href: `/boards/${game}.css` }));
    modules.set(game, import(`/boards/${game}.js`).then((module) => module.default));
  }
  return modules.get(game);
}

let drawn = null;  // { code, game, model, cleanup } of the board on the projector
let latest = null;  // the last spectator message, drawn once its module is here

function clearBoard() {
  if (drawn?.cleanup) drawn.cleanup();
  drawn = null;
  $("board").replaceChildren();
}

function spectatorText(message) {
  const table = message.table;
  const seats = table.seats.map((s) => s.name === null ? "(free)" : s.bot ? `${s.name} (${s.bot})` : s.name);
  const now = table.view === null ? `Waiting for ${seats.filter((s) => s === "(free)").length} more player(s).`
    : table.view.prompt || "";
  return `${message.title} at table ${message.code}: ${seats.join(", ")}. ${now}`;
}

async function showSpectator(message) {
  if (message.code !== shown) return;
  latest = message;
  $("watched").textContent = spectatorText(message);
  $("full-screen").hidden = false;
  if (message.board === null) {
    clearBoard();
    return;
  }
  if (drawn && (drawn.code !== message.code || drawn.game !== message.game)) clearBoard();
  if (drawn) {
    drawn.model.set("options", message.board.options);
    drawn.model.set("view", message.board.view);
    return;
  }
  const widget = await boardModule(message.game);
  if (latest !== message || drawn) return showSpectator(latest);  // another came meanwhile
  const model = spectatorModel({ view: message.board.view, options: message.board.options, error: {}, notice: "" });
  const el = html("div", {});
  $("board").replaceChildren(el);
  await widget.initialize?.({ model });
  drawn = { code: message.code, game: message.game, model, cleanup: await widget.render({ model, el }) };
  if (latest !== message) showSpectator(latest);
}

function tableClosed(code) {
  if (code !== shown) return;
  shown = null;
  clearBoard();
  $("watched").textContent = `Table ${code} was closed. Press another table's “Show” to show it.`;
  $("full-screen").hidden = true;
}

// -- the class's experiments ---------------------------------------------------------------
// Each experiment the server pushes, as a card: every student's figures and the class's,
// pooled on the server (nothing here averages), the exact answer once the teacher asks for
// it, and the class's estimate against its games, drawn again at each push.
let experiments = [];
const answersShown = new Set();  // ids of the experiments whose exact answer is shown
const count = (n) => n.toLocaleString("en-US");
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;
const fixed = (x) => x.toFixed(4);

function resultRow(role, name, figures) {
  return html("tr", { "data-role": role }, html("th", { scope: "row" }, name),
    html("td", {}, count(figures.games)), html("td", {}, fixed(figures.estimate)),
    html("td", {}, `${fixed(figures.low)} to ${fixed(figures.high)}`));
}

function resultsTable(experiment) {
  if (!experiment.students.length) return null;
  return html("table", { class: "tp-results" },
    html("caption", {}, "Each student's estimate, and the class's from all their games"),
    html("thead", {}, html("tr", {}, ["Name", "Games", "Estimate", "95% interval"].map(
      (name) => html("th", { scope: "col" }, name)))),
    html("tbody", {}, experiment.students.map((row) => resultRow("student-row", row.name, row))),
    experiment.class && html("tfoot", {}, resultRow("class-row", "The class", experiment.class)));
}

function answerPart(experiment, shown) {
  if (experiment.exact === null) {
    return html("p", { class: "tp-facts" }, "No formula gives this one: the class's estimate is the answer.");
  }
  const button = html("button", { type: "button", class: "tp-button", "data-key": `${experiment.id}:exact`,
    "aria-pressed": String(shown) }, shown ? "Hide the exact answer" : "Show the exact answer");
  button.addEventListener("click", () => {
    if (shown) answersShown.delete(experiment.id); else answersShown.add(experiment.id);
    drawExperiments();
  });
  return html("div", { class: "tp-answer" }, button,
    shown && html("p", { "data-role": "exact", class: "tp-exact" }, `The answer: ${experiment.exact.text}`));
}

// Clear forgets an experiment's results (a practice run), as Close does a table: once to
// ask, again within 5 s to do it. Who joined keeps their seed and may send again.
const clearing = new Map();  // experiment id -> the timer that puts its Clear button back
function clearButton(experiment) {
  const sure = clearing.has(experiment.id);
  const results = plural(experiment.students.length, "result");
  const button = html("button", { type: "button", class: "tp-button tp-danger",
    "data-key": `${experiment.id}:clear` }, sure ? `Sure? Clear ${results}` : `Clear ${results}`);
  button.addEventListener("click", () => {
    if (clearing.has(experiment.id)) {
      clearTimeout(clearing.get(experiment.id));
      clearing.delete(experiment.id);
      act("/api/experiments/clear", { experiment: experiment.id },
        `The results of “${experiment.question}” were cleared: students may send again.`,
        "experiments-said");
      return;
    }
    clearing.set(experiment.id, setTimeout(() => { clearing.delete(experiment.id); drawExperiments(); }, 5000));
    drawExperiments();
  });
  return button;
}

function experimentCard(experiment, index) {
  const pooled = experiment.class;
  const shown = experiment.exact !== null && answersShown.has(experiment.id);
  return html("article", { class: "tp-experiment", "data-experiment": experiment.id,
    "aria-labelledby": `tp-experiment-${index}` },
  html("h3", { id: `tp-experiment-${index}` }, html("span", { class: "tp-game" }, experiment.title),
    " ", html("span", {}, experiment.question)),
  html("p", { class: "tp-facts", "data-role": "class-size" }, pooled
    ? `${plural(experiment.students.length, "student")}, ${plural(pooled.games, "game")}` : "No result sent yet."),
  resultsTable(experiment),
  experiment.waiting.length > 0 && html("p", { class: "tp-facts", "data-role": "waiting" },
    `Joined, nothing sent yet: ${experiment.waiting.join(", ")}`),
  answerPart(experiment, shown),
  experiment.curve.length > 0 && html("div", { class: "tp-plot" }),
  experiment.students.length > 0 && html("div", { class: "tp-actions" }, clearButton(experiment)));
}

function drawExperiments() {
  keepingFocus(() => {
    const cards = experiments.map(experimentCard);
    $("experiments").replaceChildren(...cards);
    $("experiments-empty").hidden = experiments.length > 0;
    experiments.forEach((experiment, i) => {
      const box = cards[i].querySelector(".tp-plot");
      if (box) box.append(curvePlot(experiment, answersShown.has(experiment.id), box.clientWidth, box.clientHeight));
    });
  });
}

// The plot: x the class's games on a log scale (the first results move the estimate most,
// and a class's games span decades), y the pooled estimate in its 95% band. One unit of the
// SVG is one CSS pixel (its size is its box's), so its text is as large as the page's.
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children.flat().filter((child) => child !== null && child !== false));
  return node;
}

function gamesTicks(low, high, room) {
  // Round numbers of games from the one at or below the fewest to the one at or above the
  // most: every 1 to 9 of a power of ten, or 1, 2, 5, or 1, the finest whose labels fit.
  const first = Math.floor(Math.log10(low) + 1e-9) - 1;
  const last = Math.ceil(Math.log10(high) - 1e-9) + 1;
  let ticks = [];
  for (const steps of [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 5], [1]]) {
    const all = [];
    for (let decade = Math.max(first, 0); decade <= last; decade++) {
      all.push(...steps.map((step) => step * 10 ** decade));
    }
    let from = all.findLastIndex((g) => g <= low);
    let to = all.findIndex((g) => g >= high);
    if (from === to) [from, to] = [Math.max(from - 1, 0), to + 1];  // (a class's first game: 1 to 2)
    ticks = all.slice(from, to + 1);
    const span = Math.log10(ticks[ticks.length - 1] / ticks[0]);
    const closest = Math.min(...ticks.slice(1).map((g, i) => Math.log10(g / ticks[i])));
    if (room * closest / span >= 72) return ticks;
  }
  return ticks;
}

function estimateTicks(low, high, chance) {
  // About 5 round steps (1, 2 or 5 of a power of ten) over the data, the exact answer too.
  const floor = low >= 0 ? 0 : -Infinity;  // games of no negative value: no estimate below 0
  if (high - low < 1e-9) { low -= 0.05; high += 0.05; }
  const pad = (high - low) * 0.06;
  [low, high] = [Math.max(low - pad, floor), high + pad];
  if (chance) high = Math.min(high, 1);
  const rough = (high - low) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const digits = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const ticks = [];
  for (let v = Math.floor(low / step) * step; v <= high + step * 1e-6; v += step) ticks.push(v);
  if (ticks[ticks.length - 1] < high) ticks.push(ticks[ticks.length - 1] + step);
  return { ticks, digits };
}

function curvePlot(experiment, shown, width, height) {
  const curve = experiment.curve;
  const last = curve[curve.length - 1];
  const chance = experiment.kind === "chance";
  const clamp = (v) => (chance ? Math.min(Math.max(v, 0), 1) : v);
  const exact = shown ? experiment.exact.value : null;
  const [left, right, top, bottom] = [78, width - 40, 14, height - 62];
  const games = curve.map((p) => p.games);
  const xs = gamesTicks(Math.min(...games), Math.max(...games), right - left);
  const [logLow, logHigh] = [Math.log10(xs[0]), Math.log10(xs[xs.length - 1])];
  const x = (g) => left + (Math.log10(g) - logLow) / (logHigh - logLow) * (right - left);
  const values = curve.flatMap((p) => [clamp(p.low), clamp(p.high)]).concat(exact === null ? [] : [exact]);
  const { ticks: ys, digits } = estimateTicks(Math.min(...values), Math.max(...values), chance);
  const [yLow, yHigh] = [ys[0], ys[ys.length - 1]];
  const y = (v) => top + (yHigh - clamp(v)) / (yHigh - yLow) * (bottom - top);
  const at = (p, v) => `${x(p.games).toFixed(1)},${y(v).toFixed(1)}`;
  const line = (attrs) => svg("line", attrs);
  const said = `The class's estimate against games played: ${fixed(last.estimate)} after ${plural(last.games, "game")}`;
  // The band from each point to the next (a result sent again may have fewer games).
  const band = curve.length === 1
    ? line({ class: "tp-band-bar", x1: x(last.games), x2: x(last.games), y1: y(last.low), y2: y(last.high) })
    : curve.slice(1).map((p, i) => svg("polygon", { class: "tp-band",
      points: [at(curve[i], curve[i].high), at(p, p.high), at(p, p.low), at(curve[i], curve[i].low)].join(" ") }));
  return svg("svg", { class: "tp-curve", "data-role": "curve", "data-points": curve.length, role: "img",
    "aria-label": said, width, height, viewBox: `0 0 ${width} ${height}` },
  svg("title", {}, said),
  svg("rect", { class: "tp-plot-area", x: left, y: top, width: right - left, height: bottom - top }),
  ys.map((v) => line({ class: "tp-grid", x1: left, x2: right, y1: y(v), y2: y(v) })),
  xs.map((g) => line({ class: "tp-grid", x1: x(g), x2: x(g), y1: top, y2: bottom })),
  band,
  exact !== null && line({ class: "tp-exact-line", x1: left, x2: right, y1: y(exact), y2: y(exact) }),
  svg("polyline", { class: "tp-line", points: curve.map((p) => at(p, p.estimate)).join(" ") }),
  curve.map((p) => svg("circle", { class: "tp-dot", cx: x(p.games), cy: y(p.estimate), r: p === last ? 6 : 3.5 })),
  line({ class: "tp-axis", x1: left, x2: left, y1: top, y2: bottom }),
  line({ class: "tp-axis", x1: left, x2: right, y1: bottom, y2: bottom }),
  ys.map((v) => svg("text", { x: left - 8, y: y(v), "text-anchor": "end", "dominant-baseline": "middle" },
    v.toFixed(digits))),
  xs.map((g) => svg("text", { x: x(g), y: bottom + 22, "text-anchor": "middle" }, count(g))),
  svg("text", { class: "tp-axis-label", x: (left + right) / 2, y: height - 8, "text-anchor": "middle" },
    "games played by the class (log scale)"),
  svg("text", { class: "tp-axis-label", x: 0, y: 0, "text-anchor": "middle",
    transform: `translate(18 ${(top + bottom) / 2}) rotate(-90)` }, "estimate"));
}

let resizing = false;  // one redraw of the plots a frame while the window changes size
window.addEventListener("resize", () => {
  if (resizing) return;
  resizing = true;
  requestAnimationFrame(() => { resizing = false; drawExperiments(); });
});

// -- the server's pushes ---------------------------------------------------------------------
let wait = 500;  // before connecting again, doubling to 8 s
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    wait = 500;
    $("connection").textContent = "Connected: the tables show as they change.";
    if (shown) socket.send(JSON.stringify({ type: "watch", code: shown }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "tables") {
      tables = message.tables;
      if (shown && !tables.some((t) => t.code === shown)) tableClosed(shown);
      drawTables();
    } else if (message.type === "experiments") {
      experiments = message.experiments;
      drawExperiments();
    } else if (message.type === "spectator") {
      showSpectator(message);
    } else if (message.type === "closed") {
      tableClosed(message.code);
    } else if (message.type === "refused") {
      $("said").textContent = `Refused: ${message.reason}.`;
    }
  });
  socket.addEventListener("close", () => {
    $("connection").textContent = "The table server is not answering: trying again… (Reload the page if this stays.)";
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 8000);
  });
}

$("full-screen").addEventListener("click", () => $("projector").requestFullscreen?.());
connect();
