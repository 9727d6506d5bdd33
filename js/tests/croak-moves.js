// Croak!'s legal moves as a view sends them (CroakGame.MOVES.data in Python):
// `jump("S", "b1", "c2")` is {text: "S b1-c2", kind: "jump", frog: "S", src: "b1", dst: "c2"}.

export const jump = (frog, src, dst) => ({ text: `${frog} ${src}-${dst}`, kind: "jump", frog, src, dst });
export const victim = (seat) => ({ text: `x ${seat}`, kind: "eliminate", victim: seat });
export const PASS = { text: "pass", kind: "pass" };
