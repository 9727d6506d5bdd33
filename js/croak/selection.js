// Which frog is selected, and what activating a square does. Pure: the board asks these
// functions and then draws or sends what they answer.

import { jumpTo, targetsOf } from "./legal.js";

/** The local hint for activating a square that holds none of the playing seat's movable
 * frogs while nothing is selected. It says what to do on this board, never a rule. */
export function hintFor(view, moves) {
  if (view.playing === null || view.playing === undefined) {
    return view.is_over ? "The game is over." : "Wait: this board is not playing now.";
  }
  if (moves.frogsAt.size === 0) return "Choose with the buttons beside the board.";
  return "Choose one of your frogs first.";
}

/**
 * Activate `square` with `selection` ({square, frog} or null) in force. Answers
 * `{selection}` (the new one) plus either `move` (notation to send) or `hint` (text).
 *
 * - An own movable frog's square selects that frog; activating it again moves on to
 *   the next movable frog there (Queen, Servant, Queen, ...), or deselects a lone frog.
 * - With a frog selected, a square it may reach sends the jump; another own movable frog
 *   is selected instead; any other square sends the jump anyway, so that Python answers
 *   with the rule that forbids it.
 * - After a jump was sent (`tried`: Python refused it, or is still answering) the frog
 *   stays selected, and activating it once more keeps it selected, as a person who
 *   picks their frog up again expects; only a further activation lets it go (or cycles).
 */
export function activate(selection, square, moves, view) {
  const frogs = moves.frogsAt.get(square) || [];
  if (selection && square === selection.square) {
    if (selection.tried) return { selection: { square, frog: selection.frog } };
    if (frogs.length < 2) return { selection: null };
    const next = frogs[(frogs.indexOf(selection.frog) + 1) % frogs.length];
    return { selection: { square, frog: next } };
  }
  const tried = selection && { square: selection.square, frog: selection.frog, tried: true };
  if (selection && targetsOf(moves, selection).includes(square)) {
    return { selection: tried, move: jumpTo(moves, selection, square) };
  }
  if (frogs.length > 0) return { selection: { square, frog: frogs[0] } };
  if (selection) {
    return { selection: tried, move: jumpTo(moves, selection, square) };
  }
  return { selection: null, hint: hintFor(view, moves) };
}

/**
 * The selection after the view changed. On a new decision it starts afresh: the bouncing
 * frog in phase "bounce", else nothing. On the same decision (an option changed, say) it
 * is kept while its frog may still move.
 */
export function selectionAfter(selection, newDecision, view, moves) {
  if (newDecision) {
    const frogs = view.phase === "bounce" ? moves.frogsAt.get(view.bouncing) : null;
    return frogs ? { square: view.bouncing, frog: frogs[0] } : null;
  }
  const frogs = selection ? moves.frogsAt.get(selection.square) || [] : [];
  return frogs.includes(selection?.frog) ? selection : null;
}
