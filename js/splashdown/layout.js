// Where the map's pads go on screen, from view.map alone (its blocks, its edges and the
// `layout.row` hint), and where focus goes for an arrow key. Pure, so it is tested in node.
//
// The path winds: rows of `row` blocks, left to right, then right to left, and so on, so
// a long map fits a notebook column without scrolling sideways. A block's pads stand
// across the path, lane a on the frog's left: at the top of a row going right, at the
// bottom of a row coming back (as on a real path that turns). So at each turn the lanes
// stay in order, and the edges that go round the turn are nested arcs that never cross.

/** The sizes, in the map's own units (its SVG viewBox). */
export const UNITS = Object.freeze({
  step: 100,   // from one block to the next along a row
  lane: 88,    // from one lane to the next across a block
  pad: 78,     // a pad's diameter
  home: 92,    // Home's diameter
  gap: 26,     // between the pads of two rows
  bulge: 0.42, // an arc round a turn: its width over its half height
  margin: 8,   // round the whole drawing
});

/** Blocks per row when the map gives no `layout.row`: fits a 600 px column. */
export const DEFAULT_ROW = 6;

/** How many blocks a row holds: the map's hint, kept between 2 and 12. */
export function blocksPerRow(map) {
  const row = Number(map?.layout?.row);
  if (!Number.isInteger(row)) return DEFAULT_ROW;
  return Math.min(12, Math.max(2, row));
}

function radiusOf(name) {
  return (name === "home" ? UNITS.home : UNITS.pad) / 2;
}

/**
 * The picture of the map: `{width, height, pads, order, edges, rows}`. `pads` maps each
 * pad's name to `{x, y, r, block, lane, row}` (its centre and radius); `order` is the
 * pads in path order (block by block, lane a first), the order of the buttons; `edges`
 * is one `{from, to, d}` per edge, `d` an SVG path (a line, or an arc where a straight
 * line would run through another pad: round a turn, or a to c across one block).
 */
export function mapLayout(map, { row = null } = {}) {
  const blocks = Array.isArray(map?.blocks) ? map.blocks.filter((b) => Array.isArray(b) && b.length) : [];
  const perRow = Number.isInteger(row) && row >= 2 ? row : blocksPerRow(map);
  const pads = {};
  const order = [];
  const rows = [];
  let top = 0;
  for (let first = 0, row = 0; first < blocks.length; first += perRow, row++) {
    const inRow = blocks.slice(first, first + perRow);
    const reversed = row % 2 === 1;
    // Each row as tall as its widest block: a row of single pads is one lane high.
    const half = Math.max(...inRow.map((block) =>
      ((block.length - 1) * UNITS.lane) / 2 + Math.max(...block.map(radiusOf))));
    const middle = top + half;
    inRow.forEach((block, col) => {
      const x = (reversed ? perRow - 1 - col : col) * UNITS.step;
      block.forEach((name, lane) => {
        let offset = (lane - (block.length - 1) / 2) * UNITS.lane;
        if (reversed) offset = -offset;
        pads[name] = { x, y: middle + offset, r: radiusOf(name), block: first + col, lane, row };
        order.push(name);
      });
    });
    rows.push({ top, bottom: middle + half, reversed });
    top = middle + half + UNITS.gap;
  }

  const edges = [];
  const arcs = [];  // the arcs' outer points, for the bounding box
  const midX = ((perRow - 1) * UNITS.step) / 2;
  for (const edge of Array.isArray(map?.edges) ? map.edges : []) {
    const [from, to] = edge || [];
    const a = pads[from];
    const b = pads[to];
    if (!a || !b) continue;
    const between = Math.abs(a.x - b.x) < 1 && Object.entries(pads).some(([name, p]) =>
      name !== from && name !== to && Math.abs(p.x - a.x) < 1
      && p.y > Math.min(a.y, b.y) && p.y < Math.max(a.y, b.y));
    if (!between) {
      edges.push({ from, to, d: `M${round(a.x)} ${round(a.y)}L${round(b.x)} ${round(b.y)}` });
      continue;
    }
    // Round the pads in between: outwards at a turn (the side the row ends on); across
    // one block, ahead of it (the way its row goes).
    const side = a.row !== b.row ? (a.x >= midX ? 1 : -1) : (a.row % 2 === 1 ? -1 : 1);
    const ry = Math.abs(b.y - a.y) / 2;
    const rx = Math.max(ry * UNITS.bulge, Math.max(a.r, b.r) + 10);
    const sweep = (b.y > a.y) === (side > 0) ? 1 : 0;
    edges.push({
      from, to,
      d: `M${round(a.x)} ${round(a.y)}A${round(rx)} ${round(ry)} 0 0 ${sweep} ${round(b.x)} ${round(b.y)}`,
    });
    arcs.push(a.x + side * rx);
  }

  const xs = Object.values(pads).flatMap((p) => [p.x - p.r, p.x + p.r]).concat(arcs);
  const ys = Object.values(pads).flatMap((p) => [p.y - p.r, p.y + p.r]);
  if (!xs.length) return { width: 0, height: 0, pads, order, edges, rows };
  const left = Math.min(...xs) - UNITS.margin;
  const upper = Math.min(...ys) - UNITS.margin;
  // Everything moved so the drawing starts at (0, 0).
  for (const p of Object.values(pads)) {
    p.x = round(p.x - left);
    p.y = round(p.y - upper);
  }
  for (const e of edges) e.d = shift(e.d, -left, -upper);
  for (const r of rows) {
    r.top = round(r.top - upper);
    r.bottom = round(r.bottom - upper);
  }
  return {
    width: round(Math.max(...xs) + UNITS.margin - left),
    height: round(Math.max(...ys) + UNITS.margin - upper),
    pads, order, edges, rows,
  };
}

function round(v) {
  return Math.round(v * 10) / 10;
}

// Move the points of a path made by mapLayout ("M x y L x y" or "M x y A rx ry 0 0 s x y").
function shift(d, dx, dy) {
  const [move, rest] = [d.slice(1, d.search(/[LA]/)), d.slice(d.search(/[LA]/))];
  const [x1, y1] = move.split(" ").map(Number);
  const start = `M${round(x1 + dx)} ${round(y1 + dy)}`;
  const parts = rest.slice(1).split(" ").map(Number);
  const n = parts.length;
  parts[n - 2] = round(parts[n - 2] + dx);
  parts[n - 1] = round(parts[n - 1] + dy);
  return `${start}${rest[0]}${parts.join(" ")}`;
}

/** The smallest drawing scale, in pixels a unit: pads of at least 55 px. */
export const MIN_SCALE = 0.7;

/**
 * How many blocks a row holds in a map `pixels` wide: the map's hint while its rows fit at
 * MIN_SCALE, else fewer, the rows then shared out evenly (9 blocks in 5 and 4, not 8 and
 * 1). Without a width (no layout yet), the hint.
 */
export function fittingRow(map, pixels, scale = MIN_SCALE) {
  const hint = blocksPerRow(map);
  const count = Array.isArray(map?.blocks) ? map.blocks.length : 0;
  if (!(pixels > 0) || count === 0) return hint;
  let row = Math.min(hint, count);
  while (row > 2 && mapLayout(map, { row }).width * scale > pixels) row--;
  if (row >= Math.min(hint, count)) return hint;
  const rows = Math.ceil(count / row);
  return Math.max(2, Math.ceil(count / rows));
}

const DIRECTIONS = {
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1],
};

/**
 * The pad focus moves to from pad `index` of `points` (`[{x, y}]`, in button order) for
 * `key`, or null when the key does not move focus. The arrows go to the nearest pad that
 * way on screen (its distance, plus how far off to the side it is), and stay put at the
 * edge of the map; Home and End go to the first pad (Home) and the last one.
 */
export function nextPad(points, index, key) {
  if (!points.length) return null;
  if (key === "Home") return 0;
  if (key === "End") return points.length - 1;
  const dir = DIRECTIONS[key];
  if (!dir) return null;
  const here = points[index];
  if (!here) return 0;
  let best = index;
  let bestScore = Infinity;
  points.forEach((p, i) => {
    const ahead = (p.x - here.x) * dir[0] + (p.y - here.y) * dir[1];
    if (i === index || ahead <= 1) return;
    const aside = Math.abs((p.x - here.x) * dir[1] - (p.y - here.y) * dir[0]);
    if (aside > ahead * 2) return;  // far more to the side than ahead: another way
    const score = Math.hypot(ahead, aside) + aside;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}
