// The inline SVG drawings of Kecke Frösche: a card per frog kind (the biotope's Okabe-Ito
// colour as background, a frog whose pose and pattern are its kind's own, its letter in a
// corner), the stork and the bang frog, the biotope cards, a card back for the pile and a
// face-down chip. The drawings are decorative (aria-hidden): each button's accessible
// name says the same in words. Colours come from CSS classes (keckefrosche.css).

import { svg } from "../shared/dom.js";
import { kindOf } from "./labels.js";

const g = (attrs, ...children) => svg("g", attrs, ...children);

function picture(className, viewBox, ...children) {
  return svg("svg", { viewBox, class: className, "aria-hidden": "true", focusable: "false" }, ...children);
}

/** The four poses, one per kind number within a biotope: each its own outline and
 * pattern, so two kinds of one colour never look alike. */
export const POSES = Object.freeze(["sitting", "leaping", "tree", "toad"]);

export function poseOf(number) {
  const n = Number(number) || 1;
  return POSES[(((n - 1) % POSES.length) + POSES.length) % POSES.length];
}

const skin = (attrs) => ({ class: "kf-skin", ...attrs });

function eyes(y, spread, r) {
  return [-spread, spread].flatMap((dx) => [
    svg("circle", skin({ cx: 50 + dx, cy: y, r })),
    svg("circle", { class: "kf-eye", cx: 50 + dx, cy: y - 0.5, r: r * 0.62 }),
    svg("circle", { class: "kf-pupil", cx: 50 + dx, cy: y - 0.5, r: r * 0.3 }),
  ]);
}

/** A frog in its pose, drawn in a 100 x 100 box which it fills (legs to the edges). */
function frogBody(pose) {
  switch (pose) {
    case "leaping":  // stretched out, legs flung wide, spotted
      return [
        svg("path", skin({ d: "M30 62 L4 96 L14 98 L38 70 Z" })),
        svg("path", skin({ d: "M70 62 L96 96 L86 98 L62 70 Z" })),
        svg("path", skin({ d: "M34 40 L6 14 L14 8 L42 34 Z" })),
        svg("path", skin({ d: "M66 40 L94 14 L86 8 L58 34 Z" })),
        svg("ellipse", skin({ cx: 50, cy: 52, rx: 20, ry: 32 })),
        ...eyes(24, 12, 8),
        svg("circle", { class: "kf-mark", cx: 44, cy: 50, r: 4.5 }),
        svg("circle", { class: "kf-mark", cx: 57, cy: 60, r: 4 }),
        svg("circle", { class: "kf-mark", cx: 47, cy: 71, r: 3.5 }),
      ];
    case "tree":  // a tree frog: long thin limbs with round toe pads, a stripe down its back
      return [
        svg("path", { class: "kf-limb", d: "M32 66 Q10 70 10 92 M68 66 Q90 70 90 92 M34 42 Q12 34 10 14 M66 42 Q88 34 90 14" }),
        ...[[10, 92], [90, 92], [10, 12], [90, 12]].map(([cx, cy]) => svg("circle", skin({ cx, cy, r: 7 }))),
        svg("ellipse", skin({ cx: 50, cy: 58, rx: 25, ry: 27 })),
        svg("ellipse", skin({ cx: 50, cy: 32, rx: 21, ry: 15 })),
        ...eyes(22, 14, 9),
        svg("rect", { class: "kf-mark", x: 46, y: 40, width: 8, height: 40, rx: 4 }),
      ];
    case "toad":  // a squat, wide toad, covered in warts
      return [
        svg("path", skin({ d: "M14 70 Q2 92 20 96 L40 92 Z" })),
        svg("path", skin({ d: "M86 70 Q98 92 80 96 L60 92 Z" })),
        svg("ellipse", skin({ cx: 50, cy: 64, rx: 44, ry: 30 })),
        svg("ellipse", skin({ cx: 50, cy: 36, rx: 30, ry: 18 })),
        ...eyes(26, 17, 8),
        ...[[30, 58], [50, 54], [70, 58], [38, 74], [62, 74], [50, 86], [24, 72], [76, 72]]
          .map(([cx, cy]) => svg("circle", { class: "kf-mark", cx, cy, r: 3.4 })),
        svg("path", { class: "kf-mouth", d: "M34 44 Q50 52 66 44" }),
      ];
    default:  // sitting: round, legs folded at its sides, plain with a smile
      return [
        svg("ellipse", skin({ cx: 18, cy: 84, rx: 16, ry: 12 })),
        svg("ellipse", skin({ cx: 82, cy: 84, rx: 16, ry: 12 })),
        svg("ellipse", skin({ cx: 50, cy: 66, rx: 32, ry: 30 })),
        svg("ellipse", skin({ cx: 50, cy: 34, rx: 26, ry: 19 })),
        ...eyes(20, 15, 10),
        svg("path", { class: "kf-mouth", d: "M36 40 Q50 50 64 40" }),
        svg("path", { class: "kf-limb kf-toes", d: "M34 92 L30 98 M40 93 L40 99 M66 92 L70 98 M60 93 L60 99" }),
      ];
  }
}

function stork() {
  return [
    svg("path", { class: "kf-stork-leg", d: "M46 66 L40 98 M56 66 L60 98" }),
    svg("ellipse", { class: "kf-stork-body", cx: 52, cy: 54, rx: 28, ry: 16, transform: "rotate(-12 52 54)" }),
    svg("path", { class: "kf-stork-wing", d: "M56 42 Q86 40 96 56 Q78 60 60 62 Z" }),
    svg("path", { class: "kf-stork-neck", d: "M32 50 Q24 30 28 14" }),
    svg("circle", { class: "kf-stork-body", cx: 28, cy: 12, r: 9 }),
    svg("circle", { class: "kf-pupil", cx: 25, cy: 10, r: 2 }),
    svg("path", { class: "kf-stork-beak", d: "M20 9 L2 20 L21 15 Z" }),
  ];
}

function bang() {
  const tips = 10;
  const points = Array.from({ length: tips * 2 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / tips;
    const r = i % 2 === 0 ? 49 : 30;
    return `${(50 + r * Math.cos(a)).toFixed(1)} ${(50 + r * Math.sin(a)).toFixed(1)}`;
  });
  return [
    svg("path", { class: "kf-bang-burst", d: `M${points.join("L")}Z` }),
    svg("ellipse", skin({ cx: 50, cy: 58, rx: 20, ry: 16 })),
    ...eyes(42, 10, 7),
  ];
}

/** A card's drawing: `id` a frog kind id, "stork" or "bang". Its glyph (class kf-glyph)
 * fills most of the card, which is 100 x 140 units. */
export function cardDrawing(view, id) {
  const kind = kindOf(view, id);
  let body;
  let type;
  if (id === "stork") { body = stork(); type = "stork"; } else if (id === "bang") { body = bang(); type = "bang"; } else {
    body = frogBody(poseOf(kind.number));
    type = kind.biotope || "unknown";
  }
  const letter = String(kind.letter).slice(0, 3);
  return picture(`kf-card-art kf-${type}`, "0 0 100 140",
    svg("rect", { class: "kf-card-bg", x: 1.5, y: 1.5, width: 97, height: 137, rx: 9 }),
    g({ class: "kf-glyph", transform: "translate(2 32) scale(0.96 1.04)" }, ...body),
    g({ class: "kf-letter" },
      svg("rect", { class: "kf-letter-bg", x: 4, y: 4, width: 14 + 12 * letter.length, height: 26, rx: 6 }),
      svg("text", { class: "kf-letter-text", x: 11 + 6 * letter.length, y: 24, "text-anchor": "middle" }, letter)));
}

/** A biotope's emblem, for its place on the table: waves, reeds or a dike's slope. */
export function biotopeEmblem(id) {
  let body;
  switch (id) {
    case "water":
      body = [0, 1, 2].map((i) => svg("path", { class: "kf-emblem-line", d: `M6 ${22 + i * 14} q11 -9 22 0 t22 0 t22 0 t22 0` }));
      break;
    case "bank":
      body = [14, 30, 46, 62, 78].map((x, i) => svg("path", { class: "kf-emblem-line", d: `M${x} 66 Q${x + (i % 2 ? 6 : -6)} 38 ${x + (i % 2 ? 2 : -2)} ${14 + (i % 3) * 6}` }))
        .concat(svg("path", { class: "kf-emblem-line", d: "M4 68 H96" }));
      break;
    default:
      body = [svg("path", { class: "kf-emblem-fill", d: "M4 68 L30 22 L70 22 L96 68 Z" }),
        svg("path", { class: "kf-emblem-line", d: "M4 68 H96" })];
  }
  return picture(`kf-emblem kf-${id}`, "0 0 100 72", ...body);
}

/** The back of a card, for the draw pile: a few stacked when there are many. */
export function pileDrawing(count) {
  const layers = Math.max(1, Math.min(3, Math.ceil((Number(count) || 0) / 15)));
  const backs = Array.from({ length: layers }, (_, i) => g({ transform: `translate(${(layers - 1 - i) * 5} ${(layers - 1 - i) * 4})` },
    svg("rect", { class: "kf-back", x: 2, y: 2, width: 60, height: 84, rx: 6 }),
    svg("path", { class: "kf-back-mark", d: "M12 14 L52 74 M52 14 L12 74" })));
  return picture(`kf-pile${Number(count) ? "" : " is-empty"}`, "0 0 74 98", ...backs);
}

/** A chip, face down: its value hidden from everyone until the end. */
export function chipDrawing(value = null) {
  return picture("kf-chip", "0 0 40 40",
    svg("circle", { class: "kf-chip-face", cx: 20, cy: 20, r: 17 }),
    value === null
      ? svg("path", { class: "kf-chip-mark", d: "M10 20 H30 M20 10 V30" })
      : svg("text", { class: "kf-chip-value", x: 20, y: 27, "text-anchor": "middle" }, String(value)));
}
