// The words a square's aria-label and the player panels use. Pure.

import { seatName } from "../shared/palette.js";

const FRONTS = {
  "lily-pad": "Lily Pad", mosquito: "Mosquito", mud: "Mud", pike: "Pike",
  reeds: "Reeds", log: "Log",
};
const BACKS = {
  shallow: "face-down shallow-water tile",
  "deep-a": "face-down deep-water tile (A)",
  "deep-b": "face-down deep-water tile (B)",
};

/** A tile front in plain English: "Lily Pad", "red Male" (as Python's front_name). */
export function frontName(front) {
  if (front.startsWith("male-")) return `${front.slice(5)} Male`;
  return FRONTS[front] || front;
}

/** What lies on a square: its front when face up, else its back. */
export function tileName(tile) {
  if (tile.front) return frontName(tile.front);
  return BACKS[tile.back] || `face-down ${tile.back} tile`;
}

/**
 * The frogs on a square, identical ones (same seat, kind and Mud) counted together,
 * in the order the view lists them: [{seat, frog, mud, count}].
 */
export function groupFrogs(frogs) {
  const groups = [];
  for (const f of frogs || []) {
    const same = groups.find((g) => g.seat === f.seat && g.frog === f.frog && g.mud === f.mud);
    if (same) same.count += 1;
    else groups.push({ seat: f.seat, frog: f.frog, mud: Boolean(f.mud), count: 1 });
  }
  return groups;
}

/** "Blue's Queen", "Green's 2 Servants (stuck in the Mud)". */
export function frogGroupText(group, players) {
  const whose = `${seatName(players, group.seat)}'s`;
  const kind = group.frog === "Q" ? "Queen" : "Servant";
  const what = group.count > 1 ? `${whose} ${group.count} ${kind}s` : `${whose} ${kind}`;
  return group.mud ? `${what} (stuck in the Mud)` : what;
}

/**
 * A square's accessible name, e.g. "e5: Mud, Green's Servant (stuck in the Mud)".
 * `selected` is the selection ({square, frog}) of seat `playing`; `odds` the Pike
 * chance shown on this tile, if any; `target` whether the selected frog may jump here.
 */
export function squareLabel(tile, { players = [], playing = null, selected = null, odds = null, target = false } = {}) {
  const parts = [tileName(tile)];
  if (odds) parts.push(`Pike chance ${odds}`);
  for (const group of groupFrogs(tile.frogs)) {
    const chosen = selected && selected.square === tile.square
      && group.seat === playing && group.frog === selected.frog;
    parts.push(frogGroupText(group, players) + (chosen ? " (selected)" : ""));
  }
  const label = `${tile.square}: ${parts.join(", ")}`;
  return target ? `${label}, you may jump here` : label;
}
