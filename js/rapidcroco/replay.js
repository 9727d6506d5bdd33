// The replay of a decided round, as it was decided: the table as it lay then (the culprit
// still in place), the path lit up site by site, the culprit marked, then its capture (the
// table as it is now). The plan and the marks are pure; `replayer` runs the frames on a
// timer.

export const STEP_MS = 600;
const SIZE = 6;
const STEPS = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };

/** The replay of `last` (view.last): the sites in order, the culprit's site and `before`,
 * the sites the round's end changed as they were when it was decided (site -> cell, as in
 * view.grid); or null when there is no path to show (no round decided yet, or the race
 * was for a card held in a hand). */
export function replayPlan(last) {
  if (!last || !(last.path || []).length) return null;
  const before = last.as_decided && typeof last.as_decided === "object" ? last.as_decided : {};
  return { steps: [...last.path], culprit: last.culprit?.site ?? null, before };
}

/** Whether the round's end changed the table (a capture, a Croc given back). */
function changes(plan) {
  return Object.keys(plan.before || {}).length > 0;
}

/** How many frames a plan has: one per step, the culprit, then the capture when the
 * round's end changed the table. */
export function frameCount(plan) {
  return plan ? plan.steps.length + 1 + (changes(plan) ? 1 : 0) : 0;
}

/**
 * What frame `shown` shows: `marks`, site -> `{steps, culprit, taken}` (the step numbers
 * at that site, from 1, a site reached twice having two; whether the culprit is there;
 * whether it has been captured from there), `lines`, the pairs of consecutive sites drawn
 * so far, and `table`, the cells to draw instead of view.grid's (site -> cell): the table
 * as decided until the last frame, the capture, which shows the table as it is now.
 */
export function marksAt(plan, shown) {
  const marks = new Map();
  const lines = [];
  if (!plan) return { marks, lines, table: {} };
  const mark = (site) => {
    if (!marks.has(site)) marks.set(site, { steps: [], culprit: false, taken: false });
    return marks.get(site);
  };
  const count = Math.min(shown, plan.steps.length);
  for (let i = 0; i < count; i++) {
    mark(plan.steps[i]).steps.push(i + 1);
    if (i > 0) lines.push([plan.steps[i - 1], plan.steps[i]]);
  }
  const captured = shown >= frameCount(plan) && changes(plan);
  if (shown > plan.steps.length && plan.culprit) {
    const culprit = mark(plan.culprit);
    culprit.culprit = true;
    culprit.taken = captured && plan.before[plan.culprit]?.kind === "croc";
  }
  return { marks, lines, table: captured ? {} : plan.before || {} };
}

/** A site's column and row from 0: "c3" -> [2, 2]. */
export function siteXY(site) {
  return [site.charCodeAt(0) - 97, Number(site.slice(1)) - 1];
}

/**
 * The segments that draw a step from `from` to `to`, in cell units (cell centres at
 * .5), given the arm `arm` of the Croc at `from` (null when unknown). A step against its
 * arm wrapped around the grid (Advanced 1): it leaves by one edge and comes back in by
 * the opposite one, so it is drawn as two segments, not a line across the table.
 */
export function stepSegments(from, to, arm) {
  const [x1, y1] = siteXY(from);
  const [x2, y2] = siteXY(to);
  const a = [x1 + 0.5, y1 + 0.5];
  const b = [x2 + 0.5, y2 + 0.5];
  const step = STEPS[arm];
  if (!step) return [[a, b]];
  const [dx, dy] = step;
  const ahead = dx !== 0 ? Math.sign(x2 - x1) === dx && y1 === y2 : Math.sign(y2 - y1) === dy && x1 === x2;
  if (ahead) return [[a, b]];
  const exit = dx > 0 ? [SIZE, a[1]] : dx < 0 ? [0, a[1]] : dy > 0 ? [a[0], SIZE] : [a[0], 0];
  const entry = dx > 0 ? [0, b[1]] : dx < 0 ? [SIZE, b[1]] : dy > 0 ? [b[0], 0] : [b[0], SIZE];
  return [[a, exit], [entry, b]];
}

// How far apart, in cells, an arrow is drawn from the line between two sites' middles
// when the path joins those sites more than once (10 of the overlay's 100 units a cell:
// each arrow's line is 9 wide, so A->B and B->A, 20 apart, leave a clear gap between).
export const ARROW_GAP = 0.1;

/**
 * The arrows that draw `lines` (marksAt's pairs of sites), each a list of segments in
 * cell units as stepSegments gives them, `armOf(site)` the arm to wrap by (null: none).
 * When the whole path `all` (every line of the round; by default `lines`) joins two
 * sites more than once, in either direction, each of those arrows is moved to its own
 * right by ARROW_GAP (and one more gap for every earlier arrow the same way), so A->B
 * and B->A are two parallel arrows, not one on top of the other. Deciding on the whole
 * path keeps an arrow from jumping aside when its return is drawn later in the replay.
 */
export function pathArrows(lines, armOf = () => null, all = lines) {
  const pair = (from, to) => [from, to].sort().join(" ");
  const joins = new Map();
  for (const [from, to] of all) joins.set(pair(from, to), (joins.get(pair(from, to)) || 0) + 1);
  const earlier = new Map();
  return lines.map(([from, to]) => {
    const segments = stepSegments(from, to, armOf(from));
    if ((joins.get(pair(from, to)) || 0) < 2) return segments;
    const way = `${from} ${to}`;
    const shift = ARROW_GAP * ((earlier.get(way) || 0) + 1);
    earlier.set(way, (earlier.get(way) || 0) + 1);
    return segments.map(([a, b]) => {
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const len = Math.hypot(dx, dy) || 1;
      // The right of the direction on screen, where y grows downwards: (-dy, dx).
      const [nx, ny] = [(-dy / len) * shift, (dx / len) * shift];
      return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny]];
    });
  });
}

/** A key that changes when a new round is decided (null: none). */
export function replayKey(last) {
  return last ? JSON.stringify(last) : null;
}

/**
 * Runs a replay: `play(plan, {animate})` shows frame 1, 2, ... every STEP_MS through
 * `onFrame(plan, shown)`, or the last frame at once when not animating (or under
 * prefers-reduced-motion, which `reduced()` reports); `stop()` cancels. `timers` is for
 * tests.
 */
export function replayer({ onFrame, reduced = () => false, timers = globalThis }) {
  let timer = null;
  let running = false;

  function stop() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    running = false;
  }

  function play(plan, { animate = true } = {}) {
    stop();
    const frames = frameCount(plan);
    if (!plan || !animate || reduced() || frames <= 1) {
      onFrame(plan, frames);
      return;
    }
    running = true;
    let shown = 1;
    const next = () => {
      timer = null;
      running = shown < frames;
      onFrame(plan, shown);
      if (!running) return;
      shown += 1;
      timer = timers.setTimeout(next, STEP_MS);
    };
    next();
  }

  return { play, stop, isRunning: () => running };
}
