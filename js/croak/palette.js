// Player colours and the second cue that goes with them. Colour is never the only cue:
// each seat also has a shape, drawn on its frogs and beside its name. Pure.

// Okabe & Ito's colour-blind-safe palette.
const OKABE_ITO = {
  orange: "#E69F00", sky: "#56B4E9", green: "#009E73", yellow: "#F0E442",
  blue: "#0072B2", red: "#D55E00", pink: "#CC79A7",
};
// What a colour name given to a seat is drawn as; unknown names fall back by seat.
const NAMED = {
  ...OKABE_ITO, vermillion: "#D55E00", purple: "#CC79A7", "sky blue": "#56B4E9",
  skyblue: "#56B4E9", "light blue": "#56B4E9", lightblue: "#56B4E9",
};
// The order seats take colours in when a name is unknown or its colour is taken already:
// the game's own default seat colours first (blue, green, pink, red).
const FALLBACK = ["blue", "green", "pink", "red", "orange", "sky", "yellow"].map((n) => OKABE_ITO[n]);

const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];

/** The shape that marks a seat's frogs and panel. */
export function seatShape(seat) {
  return SEAT_SHAPES[seat % SEAT_SHAPES.length];
}

/** One distinct colour per seat, from `view.players[].colour` names. */
export function seatColours(players) {
  const taken = new Set();
  const colours = players.map((player) => {
    const named = NAMED[String(player.colour || "").trim().toLowerCase()];
    if (named === undefined || taken.has(named)) return null;
    taken.add(named);
    return named;
  });
  return colours.map((colour, seat) => {
    if (colour !== null) return colour;
    const free = [...FALLBACK.slice(seat), ...FALLBACK].find((c) => !taken.has(c))
      || FALLBACK[seat % FALLBACK.length];
    taken.add(free);
    return free;
  });
}

// The Male pawns' colours (the box's, not the seats') and the two letters written on
// them: "pink" and "purple" share an initial.
const MALES = {
  red: ["#D55E00", "Re"], blue: ["#0072B2", "Bl"], pink: ["#CC79A7", "Pi"],
  yellow: ["#F0E442", "Ye"], purple: ["#8E63B5", "Pu"], green: ["#009E73", "Gr"],
};

/** How a Male pawn of `colour` is drawn: `{fill, letters}`. */
export function maleMark(colour) {
  const [fill, letters] = MALES[colour] || ["#999999", String(colour).slice(0, 2)];
  return { fill, letters };
}
