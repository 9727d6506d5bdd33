// The Rapidcroco board: the criteria, the table as a 6 x 6 grid of buttons, the players
// below. It draws view.* and sends what the person chose; Python judges every arrest.
// The board never knows the culprit during a race (the view does not carry it): every
// Croc looks the same until the round is decided, then the path is replayed.

import { boardWidget } from "../shared/board.js";
import { buttonGrid, cellNames, withRulers } from "../shared/grid.js";
import { html, setAttr, setText, svg } from "../shared/dom.js";
import { siteDrawing } from "./drawings.js";
import { seatName } from "../shared/palette.js";
import { siteLabel } from "./labels.js";
import { armedAfter, arrestOf, arrestTargets, decide, hasBuzzers, readLegal, seatForKey } from "./race.js";
import { marksAt, pathArrows, replayKey, replayPlan, replayer } from "./replay.js";
import { controlsPanel, criteriaPanel, playersPanel, resultPanel } from "./panels.js";

const SIZE = 6;
// Row-major like view.grid: a1 top-left, f6 bottom-right, as drawn on screen.
const SITES = cellNames({ rows: SIZE, cols: SIZE });
const CELL = 100;  // the path overlay's units per site

function arrowHead([x, y], [dx, dy]) {
  // A head pointing along (dx, dy), its tip at (x, y).
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const back = [x - ux * 22, y - uy * 22];
  const side = [-uy * 12, ux * 12];
  return svg("path", {
    class: "rc-path-head",
    d: `M${x} ${y}L${back[0] + side[0]} ${back[1] + side[1]}L${back[0] - side[0]} ${back[1] - side[1]}Z`,
  });
}

function mount(frame, actions) {
  const root = frame.stage.closest(".pw-board") || frame.stage;
  let view = {};
  let options = {};
  let armed = null;  // the person who pressed their key, when several race at one screen
  let targets = { sites: new Map(), names: new Map(), pass: null };
  let replayShown = { plan: null, shown: 0 };
  let seenLast;  // the replay key of the round last shown; undefined before the first view

  const criteria = criteriaPanel();
  const grid = buttonGrid({ rows: SIZE, cols: SIZE, label: "The table", onActivate: (i) => choose(arrestOf(targets, SITES[i])) });
  const badges = grid.buttons.map((button, i) => {
    button.setAttribute("data-site", SITES[i]);
    const badge = html("span", { class: "rc-step", "aria-hidden": "true", hidden: true });
    const culprit = html("span", { class: "rc-culprit-tag", "aria-hidden": "true", hidden: true }, "culprit");
    button.append(svg("svg", {}), badge, culprit);
    return { badge, culprit };
  });
  const overlay = svg("svg", {
    class: "rc-path", viewBox: `0 0 ${SIZE * CELL} ${SIZE * CELL}`, "aria-hidden": "true", focusable: "false",
  });
  const result = resultPanel();
  frame.stage.append(criteria.element, withRulers([grid.element, overlay], { rows: SIZE, cols: SIZE }), result.element);

  const replay = replayer({
    onFrame(plan, shown) {
      replayShown = { plan, shown };
      drawSites();
      drawMarks();
      drawControls();
    },
    reduced: () => Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches),
  });
  const updateControls = controlsPanel(frame.controls, {
    // The legal move's own text; the bare notation only for a move Python will refuse.
    reveal: () => actions.move(readLegal(view.legal).reveal ?? "reveal"),
    pass: () => choose(targets.pass ?? "pass"),
    replay: () => replay.play(replayPlan(view.last), { animate: true }),
  });
  const updatePlayers = playersPanel(frame.players, { arrest: (name) => choose(arrestOf(targets, name)), buzz });

  /** A decision of the race, from a click or a key: sent, or a hint saying what to do. */
  function choose(move) {
    const answer = decide(view, armed, move);
    if (answer.hint) {
      actions.hint(answer.hint);
      return;
    }
    actions.move(move, answer.seat);
    if (armed !== null) {  // the next arrest needs a key pressed again
      armed = null;
      drawLocal();
    }
  }

  function buzz(seat) {
    if (!hasBuzzers(view) || !(view.people || []).includes(seat)) return;
    armed = seat;
    drawLocal();
  }

  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !hasBuzzers(view)) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName || "")) return;
    const seat = seatForKey(event.key, view.people);
    if (seat === null) return;
    event.preventDefault();  // JupyterLab runs no notebook shortcut for a prevented key
    event.stopPropagation();
    buzz(seat);
  });

  // What each site's drawing was made from: a site is redrawn only when that changes.
  const drawn = new Map();

  /** The replay's frame on screen (marksAt): none during a race. */
  function replayFrame() {
    return marksAt(view.phase !== "race" ? replayShown.plan : null, replayShown.shown);
  }

  /** The cell drawn at site i: as the round was decided while the replay shows it so,
   * else as view.grid has it now. */
  function cellAt(i, table = replayFrame().table) {
    return table[SITES[i]] || (view.grid || [])[i] || { kind: "empty", site: SITES[i], turn: 0 };
  }

  function drawSites() {
    const { table } = replayFrame();
    grid.buttons.forEach((button, i) => {
      const cell = cellAt(i, table);
      const key = JSON.stringify(cell);
      if (drawn.get(i) !== key) {
        drawn.set(i, key);
        button.firstChild.replaceWith(siteDrawing(cell));
      }
      setAttr(button, "data-kind", cell.kind);
      button.classList.toggle("is-target", targets.sites.has(SITES[i]));
    });
  }

  function drawMarks() {
    const showing = view.phase !== "race" && replayShown.plan;
    const { marks, lines, table } = replayFrame();
    grid.buttons.forEach((button, i) => {
      const mark = marks.get(SITES[i]) || null;
      const steps = mark ? mark.steps : [];
      setText(badges[i].badge, steps.join(" "));
      badges[i].badge.hidden = !steps.length;
      badges[i].culprit.hidden = !(mark && mark.culprit);
      setText(badges[i].culprit, mark && mark.taken ? "taken" : "culprit");
      button.classList.toggle("is-path", steps.length > 0);
      button.classList.toggle("is-culprit", Boolean(mark && mark.culprit));
      button.classList.toggle("is-taken", Boolean(mark && mark.taken));
      setAttr(button, "aria-label", siteLabel(cellAt(i, table), mark));
    });
    const wrap = Boolean(view.variant && view.variant.wrap);
    // The arms the path followed: the cards as decided (a captured culprit kept its arm).
    const armOf = (site) => {
      const cell = cellAt(SITES.indexOf(site), showing ? replayShown.plan.before : {});
      return wrap && cell.kind === "croc" ? cell.arm : null;
    };
    // Apart when the round's whole path joins two sites twice, from the first frame on.
    const all = showing ? marksAt(replayShown.plan, Infinity).lines : lines;
    const parts = [];
    for (const segments of pathArrows(lines, armOf, all)) {
      segments.forEach(([a, b], k) => {
        const [x1, y1, x2, y2] = [a[0] * CELL, a[1] * CELL, b[0] * CELL, b[1] * CELL];
        parts.push(svg("line", { class: "rc-path-line", x1, y1, x2, y2 }));
        if (k === segments.length - 1) {
          // The head stops short of the next site's middle, where its step number is.
          const [dx, dy] = [x2 - x1, y2 - y1];
          const len = Math.hypot(dx, dy) || 1;
          parts.push(arrowHead([x2 - (dx / len) * 26, y2 - (dy / len) * 26], [dx, dy]));
        }
      });
    }
    overlay.replaceChildren(...parts);
  }

  function drawControls() {
    const legal = readLegal(view.legal);
    const acting = (view.people || []).length > 0;
    updateControls({
      reveal: view.phase === "deal" && legal.reveal !== null,
      passShown: view.phase === "race",
      pass: view.phase === "race" && acting && (hasBuzzers(view) || legal.pass !== null),
      replay: Boolean(options.replay) && view.phase !== "race" && replayPlan(view.last) !== null,
      replaying: replay.isRunning(),
    });
  }

  // What depends on who is arresting: the players' panels, the hand Crocs that may be
  // arrested, and the hint.
  function drawLocal() {
    targets = arrestTargets(view, armed);
    setAttr(root, "data-arresting", armed);
    drawSites();
    updatePlayers(view, { armed, buzzers: hasBuzzers(view), targets: targets.names });
    if (armed !== null) actions.hint(`${seatName(view.players, armed)} arrests: click the culprit.`);
  }

  return {
    update(nextView, nextOptions) {
      const before = view;
      view = nextView;
      options = nextOptions;
      armed = armedAfter(armed, view, before);
      // A newly decided round is replayed once by itself; the first picture of a board
      // (a notebook opened again) shows the path at once.
      const key = options.replay && view.phase !== "race" ? replayKey(view.last) : null;
      if (key !== seenLast) {
        const first = seenLast === undefined;
        seenLast = key;
        const plan = key ? replayPlan(view.last) : null;
        if (plan) replay.play(plan, { animate: !first });
        else {
          replay.stop();
          replayShown = { plan: null, shown: 0 };
        }
      }
      criteria.update(view);
      result.update(view);
      drawLocal();
      drawMarks();
      drawControls();
    },
  };
}

// A race has no undo: every arrest reveals whether it was right (Python's UNDO = False).
export default boardWidget({ className: "pw-rapidcroco", mount, undo: false });
