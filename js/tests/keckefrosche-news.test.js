import { test } from "node:test";
import assert from "node:assert/strict";
import {
  announcement, biotopesTouched, chipsWon, leavingText, newItems, newsCard, newsItems, newsKey, storksLeaving, wonText,
} from "../keckefrosche/news.js";

// Python's view.news (pondwidgets/keckefrosche/README.md, "The view"): Ada's Draw drew a
// bang frog that took a stork of Bob's, then Bob won a chip.
const BANG = {
  id: "5.0", kind: "bang", seat: 0, card: "bang", biotope: null, losers: [1],
  text: "Ada drew a bang frog: Bob had the most storks (2) and lost one to the box.",
};
const CHIP = {
  id: "7.0", kind: "chip", seat: 1, card: "bank-2", biotope: null, losers: [],
  text: "Bob laid a Mudpuddle Max next to an identical one and won a chip (face down).",
};
const BLOCKED = {
  id: "9.1", kind: "blocked", seat: 1, card: "stork", biotope: "water", losers: [],
  text: "Bob laid a stork from the box under water: that biotope is blocked.",
};

test("the strip shows the view's items that can be drawn, in Python's order", () => {
  assert.deepEqual(newsItems({ news: [BANG, CHIP] }), [BANG, CHIP]);
  assert.deepEqual(newsItems({}), []);
  // An item of an unknown kind, or without words, is not drawn
  assert.deepEqual(newsItems({ news: [null, { kind: "secret", text: "x" }, { kind: "chip", text: "" }, CHIP] }), [CHIP]);
});

test("each item is announced once: only the items new since the last view", () => {
  const shown = [BANG].map(newsKey);
  // The bot won a chip: the bang frog, still shown, is not said again
  assert.deepEqual(newItems(shown, [BANG, CHIP]), [CHIP]);
  assert.equal(announcement(newItems(shown, [BANG, CHIP])), CHIP.text);
  // The same view again (an option changed): nothing to say
  assert.deepEqual(newItems([BANG, CHIP].map(newsKey), [BANG, CHIP]), []);
  assert.equal(announcement([]), "");
  // Several new at once are said one after another
  assert.equal(announcement(newItems([], [BANG, CHIP])), `${BANG.text} ${CHIP.text}`);
  // An undo that reuses an id for other words: those are new
  assert.deepEqual(newItems(shown, [{ ...BANG, text: "Ada drew a bang frog: nobody had a stork, so nobody lost one." }]).length, 1);
});

test("the board marks the storks leaving each display, the chips won and the biotopes touched", () => {
  const tie = { ...BANG, id: "8.0", losers: [0, 1] };
  assert.deepEqual([...storksLeaving([BANG, tie, CHIP])], [[1, 2], [0, 1]]);
  assert.deepEqual([...storksLeaving([{ ...BANG, losers: [] }])], []);
  assert.deepEqual([...chipsWon([BANG, CHIP, { ...CHIP, id: "7.1" }])], [[1, 2]]);
  assert.deepEqual([...chipsWon([{ ...CHIP, kind: "no-chip" }])], []);  // no chip: no mark
  assert.deepEqual([...biotopesTouched([BLOCKED, { ...BLOCKED, kind: "returned", biotope: "bank" }, CHIP])], ["water", "bank"]);
  assert.equal(leavingText(1), "to the box");
  assert.equal(leavingText(2), "2 to the box");
  assert.equal(wonText(1), "chip won");
  assert.equal(wonText(3), "3 chips won");
});

test("an item shows its card: the bang frog, a stork or the frog laid; none for the phase", () => {
  assert.equal(newsCard(BANG), "bang");
  assert.equal(newsCard(BLOCKED), "stork");
  assert.equal(newsCard(CHIP), "bank-2");
  assert.equal(newsCard({ kind: "phase", card: null }), null);
  assert.equal(newsCard({ kind: "chip", card: "<img>" }), null);
});
