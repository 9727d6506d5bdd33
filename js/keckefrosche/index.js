// The Kecke Frösche board: the turn bar (the phase, the draw pile, the box's storks, the
// drawn frog with its two ends, the decisions), the three biotopes with their discard
// piles and blocks, and each player's display below (a row per biotope, the stork row,
// the chips face down). It draws view.* and sends what the person chose: the targets are
// exactly the moves of view.legal (read from their fields, never their text: a target sends
// its legal move's own text), and Python judges every click.

import { boardWidget } from "../shared/board.js";
import { biotopeTable, displays, turnBar } from "./panels.js";
import { clickHint, discardNotation, frogKey, legalTargets } from "./labels.js";
import { newsStrip } from "./news.js";

function mount(frame, actions) {
  let view = {};
  let moves = legalTargets([]);

  const bar = turnBar((move) => actions.move(move));
  const table = biotopeTable((id) => {
    const move = moves.biotopes[id];
    if (move) actions.move(move.text);
    else actions.hint(clickHint(view, "biotope"));
  });
  frame.stage.append(bar.element, table.element);
  const news = newsStrip();  // what the rules just did: in the turn bar, until you decide
  bar.element.append(news.element, news.said);
  const shown = displays(frame.players, {
    onCard(seat, row, place) {
      if (seat === view.playing) {
        // A frog that is no target too: Python says why not (its rule, in words).
        if (view.phase === "collect" || view.phase === "discard") {
          actions.move(moves.discards.get(frogKey(row, place)) ?? discardNotation(row, place));
          return;
        }
      }
      actions.hint(clickHint(view, "frog"));
    },
    onEnd(text) {
      actions.move(text);
    },
  });

  return {
    update(nextView) {
      // Focus after a decision is the shared board's (focusAfter): the status line.
      view = nextView;
      const playing = view.playing !== null && view.playing !== undefined;
      moves = legalTargets(playing ? view.legal : []);
      const toPlay = view.is_over ? null : (view.to_act || [])[0] ?? null;
      bar.update(view);
      table.update(view, moves.biotopes);
      shown.update(view, { targets: new Set(moves.discards.keys()), ends: moves.ends, toPlay });
      news.update(view, { players: frame.players, biotopes: table.buttons });
    },
  };
}

export default boardWidget({ className: "pw-keckefrosche", mount });
