// What marks a seat on every board: its name, its colour and its shape. Colour is never
// the only cue: each seat also has a shape, drawn on its pieces and beside its name. The
// colours are Okabe & Ito's colour-blind-safe palette, the one palette of every game (the
// stylesheets get the same values as --pw-oi-* variables, in theme.css). Pure.

/** Okabe & Ito's colour-blind-safe palette (black aside). */
export const OKABE_ITO = Object.freeze({
  orange: "#E69F00", sky: "#56B4E9", green: "#009E73", yellow: "#F0E442",
  blue: "#0072B2", vermillion: "#D55E00", pink: "#CC79A7",
});

// What a colour name given to a seat is drawn as; unknown names fall back by seat.
const NAMED = {
  ...OKABE_ITO, red: OKABE_ITO.vermillion, purple: OKABE_ITO.pink, "sky blue": OKABE_ITO.sky,
  skyblue: OKABE_ITO.sky, "light blue": OKABE_ITO.sky, lightblue: OKABE_ITO.sky,
};
// The order seats take colours in when a name is unknown or its colour is taken already:
// the games' default seat colours first (blue, green, pink, red).
const FALLBACK = ["blue", "green", "pink", "vermillion", "orange", "sky", "yellow"].map((n) => OKABE_ITO[n]);

const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];

/** A seat's name, from `view.players[seat].name`; a seat the view does not list still
 * gets one. */
export function seatName(players, seat) {
  return players?.[seat]?.name ?? `Seat ${seat}`;
}

/** The seat a view speaks to as "you", as its status line does: Python's `view.you` (a
 * board for one seat, the person who said "I am …", the only person at a hot-seat table);
 * null for a spectator and at a screen several people share. A view without it (saved
 * before) reads its own seat, unless several people act at once. */
export function ownSeat(view) {
  if (view && "you" in view) return Number.isInteger(view.you) ? view.you : null;
  return Number.isInteger(view?.seat) && (view.people || []).length < 2 ? view.seat : null;
}

/** The shape that marks a seat's pieces and panel. */
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
