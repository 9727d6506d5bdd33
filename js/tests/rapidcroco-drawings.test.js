import { test } from "node:test";
import assert from "node:assert/strict";
import { bodyWidth, criterionCard, crocCard, emptySite, hippoCard, skinLetter } from "../rapidcroco/drawings.js";

// Just enough of a DOM for the drawings: elements with attributes, children and text.
class Node {
  constructor(tag, text = null) {
    this.tag = tag;
    this.text = text;
    this.attrs = {};
    this.children = [];
  }

  setAttribute(name, value) { this.attrs[name] = value; }

  getAttribute(name) { return this.attrs[name] ?? null; }

  append(...nodes) { this.children.push(...nodes); }

  get textContent() { return this.text ?? this.children.map((c) => c.textContent).join(""); }

  *walk() {
    yield this;
    for (const child of this.children) yield* child.walk();
  }

  find(predicate) { return [...this.walk()].filter(predicate); }
}

globalThis.document = {
  createElementNS: (ns, tag) => new Node(tag),
  createElement: (tag) => new Node(tag),
  createTextNode: (text) => new Node("#text", text),
};

const hasClass = (name) => (node) => (node.attrs.class || "").split(" ").includes(name);
const croc = (more = {}) => ({
  kind: "croc", name: "Lady Lagoon", gender: "female", skin: "blue", build: "thin",
  glasses: "glasses", hat: "no hat", site: "c3", arm: "left", turn: 0, ...more,
});

test("each trait has a cue beyond colour", () => {
  assert.ok(bodyWidth("fat") >= 1.8 * bodyWidth("thin"), "fat and thin differ by shape");
  assert.equal(skinLetter("green"), "G");
  assert.equal(skinLetter("blue"), "B");
  const card = crocCard(croc());
  assert.equal(card.find(hasClass("rc-letter"))[0].textContent, "B");
  assert.equal(card.find(hasClass("rc-glasses")).length, 1);
  assert.equal(card.find(hasClass("rc-hat")).length, 0);
  const other = crocCard(croc({ glasses: "no glasses", hat: "hat", skin: "green" }));
  assert.equal(other.find(hasClass("rc-glasses")).length, 0);
  assert.equal(other.find(hasClass("rc-hat")).length, 1);
  assert.equal(other.find(hasClass("rc-letter"))[0].textContent, "G");
  // The female and male signs are different shapes.
  const sign = (gender) => JSON.stringify(crocCard(croc({ gender })).find(hasClass("rc-sign"))[0].children.map((c) => c.attrs));
  assert.notEqual(sign("female"), sign("male"));
});

test("the arrow points where the arm points on the table; nothing else turns", () => {
  const angles = { right: 0, down: 90, left: 180, up: 270 };
  for (const [arm, angle] of Object.entries(angles)) {
    for (const turn of [0, 1, 2, 3]) {
      const card = crocCard(croc({ arm, turn }));
      const arrows = card.find(hasClass("rc-arrow"));
      assert.equal(arrows.length, 1);
      assert.equal(arrows[0].attrs["data-arm"], arm);
      assert.match(arrows[0].attrs.transform, new RegExp(`rotate\\(${angle}\\)`));
      const rotated = card.find((n) => n !== arrows[0] && /rotate/.test(n.attrs.transform || ""));
      assert.deepEqual(rotated, [], "the Croc and its traits stay upright");
      const marks = card.find(hasClass("rc-turn"));
      assert.equal(marks.length, turn ? 1 : 0, "a turned card has its corner mark");
      if (turn) assert.equal(marks[0].textContent, ["", "90°", "180°", "270°"][turn]);
    }
  }
});

test("Hippos, empty sites and hand cards", () => {
  assert.equal(hippoCard().find(hasClass("rc-face-hippo")).length, 1);
  assert.equal(hippoCard().find(hasClass("rc-arrow")).length, 0);
  assert.equal(emptySite().find(hasClass("rc-empty")).length, 1);
  const inHand = crocCard(croc(), { arm: null, turn: 0 });
  assert.equal(inHand.find(hasClass("rc-arrow")).length, 0);
  for (const picture of [crocCard(croc()), hippoCard(), emptySite()]) {
    assert.equal(picture.attrs["aria-hidden"], "true", "the label says it in words");
  }
});

test("criteria: 'no glasses' and 'no hat' are crossed out; backs show a question mark", () => {
  const strikes = (trait, face) => criterionCard(trait, face).find(hasClass("rc-strike")).length;
  assert.equal(strikes("glasses", "glasses"), 0);
  assert.equal(strikes("glasses", "no glasses"), 1);
  assert.equal(strikes("hat", "hat"), 0);
  assert.equal(strikes("hat", "no hat"), 1);
  assert.equal(criterionCard("gender", null).find(hasClass("rc-back")).length, 1);
  assert.equal(criterionCard("skin", "green").find(hasClass("rc-letter"))[0].textContent, "G");
});

test("glasses read from afar: a rim as heavy as the hat's brim, a light lens, a halo", async () => {
  const { readFile } = await import("node:fs/promises");
  const css = await readFile(new URL("../rapidcroco/rapidcroco.css", import.meta.url), "utf8");
  const rule = (selector) => {
    const at = css.indexOf(`${selector} {`);
    assert.ok(at >= 0, `a rule for ${selector}`);
    return css.slice(at, css.indexOf("}", at));
  };
  const brim = crocCard(croc({ hat: "hat" })).find(hasClass("rc-hat"))[0].children[0].attrs.height;
  for (const skin of ["green", "blue"]) {
    const glasses = crocCard(croc({ skin })).find(hasClass("rc-glasses"))[0];
    const rim = Number(glasses.attrs["stroke-width"]);
    assert.ok(rim >= 4 && rim >= brim, `rim ${rim} as heavy as the hat's brim ${brim}`);
    assert.ok(rim > 3.2, "heavier than the gender sign's line");
    assert.equal(glasses.find(hasClass("rc-lens")).length, 2, "two lenses");
    const halo = glasses.find(hasClass("rc-glasses-halo"))[0];
    assert.ok(Number(halo.attrs["stroke-width"]) > rim, "a halo wider than the rim under it");
  }
  const big = criterionCard("glasses", "glasses").find(hasClass("rc-glasses-big"))[0];
  assert.ok(Number(big.attrs["stroke-width"]) >= 6);
  assert.equal(big.find(hasClass("rc-lens")).length, 2);
  // The colours: a dark rim, a light lens and a light halo, fixed (the skin does not
  // change with the theme); no stroke-width in CSS, which would override the attributes.
  assert.match(rule(".rc-glasses"), /stroke: #111111;/);
  assert.doesNotMatch(css, /rc-glasses[^{]*\{[^}]*stroke-width/);
  assert.match(rule(".rc-glasses .rc-lens"), /fill: #ffffff;/);
  assert.match(rule(".rc-glasses .rc-glasses-halo"), /stroke: #ffffff;/);
});
