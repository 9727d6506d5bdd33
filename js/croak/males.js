// The Male pawns' colours (the box's, not the seats': those are in shared/palette.js) and
// the two letters written on them, since colour is never the only cue: "pink" and
// "purple" share an initial. Pure.

import { OKABE_ITO } from "../shared/palette.js";

const MALES = {
  red: [OKABE_ITO.vermillion, "Re"], blue: [OKABE_ITO.blue, "Bl"], pink: [OKABE_ITO.pink, "Pi"],
  yellow: [OKABE_ITO.yellow, "Ye"], purple: ["#8E63B5", "Pu"], green: [OKABE_ITO.green, "Gr"],
};

/** How a Male pawn of `colour` is drawn: `{fill, letters}`. */
export function maleMark(colour) {
  const [fill, letters] = MALES[colour] || ["#999999", String(colour).slice(0, 2)];
  return { fill, letters };
}

/** What a Male pawn a player holds is for, in words: the chip's tooltip and accessible
 * name, "Red Male pawn: your Queen has a baby Servant when she lands on a red Male". */
export function malePawnText(colour) {
  const name = String(colour);
  return `${name[0].toUpperCase()}${name.slice(1)} Male pawn: your Queen has a baby Servant when she lands on a ${name} Male`;
}
