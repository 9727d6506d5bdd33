// The Froop on screen: the cards laid, drawn in one SVG (each cell's top symbol, the
// cards' edges, the last card outlined), under a grid of real <button>s, one per spot a
// card may be laid at (a roving tab stop, arrow keys, Enter). Each spot sits where the
// card's centre would be, so a click lays the card centred there. The chosen card is
// previewed over the spot the pointer or the focus is on. It zooms to fit the column as
// the Froop grows, and scrolls (pans) when it would get too small to click.

import { html, setAttr, setText, svg } from "../shared/dom.js";
import { cardGroup, spotMarker, symbolGroup } from "./drawings.js";
import {
  cardEdges, CELL, cellMap, fitCell, froopArea, key, nextSpot, nextZoom, overflows, scrollToShow, tabStop,
} from "./layout.js";
import { spotLabel, spotTitle } from "./labels.js";

const U = 100;  // SVG units per cell

function sameArea(a, b) {
  return a && b && a.x0 === b.x0 && a.y0 === b.y0 && a.cols === b.cols && a.rows === b.rows;
}

/** The Froop's drawing (no buttons): cells, edges, the empty table's lines, the last card. */
function froopArt(view, area) {
  const cells = cellMap(view);
  const { x0, y0, cols, rows } = area;
  const lines = [];
  for (let c = 0; c <= cols; c++) lines.push(`M${(x0 + c) * U} ${y0 * U}V${(y0 + rows) * U}`);
  for (let r = 0; r <= rows; r++) lines.push(`M${x0 * U} ${(y0 + r) * U}H${(x0 + cols) * U}`);
  const symbols = [...cells].map(([k, letter]) => {
    const [x, y] = k.split(",").map(Number);
    return symbolGroup(letter, x * U, y * U);
  });
  const edges = cardEdges(view).map((e) => `M${e.x1 * U} ${e.y1 * U}L${e.x2 * U} ${e.y2 * U}`).join("");
  const laidCards = view.cards || [];
  const last = laidCards[laidCards.length - 1];
  return svg("svg", {
    class: "fr-froop-art", viewBox: `${x0 * U} ${y0 * U} ${cols * U} ${rows * U}`, "aria-hidden": "true",
    focusable: "false", preserveAspectRatio: "none",
  },
  svg("path", { class: "fr-gridline", d: lines.join("") }),
  ...symbols,
  svg("path", { class: "fr-edges", d: edges }),
  last && Number.isInteger(last.x) && Number.isInteger(last.y)
    ? svg("rect", { class: "fr-last", "data-role": "last-card", x: last.x * U + 3, y: last.y * U + 3, width: 2 * U - 6, height: 2 * U - 6, rx: 10 })
    : null);
}

/**
 * `froopView({onSpot, onZoom})`: `element`; `update(state)` with `state = {view, letters
 * (the chosen card as laid, or null), spots (Map "x,y" -> play for it), effect(play) (its
 * words), acting}`; `focusStop()` (focus the grid's tab stop) and `spotAt(x, y)`.
 * `onSpot(x, y)` answers a click or Enter on a spot.
 */
export function froopView({ onSpot }) {
  const art = html("div", { class: "fr-art" });
  const ghost = svg("svg", { class: "fr-ghost", viewBox: "0 0 200 200", "aria-hidden": "true", focusable: "false" });
  ghost.style.display = "none";
  const grid = html("div", { class: "fr-spots", role: "grid", "data-role": "spots" });
  const canvas = html("div", { class: "fr-canvas", "data-role": "canvas" }, art, ghost, grid);
  const viewport = html("div", { class: "fr-viewport", "data-role": "viewport" }, canvas);
  const zoomOut = html("button", { type: "button", class: "pw-button fr-zoom-button", "data-role": "zoom-out", title: "Zoom out", "aria-label": "Zoom out" }, "−");
  const zoomFit = html("button", { type: "button", class: "pw-button fr-zoom-button", "data-role": "zoom-fit", title: "Fit the Froop to the board", "aria-label": "Fit the Froop to the board" }, "Fit");
  const zoomIn = html("button", { type: "button", class: "pw-button fr-zoom-button", "data-role": "zoom-in", title: "Zoom in", "aria-label": "Zoom in" }, "+");
  const zoomBar = html("div", { class: "fr-zoom", role: "group", "aria-label": "Zoom" }, zoomOut, zoomFit, zoomIn);
  const element = html("div", { class: "fr-froop", "data-role": "froop" }, zoomBar, viewport);

  let state = { view: {}, letters: null, spots: new Map(), effect: () => "", acting: false };
  let area = null;  // froopArea(view)
  let artKey = null;
  let buttons = new Map();  // "x,y" -> its button
  let stop = null;  // [x, y]: the roving tab stop
  let zoom = 1;
  let cell = CELL.fitMax;
  let hovered = null;  // the spot under the pointer, [x, y]
  let lastShown = null;  // the last card the view was scrolled to

  function spotState(x, y) {
    const play = state.spots.get(key(x, y)) ?? null;
    return { x, y, play, letters: state.letters, effect: play ? state.effect(play) : "" };
  }

  function buildGrid() {
    const { spots } = area;
    buttons = new Map();
    const rows = [];
    for (let r = 0; r < spots.rows; r++) {
      const row = html("div", { class: "fr-spot-row", role: "row" });
      for (let c = 0; c < spots.cols; c++) {
        const x = spots.x0 + c;
        const y = spots.y0 + r;
        const b = html("button", {
          type: "button", class: "fr-spot", tabindex: "-1", "data-role": "spot", "data-x": x, "data-y": y,
          "data-key": `spot ${x},${y}`,
        });
        buttons.set(key(x, y), b);
        row.append(html("div", { class: "fr-spot-cell", role: "gridcell" }, b));
      }
      rows.push(row);
    }
    grid.replaceChildren(...rows);
  }

  function placeStop(next) {
    const old = stop && buttons.get(key(...stop));
    if (old) old.tabIndex = -1;
    stop = next;
    const b = buttons.get(key(...stop));
    if (b) b.tabIndex = 0;
  }

  function showGhost(spot) {
    if (!spot || !state.letters || !area) {
      ghost.style.display = "none";
      return;
    }
    const [x, y] = spot;
    const ok = state.spots.has(key(x, y));
    ghost.replaceChildren(
      cardGroup(state.letters, { className: ok ? "is-fit" : "is-misfit" }),
      svg("rect", { class: `fr-ghost-edge ${ok ? "is-fit" : "is-misfit"}`, x: 3, y: 3, width: 194, height: 194, rx: 12 }),
      ...(ok ? [] : [svg("path", { class: "fr-ghost-cross", d: "M70 70 L130 130 M130 70 L70 130" })]));
    ghost.style.left = `calc(var(--fr-cell) * ${x - area.cells.x0})`;
    ghost.style.top = `calc(var(--fr-cell) * ${y - area.cells.y0})`;
    ghost.style.display = "";
    element.dataset.preview = `${x},${y}`;
  }

  function previewSpot() {
    const active = element.ownerDocument.activeElement;
    const focused = active && grid.contains(active) && active.dataset.x !== undefined
      ? [Number(active.dataset.x), Number(active.dataset.y)] : null;
    const spot = hovered ?? focused;
    if (!spot) delete element.dataset.preview;
    showGhost(spot);
    onPreview(spot ? spotState(...spot) : null);
  }
  let onPreview = () => {};

  function resize() {
    if (!area) return;
    // The room inside the frame's padding (the zoom buttons sit in its top padding); its
    // height is the CSS max-height, min(60vh, 520px).
    const style = globalThis.getComputedStyle?.(viewport);
    const pad = (side) => parseFloat(style?.[`padding${side}`]) || 0;
    const outer = viewport.clientWidth || element.clientWidth || 400;
    const width = Math.max(100, outer - pad("Left") - pad("Right"));
    const height = Math.max(160, Math.min(520, Math.round((globalThis.innerHeight || 800) * 0.6)) - pad("Top") - pad("Bottom"));
    cell = fitCell({ cols: area.cells.cols, rows: area.cells.rows, width, height, zoom });
    canvas.style.setProperty("--fr-cell", `${cell}px`);
    canvas.style.width = `${area.cells.cols * cell}px`;
    canvas.style.height = `${area.cells.rows * cell}px`;
    element.classList.toggle("is-scrolling", overflows({ cols: area.cells.cols, rows: area.cells.rows, cell, width, height }));
    setAttr(element, "data-cell", cell);
    zoomIn.disabled = nextZoom(zoom, 1) === zoom;
    zoomOut.disabled = nextZoom(zoom, -1) === zoom;
    zoomFit.disabled = zoom === 1;
  }

  function showLast(force = false) {
    const cards = state.view.cards || [];
    const last = cards[cards.length - 1];
    if (!last || !area) return;
    const id = `${cards.length}:${last.x},${last.y}`;
    if (!force && id === lastShown) return;
    lastShown = id;
    if (viewport.scrollWidth <= viewport.clientWidth + 1 && viewport.scrollHeight <= viewport.clientHeight + 1) return;
    const to = scrollToShow([last.x, last.y, 2, 2], area.cells, cell, { width: viewport.clientWidth, height: viewport.clientHeight });
    viewport.scrollTo?.({ left: to.left, top: to.top });
  }

  function setZoom(next) {
    zoom = next;
    resize();
    showLast(true);
  }
  zoomIn.addEventListener("click", () => setZoom(nextZoom(zoom, 1)));
  zoomOut.addEventListener("click", () => setZoom(nextZoom(zoom, -1)));
  zoomFit.addEventListener("click", () => setZoom(1));
  if (typeof ResizeObserver !== "undefined") {
    let width = 0;
    const observer = new ResizeObserver(() => {
      if (!element.isConnected) { observer.disconnect(); return; }
      if (Math.abs(viewport.clientWidth - width) < 1) return;
      width = viewport.clientWidth;
      resize();
    });
    observer.observe(viewport);
  }

  grid.addEventListener("click", (event) => {
    const b = event.target?.closest?.(".fr-spot");
    if (b && grid.contains(b)) onSpot(Number(b.dataset.x), Number(b.dataset.y));
  });
  grid.addEventListener("keydown", (event) => {
    const b = event.target?.closest?.(".fr-spot");
    if (!b || event.altKey || event.metaKey) return;
    const next = nextSpot([Number(b.dataset.x), Number(b.dataset.y)], event.key, area.spots, { ctrl: event.ctrlKey });
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();  // JupyterLab's notebook takes arrows otherwise
    placeStop(next);
    buttons.get(key(...next))?.focus();
  });
  grid.addEventListener("focusin", (event) => {
    const b = event.target?.closest?.(".fr-spot");
    if (b) placeStop([Number(b.dataset.x), Number(b.dataset.y)]);
    previewSpot();
  });
  grid.addEventListener("focusout", () => setTimeout(previewSpot));
  grid.addEventListener("pointerover", (event) => {
    const b = event.target?.closest?.(".fr-spot");
    if (!b) return;
    hovered = [Number(b.dataset.x), Number(b.dataset.y)];
    previewSpot();
  });
  grid.addEventListener("pointerleave", () => {
    hovered = null;
    previewSpot();
  });

  function update(next) {
    state = next;
    const view = state.view;
    const newArea = froopArea(view);
    const areaChanged = !area || !sameArea(area.spots, newArea.spots);
    area = newArea;
    const k = JSON.stringify([view.cells, view.cards, area.cells]);
    if (k !== artKey) {
      artKey = k;
      art.replaceChildren(froopArt(view, area.cells));
    }
    const doc = element.ownerDocument;
    const focusedKey = grid.contains(doc.activeElement) ? doc.activeElement.dataset.key : null;
    if (areaChanged) {
      buildGrid();
      stop = null;
    }
    const cells = cellMap(view);
    const count = (view.cards || []).length;
    setAttr(grid, "aria-label", `The Froop: ${count} card${count === 1 ? "" : "s"} laid. `
      + "Each button is a place for a card's centre; arrows move, Enter lays the chosen card.");
    for (const [k2, b] of buttons) {
      const [x, y] = k2.split(",").map(Number);
      const s = spotState(x, y);
      const markKey = s.play ? `fit:${s.play.match}` : "";
      if (b.dataset.mark !== markKey) {
        b.dataset.mark = markKey;
        b.replaceChildren(spotMarker(s.play ? s.play.match : undefined));
      }
      b.classList.toggle("is-target", Boolean(s.play));
      setAttr(b, "data-move", s.play ? s.play.move : null);
      setAttr(b, "data-match", s.play ? s.play.match : null);
      setAttr(b, "aria-label", spotLabel({ ...s, cells }));
      setAttr(b, "title", spotTitle(s));
    }
    const legal = new Set(state.spots.keys());
    const cardsLaid = view.cards || [];
    placeStop(tabStop({ kept: stop, legal, spots: area.spots, last: cardsLaid[cardsLaid.length - 1] }));
    element.classList.toggle("has-card", Boolean(state.letters));
    element.classList.toggle("is-acting", Boolean(state.acting));
    resize();
    if (focusedKey) {
      const again = [...buttons.values()].find((b) => b.dataset.key === focusedKey);
      if (again && doc.activeElement !== again) again.focus({ preventScroll: true });
    }
    showLast();
    previewSpot();
  }

  return {
    element,
    update,
    setPreview(fn) { onPreview = fn; },
    /** Focus the grid's tab stop (the first place for the chosen card, if any). */
    focusStop() {
      const b = stop && buttons.get(key(...stop));
      if (!b) return false;
      b.focus();
      return true;
    },
    spotAt: (x, y) => buttons.get(key(x, y)) ?? null,
  };
}
