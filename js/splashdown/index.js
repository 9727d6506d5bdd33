// The Splash down board: the map drawn from view.map as a winding path of pad buttons
// over its edges, the turn bar above it (the die or coin, the push offer, the buttons of
// the decisions that are not a landing), the players below. It draws view.* and sends
// what the person chose; the landing targets are exactly the `to` moves of view.legal
// (read from their fields, each sent as its own text), and Python judges every click on
// a pad.

import { boardWidget } from "../shared/board.js";
import { html, setAttr, setText, svg } from "../shared/dom.js";
import { seatColours } from "../shared/palette.js";
import { padDrawing } from "./drawings.js";
import { COLOUR_LETTERS, frogsOn, landingNotation, landingTargets, padHint, padLabel } from "./labels.js";
import { fittingRow, mapLayout, nextPad } from "./layout.js";
import { oddsToggle, playersPanel, turnBar } from "./panels.js";

const LEGEND = [
  ["green", "safe"],
  ["yellow", "a coin: tails costs a life"],
  ["red", "costs a life"],
  ["dark-green", "flies; no push here"],
];

function legend() {
  return html("ul", { class: "sd-legend", "data-role": "legend", "aria-label": "The pads" },
    ...LEGEND.map(([colour, text]) => html("li", { "data-colour": colour },
      html("span", { class: `sd-swatch sd-swatch-${colour}`, "aria-hidden": "true" }, COLOUR_LETTERS[colour]),
      html("span", {}, `${colour}: ${text}`))));
}

let maps = 0;  // numbers each map's ids: several boards share one page

function mount(frame, actions) {
  let view = {};
  let options = {};
  let colours = [];
  let targets = new Map();  // pad -> the text of the legal move landing there

  const bar = turnBar((move) => actions.move(move));
  const title = html("p", { class: "sd-map-name", "data-role": "map-name" });
  const edges = svg("svg", { class: "sd-edges", "aria-hidden": "true", focusable: "false" });
  const keysHelp = html("span", { class: "pw-sr-only", id: `sd-map-keys-${++maps}` },
    "Arrow keys go from pad to pad, Home and End to the first and the last; Enter lands on the pad.");
  const map = html("div", {
    class: "sd-map", role: "group", "aria-label": "The map", "aria-describedby": keysHelp.id, "data-role": "map",
  }, edges);
  const mapFrame = html("div", { class: "sd-map-frame" }, map, keysHelp);
  frame.stage.append(bar.element, title, mapFrame, legend());
  const updateOdds = oddsToggle(frame.controls, actions);
  const updatePlayers = playersPanel(frame.players);

  // The pads' buttons, in path order; made again only when the map itself changes.
  let mapKey = null;
  let order = [];
  let points = [];
  const buttons = new Map();
  const drawn = new Map();  // pad -> what its drawing was made from
  let stop = null;  // the pad Tab lands on (the roving tab stop)

  function setStop(name) {
    if (!buttons.has(name)) return;
    if (stop !== null && buttons.has(stop)) buttons.get(stop).tabIndex = -1;
    stop = name;
    buttons.get(name).tabIndex = 0;
  }

  function onPad(name) {
    const playing = view.playing !== null && view.playing !== undefined;
    if (playing && view.phase === "move") {
      // a pad out of reach too: its notation is sent, and Python says why not
      actions.move(targets.get(name) ?? landingNotation(name));
      return;
    }
    actions.hint(padHint(view));
  }

  map.addEventListener("keydown", (event) => {
    const index = order.indexOf(event.target?.dataset?.pad);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = nextPad(points, index, event.key);
    if (next === null) return;
    event.preventDefault();
    setStop(order[next]);
    buttons.get(order[next]).focus();
  });
  map.addEventListener("focusin", (event) => {
    const name = event.target?.dataset?.pad;
    if (name) setStop(name);
  });

  // The width the map has, in pixels: its rows hold as many blocks as fit (layout.js).
  let pixels = 0;
  let laidOut = null;  // what the pads' places were computed from
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    const width = mapFrame.clientWidth;
    if (Math.abs(width - pixels) < 1) return;
    pixels = width;
    buildMap();
  });
  resize?.observe(mapFrame);

  function buildMap() {
    const row = fittingRow(view.map || {}, pixels);
    const key = JSON.stringify([view.map?.blocks, view.map?.edges, view.map?.layout, row]);
    if (key === laidOut) return;
    laidOut = key;
    const layout = mapLayout(view.map || {}, { row });
    map.dataset.row = String(row);
    edges.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    edges.replaceChildren(...layout.edges.map((e) => svg("path", { class: "sd-edge", d: e.d, "data-edge": `${e.from} ${e.to}` })));
    map.style.aspectRatio = `${layout.width} / ${layout.height || 1}`;
    map.style.setProperty("--sd-map-width", `${layout.width}`);
    // The buttons are made again only when the pads change (a new map), not when they
    // move (a narrower column): the one with focus keeps it.
    const padsKey = JSON.stringify(layout.order);
    if (padsKey !== mapKey) {
      mapKey = padsKey;
      for (const b of buttons.values()) b.remove();
      buttons.clear();
      drawn.clear();
      stop = null;
      for (const name of layout.order) {
        const button = html("button", { type: "button", class: "sd-pad-button", "data-pad": name, tabindex: "-1" });
        button.addEventListener("click", () => onPad(name));
        buttons.set(name, button);
        map.append(button);
      }
      if (layout.order.length) setStop(layout.order[0]);
    }
    order = layout.order;
    points = order.map((name) => layout.pads[name]);
    for (const name of order) {
      const p = layout.pads[name];
      buttons.get(name).setAttribute("style", `left:${pct(p.x - p.r, layout.width)};top:${pct(p.y - p.r, layout.height)};`
        + `width:${pct(2 * p.r, layout.width)};height:${pct(2 * p.r, layout.height)}`);
    }
  }

  function drawPads() {
    const toPlay = view.is_over ? null : (view.to_act || [])[0] ?? null;
    const pushed = ["push", "push-roll"].includes(view.phase) ? view.push?.pad : null;
    const shared = JSON.stringify([colours, toPlay]);
    for (const name of order) {
      const button = buttons.get(name);
      const pad = view.map?.pads?.[name] || {};
      const frogs = frogsOn(view, name);
      const key = JSON.stringify([pad, frogs]) + shared;
      if (drawn.get(name) !== key || !button.firstChild) {
        drawn.set(name, key);
        button.replaceChildren(padDrawing(name, pad, frogs, { colours, toPlay }));
      }
      const target = targets.has(name);
      setAttr(button, "aria-label", padLabel(view, name, { target, pushed: pushed === name }));
      setAttr(button, "data-colour", pad.colour);
      button.classList.toggle("is-target", target);
      button.classList.toggle("is-pushed", pushed === name);
      button.classList.toggle("is-here", frogs.some((f) => f.seat === toPlay));
    }
  }

  /** Tab into the map lands on the first landing target, else on the frog to play,
   * unless the person is moving around the map already. */
  function placeStop() {
    if (map.contains(map.ownerDocument.activeElement)) return;
    const toPlay = (view.to_act || [])[0];
    const here = (view.frogs || []).find((f) => f.seat === toPlay && !f.out)?.pad;
    const first = order.find((name) => targets.has(name)) ?? (buttons.has(here) ? here : null);
    if (first) setStop(first);
    else if (!buttons.has(stop) && order.length) setStop(order[0]);
  }

  return {
    update(nextView, nextOptions) {
      // Focus after a decision is the shared board's (focusAfter): the status line.
      view = nextView;
      options = nextOptions;
      const playing = view.playing !== null && view.playing !== undefined;
      targets = playing ? landingTargets(view.legal) : new Map();
      colours = seatColours((view.frogs || []).map((f) => ({ colour: f.colour })));
      const mapName = view.map?.title || view.map?.name || "";
      setAttr(title, "hidden", mapName ? null : true);
      setText(title, mapName ? `Map: ${mapName}` : "");
      buildMap();
      drawPads();
      bar.update(view, options);
      placeStop();
      updateOdds(options);
      updatePlayers(view, colours);
    },
  };
}

function pct(value, total) {
  return `${total ? Math.round((value / total) * 100000) / 1000 : 0}%`;
}

export default boardWidget({ className: "pw-splashdown", mount });
