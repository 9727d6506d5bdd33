import { test } from "node:test";
import assert from "node:assert/strict";
import { maleMark, seatColours, seatShape } from "../croak/palette.js";

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
