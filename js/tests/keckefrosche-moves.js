// Kecke Frösche's legal moves as a view sends them (KeckeGame.MOVES.data in Python):
// `discard("water", 2)` is {text: "discard water 2", kind: "discard", biotope: "water", place: 2}.

export const discard = (biotope, place) => ({ text: `discard ${biotope} ${place}`, kind: "discard", biotope, place });
export const stork = (biotope) => ({ text: `stork ${biotope}`, kind: "stork", biotope });
export const block = (biotope) => ({ text: `block ${biotope}`, kind: "block", biotope });
export const open = (biotope) => ({ text: `open ${biotope}`, kind: "open", biotope });
const plain = (kind) => ({ text: kind, kind });
export const DRAW = plain("draw");
export const LEFT = plain("left");
export const RIGHT = plain("right");
export const DONE = plain("done");
export const PASS = plain("pass");
