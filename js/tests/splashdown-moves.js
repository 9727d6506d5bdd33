// Splash down's legal moves as a view sends them (SplashdownGame.MOVES.data in Python):
// `to("5b")` is {text: "to 5b", kind: "to", pad: "5b"}; the others are their kind alone.

export const to = (pad) => ({ text: `to ${pad}`, kind: "to", pad });
export const decision = (kind) => ({ text: kind, kind });
export const ROLL = decision("roll");
export const KEEP = decision("keep");
export const REROLL = decision("reroll");
export const PUSH = decision("push");
export const NO_PUSH = decision("no push");
