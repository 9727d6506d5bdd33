import { test } from "node:test";
import assert from "node:assert/strict";
import { addCss, importOnce, modelId } from "../shared/loader.js";

test("a board's _bundle reference gives the Bundle model's id", () => {
  assert.equal(modelId("IPY_MODEL_abc123"), "abc123");
  assert.throws(() => modelId(null), /names no bundle/);
  assert.throws(() => modelId("abc123"), /names no bundle/);
});

test("each bundle's code is imported once, however many boards ask", async () => {
  const imported = [];
  const load = async (code) => { imported.push(code); return { default: { code } }; };
  const [a, b, c] = await Promise.all([
    importOnce("code one", load), importOnce("code one", load), importOnce("code two", load)]);
  assert.equal(a, b);
  assert.deepEqual([a.code, c.code], ["code one", "code two"]);
  assert.deepEqual(imported, ["code one", "code two"]);
});

test("a failed import is tried again by the next board", async () => {
  let calls = 0;
  const load = async () => { calls += 1; if (calls === 1) throw new Error("no"); return { default: 7 }; };
  await assert.rejects(importOnce("flaky", load));
  assert.equal(await importOnce("flaky", load), 7);
});

test("a bundle's CSS is added once per page, and replaced by a newer one", () => {
  const head = [];
  const doc = {
    head: { append: (el) => head.push(el) },
    getElementById: (id) => head.find((el) => el.id === id) ?? null,
    createElement: () => ({}),
  };
  addCss(doc, "croak", ".pw-croak{}");
  addCss(doc, "croak", ".pw-croak{}");
  addCss(doc, "rapidcroco", ".pw-rapidcroco{}");
  addCss(doc, "croak", ".pw-croak{color:red}");
  assert.deepEqual(head.map((el) => [el.id, el.textContent]),
    [["pondwidgets-croak", ".pw-croak{color:red}"], ["pondwidgets-rapidcroco", ".pw-rapidcroco{}"]]);
});
