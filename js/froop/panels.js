// The parts of the Froop! board around the Froop: the top bar (the draw pile, the Speed
// countdown, the last card, the variants), a hand row for each person acting here (the
// cards as buttons, Turn, Draw / Pass / Stop / Make the others draw, the gives) and the
// players (hand sizes, Marathon points, and every hand under Strategic). Each part is
// made once and updated from the view; buttons that stay keep their focus.

import { decisionRow } from "../shared/decisions.js";
import { html, setAttr, setText } from "../shared/dom.js";
import { ownSeat, seatShape } from "../shared/palette.js";
import { cardDrawing, pileDrawing, symbolDrawing } from "./drawings.js";
import {
  countdownSeconds, countdownText, giveText, handCardLabel, lastCardText, pileText, playerCounts, plural, SYMBOLS,
  variantsText,
} from "./labels.js";
import { laid } from "./plays.js";

function tag(text, role) {
  return html("span", { class: "pw-tag", "data-role": role }, text);
}

/** The top bar: the pile, the countdown (Speed), the last card laid, the variants. */
export function topBar() {
  const pileArt = html("span", { class: "fr-pile-art-box", "aria-hidden": "true" });
  const pileWords = html("span", { "data-role": "pile-count" });
  const pile = html("div", { class: "fr-pile", "data-role": "pile" }, pileArt, pileWords);
  const seconds = html("span", { class: "fr-countdown-number", "data-role": "countdown-seconds", "aria-hidden": "true" });
  const words = html("span", { class: "fr-countdown-words", "data-role": "countdown-text" });
  const bar = html("span", { class: "fr-countdown-bar", "aria-hidden": "true" }, html("span", { class: "fr-countdown-fill" }));
  const countdown = html("div", { class: "fr-countdown", "data-role": "countdown", role: "timer", hidden: true },
    seconds, html("span", { class: "fr-countdown-side" }, words, bar));
  const last = html("p", { class: "fr-last-text", "data-role": "last-text" });
  const variants = html("p", { class: "fr-variants", "data-role": "variants" });
  const element = html("div", { class: "fr-top", "data-role": "top" },
    pile, html("div", { class: "fr-top-words" }, last, variants), countdown);

  let pileCount = null;
  let timer = null;
  let from = null;  // {left, at, seconds, key}: the countdown as Python last said it

  function tick() {
    if (!element.isConnected && timer !== null) {
      clearInterval(timer);
      timer = null;
      return;
    }
    if (!from) return;
    // Held (before Start, while the device goes to its person): Python's figure, still.
    const left = Math.max(0, from.left - (from.running ? (Date.now() - from.at) / 1000 : 0));
    const s = countdownSeconds(left);
    setText(seconds, String(s));
    setText(words, countdownText(from.players, from.countdown, left, from.you));
    setAttr(countdown, "data-left", s);
    countdown.classList.toggle("is-low", s <= 5);
    const share = from.seconds > 0 ? Math.max(0, Math.min(1, left / from.seconds)) : 0;
    countdown.style.setProperty("--fr-left", share.toFixed(3));
  }

  function update(view) {
    const n = Number(view.pile) || 0;
    if (n !== pileCount) {
      pileCount = n;
      pileArt.replaceChildren(pileDrawing(n));
    }
    setText(pileWords, pileText(n));
    setAttr(pile, "data-count", n);
    setText(last, lastCardText(view));
    const v = variantsText(view.variants);
    setText(variants, v ? `Variants: ${v}` : "");
    variants.hidden = !v;
    const c = view.countdown && typeof view.countdown === "object" && !view.is_over ? view.countdown : null;
    countdown.hidden = c === null;
    if (c === null) {
      from = null;
      if (timer !== null) clearInterval(timer);
      timer = null;
      return;
    }
    // Counted down here from Python's figure; a new view starts from Python's again.
    from = { left: Number(c.left) || 0, at: Date.now(), seconds: Number(c.seconds) || 0, countdown: c,
      players: view.players, you: ownSeat(view), running: c.running !== false };
    setAttr(countdown, "data-seat", c.seat);
    tick();
    if (timer === null) timer = setInterval(tick, 250);
  }

  return { element, update };
}

/** The key to the symbols, under the Froop: each shape with its name. */
export function symbolKey() {
  return html("p", { class: "fr-key", "data-role": "symbol-key", "aria-hidden": "true" },
    ...Object.entries(SYMBOLS).map(([letter, name]) => html("span", { class: "fr-key-item" },
      symbolDrawing(letter), html("span", {}, name))));
}

/**
 * A person's hand row: their cards as buttons (one tab stop, arrows along the row), Turn
 * (also R), and their decisions. `on`: `{choose(seat, name, byKeyboard), turn(seat),
 * move(seat, text)}`.
 */
export function handZone(seat, on) {
  const title = html("span", { class: "fr-hand-title", "data-role": "hand-title" });
  const tags = html("span", { class: "fr-hand-tags" });
  const head = html("div", { class: "fr-hand-head" },
    html("span", { class: `fr-seat fr-seat-${seatShape(seat)}`, "aria-hidden": "true" }), title, tags);
  const say = html("p", { class: "fr-hand-prompt", "data-role": "hand-prompt", hidden: true });
  const cards = html("div", { class: "fr-hand-cards", role: "toolbar", "data-role": "hand-cards" });
  const turnButton = html("button", {
    type: "button", class: "pw-button fr-turn", "data-role": "turn-card", "aria-keyshortcuts": "R",
    title: "Turn the chosen card round (180°), key R",
  }, html("span", { "aria-hidden": "true" }, "↻"), " Turn (R)");
  const decisions = decisionRow({ prefix: "fr", onMove: (move) => on.move(seat, move) });
  const givesLabel = html("span", { class: "fr-gives-label", "data-role": "gives-label" });
  const gives = html("div", { class: "fr-gives", "data-role": "gives", role: "group", hidden: true }, givesLabel);
  const buttons = html("div", { class: "fr-hand-buttons" }, turnButton, decisions.element);
  const element = html("section", { class: "fr-hand", "data-role": "hand", "data-seat": seat }, head, say, cards, buttons, gives);
  const made = new Map();  // name -> its button
  const giveButtons = new Map();  // move -> its button
  let stopName = null;

  turnButton.addEventListener("click", () => on.turn(seat));
  cards.addEventListener("keydown", (event) => {
    const b = event.target?.closest?.(".fr-hand-card");
    if (!b || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = [...cards.querySelectorAll(".fr-hand-card")];
    const i = all.indexOf(b);
    let next = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = all[Math.max(0, i - 1)];
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = all[Math.min(all.length - 1, i + 1)];
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    roving(next.dataset.card);
    next.focus();
  });
  cards.addEventListener("focusin", (event) => {
    const b = event.target?.closest?.(".fr-hand-card");
    if (b) roving(b.dataset.card);
  });

  function roving(name) {
    stopName = name;
    for (const [n, b] of made) b.tabIndex = n === name ? 0 : -1;
  }

  function cardButton(name) {
    if (!made.has(name)) {
      const b = html("button", {
        type: "button", class: "fr-hand-card", "data-role": "hand-card", "data-card": name, "data-key": `hand ${seat} ${name}`,
        tabindex: "-1",
      });
      // detail 0: Enter or Space, not a pointer (the keyboard then goes on to the Froop).
      b.addEventListener("click", (event) => on.choose(seat, name, event.detail === 0));
      made.set(name, b);
    }
    return made.get(name);
  }

  /**
   * `s = {view, name (the player's name), hand, chosen, turnedOf(name), places (Map),
   * acting, legal, gives, several, active, own}`.
   */
  function update(s) {
    const who = s.name ?? `Seat ${seat}`;
    setText(title, s.own && !s.several ? `Your hand (${who})` : `${who}'s hand`);
    tags.replaceChildren(
      ...(s.toPlay ? [tag("to play", "turn")] : []),
      ...(s.mustGive ? [tag("must give", "must-give")] : []),
      ...(s.several && s.active ? [tag("Froop shows this hand", "active")] : []));
    // Several people at one screen: each row says what its person may do now.
    const prompt = s.several ? s.view.prompt_of?.[String(seat)] ?? "" : "";
    setText(say, prompt);
    say.hidden = !prompt;
    setAttr(cards, "aria-label", `${who}'s hand: ${plural(s.hand.length, "card")}`);
    element.classList.toggle("is-acting", s.acting);
    element.classList.toggle("is-active", s.active);
    const givable = new Set((s.acting ? s.gives : []).map((g) => g.card));
    const shown = s.hand.map((name) => {
      const b = cardButton(name);
      const turned = s.turnedOf(name);
      const chosen = s.chosen === name;
      const places = s.places.get(name) ?? { shown: 0, turned: 0 };
      const drawKey = `${laid(name, turned)}|${s.acting ? places.shown : "-"}`;
      if (b.dataset.drawn !== drawKey) {
        b.dataset.drawn = drawKey;
        b.replaceChildren(cardDrawing(laid(name, turned)),
          ...(s.acting && places.shown ? [html("span", { class: "fr-fits", "data-role": "fits", "aria-hidden": "true" }, String(places.shown))] : []));
      }
      setAttr(b, "aria-pressed", chosen ? "true" : "false");
      setAttr(b, "data-turned", turned ? "true" : "false");
      setAttr(b, "data-letters", laid(name, turned));
      setAttr(b, "aria-label", handCardLabel(name, { turned, chosen, places, acting: s.acting }));
      setAttr(b, "title", s.acting ? (places.shown ? `Choose ${laid(name, turned)}: fits ${plural(places.shown, "place")}` : `Choose ${laid(name, turned)}`) : `Choose ${laid(name, turned)}`);
      // Full colour: a card that fits somewhere, or one that may be given away now.
      b.classList.toggle("is-playable", s.acting && ((places.shown + places.turned) > 0 || givable.has(name)));
      return b;
    });
    for (const [name, b] of made) if (!s.hand.includes(name)) { b.remove(); made.delete(name); }
    if (shown.some((b, i) => cards.children[i] !== b) || cards.children.length !== shown.length) {
      const doc = element.ownerDocument;
      const focused = cards.contains(doc.activeElement) ? doc.activeElement : null;
      cards.replaceChildren(...shown);
      focused?.focus({ preventScroll: true });
    }
    if (!s.hand.length) cards.replaceChildren(html("span", { class: "fr-empty-hand" }, "no cards"));
    roving(s.hand.includes(stopName) ? stopName : s.chosen ?? s.hand[0] ?? null);
    turnButton.disabled = !s.chosen;
    element.classList.toggle("has-decisions", decisions.update(s.acting ? s.decisions : []));
    // The gives: one button per seat for the chosen card; without a card, what to do.
    const mine = s.acting ? s.gives : [];
    gives.hidden = mine.length === 0;
    const forCard = mine.filter((g) => g.card === s.chosen);
    setText(givesLabel, !mine.length ? "" : s.chosen && forCard.length ? `Give ${s.chosen} to:`
      : s.mustGive ? "You must give a card away: choose one from your hand." : "Or give a card away: choose one from your hand.");
    for (const b of giveButtons.values()) b.hidden = true;
    for (const give of forCard) {
      if (!giveButtons.has(give.move)) {
        const b = html("button", { type: "button", class: "pw-button fr-give", "data-role": "give", "data-move": give.move });
        b.addEventListener("click", () => on.move(seat, give.move));
        giveButtons.set(give.move, b);
        gives.append(b);
      }
      const b = giveButtons.get(give.move);
      b.hidden = false;
      setText(b, giveText(s.view, give));
      setAttr(b, "data-to", give.to);
    }
  }

  return {
    element,
    update,
    /** Focus the hand's tab stop; false when there is no card. */
    focusCard() {
      const b = made.get(stopName);
      if (!b) return false;
      b.focus();
      return true;
    },
  };
}

function gaveTo(gave, seat) {
  const cards = gave.filter((g) => g && g.seat === seat && typeof g.card === "string").map((g) => g.card);
  return cards.length ? [`Holds ${cards.join(", ")} (you gave ${cards.length === 1 ? "it" : "them"})`] : [];
}

/** Every player: name and shape, hand size, Marathon points, tags, and the hand under
 * Strategic (small pictures). Redrawn when what it shows changes. */
export function playersPanel(container) {
  let drawnKey = null;
  /** `rows`: the seats whose hand has a row of its own above (not drawn again here). */
  return function update(view, rows = []) {
    const toAct = view.is_over ? [] : view.to_act || [];
    const winners = view.winners || [];
    const mustGive = view.must_give || [];
    const bots = view.bots || [];
    const stuck = view.stuck || [];
    const gave = Array.isArray(view.gave) ? view.gave : [];
    const k = JSON.stringify([view.players, toAct, winners, mustGive, stuck, gave, bots, view.seat, view.people, view.variants,
      view.is_over, rows]);
    if (k === drawnKey) return;
    drawnKey = k;
    container.replaceChildren(...(view.players || []).map((p) => {
      const seat = p.seat;
      const hand = Array.isArray(p.hand) && !rows.includes(seat) ? p.hand : null;
      const panel = html("section", {
        class: "pw-player fr-player", "data-role": "player", "data-seat": seat,
        "aria-label": `${p.name ?? `Seat ${seat}`}: ${playerCounts(view, p)}`,
      },
      html("div", { class: "pw-player-head" },
        html("span", { class: `fr-seat fr-seat-${seatShape(seat)}`, "aria-hidden": "true" }),
        html("span", { class: "pw-name", "data-role": "name" }, p.name ?? `Seat ${seat}`),
        seat === ownSeat(view) ? tag("you", "you") : null,
        toAct.includes(seat) ? tag("to play", "turn") : null,
        mustGive.includes(seat) ? tag("must give", "must-give") : null,
        stuck.includes(seat) ? tag("stuck", "stuck") : null,
        winners.includes(seat) ? tag("wins", "winner") : null,
        bots.includes(seat) ? tag("bot", "bot") : null),
      html("p", { class: "fr-counts", "data-role": "cards" }, playerCounts(view, p)),
      // The cards this seat gave them and knows are still there (never anyone else's).
      ...gaveTo(gave, seat).map((text) => html("p", { class: "fr-gave", "data-role": "gave" }, text)),
      hand && hand.length ? html("div", { class: "fr-mini-hand", "data-role": "mini-hand", role: "list", "aria-label": `${p.name}'s hand` },
        ...hand.map((name) => html("span", { class: "fr-mini-card", role: "listitem", "data-card": name, "aria-label": name }, cardDrawing(name))))
        : null);
      panel.classList.toggle("is-turn", toAct.includes(seat));
      return panel;
    }));
  };
}
