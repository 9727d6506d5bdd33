import { test } from "node:test";
import assert from "node:assert/strict";
import {
  chanceText, decisionButtons, fliesText, frogName, landingNotation, landingTargets, padHint, padLabel,
  padWords, pushOffer, shownDice, whereText,
} from "../splashdown/labels.js";
import { KEEP, NO_PUSH, PUSH, REROLL, ROLL, decision, to } from "./splashdown-moves.js";
import { animateChance } from "../splashdown/panels.js";
import { FROG_SHAPES, frogShape, frogSlots } from "../splashdown/drawings.js";

const frog = (seat, name, pad, more = {}) => ({
  seat, name, pad, lives: 5, flies: 0, sets: [], home: false, out: false, left_home: true, ...more,
});

const VIEW = {
  phase: "move", is_over: false, to_act: [0], playing: 0, names: ["Ada", "Bob", "Cy"],
  legal: [to("3b"), to("2b"), to("home")],
  map: {
    pads: {
      home: { colour: "home", flies: 0, printed: 0 },
      "2b": { colour: "dark-green", flies: 2, printed: 2 },
      "3b": { colour: "red", flies: 0, printed: 0 },
      "4": { colour: "yellow", flies: 0, printed: 0 },
      "5": { colour: "dark-green", flies: 0, printed: 3 },
      "6": { colour: "green", flies: 0, printed: 0 },
    },
  },
  frogs: [frog(0, "Ada", "3b"), frog(1, "Bob", "3b"), frog(2, "Cy", null, { out: true, lives: 0 })],
};

test("a pad's name says its colour, what it does, its flies and its frogs", () => {
  assert.equal(padLabel(VIEW, "3b"), "3b: red pad, costs a life; Ada's frog (to play), Bob's frog");
  assert.equal(padLabel(VIEW, "2b"), "2b: dark-green pad, 2 flies, safe, nobody on it can be pushed");
  assert.equal(padLabel(VIEW, "4"), "4: yellow pad, a coin: tails costs a life");
  assert.equal(padLabel(VIEW, "5"), "5: dark-green pad, no flies left, safe, nobody on it can be pushed");
  assert.equal(padLabel(VIEW, "6"), "6: green pad, safe");
  assert.equal(padLabel(VIEW, "home"), "home: Home");
  assert.equal(padLabel(VIEW, "2b", { target: true }), "2b: dark-green pad, 2 flies, safe, nobody on it can be pushed, you may land here");
  assert.equal(padLabel({ ...VIEW, is_over: true }, "3b", { pushed: true }),
    "3b: red pad, costs a life; Ada's frog, Bob's frog, the push is offered here");
  assert.equal(padWords("9", { colour: "dark-green", flies: 0, printed: 0 }), "dark-green pad, no flies, safe, nobody on it can be pushed");
});

test("a frog out of the game is on no pad; one back home says so", () => {
  const view = { ...VIEW, to_act: [1], frogs: [frog(0, "Ada", "home", { home: true, flies: 3 }), VIEW.frogs[2]] };
  assert.equal(padLabel(view, "home"), "home: Home; Ada's frog (back home with 3 flies)");
  assert.equal(frogName(view, 2), "Cy");
  assert.equal(frogName({ names: ["A", "B"] }, 1), "B");
  assert.equal(frogName({}, 4), "Seat 4");
});

test("the landing targets are exactly the `to` moves of view.legal, each with its text", () => {
  assert.deepEqual([...landingTargets(VIEW.legal)], [["3b", "to 3b"], ["2b", "to 2b"], ["home", "to home"]]);
  assert.deepEqual([...landingTargets([ROLL, KEEP])], []);
  assert.deepEqual([...landingTargets(undefined)], []);
  assert.deepEqual([...landingTargets(["to 1", null, { kind: "to", pad: "1" }])], [],
    "only moves as Python sends them: notation alone is not read");
  assert.equal(landingNotation("5b"), "to 5b", "a landing no legal move offers, for Python to refuse");
});

test("the other decisions become buttons, in Python's order", () => {
  assert.deepEqual(decisionButtons([ROLL], "roll").map((b) => b.text), ["Roll"]);
  assert.deepEqual(decisionButtons([ROLL], "push-roll").map((b) => b.text), ["Roll for the push"]);
  assert.deepEqual(decisionButtons([KEEP, REROLL], "reroll").map((b) => [b.move, b.text]),
    [["keep", "Keep"], ["reroll", "Roll again"]]);
  assert.deepEqual(decisionButtons([PUSH, NO_PUSH], "push").map((b) => [b.move, b.text]),
    [["push", "Push"], ["no push", "No push"]]);
  assert.deepEqual(decisionButtons([to("1"), to("2a")], "move"), []);
  assert.equal(decisionButtons([decision("dance")], "roll")[0].text, "dance", "an unknown move still gets its button");
});

test("the push offer names the frogs, the pad and each outcome with its odds", () => {
  const view = { ...VIEW, phase: "push", push: { pad: "3b", frogs: [1], from: "2b" } };
  const offer = pushOffer(view, { success: "1/2", fail: "1/3", "fail, and a life lost": "1/6" });
  assert.equal(offer.title, "Push Bob's frog off 3b?");
  assert.deepEqual(offer.lines.map((l) => l.odds), ["1/2", "1/3", "1/6"]);
  assert.match(offer.lines[0].text, /^2, 4 or 6: it works/);
  assert.equal(offer.lines[1].text, "3 or 5: it fails, you go back to 2b");
  assert.equal(offer.lines[2].text, "1: it fails, you go back to 2b and lose a life");
  const without = pushOffer({ ...view, phase: "push-roll", push: { pad: "3b", frogs: [1, 2] } });
  assert.equal(without.title, "Pushing Bob's frog and Cy's frog off 3b: roll the frog die.");
  assert.deepEqual(without.lines.map((l) => l.odds), [null, null, null]);
  assert.match(without.lines[1].text, /where you came from/);
  assert.equal(pushOffer(VIEW), null);
});

test("the die, the coin and the push roll in words", () => {
  const die = { ...VIEW, last_chance: { kind: "die", value: 4, seat: 0, decision: 3 }, dice: [4] };
  assert.equal(chanceText(die), "Ada rolled 4.");
  const first = { ...die, last_chance: { kind: "die", value: 5, seat: 0, decision: 1 }, dice: [2, 5] };
  assert.equal(chanceText(first), "Ada rolled 2 and 5: the 5 counts.");
  assert.deepEqual(shownDice(first), [2, 5]);
  const coin = (value) => ({ ...VIEW, last_chance: { kind: "coin", value, seat: 1, decision: 7 } });
  assert.equal(chanceText(coin("tails")), "Bob's coin: tails, a life lost.");
  assert.equal(chanceText(coin("heads")), "Bob's coin: heads, safe.");
  assert.deepEqual(shownDice(coin("heads")), []);
  const push = (value) => ({ ...VIEW, last_chance: { kind: "push", value, seat: 1, decision: 9 } });
  assert.equal(chanceText(push(4)), "Bob's push roll: 4, even: the push succeeds.");
  assert.equal(chanceText(push(3)), "Bob's push roll: 3, odd: the push fails.");
  assert.equal(chanceText(push(1)), "Bob's push roll: 1, the push fails and Bob loses a life.");
  assert.deepEqual(shownDice(push(1)), [1]);
  assert.equal(chanceText({ ...VIEW, last_chance: null }), "");
});

test("the die and the coin speak to the view's own person as you", () => {
  const own = (kind, value, seat) => ({ ...VIEW, seat: 0, people: [0], last_chance: { kind, value, seat, decision: 3 } });
  assert.equal(chanceText(own("die", 4, 0)), "You rolled 4.");
  assert.equal(chanceText({ ...own("die", 5, 0), dice: [2, 5] }), "You rolled 2 and 5: the 5 counts.");
  assert.equal(chanceText(own("coin", "tails", 0)), "Your coin: tails, a life lost.");
  assert.equal(chanceText(own("push", 1, 0)), "Your push roll: 1, the push fails and you lose a life.");
  assert.equal(chanceText(own("die", 4, 1)), "Bob rolled 4.", "another seat keeps its name");
  assert.equal(chanceText({ ...own("die", 4, 0), seat: null }), "Ada rolled 4.", "a spectator reads names");
  assert.equal(chanceText({ ...own("die", 4, 0), people: [0, 1] }), "Ada rolled 4.",
    "several people at one screen read names");
});

test("the die animates only for a new roll, never first, never under reduced motion", () => {
  const chance = { kind: "die", value: 3, seat: 0, decision: 5 };
  assert.equal(animateChance(4, chance), true);
  assert.equal(animateChance(5, chance), false, "the same roll, drawn again");
  assert.equal(animateChance(undefined, chance, { first: true }), false);
  assert.equal(animateChance(4, chance, { reduced: true }), false);
  assert.equal(animateChance(4, null), false);
});

test("the players' lines", () => {
  assert.equal(whereText(frog(0, "Ada", "3b")), "On 3b");
  assert.equal(whereText(frog(0, "Ada", "home", { left_home: false })), "At Home, not yet left");
  assert.equal(whereText(frog(0, "Ada", "home", { home: true })), "Back home: its flies are banked");
  assert.equal(whereText(frog(0, "Ada", null, { out: true })), "Out of the game");
  assert.equal(fliesText(frog(0, "Ada", "4", { flies: 3, sets: [{ pad: "2b", flies: 2 }, { pad: "5", flies: 1 }] })),
    "Flies: 3 (2 from 2b, 1 from 5)");
  assert.equal(fliesText(frog(0, "Ada", "home", { home: true, flies: 2, sets: [{ pad: "2b", flies: 2 }] })),
    "Flies banked: 2 (2 from 2b)");
  assert.equal(fliesText(frog(0, "Ada", "4")), "Flies: none");
});

test("a click on a pad out of the move phase says what to do instead", () => {
  assert.match(padHint({ ...VIEW, phase: "roll" }), /^Roll the die first/);
  assert.match(padHint({ ...VIEW, phase: "push" }), /^Push or not first/);
  assert.match(padHint({ ...VIEW, playing: null }), /not your turn/);
  assert.equal(padHint({ ...VIEW, is_over: true }), "The game is over.");
});

test("six seats, six shapes; frogs on one pad stand side by side", () => {
  assert.equal(new Set([0, 1, 2, 3, 4, 5].map(frogShape)).size, 6);
  assert.deepEqual(FROG_SHAPES.slice(0, 4), ["circle", "square", "triangle", "diamond"]);
  for (let n = 1; n <= 6; n++) {
    const slots = frogSlots(n);
    assert.equal(slots.length, n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        // A frog is 40 units wide and 36 high, scaled to its slot's width.
        const [a, b] = [slots[i], slots[j]];
        const apart = Math.abs(a[0] - b[0]) >= (a[2] + b[2]) / 2 - 0.5
          || Math.abs(a[1] - b[1]) >= (0.9 * (a[2] + b[2])) / 2 - 0.5;
        assert.ok(apart, `${n} frogs do not overlap`);
      }
    }
  }
});
