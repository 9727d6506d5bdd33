// The parts of the Kecke Frösche board: the turn bar (the phase, the draw pile, the box's
// storks, the drawn frog with its two ends, the decisions), the three biotopes and each
// player's display (a row per biotope, the stork row, the chips face down, the score at
// the end). Each part is made once and updated from the view; buttons that stay keep
// their focus.

import { decisionRow } from "../shared/decisions.js";
import { html, setAttr, setText } from "../shared/dom.js";
import { seatShape } from "../shared/palette.js";
import { biotopeEmblem, cardDrawing, chipDrawing, pileDrawing } from "./drawings.js";
import {
  BIOTOPES, biotopeLabel, biotopeName, cardWords, cards, chipsText, decisionButtons, drawnText, frogKey, frogLabel,
  kindOf, scoreText, stageText, storks, turnText,
} from "./labels.js";

function tag(text, role) {
  return html("span", { class: "pw-tag", "data-role": role }, text);
}

/** A card as a picture (not a button): the drawn frog, a stork in a row, a pile's top. */
export function cardPicture(view, id, { role = "card", small = false } = {}) {
  return html("span", {
    class: `kf-card${small ? " is-small" : ""}`, role: "img", "aria-label": cardWords(view, id),
    "data-role": role, "data-card": id,
  }, cardDrawing(view, id));
}

/** The turn bar. `onMove(text)` sends a decision. */
export function turnBar(onMove) {
  const stage = html("p", { class: "kf-stage", "data-role": "stage" });
  const pileArt = html("span", { class: "kf-pile-art", "aria-hidden": "true" });
  const pileText = html("span", { "data-role": "pile-count" });
  const pile = html("div", { class: "kf-pile", "data-role": "pile" }, pileArt, pileText);
  const box = html("p", { class: "kf-box", "data-role": "box" });
  const turn = html("p", { class: "kf-turn-text", "data-role": "turn-text" });
  const drawnCard = html("span", { class: "kf-drawn-card" });
  const drawnWords = html("p", { class: "kf-drawn-text", "data-role": "drawn-text" });
  const drawn = html("div", { class: "kf-drawn", "data-role": "drawn", hidden: true }, drawnCard, drawnWords);
  const decisions = decisionRow({ prefix: "kf", onMove });
  const element = html("div", { class: "kf-turn", "data-role": "turn" },
    pile, html("div", { class: "kf-turn-words" }, stage, box, turn), drawn, decisions.element);
  let drawnKey = null;

  function update(view) {
    setText(stage, stageText(view));
    setAttr(stage, "data-stage", view.stage);
    const count = Number(view.pile) || 0;
    setText(pileText, `Draw pile: ${cards(count)}`);
    setAttr(pile, "data-count", count);
    pileArt.replaceChildren(pileDrawing(count));
    setText(box, `In the box: ${storks(view.box)}`);
    setText(turn, turnText(view));
    const key = JSON.stringify(view.drawn ?? null);
    if (key !== drawnKey) {
      drawnKey = key;
      drawn.hidden = !view.drawn;
      drawnCard.replaceChildren(...(view.drawn ? [cardPicture(view, view.drawn.card, { role: "drawn-card" })] : []));
    }
    setText(drawnWords, drawnText(view));
    const playing = view.playing !== null && view.playing !== undefined;
    const wanted = playing ? decisionButtons(view.legal) : [];
    element.classList.toggle("has-decisions", decisions.update(wanted));
  }

  return {
    element,
    update,
  };
}

/** The three biotopes: each a button (a target for `stork`, `block` or `open`), with its
 * emblem, its name, the top card of its pile, the pile's count and its block. `update(view,
 * moves)`: `moves`, biotope -> its legal move ({kind, text}). */
export function biotopeTable(onBiotope) {
  const element = html("div", { class: "kf-biotopes", role: "group", "aria-label": "The biotopes", "data-role": "biotopes" });
  const buttons = new Map();
  for (const id of BIOTOPES) {
    const b = html("button", { type: "button", class: "kf-biotope", "data-biotope": id, "data-role": "biotope" });
    b.addEventListener("click", () => onBiotope(id));
    buttons.set(id, b);
    element.append(b);
  }
  const drawn = new Map();

  function update(view, moves) {
    for (const id of BIOTOPES) {
      const b = buttons.get(id);
      const biotope = (view.biotopes || []).find((x) => x && x.id === id) || { id, count: 0, top: null, blocked: false };
      const move = moves[id] ?? null;
      const key = JSON.stringify([biotope, move, view.kinds?.length]);
      setAttr(b, "aria-label", biotopeLabel(view, biotope, move));
      setAttr(b, "data-move", move?.text ?? null);
      setAttr(b, "data-blocked", biotope.blocked ? "true" : "false");
      b.classList.toggle("is-target", move !== null);
      b.classList.toggle("is-blocked", Boolean(biotope.blocked));
      if (drawn.get(id) === key) continue;
      drawn.set(id, key);
      const name = biotope.name ?? biotopeName(view, id);
      const top = biotope.top
        ? cardPicture(view, biotope.top, { role: "top" })
        : html("span", { class: "kf-card kf-empty", "data-role": "top", "aria-hidden": "true" }, "empty");
      b.replaceChildren(
        html("span", { class: "kf-biotope-head", "aria-hidden": "true" },
          biotopeEmblem(id), html("span", { class: "kf-biotope-name" }, name)),
        html("span", { class: "kf-biotope-pile", "aria-hidden": "true" }, top,
          html("span", { class: "kf-biotope-count", "data-role": "count" }, `${Number(biotope.count) || 0} in the pile`),
          biotope.blocked ? tag("blocked", "blocked") : tag("open", "open")),
        ...(move ? [html("span", { class: "kf-biotope-move", "aria-hidden": "true" }, moveText(move))] : []));
    }
  }

  return { element, update, buttons };
}

function moveText(move) {
  return { stork: "Stork here", block: "Block this", open: "Open this" }[move.kind] ?? move.text;
}

/** One player's display. `onCard(seat, row, place)` and `onEnd(text)` answer clicks;
 * `targets`: the keys ("water 2") of the frogs that may be discarded; `ends`: the drawn
 * frog's legal ends ([{kind, text}]). */
function displayPanel(view, player, { targets, ends, toPlay, placing }, onCard, onEnd) {
  const seat = player.seat;
  const won = (view.winners || []).includes(seat);
  const rows = BIOTOPES.map((row) => {
    const cardsInRow = (player.rows?.[row] || []);
    const buttons = cardsInRow.map((card, i) => {
      const place = i + 1;
      const target = targets.has(frogKey(row, place));
      const b = html("button", {
        type: "button", class: `kf-card kf-card-button${target ? " is-target" : ""}`, tabindex: "-1",
        "data-role": "frog", "data-seat": seat, "data-row": row, "data-place": place, "data-card": card,
        "data-key": `${seat} ${row} ${place}`,
        "aria-label": frogLabel(view, { card, row, place, owner: player.name, target }),
      }, cardDrawing(view, card));
      b.addEventListener("click", () => onCard(seat, row, place));
      return b;
    });
    const kind = placing && kindOf(view, placing.card).biotope === row ? kindOf(view, placing.card) : null;
    const endButton = (move) => {
      if (!move) return null;
      const end = move.kind;
      const b = html("button", {
        type: "button", class: `kf-end is-target`, tabindex: "-1", "data-role": "end", "data-end": end,
        "data-key": `${seat} ${row} ${end}`,
        "aria-label": `Lay ${kind.name} at the ${end} end of the ${row} row`,
      }, html("span", { "aria-hidden": "true" }, end === "left" ? "◀ Left end" : "Right end ▶"));
      b.addEventListener("click", () => onEnd(move.text));
      return b;
    };
    const endOf = (end) => ends.find((move) => move.kind === end);
    const showEnds = kind && ends.length > 0;
    const empty = buttons.length === 0 && !showEnds;
    return html("div", { class: `kf-row${empty ? " is-empty" : ""}`, "data-row": row, "data-biotope": row, role: "group",
      "aria-label": `${player.name}'s ${row} row (${biotopeName(view, row)}): ${cardsInRow.length === 0 ? "empty" : `${cardsInRow.length} frog${cardsInRow.length === 1 ? "" : "s"}`}` },
    html("span", { class: `kf-row-name kf-${row}`, "aria-hidden": "true" }, row),
    // The frogs wrap inside their own box: a second line starts under the first frog.
    empty ? html("span", { class: "kf-row-empty", "aria-hidden": "true" }, "—")
      : html("span", { class: "kf-row-cards" },
        showEnds ? endButton(endOf("left")) : null,
        ...buttons,
        showEnds ? endButton(endOf("right")) : null));
  });
  const storkCount = Number(player.storks) || 0;
  const storkRow = html("div", { class: `kf-row kf-stork-row${storkCount === 0 ? " is-empty" : ""}`, "data-row": "storks", role: "group",
    "aria-label": `${player.name}'s storks: ${storks(storkCount)}` },
  html("span", { class: "kf-row-name kf-stork", "aria-hidden": "true" }, "storks"),
  ...Array.from({ length: storkCount }, () => cardPicture(view, "stork", { role: "stork", small: true })),
  storkCount === 0 ? html("span", { class: "kf-row-empty", "aria-hidden": "true" }, "—") : null);
  const chipCount = Number(player.chips) || 0;
  const values = Array.isArray(player.chip_values) ? player.chip_values : null;
  const chips = html("p", { class: "kf-chips", "data-role": "chips" },
    html("span", { class: "kf-chip-tokens", "aria-hidden": "true" },
      ...(values ? values.map((v) => chipDrawing(v)) : Array.from({ length: chipCount }, () => chipDrawing()))),
    html("span", {}, chipsText(player)));
  const score = scoreText(player);
  const panel = html("section", {
    class: "pw-player kf-display", "data-role": "player", "data-seat": seat,
    "aria-label": `${player.name}'s display`, "aria-current": toPlay ? "true" : null,
  },
  html("div", { class: "pw-player-head" },
    html("span", { class: `kf-seat kf-seat-${seatShape(seat)}`, "aria-hidden": "true" }),
    html("span", { class: "pw-name", "data-role": "name" }, player.name ?? `Seat ${seat}`),
    html("span", { class: "kf-count", "data-role": "cards" }, cards(player.cards)),
    toPlay ? tag("to play", "turn") : null,
    won ? tag("wins", "winner") : null,
    (view.bots || []).includes(seat) ? tag("bot", "bot") : null),
  html("div", { class: "kf-rows" }, ...rows),
  // The storks and the chips share a line where the display is wide enough (keckefrosche.css).
  html("div", { class: "kf-extras" }, storkRow, chips),
  score ? html("p", { class: "kf-score", "data-role": "score" }, score) : null);
  panel.classList.toggle("is-turn", toPlay);
  return panel;
}

/** Every player's display, redrawn when what it shows changes. A display's frogs and ends
 * are one roving tab stop: the arrows go along a row and between rows. */
export function displays(container, { onCard, onEnd }) {
  let drawnKey = null;
  const stops = new Map();  // seat -> the data-key Tab lands on

  container.addEventListener("keydown", (event) => {
    const button = event.target?.closest?.(".kf-card-button, .kf-end");
    if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = button.closest(".kf-row");
    const panel = button.closest(".kf-display");
    const rows = [...panel.querySelectorAll(".kf-row")].map((r) => [...r.querySelectorAll(".kf-card-button, .kf-end")])
      .filter((r) => r.length);
    const r = rows.findIndex((list) => list.includes(button));
    const c = rows[r].indexOf(button);
    let next = null;
    switch (event.key) {
      case "ArrowLeft": next = rows[r][Math.max(0, c - 1)]; break;
      case "ArrowRight": next = rows[r][Math.min(rows[r].length - 1, c + 1)]; break;
      case "ArrowUp": if (r > 0) next = rows[r - 1][Math.min(c, rows[r - 1].length - 1)]; else next = button; break;
      case "ArrowDown": if (r < rows.length - 1) next = rows[r + 1][Math.min(c, rows[r + 1].length - 1)]; else next = button; break;
      case "Home": next = rows[r][0]; break;
      case "End": next = rows[r][rows[r].length - 1]; break;
      default: return;
    }
    void row;
    event.preventDefault();
    focusKey(panel, next);
  });
  container.addEventListener("focusin", (event) => {
    const button = event.target?.closest?.(".kf-card-button, .kf-end");
    if (button) focusKey(button.closest(".kf-display"), button, false);
  });

  function focusKey(panel, button, move = true) {
    for (const b of panel.querySelectorAll(".kf-card-button, .kf-end")) b.tabIndex = b === button ? 0 : -1;
    stops.set(panel.dataset.seat, button.dataset.key);
    if (move) button.focus();
  }

  /** Each display's tab stop: the one kept, else its first target, else its first frog. */
  function placeStops() {
    for (const panel of container.querySelectorAll(".kf-display")) {
      const all = [...panel.querySelectorAll(".kf-card-button, .kf-end")];
      if (!all.length) continue;
      const kept = all.find((b) => b.dataset.key === stops.get(panel.dataset.seat));
      const stop = all.find((b) => b.classList.contains("is-target")) ?? kept ?? all[0];
      for (const b of all) b.tabIndex = b === stop ? 0 : -1;
    }
  }

  return {
    update(view, { targets, ends, toPlay }) {
      const placing = view.phase === "place" && view.drawn && typeof view.drawn === "object" ? view.drawn : null;
      const key = JSON.stringify([view.players, view.kinds, [...targets], ends, toPlay, placing, view.winners, view.bots,
        view.playing]);
      if (key === drawnKey) return false;
      drawnKey = key;
      const doc = container.ownerDocument;
      const focused = container.contains(doc.activeElement) ? doc.activeElement.dataset?.key : null;
      container.replaceChildren(...(view.players || []).map((player) => displayPanel(view, player, {
        targets: player.seat === view.playing ? targets : new Set(),
        ends: placing && player.seat === placing.seat && player.seat === view.playing ? ends : [],
        toPlay: player.seat === toPlay,
        placing: placing && player.seat === placing.seat ? placing : null,
      }, onCard, onEnd)));
      placeStops();
      if (focused) {
        const again = [...container.querySelectorAll("[data-key]")].find((b) => b.dataset.key === focused);
        again?.focus({ preventScroll: true });
      }
      return true;
    },
  };
}
