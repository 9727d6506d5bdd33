// Issue 11, 2.4: every seat colour must be told from every tile it can stand on, in a
// light and a dark theme, at WCAG 2.x's 3:1 for non-text contrast (SC 1.4.11). The
// colours are read from the stylesheets and palette the board ships, not copied here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { OKABE_ITO } from "../shared/palette.js";
import { maleMark } from "../croak/males.js";

const read = (path) => readFileSync(new URL(path, import.meta.url), "utf8");
const croakCss = read("../croak/croak.css");
const themeCss = read("../shared/theme.css");

// -- WCAG 2.x: relative luminance and contrast ratio ------------------------------------
const rgb = (hex) => {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
};
function luminance(hex) {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const hex = (channels) => "#" + channels.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
// color-mix(in srgb, a p%, b): the encoded channels, mixed linearly.
const mix = (a, p, b) => hex(rgb(a).map((v, i) => v * p / 100 + rgb(b)[i] * (1 - p / 100)));

test("the WCAG formulas give the known ratios", () => {
  assert.equal(contrast("#000000", "#ffffff"), 21);
  assert.equal(contrast("#777777", "#777777"), 1);
  assert.ok(Math.abs(contrast("#767676", "#ffffff") - 4.54) < 0.01);
});

// -- the colours on screen -------------------------------------------------------------
// The page backgrounds: JupyterLab's own themes (--jp-layout-color0) and the stylesheet's
// fallbacks for a plain page, light and dark.
const fallback = (block) => block.match(/--pw-fallback-bg:\s*(#[0-9a-f]{3,6})/i)[1];
const THEMES = {
  "JupyterLab Light": "#ffffff",
  "JupyterLab Dark": "#111111",
  "plain light": fallback(themeCss),
  "plain dark": fallback(themeCss.slice(themeCss.indexOf("prefers-color-scheme: dark"))),
};
const oi = (name) => themeCss.match(new RegExp(`--pw-oi-${name}:\\s*(#[0-9a-f]{6})`, "i"))[1];
const fillOf = (cls) => croakCss.match(new RegExp(`\\.${cls}[ ,{][^}]*?fill:\\s*(#[0-9a-f]{6})`, "i"))[1];

/** The tile colours a frog can stand on, in a theme with page background `bg`. */
function grounds(bg, ink) {
  const mixed = croakCss.slice(croakCss.indexOf("@supports"));
  const pond = {};
  for (const [, name, colour, p] of mixed.matchAll(
    /--pw-(\w+):\s*color-mix\(in srgb,\s*(var\(--pw-oi-\w+\)|#[0-9a-f]{6})\s+(\d+)%,\s*var\(--pw-bg\)\)/gi)) {
    const a = colour.startsWith("var") ? oi(colour.match(/--pw-oi-(\w+)/)[1]) : colour;
    pond[`${name} tile`] = mix(a, Number(p), bg);
  }
  assert.deepEqual(Object.keys(pond).sort(), ["deep tile", "face tile", "shallow tile"]);
  const glyphs = {
    "Lily Pad": fillOf("c-lily"), Log: fillOf("c-log"), "Log's end": fillOf("c-log-end"),
    Mud: fillOf("c-mud"), "Reeds' cattail": fillOf("c-cattail rect"), "Mosquito's body": ink,
  };
  for (const colour of ["red", "blue", "pink", "yellow", "purple", "green"]) {
    glyphs[`${colour} Male`] = maleMark(colour).fill;
  }
  return { ...pond, ...glyphs };
}
const INK = { "JupyterLab Light": "#000000", "JupyterLab Dark": "#ffffff", "plain light": "#212121", "plain dark": "#dedede" };

// What goes round a frog, inside out: its seat colour, the black outline, the white rim.
const OUTLINE = fillOf("c-frog-outline");
const RIM = fillOf("c-frog-rim");

const strokeOf = (cls) => Number(croakCss.match(new RegExp(`\\.${cls} \\{[^}]*?stroke-width:\\s*([\\d.]+)`))[1]);

test("a frog's two rings are black and white, the white one outside", () => {
  assert.equal(contrast(OUTLINE, RIM), 21);
  assert.ok(strokeOf("c-frog-rim") >= strokeOf("c-frog-outline") + 6, "the rim shows outside the outline");
  const drawings = read("../croak/drawings.js");
  assert.ok(drawings.indexOf('"c-frog-rim"') < drawings.indexOf('"c-frog-outline"'), "the rim is drawn first, beneath");
});

test("every seat colour stands out from the frog's outline", () => {
  for (const [name, colour] of Object.entries(OKABE_ITO)) {
    assert.ok(contrast(colour, OUTLINE) >= 3, `${name} on its outline: ${contrast(colour, OUTLINE).toFixed(2)}`);
  }
});

test("every seat colour is told from every tile, in every theme, at 3:1 at least", () => {
  const failures = [];
  for (const [theme, bg] of Object.entries(THEMES)) {
    for (const [ground, tile] of Object.entries(grounds(bg, INK[theme]))) {
      for (const [name, colour] of Object.entries(OKABE_ITO)) {
        // Told apart by the seat colour itself, or by a ring round it: where one ring
        // melts into the tile, the other touches it.
        const best = Math.max(contrast(colour, tile), contrast(OUTLINE, tile), contrast(RIM, tile));
        if (best < 3) failures.push(`${theme}: ${name} on ${ground} (${tile}): ${best.toFixed(2)}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test("without the rings, Blue on dark deep water fails: the rings are needed", () => {
  const deep = grounds(THEMES["JupyterLab Dark"], "#ffffff")["deep tile"];
  assert.ok(contrast(OKABE_ITO.blue, deep) < 3);
  assert.ok(contrast(OUTLINE, deep) < 3, "a black outline alone is lost there too");
  assert.ok(contrast(RIM, deep) >= 3);
});
