// The inline SVG drawings of Croak!: tile backs, tile fronts and frogs. Each square is one
// 100 x 100 SVG; its colours come from CSS classes (croak.css), so themes restyle them.
// The drawings are decorative (aria-hidden): the square's aria-label says the same.

import { svg } from "../shared/dom.js";
import { seatShape } from "../shared/palette.js";
import { maleMark } from "./males.js";
import { groupFrogs } from "./labels.js";

const g = (attrs, ...children) => svg("g", attrs, ...children);

// -- tile backs: a pattern per back, and a letter for the two deep ones ----------------

function waves() {
  return g({ class: "c-wave" }, ...[28, 52, 76].map((y) =>
    svg("path", { d: `M12 ${y}q9-8 19 0t19 0t19 0t19 0` })));
}

function hatching() {
  return g({ class: "c-hatch" }, ...[-40, -14, 12, 38, 64, 90].map((x) =>
    svg("line", { x1: x, y1: 100, x2: x + 60, y2: 0 })));
}

function dots() {
  const spots = [];
  for (let row = 0; row < 4; row++) {
    const shift = (row % 2) * 11;  // every other row shifted: a staggered pattern
    for (let col = 0; col < 4; col++) spots.push(svg("circle", { cx: 17 + shift + col * 22, cy: 17 + row * 22, r: 3.5 }));
  }
  return g({ class: "c-dots" }, ...spots);
}

function backLetter(letter, corner) {
  return corner
    ? svg("text", { class: "c-letter", x: 15, y: 29, "font-size": 26, "text-anchor": "middle" }, letter)
    : svg("text", { class: "c-letter", x: 50, y: 64, "font-size": 40, "text-anchor": "middle" }, letter);
}

function back(kind, corner) {
  const base = svg("rect", { class: `c-back c-${kind}`, width: 100, height: 100 });
  if (kind === "deep-a") return [base, hatching(), backLetter("A", corner)];
  if (kind === "deep-b") return [base, dots(), backLetter("B", corner)];
  return [base, waves()];
}

// -- tile fronts: one glyph each, drawn in a 100 x 100 box -----------------------------

function lilyPad() {
  return g({},
    svg("path", { class: "c-lily", d: "M50 50L58 11A40 40 0 1 1 40 11Z" }),
    g({ class: "c-vein" }, ...[[22, 36], [18, 62], [40, 86], [66, 84], [84, 60], [80, 34]].map(([x, y]) =>
      svg("line", { x1: 50, y1: 50, x2: x, y2: y }))));
}

function mosquito() {
  return g({},
    svg("ellipse", { class: "c-wing", cx: 34, cy: 34, rx: 22, ry: 11, transform: "rotate(35 34 34)" }),
    svg("ellipse", { class: "c-wing", cx: 66, cy: 34, rx: 22, ry: 11, transform: "rotate(-35 66 34)" }),
    g({ class: "c-leg" },
      svg("path", { d: "M46 52L26 62L16 84M54 52L74 62L84 84M46 58L30 78L28 94M54 58L70 78L72 94M50 34L50 8" })),
    svg("ellipse", { class: "c-ink", cx: 50, cy: 56, rx: 8, ry: 24 }),
    svg("circle", { class: "c-ink", cx: 50, cy: 32, r: 8 }));
}

function mud() {
  return g({},
    svg("path", {
      class: "c-mud",
      d: "M10 62C8 44 24 40 34 42C38 28 60 26 66 38C80 32 94 44 90 58C96 70 82 82 66 78C56 88 36 88 28 80C12 82 6 72 10 62Z",
    }),
    g({ class: "c-bubble" },
      svg("circle", { cx: 36, cy: 58, r: 6 }), svg("circle", { cx: 60, cy: 52, r: 8 }),
      svg("circle", { cx: 68, cy: 68, r: 4 })));
}

function pike() {
  return g({},
    svg("path", { class: "c-pike", d: "M82 50L98 32L96 50L98 68Z" }),
    svg("path", { class: "c-pike", d: "M4 48C14 34 44 30 64 36C76 40 84 46 86 50C84 54 76 60 64 64C44 70 14 66 4 54Z" }),
    svg("path", { class: "c-teeth", d: "M4 50L9 46L12 51L16 46L19 51L23 47L26 51L6 52Z" }),
    svg("circle", { class: "c-eye", cx: 24, cy: 42, r: 4.5 }),
    svg("path", { class: "c-fin", d: "M40 34L52 22L58 35M44 66L54 76L58 64" }));
}

function reeds() {
  return g({},
    g({ class: "c-stalk" }, svg("path", { d: "M30 96L32 30M50 96L50 18M70 96L67 34M42 96C30 70 18 60 10 56M58 96C70 72 82 66 92 62" })),
    g({ class: "c-cattail" },
      svg("rect", { x: 26, y: 30, width: 12, height: 28, rx: 6 }),
      svg("rect", { x: 44, y: 18, width: 12, height: 30, rx: 6 }),
      svg("rect", { x: 61, y: 34, width: 12, height: 26, rx: 6 })));
}

function log() {
  return g({},
    svg("rect", { class: "c-log", x: 6, y: 24, width: 82, height: 52, rx: 12 }),
    svg("path", { class: "c-bark", d: "M16 37H54M26 50H70M14 63H44" }),
    svg("ellipse", { class: "c-log-end", cx: 84, cy: 50, rx: 10, ry: 26 }),
    svg("ellipse", { class: "c-ring", cx: 84, cy: 50, rx: 5, ry: 13 }));
}

// A Male: the male sign (its circle a frog's face) in the pawn's colour, and two letters,
// since the colour is not the only cue.
function male(colour) {
  const { fill, letters } = maleMark(colour);
  return g({},
    svg("path", { class: "c-male-arrow", d: "M58 34L84 8M66 8H84V26" }),
    svg("circle", { class: "c-male-eye", cx: 28, cy: 26, r: 8, fill }),
    svg("circle", { class: "c-male-eye", cx: 52, cy: 26, r: 8, fill }),
    svg("circle", { class: "c-male", cx: 40, cy: 50, r: 24, fill }),
    svg("text", { class: "c-male-letters", x: 40, y: 96, "font-size": 26, "text-anchor": "middle" }, letters));
}

// A front this board does not know: a question mark rather than a wrong picture.
function unknown() {
  return svg("text", { class: "c-letter", x: 50, y: 68, "font-size": 56, "text-anchor": "middle" }, "?");
}

const GLYPHS = { "lily-pad": lilyPad, mosquito, mud, pike, reeds, log };

/** The glyph of a tile front, in a 100 x 100 box. */
function frontGlyph(front) {
  if (front.startsWith("male-")) return male(front.slice(5));
  return (GLYPHS[front] || unknown)();
}

// -- frogs: seen from above, in the seat's colour with the seat's shape on the back ----

function shape(kind) {
  const attrs = { class: "c-seat-shape" };
  if (kind === "square") return svg("rect", { ...attrs, x: -9, y: 1, width: 18, height: 18 });
  if (kind === "triangle") return svg("path", { ...attrs, d: "M0 -1L11 19H-11Z" });
  if (kind === "diamond") return svg("path", { ...attrs, d: "M0 -2L11 10L0 22L-11 10Z" });
  return svg("circle", { ...attrs, cx: 0, cy: 10, r: 10 });
}

// The body's parts, drawn three times: thickest in a white rim, then thick in the black
// outline, then filled, so the rings go round the whole frog and not round each part.
// Black next to white: whatever the tile below, light or dark, one of the two rings
// stands out from it (js/tests/croak-contrast.test.js).
function frogBody() {
  return [
    svg("ellipse", { cx: -26, cy: 26, rx: 9, ry: 22, transform: "rotate(-40 -26 26)" }),
    svg("ellipse", { cx: 26, cy: 26, rx: 9, ry: 22, transform: "rotate(40 26 26)" }),
    svg("ellipse", { cx: -23, cy: -6, rx: 6, ry: 14, transform: "rotate(35 -23 -6)" }),
    svg("ellipse", { cx: 23, cy: -6, rx: 6, ry: 14, transform: "rotate(-35 23 -6)" }),
    svg("ellipse", { cx: 0, cy: 10, rx: 23, ry: 27 }),
    svg("ellipse", { cx: 0, cy: -17, rx: 18, ry: 14 }),
    svg("circle", { cx: -11, cy: -27, r: 8 }),
    svg("circle", { cx: 11, cy: -27, r: 8 }),
  ];
}

/** One frog centred on (0, 0), about 100 units tall (a Queen with her crown). */
function frog({ frog: kind, mud: stuck }, colour, seat) {
  const queen = kind === "Q";
  const crown = () => svg("path", { class: "c-crown", d: "M-16 -34V-52L-8 -42L0 -56L8 -42L16 -52V-34Z" });
  const parts = [
    g({ class: "c-frog-rim" }, ...frogBody(), queen ? crown() : null),
    g({ class: "c-frog-outline" }, ...frogBody()),
    g({ class: "c-frog", fill: colour }, ...frogBody()),
    svg("circle", { class: "c-eye-white", cx: -11, cy: -28, r: 4.5 }),
    svg("circle", { class: "c-eye-white", cx: 11, cy: -28, r: 4.5 }),
    shape(seatShape(seat)),
  ];
  if (queen) {
    parts.push(crown());
  }
  // A Servant is drawn smaller than a Queen; a frog stuck in the Mud lies on its side
  // in a puddle.
  const body = g({ transform: `${stuck ? "rotate(90) " : ""}scale(${queen ? 1 : 0.8})` }, ...parts);
  if (!stuck) return g({ class: "c-frog-group" }, body);
  return g({ class: "c-frog-group is-stuck" },
    svg("ellipse", { class: "c-mud", cx: 0, cy: 22, rx: 50, ry: 20 }), body);
}

// Where the frog groups of a square stand, and how big, by how many groups there are.
// A face-up tile's glyph stays large beneath them: what a frog stands on is the point.
const SLOTS = {
  1: [[52, 56, 0.54]],
  2: [[30, 64, 0.46], [72, 60, 0.46]],
  3: [[74, 26, 0.4], [28, 74, 0.4], [74, 74, 0.4]],
  4: [[74, 26, 0.36], [26, 74, 0.36], [74, 74, 0.36], [26, 26, 0.36]],
};

function countBadge(count) {
  return g({ class: "c-count" },
    svg("circle", { cx: 36, cy: -36, r: 17 }),
    svg("text", { x: 36, y: -28, "font-size": 24, "text-anchor": "middle" }, String(count)));
}

/**
 * The drawing of one square. `colours` are the seats' colours; `chosen` the frog kind
 * selected on this square (for seat `playing`), or null; `odds` the Pike chance
 * text to write on a face-down tile, or null.
 */
export function squareDrawing(tile, { colours, playing = null, chosen = null, odds = null }) {
  const groups = groupFrogs(tile.frogs).slice(0, 4);
  const corner = groups.length > 0;
  const picture = svg("svg", {
    viewBox: "0 0 100 100", class: "c-square", "aria-hidden": "true", focusable: "false",
  });
  if (tile.front) {
    // Under frogs the glyph is drawn larger still (they hide its middle); it keeps at
    // least 40% of the square either way (tests/browser/test_croak_board.py measures it).
    picture.append(
      svg("rect", { class: "c-face", width: 100, height: 100 }),
      g({ class: "c-front", transform: corner ? null : "translate(12 12) scale(0.76)" },
        frontGlyph(tile.front)));
  } else {
    picture.append(...back(tile.back, corner));
  }
  if (odds) {
    picture.append(g({ class: "c-odds" },
      svg("rect", { x: 50, y: 3, width: 47, height: 24, rx: 12 }),
      svg("text", { x: 73.5, y: 21, "font-size": 18, "text-anchor": "middle" }, odds)));
  }
  groups.forEach((group, i) => {
    const [x, y, size] = SLOTS[groups.length][i];
    const selected = chosen !== null && group.seat === playing && group.frog === chosen;
    picture.append(g({ transform: `translate(${x} ${y}) scale(${size})` },
      selected ? svg("circle", { class: "c-halo", r: 58 }) : null,
      frog(group, colours[group.seat] || "#999999", group.seat),
      group.count > 1 ? countBadge(group.count) : null));
  });
  return picture;
}

/** A small picture of a seat's marker (its colour and shape), for panels and buttons. */
export function seatMarker(colour, seat) {
  return svg("svg", { viewBox: "-14 -4 28 28", class: "c-marker", "aria-hidden": "true", focusable: "false" },
    svg("circle", { class: "c-marker-disc", cx: 0, cy: 10, r: 13, fill: colour }),
    shape(seatShape(seat)));
}
