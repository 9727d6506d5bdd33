// The messages a board sends to Python, one builder each (pondwidgets/core/README.md,
// "Messages from the browser"), and the private views Python sends back by custom message
// over hidden hands: kept apart from the synced view, drawn only when their serial is its.

/** Every message the board sends to Python, one builder each (the README's table). */
export const messages = {
  /** A move, in the game's notation, made on the picture `view`; `seat` names the person
   * when several act at one screen (null or undefined: the board's one person). */
  move(view, move, seat = null) {
    const message = { type: "move", move, decisions: view.decisions };
    if (seat !== null && seat !== undefined) message.seat = seat;
    return message;
  },
  option: (name, value) => ({ type: "option", name, value }),
  undo: (view) => ({ type: "undo", decisions: view.decisions }),
  iam: (seat) => ({ type: "iam", seat }),
  ready: () => ({ type: "ready" }),
  /** "New game": the same options, a new seed (Python draws it and never sends it). */
  newGame: (view) => ({ type: "new_game", decisions: view.decisions }),
  /** "Save": Python writes the game as a file beside the notebook and says its name; with
   * `download` (under Voilà, which shows no files) it sends the save for the browser to
   * download instead (download.js). */
  save: (download = false) => (download ? { type: "save", download: true } : { type: "save" }),
  /** "Next round": the round's result has been read; the bots may start the next one. */
  nextRound: (view) => ({ type: "next_round", decisions: view.decisions }),
  /** "Start": this board's people are ready; a game against the clock starts once all are. */
  start: () => ({ type: "start" }),
};
/** How many private views a board keeps while their synced views are on the way. */
export const PRIVATE_KEPT = 8;

/** Keep a private view: Python's `{type: "private", serial, view}`, the view of the
 * person who has the device on a hot-seat board over hidden hands. It comes by a custom
 * message, never in a trait, so JupyterLab never saves it in the notebook. `privates`
 * maps serials to views; returns whether `content` was one. */
export function keepPrivate(privates, content) {
  if (content?.type !== "private" || !Number.isInteger(content.serial)) return false;
  if (typeof content.view !== "object" || content.view === null) return false;
  privates.set(content.serial, content.view);
  for (const serial of privates.keys()) {
    if (privates.size <= PRIVATE_KEPT) break;
    privates.delete(serial);
  }
  return true;
}

/** The view to draw: the private view whose serial is the synced view's, else the synced
 * view itself. A private view older than the synced view is stale and dropped: it is
 * never drawn, whatever order the messages came in. */
export function drawnView(synced, privates) {
  const view = synced || {};
  for (const serial of privates.keys()) if (!(serial >= view.serial)) privates.delete(serial);
  return (Number.isInteger(view.serial) && privates.get(view.serial)) || view;
}
