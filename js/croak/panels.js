// Beside the pond: one panel per player, and the controls of the phases that are not a
// jump (pass after a Mosquito, the victim on a Log) plus the Pike-chances option.

import { html } from "../shared/dom.js";
import { seatName } from "../shared/palette.js";
import { maleMark, malePawnText } from "./males.js";
import { seatMarker } from "./drawings.js";

function tag(text, role) {
  return html("span", { class: "pw-tag", "data-role": role }, text);
}

// The Male pawns a player still holds, explained: a visible title, and each chip says
// what it is for (tooltip and accessible name), since the board never shows the rule.
function malesRow(males) {
  const held = males || [];
  return html("p", { class: "pw-males", "data-role": "males" },
    html("span", { class: "pw-males-title" }, "Male pawns left:"),
    ...held.map((colour) => {
      const { fill, letters } = maleMark(colour);
      const text = malePawnText(colour);
      return html("span", {
        class: "pw-male-chip", "data-role": "male-pawn", "data-colour": colour,
        role: "img", "aria-label": text, title: text, style: `--pw-chip:${fill}`,
      }, letters);
    }),
    held.length ? null : html("span", {}, "none"));
}

function playerPanel(player, seat, view, colour) {
  const toMove = !view.is_over && view.to_move === seat;
  const won = (view.winners || []).includes(seat);
  const panel = html("section", {
    class: "pw-player", "data-role": "player", "data-seat": seat,
    "aria-current": toMove ? "true" : null,
  },
  html("div", { class: "pw-player-head" },
    seatMarker(colour, seat),
    html("span", { class: "pw-name", "data-role": "name" }, player.name),
    toMove ? tag("to play", "turn") : null,
    won ? tag("wins", "winner") : null,
    (view.bots || []).includes(seat) ? tag("bot", "bot") : null),
  html("p", { "data-role": "queen" }, player.out ? "Out: the Queen is gone" : `Queen on ${player.queen}`),
  html("p", {}, "Servants: ",
    html("span", { "data-role": "servants" }, String(player.servants)), " on the pond, ",
    html("span", { "data-role": "reserve" }, String(player.reserve)), " in reserve"),
  malesRow(player.males));
  panel.classList.toggle("is-turn", toMove);
  panel.classList.toggle("is-out", Boolean(player.out));
  return panel;
}

/** Redraw the player panels into `container`. */
export function drawPlayers(container, view, colours) {
  container.replaceChildren(...(view.players || []).map((player, seat) =>
    playerPanel(player, seat, view, colours[seat])));
}

/**
 * The controls: the Pike-chances toggle (kept, so it keeps focus across updates) and
 * the phase buttons (rebuilt only when they change). Returns `update(view, options,
 * moves, colours)`.
 */
export function croakControls(container, actions) {
  const odds = html("input", { type: "checkbox", "data-role": "odds-toggle" });
  odds.addEventListener("change", () => {
    actions.option("pike_odds", odds.checked);
  });
  const phase = html("div", { class: "pw-phase-controls" });
  container.append(phase, html("label", { class: "pw-toggle" }, odds, " Show Pike chances"));

  let drawn = null;
  return function update(view, options, moves, colours) {
    odds.checked = Boolean(options.pike_odds);
    const playing = view.playing !== null && view.playing !== undefined;
    const key = JSON.stringify([view.phase, playing, moves.canPass, moves.victims, view.players]);
    if (key === drawn) return;
    drawn = key;
    const buttons = [];
    if (view.phase === "follow") {
      const pass = html("button", {
        type: "button", class: "pw-button", "data-role": "pass",
        title: "Move no other frog: the turn ends",
      }, "Pass");
      pass.disabled = !(playing && moves.canPass);
      pass.addEventListener("click", () => actions.move(moves.pass));
      buttons.push(pass);
    }
    if (view.phase === "victim" && playing && moves.victims.length) {
      const group = html("div", { class: "pw-victims", role: "group", "aria-label": "Eliminate a Servant of" },
        html("p", { class: "pw-victims-title", "aria-hidden": "true" }, "Eliminate a Servant of:"));
      for (const { seat, text } of moves.victims) {
        const button = html("button", { type: "button", class: "pw-button", "data-role": "victim", "data-seat": seat },
          seatMarker(colours[seat] || "#999999", seat),
          html("span", {}, seatName(view.players || [], seat)));
        button.addEventListener("click", () => actions.move(text));
        group.append(button);
      }
      buttons.push(group);
    }
    phase.replaceChildren(...buttons);
  };
}
