// The inline SVG drawings of Froop!: the four symbols, each its own shape (a heart, a
// smiley face, a bat's wings, a flower) and its own Okabe-Ito colour, so colour is never
// the only cue; a card (2 x 2 symbols); the back of a card for the pile; a spot's marker.
// Drawings are decorative (aria-hidden): the buttons' accessible names say the same in
// words. Colours come from CSS classes (froop.css). One cell is 100 x 100 units.

import { svg } from "../shared/dom.js";

const g = (attrs, ...children) => svg("g", attrs, ...children);

function picture(className, viewBox, ...children) {
  return svg("svg", { viewBox, class: className, "aria-hidden": "true", focusable: "false" }, ...children);
}

const SHAPES = {
  // A heart, point down.
  H: () => [svg("path", {
    class: "fr-shape",
    d: "M50 86 C22 66 8 50 12 32 C16 16 38 10 50 30 C62 10 84 16 88 32 C92 50 78 66 50 86 Z",
  })],
  // A round face: two eyes and a wide smile.
  S: () => [
    svg("circle", { class: "fr-shape", cx: 50, cy: 50, r: 37 }),
    svg("ellipse", { class: "fr-ink", cx: 37, cy: 40, rx: 5, ry: 7 }),
    svg("ellipse", { class: "fr-ink", cx: 63, cy: 40, rx: 5, ry: 7 }),
    svg("path", { class: "fr-line", d: "M30 58 Q50 78 70 58" }),
  ],
  // A bat's spread wings, scalloped below, with its small head and ears.
  B: () => [
    svg("path", {
      class: "fr-shape",
      d: "M50 34 C42 24 24 16 2 28 C11 40 11 54 8 68 C18 60 28 62 31 74 C37 64 44 64 50 76 "
        + "C56 64 63 64 69 74 C72 62 82 60 92 68 C89 54 89 40 98 28 C76 16 58 24 50 34 Z",
    }),
    svg("path", { class: "fr-shape", d: "M41 42 L38 20 L46 30 L54 30 L62 20 L59 42 Q50 50 41 42 Z" }),
    svg("circle", { class: "fr-eye", cx: 45.5, cy: 36, r: 2.8 }),
    svg("circle", { class: "fr-eye", cx: 54.5, cy: 36, r: 2.8 }),
  ],
  // Five round petals round a heart of its own colour.
  F: () => [
    ...[0, 72, 144, 216, 288].map((a) => {
      const r = (a - 90) * (Math.PI / 180);
      return svg("circle", { class: "fr-shape", cx: (50 + 22 * Math.cos(r)).toFixed(1), cy: (50 + 22 * Math.sin(r)).toFixed(1), r: 17 });
    }),
    svg("circle", { class: "fr-centre", cx: 50, cy: 50, r: 13 }),
  ],
};

/** One symbol, a group drawn in a 100 x 100 cell at (x, y) (in units); `face`: on a
 * cell of its own (the Froop's cells touch, so a card reads as one piece). */
export function symbolGroup(letter, x = 0, y = 0, { face = true } = {}) {
  const shape = SHAPES[letter];
  if (!shape) return g({ transform: `translate(${x} ${y})` });
  return g({ class: `fr-sym fr-sym-${letter}`, transform: `translate(${x} ${y})` },
    face ? svg("rect", { class: "fr-face", x: 0, y: 0, width: 100, height: 100 }) : null,
    g({ transform: "translate(9 9) scale(0.82)" }, ...shape()));
}

/** A card as laid: its four letters in reading order, 200 x 200 units, with its edge. */
export function cardGroup(letters, { x = 0, y = 0, className = "" } = {}) {
  const l = [...String(letters)];
  return g({ class: `fr-card ${className}`.trim(), transform: `translate(${x} ${y})` },
    svg("rect", { class: "fr-card-bg", x: 1, y: 1, width: 198, height: 198, rx: 12 }),
    ...[[0, 0], [100, 0], [0, 100], [100, 100]].map(([cx, cy], i) => symbolGroup(l[i], cx, cy, { face: false })),
    svg("rect", { class: "fr-card-edge", x: 2, y: 2, width: 196, height: 196, rx: 12 }));
}

/** A card's picture for a hand (a button's content or a small one in a player's row). */
export function cardDrawing(letters) {
  return picture("fr-card-art", "0 0 200 200", cardGroup(letters));
}

/** A symbol's picture on its own (the key to the symbols). */
export function symbolDrawing(letter) {
  return picture("fr-symbol-art", "0 0 100 100", symbolGroup(letter));
}

/** The back of a card, for the draw pile: a few stacked when there are many. */
export function pileDrawing(count) {
  const n = Number(count) || 0;
  const layers = n ? Math.max(1, Math.min(3, Math.ceil(n / 20))) : 1;
  const backs = Array.from({ length: layers }, (_, i) => g({ transform: `translate(${(layers - 1 - i) * 5} ${(layers - 1 - i) * 5})` },
    svg("rect", { class: "fr-back", x: 2, y: 2, width: 66, height: 66, rx: 8 }),
    svg("path", { class: "fr-back-mark", d: "M35 14 L56 35 L35 56 L14 35 Z" })));
  return picture(`fr-pile-art${n ? "" : " is-empty"}`, "0 0 80 80", ...backs);
}

/** A spot's marker: a ring with the match count ("?" unknown), or an empty picture. */
export function spotMarker(match) {
  if (match === undefined) return picture("fr-marker", "0 0 100 100");
  return picture("fr-marker", "0 0 100 100",
    svg("circle", { class: "fr-marker-ring", cx: 50, cy: 50, r: 36 }),
    svg("text", { class: "fr-marker-text", x: 50, y: 65, "text-anchor": "middle" },
      Number.isInteger(match) ? String(match) : "✓"));
}
