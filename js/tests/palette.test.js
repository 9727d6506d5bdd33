import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { OKABE_ITO, ownSeat, seatColours, seatName, seatShape } from "../shared/palette.js";
import { maleMark } from "../croak/males.js";

const named = (...colours) => colours.map((colour) => ({ colour }));

test("the default seat colours map to Okabe-Ito", () => {
  assert.deepEqual(seatColours(named("blue", "green", "pink", "red")),
    ["#0072B2", "#009E73", "#CC79A7", "#D55E00"]);
});

test("names are read loosely", () => {
  assert.deepEqual(seatColours(named(" Orange", "SKY")), ["#E69F00", "#56B4E9"]);
});

test("unknown names fall back by seat, never on a colour already used", () => {
  assert.deepEqual(seatColours(named("mauve", "taupe")), ["#0072B2", "#009E73"]);
  assert.deepEqual(seatColours(named("green", "taupe")), ["#009E73", "#CC79A7"]);
  assert.deepEqual(seatColours(named("blue", "x", "y", "z")), ["#0072B2", "#009E73", "#CC79A7", "#D55E00"]);
});

test("two names for one colour still give two colours", () => {
  const [first, second] = seatColours(named("pink", "purple"));
  assert.equal(first, "#CC79A7");
  assert.notEqual(second, first);
});

test("every seat of a 4-player game differs in shape too", () => {
  assert.equal(new Set([0, 1, 2, 3].map(seatShape)).size, 4);
});

test("Male pawns: pink and purple are told apart by their letters", () => {
  assert.deepEqual(maleMark("pink").letters, "Pi");
  assert.deepEqual(maleMark("purple").letters, "Pu");
  assert.deepEqual(maleMark("gold"), { fill: "#999999", letters: "go" });
});

test("seats are named from the view, and a seat it does not list still gets a name", () => {
  const players = [{ name: "Ada" }, { name: "Bob" }];
  assert.equal(seatName(players, 1), "Bob");
  assert.equal(seatName(players, 2), "Seat 2");
  assert.equal(seatName(undefined, 0), "Seat 0");
});

test("a view speaks as you to the seat Python names, else to its own seat alone at the screen", () => {
  assert.equal(ownSeat({ seat: 1, people: [1], you: 1 }), 1);
  assert.equal(ownSeat({ seat: 1, people: [1], you: null }), null, "a screen several people share");
  assert.equal(ownSeat({ seat: 1, people: [1] }), 1);
  assert.equal(ownSeat({ seat: 1, people: [] }), 1, "while someone else plays");
  assert.equal(ownSeat({ seat: 0, people: [0, 1] }), null);
  assert.equal(ownSeat({ seat: null, people: [] }), null, "a spectator");
  assert.equal(ownSeat(undefined), null);
});

test("the stylesheet's palette is the same as the script's", () => {
  const css = readFileSync(new URL("../shared/theme.css", import.meta.url), "utf8");
  const declared = Object.fromEntries([...css.matchAll(/--pw-oi-([a-z]+):\s*(#[0-9a-f]{6})/gi)]
    .map(([, name, hex]) => [name, hex.toUpperCase()]));
  assert.deepEqual(declared, { ...OKABE_ITO });
});
