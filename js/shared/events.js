// The events list is an aria-live region: only events that are new should be added to
// it, or a screen reader reads the whole list again after every move. Pure logic.

/**
 * How to turn the `shown` events into `next`: drop `drop` items from the front, then
 * append `add`. The view carries the last few events, so the new list usually starts
 * with the end of the old one; when it does not (an undo, another game) everything is
 * replaced.
 */
export function eventChanges(shown, next) {
  for (let kept = Math.min(shown.length, next.length); kept > 0; kept--) {
    const tail = shown.slice(shown.length - kept);
    if (tail.every((text, i) => text === next[i])) {
      return { drop: shown.length - kept, add: next.slice(kept) };
    }
  }
  return { drop: shown.length, add: next.slice() };
}
