// The inline SVG drawings of Splash down: the pads (a lily pad in its colour with its
// letter, its name and its flies; Home a house), the frogs (each seat's Okabe-Ito colour
// and a shape of its own), the die, the coin, hearts and flies for the panels. Colours
// come from CSS classes (splashdown.css) or, for a seat, from the palette; the drawings
// are decorative (aria-hidden): each button's accessible name says the same in words.

import { svg } from "../shared/dom.js";
import { COLOUR_LETTERS } from "./labels.js";

const g = (attrs, ...children) => svg("g", attrs, ...children);

function picture(className, viewBox, ...children) {
  return svg("svg", { viewBox, class: className, "aria-hidden": "true", focusable: "false" }, ...children);
}

// -- the seats' shapes: six, one per seat, the first four as on every board ------------

/** The shape that marks a seat's frog: circle, square, triangle, diamond, star, hexagon. */
export const FROG_SHAPES = Object.freeze(["circle", "square", "triangle", "diamond", "star", "hexagon"]);

export function frogShape(seat) {
  return FROG_SHAPES[((Number(seat) % FROG_SHAPES.length) + FROG_SHAPES.length) % FROG_SHAPES.length];
}

function polygon(points) {
  return `M${points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join("L")}Z`;
}

function star(outer, inner, tips) {
  return polygon(Array.from({ length: tips * 2 }, (_, i) => {
    const angle = -Math.PI / 2 + (i * Math.PI) / tips;
    const r = i % 2 === 0 ? outer : inner;
    return [r * Math.cos(angle), r * Math.sin(angle)];
  }));
}

/** A seat's shape, centred on (0, 0), about 12 units across. */
export function shapeMark(shape, className = "sd-shape") {
  switch (shape) {
    case "square": return svg("rect", { class: className, x: -5, y: -5, width: 10, height: 10 });
    case "triangle": return svg("path", { class: className, d: "M0 -6.5L6.2 4.5L-6.2 4.5Z" });
    case "diamond": return svg("path", { class: className, d: "M0 -6.8L6.3 0L0 6.8L-6.3 0Z" });
    case "star": return svg("path", { class: className, d: star(7.2, 3.1, 5) });
    case "hexagon": return svg("path", { class: className, d: star(6.2, 6.2, 3) });
    default: return svg("circle", { class: className, r: 5.4 });
  }
}

// -- frogs ----------------------------------------------------------------------------------

/** A frog, centred on (0, 0), 40 units wide: two eyes on a body of the seat's colour, the
 * seat's shape on its back, a light halo round it so it shows on any pad. */
export function frogFigure(colour, seat, { turn = false } = {}) {
  const eye = (x) => [
    svg("circle", { class: "sd-frog-skin", cx: x, cy: -12, r: 7, fill: colour }),
    svg("circle", { class: "sd-frog-eye", cx: x, cy: -12.5, r: 3.8 }),
    svg("circle", { class: "sd-frog-pupil", cx: x, cy: -12.5, r: 1.9 }),
  ];
  return g({ class: "sd-frog", "data-seat": seat },
    turn ? svg("circle", { class: "sd-frog-turn", cx: 0, cy: -1, r: 25 }) : null,
    g({ class: "sd-frog-halo" },
      svg("ellipse", { cx: 0, cy: 3, rx: 19.5, ry: 15 }),
      svg("circle", { cx: -10, cy: -12, r: 7 }),
      svg("circle", { cx: 10, cy: -12, r: 7 })),
    svg("ellipse", { class: "sd-frog-skin", cx: 0, cy: 3, rx: 19.5, ry: 15, fill: colour }),
    ...eye(-10), ...eye(10),
    g({ transform: "translate(0 5) scale(0.95)" }, shapeMark(frogShape(seat))));
}

// Where the frogs on one pad stand (pad units, 100 across): x, y and width, by count.
const SLOTS = {
  1: [[50, 52, 40]],
  2: [[31, 52, 30], [69, 52, 30]],
  3: [[23, 52, 25], [50, 52, 25], [77, 52, 25]],
  4: [[35, 41, 24], [65, 41, 24], [35, 64, 24], [65, 64, 24]],
  5: [[25, 41, 22], [50, 41, 22], [75, 41, 22], [37, 64, 22], [63, 64, 22]],
  6: [[25, 41, 22], [50, 41, 22], [75, 41, 22], [25, 64, 22], [50, 64, 22], [75, 64, 22]],
};

/** Where `count` frogs stand on a pad, side by side: `[[x, y, width], ...]`. More than six
 * (a map of one's own with many players is still at most six) share the last slots. */
export function frogSlots(count) {
  const n = Math.max(0, Math.min(6, count));
  const slots = n ? SLOTS[n] : [];
  return Array.from({ length: count }, (_, i) => slots[Math.min(i, slots.length - 1)]);
}

/** A small picture of a seat's frog, for the players' panels. */
export function frogMarker(colour, seat) {
  return picture("sd-marker", "-23 -22 46 42", frogFigure(colour, seat));
}

// -- pads -------------------------------------------------------------------------------------

// A lily pad: a disc of radius 46 with the notch of a real lily pad, on its right (where
// neither its name, above, nor its badges, below, are).
const LILY = "M62 50.2L95.7 55.6A46 46 0 1 1 95.8 46Z";

function fly(x, y, scale = 1) {
  return g({ class: "sd-fly", transform: `translate(${x} ${y}) scale(${scale})` },
    svg("ellipse", { class: "sd-fly-wing", cx: -3.5, cy: -4, rx: 4.2, ry: 2.6, transform: "rotate(-30 -3.5 -4)" }),
    svg("ellipse", { class: "sd-fly-wing", cx: 3.5, cy: -4, rx: 4.2, ry: 2.6, transform: "rotate(30 3.5 -4)" }),
    svg("ellipse", { class: "sd-fly-body", cx: 0, cy: 0, rx: 2.8, ry: 4.6 }));
}

function house(className, x, y, scale) {
  return g({ class: className, transform: `translate(${x} ${y}) scale(${scale})` },
    svg("path", { class: "sd-house-roof", d: "M-14 -1L0 -14L14 -1Z" }),
    svg("rect", { class: "sd-house-wall", x: -10, y: -2, width: 20, height: 15 }),
    svg("rect", { class: "sd-house-door", x: -3, y: 4, width: 6, height: 9 }));
}

/** The flies of a dark-green pad: a fly and the count, faded when none are left. */
function fliesBadge(pad, x, y) {
  const now = Number(pad.flies) || 0;
  return g({ class: `sd-flies${now === 0 ? " is-empty" : ""}` },
    svg("rect", { class: "sd-badge", x: x - 15, y: y - 10, width: 30, height: 20, rx: 10 }),
    fly(x - 6.5, y + 0.5, 1.15),
    svg("text", { class: "sd-flies-count", x: x + 7, y: y + 5.5, "font-size": 15, "text-anchor": "middle" }, String(now)));
}

/**
 * The drawing of one pad (100 x 100): its colour, letter and name, the flies on it, the
 * frogs on it side by side (each in `colours[seat]`; the frog to play ringed).
 */
export function padDrawing(name, pad, frogs, { colours = [], toPlay = null } = {}) {
  const colour = pad?.colour || "green";
  const parts = [];
  if (name === "home" || colour === "home") {
    parts.push(
      svg("circle", { class: "sd-pad sd-pad-home", cx: 50, cy: 50, r: 47 }),
      house("sd-house", 50, 54, 2.1),
      svg("text", { class: "sd-pad-name", x: 50, y: 20, "font-size": 15, "text-anchor": "middle" }, "Home"));
  } else {
    const letter = COLOUR_LETTERS[colour] || "?";
    parts.push(
      svg("path", { class: `sd-pad sd-pad-${colour}`, d: LILY }),
      svg("path", { class: "sd-vein", d: "M62 50.2L50 50L50 9M50 50L15 30M50 50L85 24M50 50L14 68M50 50L82 80" }),
      svg("text", { class: "sd-pad-name", x: 50, y: 22, "font-size": 16, "text-anchor": "middle" }, name));
    const flies = colour === "dark-green" && (Number(pad.printed) > 0 || Number(pad.flies) > 0);
    const lx = flies ? 33 : 50;
    parts.push(g({ class: "sd-letter" },
      svg("circle", { class: "sd-badge", cx: lx, cy: 84, r: 9 }),
      svg("text", { x: lx, y: 89, "font-size": 13, "text-anchor": "middle" }, letter)));
    if (flies) parts.push(fliesBadge(pad, 62, 83));
  }
  const slots = frogSlots(frogs.length);
  frogs.forEach((frog, i) => {
    const [x, y, width] = slots[i];
    parts.push(g({ transform: `translate(${x} ${y}) scale(${width / 40})` },
      frogFigure(colours[frog.seat] || "#999999", frog.seat, { turn: frog.seat === toPlay })));
  });
  return picture(`sd-pad-drawing sd-colour-${colour}`, "0 0 100 100", ...parts);
}

// -- the die, the coin, lives and flies ------------------------------------------------------

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** A die showing `value` (1 to 6); `frog`: the frog die of a push, with a frog's eyes. */
export function dieFace(value, { frog = false, kept = null } = {}) {
  const pips = PIPS[value] || [];
  return picture(`sd-die${frog ? " is-frog-die" : ""}${kept === false ? " is-dropped" : ""}`, "0 0 100 100",
    svg("rect", { class: "sd-die-face", x: 5, y: 5, width: 90, height: 90, rx: 18 }),
    frog ? g({ class: "sd-die-frog" },
      svg("circle", { cx: 14, cy: 14, r: 5 }), svg("circle", { cx: 26, cy: 14, r: 5 })) : null,
    ...pips.map(([x, y]) => svg("circle", { class: "sd-pip", cx: x, cy: y, r: 9 })));
}

/** The frog coin: heads (a frog's face) or tails (a broken heart: a life lost). */
export function coinFace(value) {
  const heads = value !== "tails";
  return picture(`sd-coin ${heads ? "is-heads" : "is-tails"}`, "0 0 100 100",
    svg("circle", { class: "sd-coin-face", cx: 50, cy: 50, r: 45 }),
    svg("circle", { class: "sd-coin-rim", cx: 50, cy: 50, r: 37 }),
    svg("text", { class: "sd-coin-letter", x: 50, y: 64, "font-size": 40, "text-anchor": "middle" }, heads ? "H" : "T"));
}

/** A heart, full (a life) or empty (a life lost). */
export function heart(full) {
  return picture(`sd-heart${full ? " is-full" : ""}`, "0 0 24 22",
    svg("path", { d: "M12 20.5L3.3 12A5.3 5.3 0 0 1 12 4.6A5.3 5.3 0 0 1 20.7 12Z" }));
}

/** A fly, for the players' panels. */
export function flyIcon() {
  return picture("sd-fly-icon", "-9 -10 18 16", fly(0, 0, 1));
}

/** A house, for the Home tag. */
export function houseIcon() {
  return picture("sd-house-icon", "-15 -15 30 29", house("sd-house", 0, 0, 1));
}
