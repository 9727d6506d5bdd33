// What a board's frame says, read from Python's view: the status line, the hint that
// answers a click, the one message shown, the undo button's title, when "New game" asks
// first, and whom the device is passed to. Pure functions of the view, tested in Node.

/** Whether the undo button may be used. Python decides (`view.can_undo`) with the very
 * check that accepts or refuses the undo message: this board's own last decision, above
 * the undo floor, on a board that offers undo. */
export function canUndo(view) {
  return view.can_undo === true;
}

/** The undo button's tooltip and accessible description: what it does, or why it is off
 * (`view.undo_why`: Python's own words, the very refusal an undo message would get). */
export function undoTitle(view) {
  if (canUndo(view)) return "Take back your last decision (never past something turned over or another player's move)";
  return typeof view.undo_why === "string" && view.undo_why ? `Undo is off: ${view.undo_why}` : "Undo is off";
}

/** The "Next round" text while the table waits for a person to start the next round
 * (Python's `view.next_round`), else null: the button is shown exactly then. */
export function nextRoundText(view) {
  return typeof view.next_round === "string" && view.next_round ? view.next_round : null;
}

/** The "Start" text while a game against the clock waits for this board's people
 * (Python's `view.start`), else null: the Start button is shown exactly then. */
export function startText(view) {
  return typeof view.start === "string" && view.start ? view.start : null;
}

/** What the board waits for a person to press, in words ("Press Start…", "Press Next
 * round…"), else null. */
function awaited(view) {
  return startText(view) ?? nextRoundText(view);
}

/** The status line: Python's "Press Start…" before a game against the clock, its "Press
 * Next round…" while the table waits between rounds, its "Green (a bot) is thinking…"
 * while only bots may act and this board waits, else the game's prompt for the seat shown. */
export function statusText(view) {
  if (awaited(view)) return awaited(view);
  return typeof view.thinking === "string" && view.thinking ? view.thinking : view.prompt ?? "";
}

/** The text a local hint shows: on the pass screen, while bots think, or while the table
 * waits for Next round, every click that sends nothing answers what the board waits for (a
 * game's "not now" hint would read like a mistake). */
export function hintText(view, text) {
  if (!text) return "";
  const next = passTo(view);
  if (next) return `Pass the device to ${next.name}: they press "I am ${next.name}" to see their hand.`;
  if (awaited(view)) return awaited(view);
  return typeof view.thinking === "string" && view.thinking ? view.thinking : text;
}

/**
 * The one message the board shows, `{kind: "hint" | "error", text}` or null, after `event`:
 * the newest wins. `{kind: "hint", text}` (a click's answer; "" when a click answered
 * nothing, e.g. a new selection: it clears the old message), `{kind: "error", text}`
 * (Python's refusal; "" clears it) or `{kind: "view", keepError}` (a new picture: what was
 * said about the old one no longer applies, but an error that came with it stays).
 */
export function nextMessage(current, event) {
  switch (event.kind) {
    case "hint":
    case "error":
      if (event.text) return { kind: event.kind, text: String(event.text) };
      return event.kind === "error" && current?.kind !== "error" ? current : null;
    case "view":
      return event.keepError && current?.kind === "error" ? current : null;
    default:
      return current;
  }
}
/** Whether "New game" asks "Sure?" first: while a game is under way, one stray click
 * would lose it (a board cannot undo a new game). Not before any decision, nor at the end. */
export function newGameAsks(view) {
  return Number.isInteger(view.decisions) && view.decisions > 0 && view.is_over !== true;
}

/** What a click on "New game" does: `"send"` the message, or `"ask"` (the button turns
 * into "Sure? Start again": a second click within a few seconds sends). */
export function newGameClick(view, asking) {
  return asking || !newGameAsks(view) ? "send" : "ask";
}

export const NEW_GAME_TITLE = "Start a new game: the same players and options, a new shuffle";
export const SAVE_TITLE = "Save this game as a file beside the notebook, to download and resume later";
export const SAVE_TITLE_VOILA = "Download this game as a file, to resume it later in JupyterLab";

/** Whom the device is passed to, `{seat, name}`, or null when no pass screen is due.
 * Python sets `view.pass_to` on a hot-seat board over hidden hands until that person
 * says "I am ..."; meanwhile the view is the spectator's, so nothing secret is here. */
export function passTo(view) {
  const seat = view.pass_to;
  if (!Number.isInteger(seat)) return null;
  return { seat, name: typeof view.pass_name === "string" ? view.pass_name : `Seat ${seat}` };
}
