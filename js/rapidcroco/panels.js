// Around the table: the criteria above it, the round's result below it, the buttons
// beside it (turn the criteria, give up, replay), and one panel per player with their
// Crocs (buttons: a hand Croc may be arrested) and, when several people race at one
// screen, their buzzer.

import { html, setText } from "../shared/dom.js";
import { ownSeat } from "../shared/palette.js";
import { criterionCard, crocCard } from "./drawings.js";
import { criterionLabel, handLabel, roundResult } from "./labels.js";
import { keyOf } from "./race.js";

const TRAITS = ["gender", "skin", "build", "glasses", "hat"];

function tag(text, role) {
  return html("span", { class: "pw-tag", "data-role": role }, text);
}

// -- the criteria --------------------------------------------------------------------------

/** Which criteria the board shows, `{criteria, caption}`: the race's; between rounds the
 * decided round's, face up as they were (view.last); else none (face down). */
export function criteriaShown(view) {
  if (view.phase === "race" && Array.isArray(view.criteria)) {
    return { criteria: view.criteria, caption: `Round ${view.round}: find the culprit` };
  }
  const last = view.last;
  if (last && Array.isArray(last.criteria)) {
    return { criteria: last.criteria, caption: `Round ${last.round}'s criteria, as decided` };
  }
  return { criteria: [], caption: "Face down until the dealer turns them" };
}

/** The five criteria cards, face down until the dealer turns them, with a caption that
 * says which round's they are. `update(view)`. */
export function criteriaPanel() {
  const caption = html("p", { class: "rc-criteria-caption", "data-role": "criteria-caption" });
  const list = html("ul", { class: "rc-criteria", "data-role": "criteria" });
  const element = html("div", { class: "rc-criteria-panel" }, caption, list);
  let drawn = null;
  function update(view) {
    const shown = criteriaShown(view);
    const faces = new Map(shown.criteria.map((c) => [c.trait, c.face]));
    const key = JSON.stringify([shown.caption, ...faces]);
    if (key === drawn) return;
    drawn = key;
    setText(caption, shown.caption);
    list.setAttribute("aria-label", `Criteria: ${shown.caption}`);
    list.classList.toggle("is-down", faces.size === 0);
    list.replaceChildren(...TRAITS.map((trait) => {
      const face = faces.get(trait) || null;
      return html("li", {
        class: "rc-criterion", "data-trait": trait, "data-face": face,
        "aria-label": criterionLabel(trait, face),
      },
      criterionCard(trait, face),
      html("span", { class: "rc-criterion-face", "aria-hidden": "true" }, face || trait));
    }));
  }
  return { element, update };
}

// -- the round's result ---------------------------------------------------------------------

/** The explanation of the last round, shown between rounds. `update(view)`. */
export function resultPanel() {
  const title = html("p", { class: "rc-result-title", "data-role": "result-title" });
  const explanation = html("p", { "data-role": "explanation" });
  const path = html("p", { class: "rc-result-path", "data-role": "path" });
  const wrong = html("p", { "data-role": "wrong" });
  const element = html("div", { class: "rc-result", "data-role": "result", "aria-live": "polite", hidden: true },
    title, explanation, path, wrong);
  function update(view) {
    const shown = Boolean(view.last) && view.phase !== "race";
    element.hidden = !shown;
    const result = roundResult(shown ? view.last : null, view.players || [], ownSeat(view));
    setText(title, result.title);
    setText(explanation, result.explanation);
    setText(path, result.path);
    setText(wrong, result.wrong);
    path.hidden = !result.path;
    wrong.hidden = !result.wrong;
  }
  return { element, update };
}

// -- the buttons beside the table -------------------------------------------------------------

/** "Turn the criteria", "Give up" and "Replay the path", kept across updates (so they keep
 * focus). `handlers`: `{reveal, pass, replay}`. Returns `update({reveal, passShown, pass,
 * replay, replaying})`: which to show, and whether Give up may be used. */
export function controlsPanel(container, handlers) {
  const button = (role, text, title) => {
    const b = html("button", { type: "button", class: "pw-button", "data-role": role, title, hidden: true }, text);
    b.addEventListener("click", () => handlers[role]());
    return b;
  };
  const reveal = button("reveal", "Turn the criteria", "Turn the five criteria cards: the race starts");
  const pass = button("pass", "Give up", "Give up this round: no penalty, no more arrests until the next one");
  const replay = button("replay", "Replay the path", "Follow the arms of the last round again, Croc by Croc");
  container.append(reveal, pass, replay);
  return function update(state) {
    reveal.hidden = !state.reveal;
    pass.hidden = !state.passShown;
    pass.disabled = !state.pass;
    replay.hidden = !state.replay;
    replay.classList.toggle("is-running", Boolean(state.replaying));
  };
}

// -- the players ------------------------------------------------------------------------------

function handCard(card, seat, holder, targets, onArrest) {
  const target = targets.has(card.name);
  const button = html("button", {
    type: "button", class: "rc-hand-card", "data-role": "hand-card", "data-name": card.name,
    "data-seat": seat, "aria-label": handLabel(card, holder),
  }, crocCard(card, { arm: null, turn: 0 }), html("span", { class: "rc-hand-name", "aria-hidden": "true" }, card.name));
  button.disabled = !target;
  button.classList.toggle("is-target", target);
  button.addEventListener("click", () => onArrest(card.name));
  return button;
}

function pips(count, target) {
  const shown = Math.max(count, target);
  return html("span", { class: "rc-pips", "aria-hidden": "true" },
    ...Array.from({ length: shown }, (_, i) => html("span", { class: i < count ? "rc-pip is-won" : "rc-pip" })));
}

function playerPanel(player, seat, view, state, handlers) {
  const racing = view.phase === "race";
  const won = (view.winners || []).includes(seat);
  const arresting = state.armed === seat;
  const crocs = player.crocs || [];
  const head = html("div", { class: "pw-player-head" },
    html("span", { class: "pw-name", "data-role": "name" }, player.name),
    view.phase === "deal" && view.dealer === seat && !view.is_over ? tag("deals", "dealer") : null,
    (view.bots || []).includes(seat) ? tag("bot", "bot") : null,
    won ? tag("wins", "winner") : null,
    racing && player.wrong ? tag("wrong arrest", "wrong") : null,
    racing && player.passed ? tag("gave up", "passed") : null,
    racing && player.sitting_out ? tag("sits out", "sitting-out") : null,
    player.sits_next ? tag("sits out next round", "sits-next") : null,
    arresting ? tag("arresting", "arresting") : null);
  const score = html("p", { class: "rc-score", "data-role": "score" },
    html("span", { class: "rc-score-text" }, `Crocs: ${crocs.length} of ${view.target}`), pips(crocs.length, view.target || 0));
  const hand = crocs.length
    ? html("div", { class: "rc-hand", "data-role": "hand", role: "group", "aria-label": `${player.name}'s Crocs` },
      ...crocs.map((card) => handCard(card, seat, player.name, state.targets, handlers.arrest)))
    : null;
  let buzzer = null;
  if (state.buzzers && (view.people || []).includes(seat)) {
    buzzer = html("button", {
      type: "button", class: "pw-button rc-buzzer", "data-role": "buzzer", "data-seat": seat,
      "aria-pressed": String(arresting), "aria-keyshortcuts": keyOf(seat),
      title: `${player.name}: press ${keyOf(seat)} (or here), then click the culprit`,
    }, html("kbd", {}, keyOf(seat)), html("span", {}, `${player.name} arrests`));
    buzzer.addEventListener("click", () => handlers.buzz(seat));
  }
  const panel = html("section", {
    class: "pw-player", "data-role": "player", "data-seat": seat,
    "aria-current": arresting ? "true" : null,
  }, head, score, hand, buzzer);
  panel.classList.toggle("is-turn", arresting);
  panel.classList.toggle("is-arresting", arresting);
  panel.classList.toggle("is-out", racing && (player.wrong || player.passed || player.sitting_out));
  return panel;
}

/** The players' panels, redrawn when what they show changes; the focused button keeps
 * its focus across a redraw. `update(view, {armed, buzzers, targets})`. */
export function playersPanel(container, handlers) {
  let drawn = null;
  return function update(view, state) {
    const key = JSON.stringify([view.players, view.phase, view.dealer, view.people, view.bots,
      view.winners, view.target, view.is_over, state.armed, state.buzzers, [...state.targets.keys()]]);
    if (key === drawn) return;
    drawn = key;
    const active = container.ownerDocument.activeElement;
    const focused = container.contains(active)
      ? { role: active.getAttribute("data-role"), seat: active.getAttribute("data-seat"), name: active.getAttribute("data-name") }
      : null;
    container.replaceChildren(...(view.players || []).map((player, seat) =>
      playerPanel(player, seat, view, state, handlers)));
    if (focused) {
      const same = [...container.querySelectorAll("button")].find((b) =>
        b.getAttribute("data-role") === focused.role && b.getAttribute("data-seat") === focused.seat
        && b.getAttribute("data-name") === focused.name && !b.disabled);
      if (same) same.focus();
    }
  };
}
