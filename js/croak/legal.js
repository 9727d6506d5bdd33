// Reads the legal moves Python sent (view.legal: each {text, kind, ...its fields}) into
// what the board highlights. The board never decides legality, and never parses notation:
// a frog is selectable, and a square a target, only because a move in this list says so,
// and what it sends is that move's own text. Pure.

/** The notation of a jump no legal move offers: sent so that Python names the rule that
 * forbids it. `jumpNotation("Q", "a1", "b2")` is "Q a1-b2". */
export function jumpNotation(frog, from, to) {
  return `${frog} ${from}-${to}`;
}

/**
 * `frogsAt`: square -> the frog letters that may move from it, Queen first;
 * `targets`: "Q a1" -> Map(square -> the text of that jump); `victims`: [{seat, text}]
 * of the `eliminate` moves; `pass`: the text of the pass move, or null; `canPass`.
 */
export function readLegal(legal) {
  const frogsAt = new Map();
  const targets = new Map();
  const victims = [];
  let pass = null;
  for (const move of Array.isArray(legal) ? legal : []) {
    if (!move || typeof move.text !== "string") continue;
    if (move.kind === "pass") pass = move.text;
    else if (move.kind === "eliminate") victims.push({ seat: move.victim, text: move.text });
    else if (move.kind === "jump") {
      const frogs = frogsAt.get(move.src) || [];
      if (!frogs.includes(move.frog)) frogsAt.set(move.src, [...frogs, move.frog].sort());
      const key = `${move.frog} ${move.src}`;
      if (!targets.has(key)) targets.set(key, new Map());
      targets.get(key).set(move.dst, move.text);
    }
  }
  return { frogsAt, targets, victims, pass, canPass: pass !== null };
}

/** The squares the selected frog ({square, frog}) may reach; none without a selection. */
export function targetsOf(moves, selection) {
  if (!selection) return [];
  return [...(moves.targets.get(`${selection.frog} ${selection.square}`) || new Map()).keys()];
}

/** What to send for the selected frog's jump to `square`: the legal move's own text, or,
 * for a jump no legal move offers, its notation, so that Python says why not. */
export function jumpTo(moves, selection, square) {
  const legal = moves.targets.get(`${selection.frog} ${selection.square}`);
  return legal?.get(square) ?? jumpNotation(selection.frog, selection.square, square);
}
