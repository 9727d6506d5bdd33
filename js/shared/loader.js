// The _esm of every board, whatever its game: a loader of about 1 kB instead of
// the game's whole bundle, which anywidget would otherwise sync (and a saved notebook
// store) once per board. The game's code and CSS come once per kernel in a Bundle widget
// (pondwidgets/core/bundle.py) that the board names in its `_bundle` trait, a widget
// reference "IPY_MODEL_<id>". This module fetches that model from the widget manager,
// imports its code once per page, adds its CSS once per page, and hands initialize and
// render to the game's module, returning their cleanup functions to anywidget.

const PREFIX = "IPY_MODEL_";

// anywidget imports each board's _esm from a blob URL of its own, so every board runs its
// own copy of this module: what the boards share lives on globalThis.
const shared = (globalThis.__pondwidgetsBundles ??= new Map()); // code -> its module

export function modelId(ref) {
  if (typeof ref !== "string" || !ref.startsWith(PREFIX)) {
    throw new Error(`pondwidgets: this board names no bundle (${String(ref).slice(0, 40)})`);
  }
  return ref.slice(PREFIX.length);
}

// The board's Bundle model. (A widget manager's get_model waits a moment for a model it
// does not have yet: the order in which a page restores models does not matter.)
function bundleOf(model) {
  return model.widget_manager.get_model(modelId(model.get("_bundle")));
}

// The CSS once per page, under an id of the bundle's own (as anywidget does for _css):
// a later bundle of the same game replaces it. Every rule is scoped under .pw-*.
export function addCss(doc, name, css) {
  const id = `pondwidgets-${name}`;
  let style = doc.getElementById(id);
  if (!style) {
    style = Object.assign(doc.createElement("style"), { id });
    doc.head.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
}

// The game's module, imported once per page for each distinct code text.
export function importOnce(code, load = importText) {
  let module = shared.get(code);
  if (!module) {
    module = load(code).then((m) => m.default);
    module.catch(() => shared.delete(code)); // a failed import may be tried again
    shared.set(code, module);
  }
  return module;
}

async function importText(code) {
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  try {
    return await import(/* webpackIgnore: true */ url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function gameModule(model) {
  const bundle = await bundleOf(model);
  addCss(document, bundle.get("name"), bundle.get("css"));
  return importOnce(bundle.get("esm"));
}

export default {
  async initialize(args) {
    const game = await gameModule(args.model);
    return game.initialize?.(args);
  },
  async render(args) {
    const game = await gameModule(args.model);
    return game.render?.(args);
  },
};
