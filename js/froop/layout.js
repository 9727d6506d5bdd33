// Where the Froop goes on screen, from view.cells, view.cards and view.bounds alone: the
// area drawn, the spots a card may be laid at, the size of a cell that fits the column,
// which card shows on each cell (to draw the cards' edges) and where an arrow key moves.
// Pure, so it is tested in node.
//
// A card laid at (x, y) covers (x, y) to (x+1, y+1). A legal play covers at least two
// visible cells, so its top-left cell lies in bounds grown by one to the left and up:
// the spots are [xmin-1, xmax] x [ymin-1, ymax], and the area drawn is the bounds grown
// by one on every side (the cells a card may reach). A spot is shown where the card's
// centre would be: on the corner its four cells share.

/** The cells of a card laid at (x, y), in reading order (the order of its letters). */
export function covered(x, y) {
  return [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]];
}

export const key = (x, y) => `${x},${y}`;

function isInt(n) {
  return Number.isInteger(n);
}

/** The bounds of the visible cells, `[xmin, ymin, xmax, ymax]`: the view's, else worked
 * out from its cells, else the starting card's. */
export function boundsOf(view) {
  const b = view?.bounds;
  if (Array.isArray(b) && b.length === 4 && b.every(isInt) && b[0] <= b[2] && b[1] <= b[3]) return b;
  const cells = (view?.cells || []).filter((c) => Array.isArray(c) && isInt(c[0]) && isInt(c[1]));
  if (!cells.length) return [0, 0, 1, 1];
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The area drawn (cells) and the spots offered, each `{x0, y0, cols, rows}`. */
export function froopArea(view) {
  const [xmin, ymin, xmax, ymax] = boundsOf(view);
  return {
    cells: { x0: xmin - 1, y0: ymin - 1, cols: xmax - xmin + 3, rows: ymax - ymin + 3 },
    spots: { x0: xmin - 1, y0: ymin - 1, cols: xmax - xmin + 2, rows: ymax - ymin + 2 },
  };
}

/** Every spot of an area, row by row: `[x, y]`. */
export function spotList(spots) {
  const out = [];
  for (let r = 0; r < spots.rows; r++) for (let c = 0; c < spots.cols; c++) out.push([spots.x0 + c, spots.y0 + r]);
  return out;
}

/** The visible cells, `"x,y" -> letter`. */
export function cellMap(view) {
  const map = new Map();
  for (const c of view?.cells || []) {
    if (Array.isArray(c) && isInt(c[0]) && isInt(c[1]) && typeof c[2] === "string") map.set(key(c[0], c[1]), c[2]);
  }
  return map;
}

/** Which laid card shows on each cell, `"x,y" -> index in view.cards` (the last laid
 * over it): the edges between two cells of different cards are the cards' edges. */
export function owners(view) {
  const map = new Map();
  (view?.cards || []).forEach((card, i) => {
    if (!card || !isInt(card.x) || !isInt(card.y)) return;
    for (const [x, y] of covered(card.x, card.y)) map.set(key(x, y), i);
  });
  return map;
}

/** The edges to draw between cards, in cell units: `{x1, y1, x2, y2}` segments on the
 * side of each visible cell whose neighbour shows another card, or nothing. */
export function cardEdges(view) {
  const own = owners(view);
  const shown = cellMap(view);
  const out = [];
  for (const k of shown.keys()) {
    const [x, y] = k.split(",").map(Number);
    const me = own.get(k);
    // Each side once: left and top always, right and bottom only against an empty cell.
    const sides = [
      [x - 1, y, { x1: x, y1: y, x2: x, y2: y + 1 }],
      [x, y - 1, { x1: x, y1: y, x2: x + 1, y2: y }],
      [x + 1, y, { x1: x + 1, y1: y, x2: x + 1, y2: y + 1 }],
      [x, y + 1, { x1: x, y1: y + 1, x2: x + 1, y2: y + 1 }],
    ];
    sides.forEach(([nx, ny, seg], i) => {
      const n = key(nx, ny);
      const other = shown.has(n);
      if (!other || (i < 2 && own.get(n) !== me)) out.push(seg);
    });
  }
  return out;
}

/** Sizes of a cell, in CSS pixels. */
export const CELL = Object.freeze({ min: 12, fitMin: 24, max: 60, fitMax: 52 });

/**
 * The cell size that shows `cols` x `rows` cells in `width` x `height` pixels: as large
 * as fits (never above `CELL.fitMax`), never below `CELL.fitMin` (a larger Froop then
 * scrolls: big enough to see and to click); then times `zoom` (the person's + and -),
 * kept between `CELL.min` and `CELL.max`. Whole pixels, so the lines stay sharp.
 */
export function fitCell({ cols, rows, width, height = Infinity, zoom = 1 }) {
  const w = Number(width) > 0 ? Number(width) : 400;
  const h = Number(height) > 0 ? Number(height) : Infinity;
  const fit = Math.min(w / Math.max(1, cols), h / Math.max(1, rows));
  const base = Math.max(CELL.fitMin, Math.min(CELL.fitMax, fit));
  const z = Number(zoom) > 0 ? Number(zoom) : 1;
  return Math.floor(Math.max(CELL.min, Math.min(CELL.max, base * z)));
}

/** The zoom steps of the + and - buttons. */
export const ZOOMS = Object.freeze([0.5, 0.67, 0.8, 1, 1.25, 1.5, 2]);

/** The next zoom step up (`dir` 1) or down (-1) from `zoom`; the same at either end. */
export function nextZoom(zoom, dir) {
  const i = ZOOMS.findIndex((z) => Math.abs(z - zoom) < 1e-6);
  const at = i < 0 ? ZOOMS.indexOf(1) : i;
  return ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, at + (dir > 0 ? 1 : -1)))];
}

/** Whether the Froop is larger than its frame at this size (then it scrolls). */
export function overflows({ cols, rows, cell, width, height = Infinity }) {
  return cols * cell > width + 0.5 || rows * cell > height + 0.5;
}

/**
 * Where an arrow key moves the focus over the spots: the next spot, or null when the key
 * does not move it. Arrows stop at the edges; Home and End go to the ends of the row (with
 * Ctrl, to the first and last spot); PageUp and PageDown to the top and bottom of the
 * column. `[x, y]` in the Froop's coordinates.
 */
export function nextSpot([x, y], keyName, spots, { ctrl = false } = {}) {
  const xmax = spots.x0 + spots.cols - 1;
  const ymax = spots.y0 + spots.rows - 1;
  const clampX = (v) => Math.max(spots.x0, Math.min(xmax, v));
  const clampY = (v) => Math.max(spots.y0, Math.min(ymax, v));
  switch (keyName) {
    case "ArrowLeft": return [clampX(x - 1), clampY(y)];
    case "ArrowRight": return [clampX(x + 1), clampY(y)];
    case "ArrowUp": return [clampX(x), clampY(y - 1)];
    case "ArrowDown": return [clampX(x), clampY(y + 1)];
    case "Home": return ctrl ? [spots.x0, spots.y0] : [spots.x0, clampY(y)];
    case "End": return ctrl ? [xmax, ymax] : [xmax, clampY(y)];
    case "PageUp": return [clampX(x), spots.y0];
    case "PageDown": return [clampX(x), ymax];
    default: return null;
  }
}

/** Whether a spot lies in an area of spots. */
export function inSpots([x, y], spots) {
  return x >= spots.x0 && x < spots.x0 + spots.cols && y >= spots.y0 && y < spots.y0 + spots.rows;
}

/**
 * The spot the keyboard's tab stop goes to: the one kept if it is still a place for the
 * chosen card, else the first such place (reading order), else the one kept if it is
 * still in the area, else the spot over the last card laid, else the first spot.
 * `legal` is a Set of "x,y" keys.
 */
export function tabStop({ kept, legal, spots, last }) {
  if (kept && legal.has(key(...kept)) && inSpots(kept, spots)) return kept;
  const first = spotList(spots).find(([x, y]) => legal.has(key(x, y)));
  if (first) return first;
  if (kept && inSpots(kept, spots)) return kept;
  if (last && inSpots([last.x, last.y], spots)) return [last.x, last.y];
  return [spots.x0, spots.y0];
}

/** The scroll that centres the cells `[x, y, w, h]` (cell units) in a frame of
 * `width` x `height` pixels, for a Froop drawn from `area` at `cell` pixels a cell;
 * clamped to the drawing. `{left, top}` in pixels. */
export function scrollToShow([x, y, w, h], area, cell, { width, height }) {
  const total = { w: area.cols * cell, h: area.rows * cell };
  const cx = (x - area.x0 + w / 2) * cell;
  const cy = (y - area.y0 + h / 2) * cell;
  const clamp = (v, max) => Math.max(0, Math.min(Math.max(0, max), v));
  return {
    left: Math.round(clamp(cx - width / 2, total.w - width)),
    top: Math.round(clamp(cy - height / 2, total.h - height)),
  };
}

/** Whether a key press is the Turn key: R, without a modifier, not typed in a field. */
export function isTurnKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target?.tagName || "")) return false;
  return event.key === "r" || event.key === "R";
}
