// What the rules just did, kept in sight: Python's view.news (a bang frog and the storks
// it took, a chip won, a stork sent back to the box, a box stork's block, the discarding
// phase) stays in the view until the board's person decides again, however fast the bots
// play on. The board draws it as a strip in the turn bar (each item's card and Python's
// words), marks the displays and biotopes it speaks of (the stork leaving a display drawn
// as a ghost), and tells a screen reader each item once, when it is new. The pure part
// (what is shown, what is announced) is tested in node without a DOM.

import { html, setText } from "../shared/dom.js";
import { cardDrawing } from "./drawings.js";
import { BIOTOPES, cardWords } from "./labels.js";

const KINDS = new Set(["bang", "chip", "no-chip", "returned", "blocked", "phase"]);

/** The view's news items that can be drawn: each an object with a known kind and text. */
export function newsItems(view) {
  return (Array.isArray(view?.news) ? view.news : []).filter((item) =>
    item && typeof item === "object" && KINDS.has(item.kind) && typeof item.text === "string" && item.text);
}

/** An item's identity: Python's id with its words (an undo may reuse an id for another
 * item). */
export function newsKey(item) {
  return `${item.id}|${item.text}`;
}

/** The items of `items` not among the `shown` keys: those to announce, in order. The view
 * keeps the older ones while it adds new ones, so each item is said once. */
export function newItems(shown, items) {
  const seen = new Set(shown);
  return items.filter((item) => !seen.has(newsKey(item)));
}

/** What the screen reader is told for `fresh` items: their words, one after another. */
export function announcement(fresh) {
  return fresh.map((item) => item.text).join(" ");
}

/** How many storks leave each seat's display in the news (bang frogs): seat -> count. */
export function storksLeaving(items) {
  const leaving = new Map();
  for (const item of items) {
    if (item.kind !== "bang" || !Array.isArray(item.losers)) continue;
    for (const seat of item.losers) if (Number.isInteger(seat)) leaving.set(seat, (leaving.get(seat) ?? 0) + 1);
  }
  return leaving;
}

/** How many chips each seat won in the news: seat -> count. */
export function chipsWon(items) {
  const won = new Map();
  for (const item of items) {
    if (item.kind === "chip" && Number.isInteger(item.seat)) won.set(item.seat, (won.get(item.seat) ?? 0) + 1);
  }
  return won;
}

/** The biotopes the news speaks of: blocked by a box stork, or opened by a stork sent
 * back to the box. */
export function biotopesTouched(items) {
  return new Set(items.filter((item) => (item.kind === "blocked" || item.kind === "returned")
    && BIOTOPES.includes(item.biotope)).map((item) => item.biotope));
}

/** The card an item shows: the bang frog, a stork, the frog laid; null for none. */
export function newsCard(item) {
  if (item.card === "bang" || item.card === "stork") return item.card;
  return typeof item.card === "string" && /^[a-z]+-\d+$/.test(item.card) ? item.card : null;
}

/** The ghosts' tag, short enough for a narrow display: "to the box", "2 to the box". */
export function leavingText(count) {
  return count === 1 ? "to the box" : `${count} to the box`;
}

/** "chip won", "2 chips won": the chips' tag. */
export function wonText(count) {
  return count === 1 ? "chip won" : `${count} chips won`;
}

function smallCard(view, id, role) {
  return html("span", {
    class: "kf-card kf-news-card", role: "img", "aria-label": cardWords(view, id), "data-role": role,
    "data-card": id,
  }, cardDrawing(view, id));
}

function itemElement(view, item) {
  const card = newsCard(item);
  return html("li", { class: "kf-news-item", "data-role": "news-item", "data-kind": item.kind, "data-id": item.id ?? "" },
    card ? smallCard(view, card, "news-card") : null,
    html("span", { class: "kf-news-text", "data-role": "news-text" }, item.text));
}

/** The strip, its announcer, and the marks it puts on the board. `update(view, {players,
 * biotopes})` draws them; call it after the displays are drawn (they may be redrawn). */
export function newsStrip() {
  const list = html("ul", { class: "kf-news-list" });
  const element = html("div", { class: "kf-news", "data-role": "news", role: "group", "aria-label": "What just happened", hidden: true },
    html("span", { class: "kf-news-title", "aria-hidden": "true" }, "Just now"), list);
  // One polite region, always in the page (a region made with its text is often not
  // read): it holds the new items' words only, never the whole list again.
  const said = html("p", { class: "pw-sr-only", role: "status", "data-role": "news-said" });
  let shownKeys = [];
  let drawnKey = null;

  function announce(text) {
    if (!text) return;
    if (said.textContent === text) said.textContent = "";  // the same words, said again
    setText(said, text);
  }

  function drawList(view, items) {
    const key = JSON.stringify([items.map(newsKey), items.map(newsCard), view.kinds?.length]);
    if (key === drawnKey) return;
    drawnKey = key;
    element.hidden = items.length === 0;
    list.replaceChildren(...items.map((item) => itemElement(view, item)));
  }

  function markDisplays(view, players, items) {
    for (const mark of players.querySelectorAll(".kf-news-mark")) mark.remove();
    for (const chips of players.querySelectorAll(".kf-chips.is-news")) chips.classList.remove("is-news");
    for (const [seat, count] of storksLeaving(items)) {
      const row = players.querySelector(`.kf-display[data-seat="${seat}"] .kf-stork-row`);
      if (!row) continue;
      for (let i = 0; i < count; i++) {
        row.append(html("span", { class: "kf-card is-small kf-news-mark kf-ghost", "data-role": "stork-leaving", "aria-hidden": "true" },
          cardDrawing(view, "stork")));
      }
      row.append(html("span", { class: "kf-news-mark kf-news-tag", "data-role": "storks-leaving", "aria-hidden": "true" },
        leavingText(count)));
    }
    for (const [seat, count] of chipsWon(items)) {
      const chips = players.querySelector(`.kf-display[data-seat="${seat}"] [data-role=chips]`);
      if (!chips) continue;
      chips.classList.add("is-news");
      chips.append(html("span", { class: "kf-news-mark kf-news-tag", "data-role": "chips-won", "aria-hidden": "true" },
        wonText(count)));
    }
  }

  function update(view, { players, biotopes }) {
    const items = newsItems(view);
    drawList(view, items);
    announce(announcement(newItems(shownKeys, items)));
    shownKeys = items.map(newsKey);
    if (players) markDisplays(view, players, items);
    const touched = biotopesTouched(items);
    for (const [id, button] of biotopes || []) button.classList.toggle("is-news", touched.has(id));
  }

  return { element, said, update };
}
