// The teacher's page (teacher.py): the tables as the server pushes them, Close and Hand to
// bot, and the spectator's view of the table shown, drawn by the game's own board module
// from the traits Python computed for a spectator's board (through a small model, as
// anywidget gives a board). Text from the server reaches the page as text only.

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
function drawTables() {
  // Drawn again at each push; the focus stays on the control it was on (by its key).
  const focused = document.activeElement?.dataset?.key;
  redrawing = true;
  try {
    $("tables").replaceChildren(...tables.map(tableItem));
    $("empty").hidden = tables.length > 0;
    const again = focused && document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  } finally {
    redrawing = false;
  }
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

async function act(path, body, done) {
  const said = $("said");
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
