// Saved boards stay saved. With its `saveState` setting on (jupyter/overrides.json, which
// the course ships), JupyterLab's widget manager writes the widget state into the notebook
// when it is saved, but only that of models with a live kernel connection: a board drawn
// from the file, before its cell runs again, was dropped from the file, and the next open
// showed "Error displaying widget: model not found" in its place. Opening a notebook
// marks it changed, so an autosave a couple of minutes later did this to every board that
// had not been run again (jupyter-widgets/ipywidgets#3888; the open pull request #4015
// saves every model instead). The first board of a page hooks its widget manager so that a
// save also keeps the models drawn from the file that the notebook still shows, with the
// models they name (a board's bundle and layout); one whose output was replaced by a run
// goes, as before.

const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const PREFIX = "IPY_MODEL_";
const HOOKED = Symbol.for("pondwidgets.keepsSavedBoards");

/** The ids of the models the notebook's outputs show (`notebook`: JupyterLab's notebook
 * model), or null when it cannot be read. */
export function shownModels(notebook) {
  const cells = notebook?.cells;
  if (!cells || typeof cells.get !== "function") return null;
  const shown = new Set();
  for (let i = 0; i < cells.length; i++) {
    const outputs = cells.get(i)?.outputs;
    if (!outputs || typeof outputs.get !== "function") continue;
    for (let j = 0; j < outputs.length; j++) {
      const id = outputs.get(j)?.data?.[WIDGET_VIEW]?.model_id;
      if (typeof id === "string") shown.add(id);
    }
  }
  return shown;
}

/** The ids a model's state names: widget references ("IPY_MODEL_<id>") and models. */
export function named(state, found = new Set(), depth = 0) {
  if (typeof state === "string") {
    if (state.startsWith(PREFIX)) found.add(state.slice(PREFIX.length));
  } else if (state && typeof state === "object" && depth < 4) {
    if (typeof state.model_id === "string" && typeof state.get_state === "function") {
      found.add(state.model_id);  // a model itself (ipywidgets unpacks layout so)
    } else {
      for (const value of Object.values(state)) named(value, found, depth + 1);
    }
  }
  return found;
}

/** The ids of `models` (id -> model) to save: the live ones, as the widget manager saves,
 * and those the notebook shows (`shown`; null: all of them), with every model they name. */
export function modelsToSave(models, shown) {
  const keep = new Set();
  const todo = [];
  for (const [id, model] of models) {
    if (model.comm_live || shown === null || shown.has(id)) todo.push(id);
  }
  while (todo.length) {
    const id = todo.pop();
    const model = models.get(id);
    if (keep.has(id) || !model) continue;
    keep.add(id);
    todo.push(...named(model.get_state(false)));
  }
  return keep;
}

/** Hook a widget manager once: its `get_state_sync`, which saves only live models, saves
 * `modelsToSave` (each model drawn from the file is counted live while it serializes).
 * Returns whether it hooked it now. */
export function keepSavedBoards(manager) {
  if (!manager || manager[HOOKED] || typeof manager.get_state_sync !== "function") return false;
  if (!(manager._modelsSync instanceof Map)) return false;  // not the manager we know
  const save = manager.get_state_sync;
  manager[HOOKED] = true;
  manager.get_state_sync = function getStateSync(...args) {
    const models = this._modelsSync;
    const keep = modelsToSave(models, shownModels(this.context?.model));
    const lifted = [...models.values()].filter((m) => !m.comm_live && keep.has(m.model_id));
    for (const model of lifted) model.comm_live = true;
    try {
      return save.apply(this, args);
    } finally {
      for (const model of lifted) model.comm_live = false;
    }
  };
  return true;
}

// A board drawn from the file has no Python behind it until its cell runs again (or, in
// the JupyterLite site, before there is a kernel at all; in a static render, never): what
// it sends goes nowhere. anywidget hands a view a proxy of its model, without the
// connection, so the model itself is found in its manager by the identity of a trait's
// value (each model holds its own objects), and its `comm_live` asked at each click: it
// is false for a model drawn from the file, and becomes false when its kernel goes.
export const UNPLUGGED = "This board was saved with the notebook and has no Python behind it: run its cell (Shift+Enter) to play.";

/** The widget model behind an anywidget model proxy, found in its widget manager (`null`
 * when the manager is not one we know, or holds no such model). */
export function backingModel(proxy, trait = "view") {
  const manager = proxy.widget_manager;
  const same = (model) => model && typeof model.get === "function"
    && model.get(trait) === proxy.get(trait);
  if (manager?._modelsSync instanceof Map) {  // JupyterLab's, Voilà's and JupyterLite's
    const found = [...manager._modelsSync.values()].find(same);
    if (found) return Promise.resolve(found);
  }
  const all = manager?._models;  // every ipywidgets manager's (a static page's too)
  if (!all || typeof all !== "object") return Promise.resolve(null);
  return new Promise((resolve) => {
    const promises = Object.values(all).filter((p) => typeof p?.then === "function");
    for (const promise of promises) promise.then((model) => { if (same(model)) resolve(model); }, () => {});
    Promise.allSettled(promises).then(() => resolve(null));
  });
}

/** Whether a model found by `backingModel` has no kernel behind it (not known: false). */
export function unplugged(model) {
  return model !== null && model !== undefined && model.comm_live === false;
}
