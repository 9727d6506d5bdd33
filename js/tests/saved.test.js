import { test } from "node:test";
import assert from "node:assert/strict";
import { keepSavedBoards, modelsToSave, named, shownModels } from "../shared/saved.js";

const VIEW = "application/vnd.jupyter.widget-view+json";

function model(id, { live = false, state = {} } = {}) {
  return { model_id: id, comm_live: live, get_state: () => state };
}

/** A notebook model as JupyterLab's: cells, each with outputs, by index. */
function notebook(...cells) {
  const list = (items) => ({ length: items.length, get: (i) => items[i] });
  return { cells: list(cells.map((ids) => ({ outputs: list(ids.map((id) => ({ data: { [VIEW]: { model_id: id } } }))) }))) };
}

/** The widget manager as jupyterlab-manager's: it saves the live models only. */
function manager(models, shown) {
  return {
    _modelsSync: new Map(models.map((m) => [m.model_id, m])),
    context: { model: shown },
    get_state_sync() {
      const state = {};
      for (const m of this._modelsSync.values()) if (m.comm_live) state[m.model_id] = m.get_state(true);
      return { state };
    },
  };
}

// A notebook opened from its file: board b1 was run again (live, b1 replaced old1), board
// old2 is drawn from the file with its bundle and layout; old3 is no longer shown.
function opened() {
  const layout = model("lay2");
  return [
    model("b1", { live: true, state: { _bundle: "IPY_MODEL_bundle1", view: { decisions: 3 } } }),
    model("bundle1", { live: true }),
    model("old1", { state: { _bundle: "IPY_MODEL_bundle0" } }),
    model("old2", { state: { _bundle: "IPY_MODEL_bundle0", layout, view: { decisions: 0 } } }),
    model("bundle0", { state: { esm: "…" } }),
    layout,
    model("old3", { state: { _bundle: "IPY_MODEL_bundle0" } }),
  ];
}

test("a save keeps the boards drawn from the file that the notebook still shows", () => {
  const models = opened();
  const widgets = manager(models, notebook(["b1"], [], ["old2"]));
  assert.deepEqual(Object.keys(widgets.get_state_sync().state), ["b1", "bundle1"],
    "the widget manager alone saves the live models only: old2 would be lost");
  assert.equal(keepSavedBoards(widgets), true);
  const saved = widgets.get_state_sync({ drop_defaults: true });
  assert.deepEqual(Object.keys(saved.state).sort(), ["b1", "bundle0", "bundle1", "lay2", "old2"]);
  assert.deepEqual(saved.state.old2.view, { decisions: 0 }, "as the file had it");
  assert.deepEqual(models.filter((m) => m.comm_live).map((m) => m.model_id), ["b1", "bundle1"],
    "the models drawn from the file are not live afterwards");
});

test("a manager is hooked once, and only the widget manager it knows", () => {
  const widgets = manager(opened(), notebook(["old2"]));
  assert.equal(keepSavedBoards(widgets), true);
  assert.equal(keepSavedBoards(widgets), false, "each board hooks the page's manager: once");
  assert.deepEqual(Object.keys(widgets.get_state_sync().state).sort(),
    ["b1", "bundle0", "bundle1", "lay2", "old2"]);
  assert.equal(keepSavedBoards(undefined), false);
  assert.equal(keepSavedBoards({ get_state_sync() {} }), false, "no _modelsSync: left alone");
});

test("where the notebook cannot be read, every model drawn from the file is kept", () => {
  const models = new Map(opened().map((m) => [m.model_id, m]));
  assert.equal(shownModels(undefined), null);
  assert.equal(shownModels({ cells: [] }), null);
  assert.deepEqual([...modelsToSave(models, null)].sort(),
    ["b1", "bundle0", "bundle1", "lay2", "old1", "old2", "old3"]);
});

test("the models a state names: references and unpacked models, nested", () => {
  const layout = model("lay");
  assert.deepEqual([...named({ a: "IPY_MODEL_x", b: ["IPY_MODEL_y", { c: layout }], d: "x" })],
    ["x", "y", "lay"]);
  assert.deepEqual([...named("IPY_MODEL_z")], ["z"]);
  assert.deepEqual([...named({ n: 3, s: null, t: "text" })], []);
  assert.deepEqual([...shownModels(notebook(["a", "b"], [], ["c"]))], ["a", "b", "c"]);
});
