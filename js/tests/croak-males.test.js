import { test } from "node:test";
import assert from "node:assert/strict";
import { malePawnText } from "../croak/males.js";

test("a Male pawn chip says what the pawn is for", () => {
  assert.equal(malePawnText("red"),
    "Red Male pawn: your Queen has a baby Servant when she lands on a red Male");
  assert.match(malePawnText("purple"), /^Purple Male pawn: .* a purple Male$/);
});
