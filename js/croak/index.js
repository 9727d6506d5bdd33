// The Croak! board: the pond as an 8 x 8 grid of buttons, the players beside it. It draws
// view.* and sends what the person chose; Python decides what is legal.

import { boardWidget } from "../shared/board.js";
import { buttonGrid, cellNames, withRulers } from "../shared/grid.js";
import { html, setAttr } from "../shared/dom.js";
import { readLegal, targetsOf } from "./legal.js";
import { activate, selectionAfter } from "./selection.js";
import { squareLabel } from "./labels.js";
import { seatColours } from "../shared/palette.js";
import { squareDrawing } from "./drawings.js";
import { croakControls, drawPlayers } from "./panels.js";

const SIZE = 8;
// Row-major like view.tiles: a1 top-left, h8 bottom-right, as drawn on screen.
const SQUARES = cellNames({ rows: SIZE, cols: SIZE });
const NO_MOVES = readLegal([]);

function mount(frame, actions) {
  let view = {};
  let moves = NO_MOVES;
  let selection = null;
  let colours = [];

  const grid = buttonGrid({ rows: SIZE, cols: SIZE, label: "The pond", onActivate });
  grid.buttons.forEach((button, i) => button.setAttribute("data-square", SQUARES[i]));
  frame.stage.append(withRulers(grid.element, { rows: SIZE, cols: SIZE }));
  grid.element.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selection) {
      event.preventDefault();
      selection = null;
      drawSquares();
    }
  });
  const updateControls = croakControls(frame.controls, actions);

  function onActivate(index) {
    const result = activate(selection, SQUARES[index], moves, view);
    selection = result.selection;
    if (result.move) actions.move(result.move);  // send first: Python answers meanwhile
    drawSquares();
    actions.hint(result.hint || "");  // a new selection clears what was said before
  }

  // What each square's drawing was made from: a square is redrawn only when that changes
  // (a move changes a few squares, and rebuilding 64 drawings would slow every click).
  const drawn = new Map();

  function drawSquares() {
    const tiles = new Map((view.tiles || []).map((tile) => [tile.square, tile]));
    const odds = view.pike_odds || {};
    const targets = new Set(targetsOf(moves, selection));
    const shared = JSON.stringify([colours, view.playing]);
    grid.buttons.forEach((button, i) => {
      const square = SQUARES[i];
      const tile = tiles.get(square) || { square, back: "shallow", front: null, frogs: [] };
      const selectable = moves.frogsAt.has(square);
      const selected = selection !== null && selection.square === square;
      const target = targets.has(square);
      const chosen = selected ? selection.frog : null;
      const key = JSON.stringify([tile, chosen, odds[square] || null]) + shared;
      if (drawn.get(square) !== key) {
        drawn.set(square, key);
        button.replaceChildren(squareDrawing(tile, {
          colours, playing: view.playing, chosen, odds: odds[square] || null,
        }));
      }
      setAttr(button, "aria-label", squareLabel(tile, {
        players: view.players || [], playing: view.playing, selected: selection, odds: odds[square] || null, target,
      }));
      // Only squares that can be selected are toggle buttons.
      setAttr(button, "aria-pressed", selectable ? String(selected) : null);
      button.classList.toggle("is-source", selectable);
      button.classList.toggle("is-selected", selected);
      button.classList.toggle("is-target", target);
    });
  }

  // Tab into the pond lands on the selected frog or the first one that may move, unless
  // the person is moving around the grid already.
  function placeTabStop() {
    if (grid.containsFocus()) return;
    const square = selection?.square ?? moves.frogsAt.keys().next().value;
    if (square !== undefined) grid.setCurrent(SQUARES.indexOf(square));
  }

  return {
    update(nextView, options) {
      const newDecision = nextView.decisions !== view.decisions;
      view = nextView;
      const playing = view.playing !== null && view.playing !== undefined;
      moves = playing ? readLegal(view.legal) : NO_MOVES;
      selection = selectionAfter(selection, newDecision, view, moves);
      colours = seatColours(view.players || []);
      drawSquares();
      placeTabStop();
      drawPlayers(frame.players, view, colours);
      updateControls(view, options, moves, colours);
    },
  };
}

export default boardWidget({ className: "pw-croak", mount });
