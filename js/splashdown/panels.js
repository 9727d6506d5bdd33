// Around the map: the turn bar above it (the latest die or coin, the push offer with its
// odds, the buttons of the decisions that are not a landing), the push-odds option beside
// it, and one panel per player (their frog, lives, flies, Home or out) below.

import { decisionRow } from "../shared/decisions.js";
import { html, setAttr, setText } from "../shared/dom.js";
import { coinFace, dieFace, flyIcon, frogMarker, heart, houseIcon } from "./drawings.js";
import { chanceText, decisionButtons, fliesText, lives, pushOffer, shownDice, whereText } from "./labels.js";

function tag(text, role, ...icon) {
  return html("span", { class: "pw-tag", "data-role": role }, ...icon, text);
}

/** Whether the page asks for no animation. */
function reducedMotion() {
  return Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Whether the chance shown should be animated: a die or coin newer than the last one
 * drawn (its `decision` differs), never on a board's first picture (a notebook opened
 * again shows the last roll as it fell), never under reduced motion.
 */
export function animateChance(seen, chance, { first = false, reduced = false } = {}) {
  if (first || reduced || !chance || typeof chance !== "object") return false;
  return chance.decision !== seen;
}

/**
 * The turn bar. `onMove(text)` sends a decision. Returns `{element, update(view, options),
 * contains(node)}`; its buttons are kept across updates (they keep focus), shown exactly
 * for the decisions in `view.legal` that are not a landing.
 */
export function turnBar(onMove) {
  const dice = html("div", { class: "sd-chance", "data-role": "chance", "aria-hidden": "true" });
  const caption = html("p", { class: "sd-chance-text", "data-role": "chance-text" });
  const pushTitle = html("p", { class: "sd-push-title", "data-role": "push-title" });
  const pushLines = html("ul", { class: "sd-push-odds", "data-role": "push-odds" });
  const push = html("div", { class: "sd-push", "data-role": "push-offer", hidden: true }, pushTitle, pushLines);
  const decisions = decisionRow({ prefix: "sd", onMove });
  const element = html("div", { class: "sd-turn", "data-role": "turn" },
    dice, html("div", { class: "sd-turn-text" }, caption, push), decisions.element);
  let seen;  // the decision of the chance drawn last; undefined before the first picture
  let drawnDice = null;
  let drawnPush = null;

  function drawChance(view) {
    const chance = view.last_chance && typeof view.last_chance === "object" ? view.last_chance : null;
    const values = shownDice(view);
    const key = JSON.stringify([chance, values]);
    const animate = animateChance(seen, chance, { first: seen === undefined, reduced: reducedMotion() });
    seen = chance ? chance.decision : null;
    setText(caption, chanceText(view) || "No die rolled yet.");
    if (key === drawnDice) return;
    drawnDice = key;
    const faces = [];
    if (chance && chance.kind === "coin") faces.push(coinFace(chance.value));
    else {
      const best = Math.max(...values);
      values.forEach((v, i) => faces.push(dieFace(v, {
        frog: chance?.kind === "push",
        kept: values.length === 2 ? (v === best && values.indexOf(best) === i) : null,
      })));
    }
    if (!chance) faces.push(dieFace(0));
    dice.replaceChildren(...faces);
    setAttr(dice, "data-kind", chance ? chance.kind : null);
    setAttr(dice, "data-value", chance ? chance.value : null);
    setAttr(dice, "data-decision", chance ? chance.decision : null);
    dice.classList.remove("is-new");
    if (animate) {
      void dice.offsetWidth;  // restart the animation
      dice.classList.add("is-new");
    }
  }

  function drawPush(view, options) {
    const odds = options.odds ? view.push_odds : null;
    const offer = ["push", "push-roll"].includes(view.phase) ? pushOffer(view, odds) : null;
    push.hidden = offer === null;
    caption.hidden = offer !== null;  // the push offer takes the caption's place
    const key = JSON.stringify(offer);
    if (key === drawnPush) return;
    drawnPush = key;
    if (!offer) return;
    setText(pushTitle, offer.title);
    pushLines.replaceChildren(...offer.lines.map((line) => html("li", { "data-outcome": line.outcome },
      line.odds ? html("span", { class: "sd-odds", "data-role": "odds" }, line.odds) : null,
      html("span", {}, line.text))));
  }

  function update(view, options) {
    drawChance(view);
    drawPush(view, options);
    const playing = view.playing !== null && view.playing !== undefined;
    const wanted = playing ? decisionButtons(view.legal, view.phase) : [];
    element.classList.toggle("has-decisions", decisions.update(wanted));
  }

  return {
    element,
    update,
    contains: (node) => element.contains(node),
  };
}

/** The option beside the board: show the push's odds. Returns `update(options)`. */
export function oddsToggle(container, actions) {
  const box = html("input", { type: "checkbox", "data-role": "odds-toggle" });
  box.addEventListener("change", () => actions.option("odds", box.checked));
  container.append(html("label", { class: "pw-toggle" }, box, " Show the push odds"));
  return (options) => {
    box.checked = Boolean(options.odds);
  };
}

function hearts(count) {
  const n = Math.max(0, Number(count) || 0);
  return html("span", { class: "sd-hearts", "aria-hidden": "true" },
    ...Array.from({ length: Math.max(5, n) }, (_, i) => heart(i < n)));
}

function playerPanel(frog, view, colour) {
  const seat = frog.seat;
  const toPlay = !view.is_over && (view.to_act || []).includes(seat);
  const won = (view.winners || []).includes(seat);
  const panel = html("section", {
    class: "pw-player", "data-role": "player", "data-seat": seat, "aria-current": toPlay ? "true" : null,
  },
  html("div", { class: "pw-player-head" },
    frogMarker(colour, seat),
    html("span", { class: "pw-name", "data-role": "name" }, frog.name),
    toPlay ? tag("to play", "turn") : null,
    won ? tag("wins", "winner") : null,
    frog.home ? tag("Home", "home", houseIcon()) : null,
    frog.out ? tag("out", "out") : null,
    (view.bots || []).includes(seat) ? tag("bot", "bot") : null),
  html("p", { class: "sd-lives", "data-role": "lives" }, hearts(frog.lives), html("span", {}, lives(frog.lives))),
  html("p", { class: "sd-held", "data-role": "flies" }, flyIcon(), html("span", {}, fliesText(frog))),
  html("p", { class: "sd-where", "data-role": "where" }, whereText(frog)));
  panel.classList.toggle("is-turn", toPlay);
  panel.classList.toggle("is-out", Boolean(frog.out));
  panel.classList.toggle("is-home", Boolean(frog.home));
  return panel;
}

/** The players' panels, redrawn when what they show changes. Returns `update(view, colours)`. */
export function playersPanel(container) {
  let drawn = null;
  return function update(view, colours) {
    const key = JSON.stringify([view.frogs, view.to_act, view.winners, view.bots, view.is_over, colours]);
    if (key === drawn) return;
    drawn = key;
    container.replaceChildren(...(view.frogs || []).map((frog) => playerPanel(frog, view, colours[frog.seat])));
  };
}
