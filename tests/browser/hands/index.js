// The front end of the hidden-hands test game (tests/hidden_hands.py), built at test time
// into a temporary folder (tests/browser/test_pass_the_device.py), never committed as a
// bundle. It draws only what the view holds; the pass-the-device screen and every
// message to Python are shared/board.js's.

import { boardWidget } from "../../../js/shared/board.js";
import { html } from "../../../js/shared/dom.js";
import { seatName } from "../../../js/shared/palette.js";

function mount(frame, actions) {
  const hand = html("div", { class: "hh-hand", "data-role": "hand", role: "group", "aria-label": "Your hand" });
  frame.stage.append(hand);
  return {
    update(view) {
      const legal = new Set((view.legal || []).map((move) => move.text));  // each sent as data
      hand.replaceChildren(...(view.hand || []).map((card) => {
        const button = html("button", { type: "button", class: "pw-button", "data-card": card }, `card ${card}`);
        button.disabled = !legal.has(String(card));
        button.addEventListener("click", () => actions.move(String(card)));
        return button;
      }));
      frame.players.replaceChildren(...(view.players || []).map((player, seat) =>
        html("section", { class: "pw-player", "data-role": "player", "data-seat": seat },
          html("span", { class: "pw-name" }, seatName(view.players, seat)),
          html("p", {}, `${player.cards} in hand, ${player.played} played`))));
    },
  };
}

export default boardWidget({ className: "pw-hands", mount });
