// The inline SVG drawings of Rapidcroco: Croc cards, Hippos, empty sites, the criteria
// cards and their backs. Each is one 100 x 100 SVG whose colours come from CSS classes
// (rapidcroco.css), so themes restyle them. The drawings are decorative (aria-hidden):
// the button's aria-label says the same in words.
//
// Every trait has a cue beyond colour: the skin's colour (Okabe-Ito green or blue) also
// has its letter on the belly, G or B; gender is the male or female sign; build is the
// body's width; glasses and hat are drawn. The arm is the big arrow on the right, drawn
// in the direction it points on the table; a turned card (Advanced 2) stays upright and
// says its turn with a small mark in the corner.

import { svg } from "../shared/dom.js";
import { turnMark } from "./labels.js";

const g = (attrs, ...children) => svg("g", attrs, ...children);
const ANGLES = { right: 0, down: 90, left: 180, up: 270 };
const CX = 34;  // the Croc's middle: it stands in the left two thirds of the card

function picture(className, ...children) {
  return svg("svg", {
    viewBox: "0 0 100 100", class: className, "aria-hidden": "true", focusable: "false",
  }, ...children);
}

/** The body's half-width for a build: the second cue of "fat" and "thin" is the shape. */
export function bodyWidth(build) {
  return build === "fat" ? 23 : 12;
}

/** The letter a skin colour carries on the belly, so it reads without colour. */
export function skinLetter(skin) {
  return skin === "green" ? "G" : skin === "blue" ? "B" : "?";
}

// -- the parts of a Croc -----------------------------------------------------------------

function genderSign(gender, x, y, size = 1) {
  // Venus (female): a ring over a cross. Mars (male): a ring with an arrow up-right.
  const at = `translate(${x} ${y}) scale(${size})`;
  if (gender === "female") {
    return g({ class: "rc-sign", transform: at },
      svg("circle", { cx: 0, cy: -5, r: 7 }),
      svg("path", { d: "M0 2V13M-5 8H5" }));
  }
  return g({ class: "rc-sign", transform: at },
    svg("circle", { cx: -2.5, cy: 2, r: 7 }),
    svg("path", { d: "M2.5 -3L9.5 -10M3.5 -10H9.5V-4" }));
}

function eyes(glasses) {
  const parts = [];
  for (const x of [CX - 8, CX + 8]) {
    parts.push(svg("circle", { class: "rc-eye", cx: x, cy: 29, r: 3.6 }),
      svg("circle", { class: "rc-pupil", cx: x, cy: 29.6, r: 1.8 }));
  }
  if (glasses) parts.push(spectacles([CX - 8, CX + 8], 29, 6.8, GLASSES_RIM));
  return parts;
}

// The glasses' rim: as heavy as the hat's brim (4.5 high), the boldest line on the card.
export const GLASSES_RIM = 4.5;

/**
 * Glasses: two lenses centred at `xs` on height `y`, of radius `r`, with their temples.
 * A light lens inside a dark rim, the rim outlined by a light halo: they read on the green
 * and the blue skin, and on a light or a dark card. The widths are attributes (the CSS
 * sets only colours), so each size keeps its own.
 */
function spectacles(xs, y, r, rim, className = "rc-glasses") {
  const [left, right] = xs;
  const lift = r * 0.55;
  const temples = `M${left - r} ${y - 1}L${left - r - lift} ${y - 1 - lift}M${right + r} ${y - 1}L${right + r + lift} ${y - 1 - lift}`;
  const rims = () => xs.map((x) => svg("circle", { cx: x, cy: y, r }));
  return g({ class: className, "stroke-width": rim },
    g({ class: "rc-glasses-halo", "stroke-width": rim + 2.4 }, ...rims(), svg("path", { d: temples })),
    ...xs.map((x) => svg("circle", { class: "rc-lens", cx: x, cy: y, r })),
    svg("path", { class: "rc-temples", d: temples }));
}

function topHat() {
  return g({ class: "rc-hat" },
    svg("rect", { x: CX - 16, y: 17, width: 32, height: 4.5, rx: 2 }),
    svg("rect", { x: CX - 10, y: 3.5, width: 20, height: 15, rx: 2 }),
    svg("rect", { class: "rc-hat-band", x: CX - 10, y: 13, width: 20, height: 4 }));
}

/** The Croc itself, standing in the left two thirds of a 100 x 100 card. */
function crocFigure(card) {
  const width = bodyWidth(card.build);
  const feet = card.build === "fat" ? 11 : 6;
  const skin = `rc-skin rc-skin-${card.skin === "green" ? "green" : "blue"}`;
  return g({ class: "rc-croc" },
    svg("ellipse", { class: skin, cx: CX - feet, cy: 89, rx: 7, ry: 3.5 }),
    svg("ellipse", { class: skin, cx: CX + feet, cy: 89, rx: 7, ry: 3.5 }),
    svg("ellipse", { class: skin, cx: CX, cy: 67, rx: width, ry: 21 }),
    svg("circle", { class: skin, cx: CX - 8, cy: 29, r: 6 }),
    svg("circle", { class: skin, cx: CX + 8, cy: 29, r: 6 }),
    svg("ellipse", { class: skin, cx: CX, cy: 40, rx: 17, ry: 11 }),
    svg("path", { class: "rc-tooth", d: `M${CX - 7.5} 45.4l1.6 3.2l1.6-3.2M${CX + 4.3} 45.4l1.6 3.2l1.6-3.2` }),
    svg("path", { class: "rc-mouth", d: `M${CX - 12} 43Q${CX} 49 ${CX + 12} 43` }),
    svg("circle", { class: "rc-pupil", cx: CX - 4, cy: 36, r: 1.4 }),
    svg("circle", { class: "rc-pupil", cx: CX + 4, cy: 36, r: 1.4 }),
    ...eyes(card.glasses === "glasses"),
    card.hat === "hat" ? topHat() : null,
    svg("text", { class: "rc-letter", x: CX, y: 74, "font-size": 19, "text-anchor": "middle" }, skinLetter(card.skin)));
}

/** The arm: a big arrow pointing `arm` ("up", "right", "down", "left"), centred on (x, y). */
export function armArrow(arm, x = 80.5, y = 56, size = 1) {
  const angle = ANGLES[arm];
  if (angle === undefined) return null;
  return svg("path", {
    class: "rc-arrow", "data-arm": arm,
    transform: `translate(${x} ${y}) rotate(${angle}) scale(${size})`,
    d: "M-15 -5.5H1V-13L16.5 0L1 13V5.5H-15Z",
  });
}

function turnedMark(turn) {
  const text = turnMark(turn);
  if (!text) return null;
  // A small clockwise arrow round a circle, and the angle the card is turned by.
  return g({ class: "rc-turn", "data-turn": turn },
    svg("path", { class: "rc-turn-arc", d: "M61.5 88.5A5 5 0 1 1 66.5 93.5" }),
    svg("path", { class: "rc-turn-head", d: "M63 93.5L67.5 90.3V96.7Z" }),
    svg("text", { x: 73.5, y: 93, "font-size": 10.5 }, text));
}

// -- the cards on the table ---------------------------------------------------------------

/** A Croc card: the figure, its gender sign, and (on the table) its arm and turn. */
export function crocCard(card, { arm = card.arm, turn = card.turn } = {}) {
  return picture("rc-card",
    svg("rect", { class: "rc-face", x: 2, y: 2, width: 96, height: 96, rx: 9 }),
    crocFigure(card),
    genderSign(card.gender, 80.5, 17),
    arm ? armArrow(arm) : null,
    turn ? turnedMark(turn) : null);
}

/** A Hippo card: a different face and colour, and an H in the corner. */
export function hippoCard() {
  return picture("rc-card",
    svg("rect", { class: "rc-face rc-face-hippo", x: 2, y: 2, width: 96, height: 96, rx: 9 }),
    g({ class: "rc-hippo" },
      svg("ellipse", { cx: 30, cy: 30, rx: 6, ry: 8 }),
      svg("ellipse", { cx: 70, cy: 30, rx: 6, ry: 8 }),
      svg("ellipse", { cx: 50, cy: 51, rx: 30, ry: 24 })),
    svg("ellipse", { class: "rc-hippo-snout", cx: 50, cy: 68, rx: 24, ry: 15 }),
    svg("ellipse", { class: "rc-pupil", cx: 42, cy: 66, rx: 3, ry: 4.5 }),
    svg("ellipse", { class: "rc-pupil", cx: 58, cy: 66, rx: 3, ry: 4.5 }),
    svg("circle", { class: "rc-eye", cx: 38, cy: 41, r: 5 }),
    svg("circle", { class: "rc-eye", cx: 62, cy: 41, r: 5 }),
    svg("circle", { class: "rc-pupil", cx: 38, cy: 42, r: 2.4 }),
    svg("circle", { class: "rc-pupil", cx: 62, cy: 42, r: 2.4 }),
    svg("text", { class: "rc-corner-letter", x: 12, y: 21, "font-size": 16, "text-anchor": "middle" }, "H"));
}

/** An empty site (its Croc was captured): a faint outline. */
export function emptySite() {
  return picture("rc-card rc-card-empty",
    svg("rect", { class: "rc-empty", x: 6, y: 6, width: 88, height: 88, rx: 9 }));
}

/** The drawing of one site of view.grid. */
export function siteDrawing(cell) {
  if (cell.kind === "croc") return crocCard(cell);
  if (cell.kind === "hippo") return hippoCard();
  return emptySite();
}

// -- the criteria cards -------------------------------------------------------------------

function strike() {
  // "no glasses", "no hat": the thing, crossed out (a halo keeps the line apart from it).
  return g({ class: "rc-strike" },
    svg("path", { class: "rc-strike-halo", d: "M16 84L84 16" }),
    svg("path", { class: "rc-strike-line", d: "M16 84L84 16" }));
}

function criterionIcon(trait, face) {
  if (trait === "gender") return [genderSign(face, 50, 50, 2.6)];
  if (trait === "skin") {
    return [
      svg("circle", { class: `rc-skin rc-skin-${face === "green" ? "green" : "blue"}`, cx: 50, cy: 50, r: 30 }),
      svg("text", { class: "rc-letter", x: 50, y: 62, "font-size": 34, "text-anchor": "middle" }, skinLetter(face)),
    ];
  }
  if (trait === "build") {
    return [svg("ellipse", { class: "rc-neutral", cx: 50, cy: 52, rx: face === "fat" ? 34 : 15, ry: 32 })];
  }
  if (trait === "glasses") {
    return [
      spectacles([32, 68], 50, 15, 7, "rc-glasses rc-glasses-big"),
      face === "glasses" ? null : strike(),
    ];
  }
  return [
    g({ class: "rc-hat" },
      svg("rect", { x: 16, y: 66, width: 68, height: 10, rx: 4 }),
      svg("rect", { x: 30, y: 22, width: 40, height: 46, rx: 4 }),
      svg("rect", { class: "rc-hat-band", x: 30, y: 54, width: 40, height: 9 })),
    face === "hat" ? null : strike(),
  ];
}

/** A criteria card: the face turned up for `trait`, or its back when `face` is null. */
export function criterionCard(trait, face) {
  if (!face) {
    return picture("rc-criterion-card",
      svg("rect", { class: "rc-back", x: 3, y: 3, width: 94, height: 94, rx: 10 }),
      g({ class: "rc-back-dots" }, ...[18, 34, 50, 66, 82].flatMap((x, i) =>
        [18, 34, 50, 66, 82].filter((_, j) => (i + j) % 2 === 0).map((y) =>
          svg("path", { d: `M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z` })))),
      svg("text", { class: "rc-back-mark", x: 50, y: 66, "font-size": 46, "text-anchor": "middle" }, "?"));
  }
  return picture("rc-criterion-card",
    svg("rect", { class: "rc-face", x: 3, y: 3, width: 94, height: 94, rx: 10 }),
    ...criterionIcon(trait, face));
}
