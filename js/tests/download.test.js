import { test } from "node:test";
import assert from "node:assert/strict";
import { downloadOf, downloads, liteWithoutFiles, offerDownload, underVoila } from "../shared/download.js";
import { messages } from "../shared/protocol.js";

/** Just enough of a page: a body with or without Voilà's data-voila, a JupyterLite config
 * script or not, and the links made. */
function page(voila, lite = false) {
  const made = [];
  const body = {
    attrs: voila ? { "data-voila": "voila" } : {},
    hasAttribute(name) { return name in this.attrs; },
    children: [],
    append(node) { this.children.push(node); node.parent = this; },
  };
  return {
    body,
    made,
    querySelector(selector) {
      return lite && selector === "script[data-jupyter-lite-root]" ? { id: "jupyter-config-data" } : null;
    },
    createElement(tag) {
      const node = {
        tag, clicks: [],
        click() { this.clicks.push({ href: this.href, download: this.download, inPage: body.children.includes(this) }); },
        remove() { body.children.splice(body.children.indexOf(this), 1); },
      };
      made.push(node);
      return node;
    },
  };
}

const SAVE = { type: "download", name: "croak-2026-12-01-1432.pondsave.json", text: '{"format": "pondwidgets-save"}\n' };

test("a Voilà page is told by its body's data-voila, which JupyterLab's page lacks", () => {
  assert.equal(underVoila(page(true)), true);
  assert.equal(underVoila(page(false)), false);
  assert.equal(underVoila(undefined), false, "no document at all (a test, a worker)");
  assert.equal(underVoila({ body: null }), false);
});

test("Save asks for a download only under Voilà", () => {
  assert.deepEqual(messages.save(), { type: "save" });
  assert.deepEqual(messages.save(false), { type: "save" });
  assert.deepEqual(messages.save(true), { type: "save", download: true });
  assert.equal(downloads(page(false)).ask(), false);
  assert.equal(downloads(page(true)).ask(), true);
});

test("a JupyterLite page with no service worker downloads its saves; one with it does not", () => {
  const worker = { serviceWorker: { controller: {} } };
  const none = { serviceWorker: { controller: null } };
  const insecure = {};  // plain HTTP from a LAN address: navigator has no serviceWorker
  assert.equal(liteWithoutFiles(page(false, true), worker), false, "its kernel's files reach the file browser");
  assert.equal(liteWithoutFiles(page(false, true), none), true);
  assert.equal(liteWithoutFiles(page(false, true), insecure), true);
  assert.equal(liteWithoutFiles(page(false, false), insecure), false, "JupyterLab writes beside the notebook");
  assert.equal(downloads(page(false, true), insecure).ask(), true);
  assert.equal(downloads(page(false, true), worker).ask(), false);
  assert.equal(downloads(page(false, false), insecure).ask(), false);
});

test("only a well-formed download message is one", () => {
  assert.deepEqual(downloadOf(SAVE), { name: SAVE.name, text: SAVE.text });
  assert.equal(downloadOf({ type: "private", serial: 1, view: {} }), null);
  assert.equal(downloadOf({ ...SAVE, text: 3 }), null);
  assert.equal(downloadOf({ ...SAVE, name: "../../.bashrc" }), null, "a plain save name only");
  assert.equal(downloadOf({ ...SAVE, name: "notes.txt" }), null);
  assert.equal(downloadOf(null), null);
});

test("the save is downloaded by a one-off link to a Blob of its text, named as Python says", async () => {
  const doc = page(true);
  offerDownload(SAVE, doc);
  const [link] = doc.made;
  assert.equal(link.tag, "a");
  assert.equal(link.clicks.length, 1);
  assert.equal(link.clicks[0].download, SAVE.name);
  assert.match(link.clicks[0].href, /^blob:/);
  assert.equal(link.clicks[0].inPage, true, "clicked while in the page (Firefox needs it)");
  assert.deepEqual(doc.body.children, [], "and gone after");
});

test("the view whose Save was pressed downloads once; another view of the board does not", () => {
  const doc = page(true);
  const pressed = downloads(doc);
  const other = downloads(doc);
  pressed.ask();
  assert.equal(other.receive(SAVE), true, "a download message, consumed");
  assert.equal(doc.made.length, 0, "the view that did not press offers nothing");
  assert.equal(pressed.receive(SAVE), true);
  assert.equal(doc.made.length, 1);
  assert.equal(pressed.receive(SAVE), true);
  assert.equal(doc.made.length, 1, "once per press");
  assert.equal(pressed.receive({ type: "private", serial: 2, view: {} }), false, "other messages go on");
});
