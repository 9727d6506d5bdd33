// Reads the legal moves Python sent (view.legal) into what the board highlights. The board
// never decides legality: a frog is selectable, and a square a target, only because a
// move in this list says so. Pure.

const JUMP = /^([QS]) ([a-h][1-8])-([a-h][1-8])$/;
const VICTIM = /^x (\d+)$/;

/** One move in Croak! notation as an object, or null for text this board cannot read. */
export function parseMove(text) {
  if (text === "pass") return { kind: "pass" };
  const jump = JUMP.exec(text);
  if (jump) return { kind: "jump", frog: jump[1], from: jump[2], to: jump[3] };
  const victim = VICTIM.exec(text);
  if (victim) return { kind: "victim", seat: Number(victim[1]) };
  return null;
}

/** The notation of a jump: `jumpNotation("Q", "a1", "b2")` is "Q a1-b2". */
export function jumpNotation(frog, from, to) {
  return `${frog} ${from}-${to}`;
}

/**
 * `frogsAt`: square -> the frog letters that may move from it, Queen first;
 * `targets`: "Q a1" -> the squares that frog may reach; `victims`: the seats an `x N`
 * move names; `canPass`: whether "pass" is legal.
 */
export function readLegal(legal) {
  const frogsAt = new Map();
  const targets = new Map();
  const victims = [];
  let canPass = false;
  for (const text of legal || []) {
    const move = parseMove(text);
    if (move === null) continue;
    if (move.kind === "pass") canPass = true;
    else if (move.kind === "victim") victims.push(move.seat);
    else {
      const frogs = frogsAt.get(move.from) || [];
      if (!frogs.includes(move.frog)) frogsAt.set(move.from, [...frogs, move.frog].sort());
      const key = `${move.frog} ${move.from}`;
      targets.set(key, [...(targets.get(key) || []), move.to]);
    }
  }
  return { frogsAt, targets, victims, canPass };
}

/** The squares the selected frog ({square, frog}) may reach; none without a selection. */
export function targetsOf(moves, selection) {
  if (!selection) return [];
  return moves.targets.get(`${selection.frog} ${selection.square}`) || [];
}
