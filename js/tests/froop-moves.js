// Froop!'s legal moves as a view sends them (FroopGame.MOVES.data in Python):
// `play("FBSH", 3, -1)` is {text: "FBSH at 3,-1", kind: "play", card: "FBSH", x: 3, y: -1}
// (`card`: the letters as laid).

export const play = (card, x, y) => ({ text: `${card} at ${x},${y}`, kind: "play", card, x, y });
export const give = (card, to) => ({ text: `give ${card} to ${to}`, kind: "give", card, to });
export const DRAW = { text: "draw", kind: "draw" };
export const PASS = { text: "pass", kind: "pass" };
export const STOP = { text: "stop", kind: "stop" };
export const OTHERS = { text: "others draw", kind: "others" };
export const TIME = { text: "time", kind: "time" };
