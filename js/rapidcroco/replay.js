// The replay of a decided round: the path lit up site by site, the culprit marked at the
// end. The plan and the marks are pure; `replayer` runs the frames on a timer.

export const STEP_MS = 600;
const SIZE = 6;
const STEPS = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };

/** The replay of `last` (view.last): the sites in order and the culprit's site, or null
 * when there is no path to show (no round decided yet, or the race was for a card held
 * in a hand). */
export function replayPlan(last) {
  if (!last || !(last.path || []).length) return null;
  return { steps: [...last.path], culprit: last.culprit?.site ?? null };
}

/** How many frames a plan has: one per step, then the culprit. */
export function frameCount(plan) {
  return plan ? plan.steps.length + 1 : 0;
}

/**
 * What frame `shown` shows: `marks`, site -> `{steps, culprit}` (the step numbers at that
 * site, from 1; a site reached twice has two), and `lines`, the pairs of consecutive
 * sites drawn so far. The culprit is marked in the last frame.
 */
export function marksAt(plan, shown) {
  const marks = new Map();
  const lines = [];
  if (!plan) return { marks, lines };
  const mark = (site) => {
    if (!marks.has(site)) marks.set(site, { steps: [], culprit: false });
    return marks.get(site);
  };
  const count = Math.min(shown, plan.steps.length);
  for (let i = 0; i < count; i++) {
    mark(plan.steps[i]).steps.push(i + 1);
    if (i > 0) lines.push([plan.steps[i - 1], plan.steps[i]]);
  }
  if (shown >= frameCount(plan) && plan.culprit) mark(plan.culprit).culprit = true;
  return { marks, lines };
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
