// Rapidcroco's legal moves as a view sends them (RapidcrocoGame.MOVES.data in Python):
// `arrest("c3")` is {text: "arrest c3", kind: "arrest", target: "c3"}; a hand Croc's arrest
// names it: `arrest("Fifi")`.

export const arrest = (target) => ({ text: `arrest ${target}`, kind: "arrest", target });
export const REVEAL = { text: "reveal", kind: "reveal" };
export const PASS = { text: "pass", kind: "pass" };
