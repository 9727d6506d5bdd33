// Where focus goes in a rows x cols grid for a key press (the ARIA grid pattern).
// Pure, so it is tested without a DOM.

/**
 * The cell index focus moves to from `index` for `key`, or null when the key does not
 * move focus. Arrows stop at the edges (no wrap-around, like the board itself); Home and
 * End go to the ends of the row, and with Ctrl to the first and last cell of the grid.
 */
export function nextFocus(index, key, { rows, cols, ctrl = false }) {
  const row = Math.floor(index / cols);
  const col = index % cols;
  const at = (r, c) => r * cols + c;
  switch (key) {
    case "ArrowLeft":
      return at(row, Math.max(col - 1, 0));
    case "ArrowRight":
      return at(row, Math.min(col + 1, cols - 1));
    case "ArrowUp":
      return at(Math.max(row - 1, 0), col);
    case "ArrowDown":
      return at(Math.min(row + 1, rows - 1), col);
    case "Home":
      return ctrl ? 0 : at(row, 0);
    case "End":
      return ctrl ? rows * cols - 1 : at(row, cols - 1);
    case "PageUp":
      return at(0, col);
    case "PageDown":
      return at(rows - 1, col);
    default:
      return null;
  }
}
