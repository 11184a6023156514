// paibiao analysis page: every answer comes from the JSON API (POST /v1/{game}/{query});
// names, presets and limits come from the catalog the server puts in the page.
"use strict";

const CATALOG = JSON.parse(document.getElementById("catalog").textContent);
const $ = (id) => document.getElementById(id);

class ApiError extends Error {
  constructor(message, type) { super(message); this.type = type; }
}

async function api(game, query, body) {
  const response = await fetch(`/v1/${game}/${query}`, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new ApiError(data.error, data.type);
  return "results" in data ? data.results : data.result;
}

// What an API call answered, or the error it raised (for panels that show either).
async function attempt(promise) {
  try { return {ok: true, value: await promise}; } catch (error) { return {ok: false, error}; }
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function picture(game, index, onclick) {
  const name = CATALOG[game].names[index];
  const img = el("img", {src: `/static/pictures/${game}/${index}.svg`, alt: name, title: name,
                         class: "pic", "data-index": index});
  if (onclick) { img.classList.add("clickable"); img.addEventListener("click", () => onclick(index)); }
  return img;
}

function pictures(game, indices, onclick) {
  return el("span", {class: "group"}, ...indices.map((i) => picture(game, i, onclick)));
}

function fromCounts(counts) {
  return counts.flatMap((n, i) => Array(n).fill(i));
}

function showError(prefix, error) {
  const box = $(`${prefix}-error`);
  box.textContent = error ? error.message : "";
  box.dataset.type = error ? (error.type || "Error") : "";
}

function fillSelect(select, options, chosen) {
  for (const [value, label] of options) select.append(el("option", {value, text: label}));
  select.value = chosen;
}

// Hands of counts built by clicking (mahjong tiles, zipai cards): a palette click adds one to
// the hand typed so far, a click on the hand takes one out; the input then holds the hand in
// the game's own notation (format_counts) and the tab analyses it.
function countsEditor(game, prefix, state, analyse) {
  const input = $(`${prefix}-hand`);
  async function set(counts) {
    input.value = await api(game, "format_counts", {counts});
    await analyse();
  }
  return {
    async add(index) {
      try {
        const text = input.value.trim();
        const counts = text ? await api(game, "hand_counts", {hand: text}) : Array(CATALOG[game].names.length).fill(0);
        counts[index] += 1;
        await set(counts);
      } catch (error) { showError(prefix, error); }
    },
    async remove(index) {
      const counts = state.counts.slice();
      counts[index] -= 1;
      await set(counts);
    },
  };
}

// One analysis of a tab at a time: a request made meanwhile runs once the current one ends.
// The tab's panel says data-busy="1" while one runs and counts finished ones in data-done
// (what a test waits on).
function serialized(panel, analyse) {
  let running = null;
  let again = false;
  return function run() {
    if (running) { again = true; return running; }
    $(panel).dataset.busy = "1";
    running = (async () => {
      try {
        do { again = false; await analyse(); } while (again);
      } finally {
        running = null;
        $(panel).dataset.done = String(Number($(panel).dataset.done || 0) + 1);
        $(panel).dataset.busy = "0";
      }
    })();
    return running;
  };
}

// --- tabs --------------------------------------------------------------------------------------

function showTab(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    $(tab.dataset.tab).hidden = !on;
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

// --- mahjong -----------------------------------------------------------------------------------

const mj = {counts: null, winTile: null, scoredHand: null, riichiTile: null, riichiHand: null};

function meldTiles([kind, low]) {
  return kind === "pong" ? [low, low, low] : [low, low + 1, low + 2];
}

// The Chinese Official (国标) scoring options of the form, as the fan queries take them.
function mjFanFlags() {
  const number = (id) => Number.parseInt($(id).value || "0", 10);
  return {self_drawn: $("mj-self-drawn").checked, fourth_tile: $("mj-fourth-tile").checked,
          kong: $("mj-kong").checked, last_tile: $("mj-last-tile").checked,
          seat_wind: number("mj-seat-wind"), round_wind: number("mj-round-wind"), flowers: number("mj-flowers")};
}

const mjEdit = countsEditor("mahjong", "mj", mj, () => mjAnalyse());

function mjClear() {
  showError("mj", null);
  for (const id of ["mj-view", "mj-waits", "mj-decompositions", "mj-summary", "mj-note", "mj-win-tiles",
                    "mj-fan-total", "mj-fan-decomposition", "mj-riichi-tiles", "mj-riichi-total",
                    "mj-riichi-decomposition"]) $(id).replaceChildren();
  for (const id of ["mj-advice", "mj-fans", "mj-riichi-yaku"]) $(id).tBodies[0].replaceChildren();
  for (const id of ["mj-advice-block", "mj-waits-block", "mj-decompositions-block", "mj-fans-block",
                    "mj-riichi-block"]) $(id).hidden = true;
}

const mjAnalyse = serialized("mahjong", async () => {
  mjClear();
  const hand = $("mj-hand").value.trim();
  if (!hand) return;
  const rules = $("mj-rules").value;
  const jokers = Number.parseInt($("mj-jokers").value || "0", 10);
  const scored = rules === "chinese" && jokers === 0;  // the fan queries score concealed hands, no jokers
  $("mj-fan-options").hidden = rules !== "chinese";
  const riichiScored = rules === "riichi" && jokers === 0;
  $("mj-riichi-options").hidden = rules !== "riichi";
  try {
    mj.counts = await api("mahjong", "hand_counts", {hand});
    $("mj-view").replaceChildren(pictures("mahjong", fromCounts(mj.counts), mjEdit.remove));
    const size = mj.counts.reduce((a, b) => a + b, 0) + jokers;
    const summary = [el("span", {text: `${size} tiles${jokers ? ` (${jokers} jokers)` : ""}`})];
    if (size % 3 === 2) {
      const hu = await api("mahjong", "is_hu", {hand, rules, jokers});
      summary.push(el("span", {id: "mj-hu", "data-value": String(hu), text: hu ? "hu: a winning hand" : "no hu"}));
      if (jokers === 0) {
        const [shanten, advice] = await Promise.all([api("mahjong", "shanten", {hand, rules}),
                                                     api("mahjong", "discard_advice", {hand, rules})]);
        summary.push(mjShanten(shanten));
        mjAdvice(advice);
        if (hu) mjDecompositions(await api("mahjong", "decompositions", {hand, rules}));
        if (hu && scored && size === 14) await mjFans();
        if (hu && riichiScored && size === 14) await mjRiichiWin();
      }
    } else if (size % 3 === 1) {
      const waits = await api("mahjong", "ting", {hand, rules, jokers});
      if (jokers === 0) summary.push(mjShanten(await api("mahjong", "shanten", {hand, rules})));
      if (scored && size === 13 && waits.length) {
        const totals = await api("mahjong", "fan_waits", {hand, min_fan: 0, ...mjFanFlags()});
        $("mj-waits").replaceChildren(...waits.map((t) => mjScoredTile(t, totals[t])));
        $("mj-note").textContent = `Each wait shows the points a win on it scores; red: under the ${CATALOG.mahjong.min_fan} ` +
          "fans a win needs (flowers not counted).";
      } else {
        $("mj-waits").replaceChildren(waits.length ? pictures("mahjong", waits) : el("span", {text: "not ready"}));
      }
      $("mj-waits-block").hidden = false;
      if (riichiScored && size === 13 && waits.length) await mjRiichiWaits();
    } else {
      await api("mahjong", jokers ? "is_hu" : "shanten", {hand, rules, ...(jokers ? {jokers} : {})});
    }
    $("mj-summary").replaceChildren(...summary.flatMap((s, i) => (i ? [" · ", s] : [s])));
    if (jokers) {
      $("mj-note").textContent = `Shanten, discard advice${rules === "chinese" ? ", decompositions and fans" : " and decompositions"} take no jokers.`;
    }
  } catch (error) {
    mjClear();
    if (mj.counts) $("mj-view").replaceChildren(pictures("mahjong", fromCounts(mj.counts), mjEdit.remove));
    showError("mj", error);
  }
});

function mjShanten(shanten) {
  const text = shanten === -1 ? "complete (shanten -1)" : shanten === 0 ? "tenpai (shanten 0)" : `shanten ${shanten}`;
  return el("span", {id: "mj-shanten", "data-value": String(shanten), text});
}

function mjAdvice(advice) {
  const rows = advice.map((a) => el("tr", {"data-discard": a.discard},
    el("td", {class: "discard"}, picture("mahjong", a.discard)),
    el("td", {class: "shanten", text: String(a.shanten)}),
    el("td", {class: "waits"}, a.waits.length ? pictures("mahjong", a.waits) : "–"),
    el("td", {class: "count", text: String(a.count)})));
  $("mj-advice").tBodies[0].replaceChildren(...rows);
  $("mj-advice-block").hidden = false;
}

// A decomposition of the hand shown (mj.counts) as its form and groups of tiles.
function mjDecomposition(tag, d) {
  let groups;
  if (d.form === "seven_pairs") groups = d.pairs.map((t) => [t, t]);
  else if (d.pair === null) groups = [fromCounts(mj.counts)];  // 将将胡, 全不靠: the tiles as held
  else if (d.form === "thirteen_orphans") groups = [[d.pair, d.pair], fromCounts(mj.counts.map((n) => (n === 1 ? 1 : 0)))];
  else groups = [[d.pair, d.pair], ...(d.knitted.length ? [d.knitted] : []), ...d.melds.map(meldTiles)];
  return el(tag, {"data-form": d.form}, el("span", {class: "form", text: d.form.replace(/_/g, " ")}),
            ...groups.map((g) => pictures("mahjong", g)));
}

function mjDecompositions(found) {
  $("mj-decompositions").replaceChildren(...found.map((d) => mjDecomposition("li", d)));
  $("mj-decompositions-block").hidden = false;
}

// A tile with the fan total of a win on it (red under the minimum, flowers not counted).
function mjScoredTile(tile, total, onclick) {
  const flowers = mjFanFlags().flowers;
  const low = total === undefined || total - flowers < CATALOG.mahjong.min_fan;
  return el("span", {class: `wait${low ? " low" : ""}`, "data-tile": tile, "data-total": total ?? ""},
            picture("mahjong", tile, onclick), el("span", {class: "label", text: total === undefined ? "–" : `${total} fan`}));
}

// The fans of a winning 14-tile hand: each tile it holds as the winning tile, with its total
// (click one to choose it; the best is chosen first), then the chosen tile's fans. A tile on
// which the flags cannot hold (和绝张 with another copy in hand, ...) shows its error instead.
async function mjFans() {
  const flags = mjFanFlags();
  const held = mj.counts.flatMap((n, t) => (n ? [t] : []));
  if (mj.scoredHand !== mj.counts.join()) { mj.scoredHand = mj.counts.join(); mj.winTile = null; }  // a new hand
  const scores = await Promise.all(held.map((t) => {
    const hand = mj.counts.map((n, i) => (i === t ? n - 1 : n));
    return attempt(api("mahjong", "fan", {hand, win_tile: t, ...flags}));
  }));
  const totals = scores.map((s) => (s.ok && s.value !== null ? s.value.total : -1));
  if (!held.includes(mj.winTile)) mj.winTile = held[totals.indexOf(Math.max(...totals))];
  const choose = (t) => { mj.winTile = t; mjAnalyse(); };
  $("mj-win-tiles").replaceChildren(...held.map((t, i) => {
    const tile = mjScoredTile(t, totals[i] < 0 ? undefined : totals[i], choose);
    if (!scores[i].ok) tile.title = scores[i].error.message;
    if (t === mj.winTile) tile.classList.add("chosen");
    return tile;
  }));
  const chosen = scores[held.indexOf(mj.winTile)];
  if (!chosen.ok) {
    panelError("mj-fan-decomposition", chosen.error);
  } else if (chosen.value !== null) {
    const score = chosen.value;
    const counted = new Map();
    for (const [name, points] of score.fans) {
      const [times, sum] = counted.get(name) || [0, 0];
      counted.set(name, [times + 1, sum + points]);
    }
    $("mj-fans").tBodies[0].replaceChildren(...[...counted].map(([name, [times, points]]) =>
      el("tr", {"data-name": name, "data-times": times, "data-points": points},
         el("td", {lang: "zh", text: times > 1 ? `${name} ×${times}` : name}), el("td", {class: "points", text: String(points)}))));
    $("mj-fan-total").textContent = String(score.total);
    $("mj-fan-total").dataset.value = score.total;
    $("mj-fan-decomposition").replaceChildren(mjDecomposition("span", score.decomposition));
  }
  $("mj-fans-block").hidden = false;
}

// The riichi situation of the form, as the riichi queries take it.
function mjRiichiSituation() {
  const number = (id) => Number.parseInt($(id).value || "0", 10);
  return {tsumo: $("mj-riichi-tsumo").checked, riichi: $("mj-riichi-riichi").checked,
          seat_wind: number("mj-riichi-seat"), round_wind: number("mj-riichi-round")};
}

// A tile with the riichi value of a win on it (dimmed without a yaku).
function mjRiichiTile(tile, score, onclick) {
  const text = !score ? "–" : score.han === 0 ? "no yaku" : `${score.han} han ${score.fu} fu · ${score.total}`;
  return el("span", {class: `wait${!score || score.han === 0 ? " low" : ""}`, "data-tile": tile,
                     "data-han": score ? score.han : "", "data-total": score ? score.total : ""},
            picture("mahjong", tile, onclick), el("span", {class: "label", text}));
}

// The riichi value of each wait of a ready 13-tile hand (the waits that win with a yaku).
async function mjRiichiWaits() {
  const found = await attempt(api("mahjong", "riichi_score_waits", {hand: mj.counts, situation: mjRiichiSituation()}));
  if (!found.ok) panelError("mj-riichi-tiles", found.error);
  else {
    const tiles = Object.entries(found.value).map(([t, score]) => mjRiichiTile(Number(t), score));
    $("mj-riichi-tiles").replaceChildren(...(tiles.length ? tiles : [el("span", {text: "no wait wins with a yaku"})]));
  }
  $("mj-riichi-yaku").hidden = true;
  $("mj-riichi-block").hidden = false;
}

// The riichi yaku, han, fu and points of a winning 14-tile hand: each tile it holds as the
// winning tile with its value (click one to choose it; the best is chosen first), then the
// chosen tile's yaku.
async function mjRiichiWin() {
  const situation = mjRiichiSituation();
  const held = mj.counts.flatMap((n, t) => (n ? [t] : []));
  if (mj.riichiHand !== mj.counts.join()) { mj.riichiHand = mj.counts.join(); mj.riichiTile = null; }
  const scores = await Promise.all(held.map((t) => {
    const hand = mj.counts.map((n, i) => (i === t ? n - 1 : n));
    return attempt(api("mahjong", "riichi_score", {hand, win_tile: t, situation}));
  }));
  const totals = scores.map((s) => (s.ok && s.value !== null ? s.value.total : -1));
  if (!held.includes(mj.riichiTile)) mj.riichiTile = held[totals.indexOf(Math.max(...totals))];
  const choose = (t) => { mj.riichiTile = t; mjAnalyse(); };
  $("mj-riichi-tiles").replaceChildren(...held.map((t, i) => {
    const tile = mjRiichiTile(t, scores[i].ok ? scores[i].value : null, choose);
    if (!scores[i].ok) tile.title = scores[i].error.message;
    if (t === mj.riichiTile) tile.classList.add("chosen");
    return tile;
  }));
  const chosen = scores[held.indexOf(mj.riichiTile)];
  $("mj-riichi-yaku").hidden = false;
  if (!chosen.ok) {
    panelError("mj-riichi-decomposition", chosen.error);
  } else if (chosen.value !== null) {
    const score = chosen.value;
    $("mj-riichi-yaku").tBodies[0].replaceChildren(...score.yaku.map(([name, han]) =>
      el("tr", {"data-name": name, "data-han": han}, el("td", {text: name}), el("td", {class: "points", text: String(han)}))));
    const limit = score.level ? ` ${score.level}` : "";
    $("mj-riichi-total").textContent = score.han === 0 ? "no yaku" : `${score.han} han ${score.fu} fu${limit} · ${score.total}`;
    $("mj-riichi-total").dataset.value = score.total;
    $("mj-riichi-decomposition").replaceChildren(mjDecomposition("span", score.decomposition));
  }
  $("mj-riichi-block").hidden = false;
}

// --- shisanshui --------------------------------------------------------------------------------

const sss = {cards: null};

async function sssSetCards(cards) {
  $("sss-hand").value = await api("shisanshui", "format_cards", {cards});
  await sssAnalyse();
}

async function sssAdd(card) {
  try {
    const text = $("sss-hand").value.trim();
    const cards = text ? await api("shisanshui", "parse_cards", {text}) : [];
    await sssSetCards([...cards, card]);
  } catch (error) { showError("sss", error); }
}

async function sssRemove(card) {
  await sssSetCards(sss.cards.filter((c) => c !== card));
}

const sssAnalyse = serialized("shisanshui", async () => {
  showError("sss", null);
  $("sss-results").hidden = true;
  $("sss-view").replaceChildren();
  const hand13 = $("sss-hand").value.trim();
  if (!hand13) return;
  const rules = $("sss-rules").value;
  try {
    sss.cards = await api("shisanshui", "parse_cards", {text: hand13});
    $("sss-view").replaceChildren(pictures("shisanshui", sss.cards, sssRemove));
    const boxes = [];
    for (const objective of CATALOG.shisanshui.objectives) {
      const best = await api("shisanshui", "best", {hand13, objective, rules});
      const rows = {front: best.front, middle: best.middle, back: best.back};
      const ranks = await api("shisanshui", "row_ranks", {...rows, rules});
      const [names, chinese] = await Promise.all([api("shisanshui", "category", {hands: ranks}),
                                                  api("shisanshui", "category_chinese", {hands: ranks})]);
      const box = el("div", {class: "objective", "data-objective": objective}, el("h2", {text: objective}));
      ["front", "middle", "back"].forEach((row, i) => box.append(el("div", {class: "row", "data-row": row},
        el("span", {class: "label", text: row}), pictures("shisanshui", rows[row]),
        el("span", {class: "category", "data-rank": ranks[i], text: `${names[i]} ${chinese[i]}`}))));
      if (objective === "expected") {
        const points = await api("shisanshui", "expected_points", {...rows, rules});
        box.append(el("p", {class: "points", "data-value": points,
                            text: `expected row points against one random opponent: ${points.toFixed(3)}`}));
      }
      boxes.push(box);
    }
    const [specials, arrangements] = await Promise.all([api("shisanshui", "specials", {hand13, rules}),
                                                        api("shisanshui", "arrangements", {hand13, rules})]);
    $("sss-best").replaceChildren(...boxes);
    $("sss-count").textContent = arrangements.length.toLocaleString("en");
    $("sss-count").dataset.value = arrangements.length;
    $("sss-specials").replaceChildren(...(specials.length
      ? specials.map((s) => el("span", {class: "special", "data-name": s, text: `${s} (${CATALOG.shisanshui.special_points[s]})`}))
      : [el("span", {text: "none"})]));
    $("sss-results").hidden = false;
  } catch (error) { showError("sss", error); }
});

// --- zipai -------------------------------------------------------------------------------------

const zp = {counts: null};

function zpExposed() {
  return $("zp-exposed").value.split(/[\s,，、;；]+/).filter(Boolean);
}

const zpEdit = countsEditor("zipai", "zp", zp, () => zpAnalyse());

function panelError(id, error) {
  $(id).replaceChildren(el("span", {class: "muted", "data-error": error.type, text: error.message}));
}

// The scoring preset and the win's situation for score and score_waits; null without a preset.
function zpScoring() {
  const preset = $("zp-scoring").value;
  const wang = CATALOG.zipai.wang_scoring.includes(preset);
  $("zp-score-options").hidden = !preset;
  $("zp-wang-label").hidden = !wang;
  if (!preset) return null;
  const won = $("zp-win").value;
  return {rules: preset, self_drawn: won === "self_drawn", discard: won === "discard",
          wang: wang ? Number($("zp-wang").value) || 0 : 0};
}

function zpCard(card) {
  return Number(card) === CATALOG.zipai.wang ? el("span", {class: "wang", lang: "zh", text: "王"}) : picture("zipai", Number(card));
}

// Under a scoring preset: a winning hand's score, 名堂, 囤, 番 and the units scored; a ready
// hand's waits, each with the score a win on it pays (its 名堂 in its title).
async function zpScore(hand, exposed, scoring) {
  const [scored, waits] = await Promise.all([attempt(api("zipai", "score", {hand, exposed, ...scoring})),
                                             attempt(api("zipai", "score_waits", {hand, exposed, ...scoring}))]);
  $("zp-score-preset").textContent = `${scoring.rules} ${CATALOG.zipai.scoring[scoring.rules]}`;
  const entries = waits.ok ? Object.entries(waits.value) : [];
  $("zp-mingtang").replaceChildren();
  $("zp-score-units").replaceChildren();
  if (scored.ok || !waits.ok) {
    if (!scored.ok) {
      panelError("zp-score", scored.error);
    } else if (scored.value === null) {
      $("zp-score").replaceChildren(el("span", {id: "zp-score-value", "data-value": "none", text: "no win under this preset"}));
    } else {
      const r = scored.value;
      const shown = (v) => (v === null ? "–" : String(v));
      $("zp-score").replaceChildren(el("span", {id: "zp-score-value", "data-value": r.score, "data-huxi": r.huxi,
        "data-tun": r.tun ?? "none", "data-fan": r.fan ?? "none",
        text: `score ${r.score} · ${r.huxi} huxi · 囤 ${shown(r.tun)} · 番 ${shown(r.fan)}`}));
      $("zp-mingtang").replaceChildren(...(r.mingtang.length ? r.mingtang.map((name) => el("li", {lang: "zh", "data-name": name, text: name}))
        : [el("li", {text: "no 名堂"})]));
      $("zp-score-units").replaceChildren(...r.units.map((u) => el("span", {class: "meld", "data-kind": u.kind},
        pictures("zipai", u.cards), el("span", {class: "label", text: `${u.kind}${u.wang.length ? " 王" : ""} · ${u.huxi} huxi`}))));
    }
    $("zp-score-block").hidden = false;
  }
  if (waits.ok && (entries.length || !scored.ok)) {
    $("zp-score-waits").replaceChildren(...(entries.length ? entries.map(([card, r]) => el("span", {class: "wait",
      "data-card": card, "data-score": r.score, title: r.mingtang.join(" ")}, zpCard(card),
      el("span", {class: "label", text: `score ${r.score}`}))) : [el("span", {text: "no draw wins"})]));
    $("zp-score-waits-block").hidden = false;
  }
}

const zpAnalyse = serialized("zipai", async () => {
  showError("zp", null);
  $("zp-results").hidden = true;
  $("zp-score-block").hidden = true;
  $("zp-score-waits-block").hidden = true;
  const scoring = zpScoring();
  for (const id of ["zp-view", "zp-melds"]) $(id).replaceChildren();
  const hand = $("zp-hand").value.trim();
  if (!hand) return;
  const exposed = zpExposed();
  const rules = $("zp-rules").value;
  try {
    zp.counts = await api("zipai", "hand_counts", {hand});
    $("zp-view").replaceChildren(pictures("zipai", fromCounts(zp.counts), zpEdit.remove));
    const melds = exposed.length ? await api("zipai", "parse_melds", {exposed}) : [];
    $("zp-melds").replaceChildren(...melds.map((m) => el("span", {class: "meld", "data-kind": m.kind},
      pictures("zipai", m.cards), el("span", {class: "label", text: `${m.kind} · ${m.huxi} huxi`}))));
  } catch (error) { return showError("zp", error); }
  const [hu, ting, splits] = await Promise.all([attempt(api("zipai", "hu", {hand, exposed, rules})),
                                                attempt(api("zipai", "ting", {hand, exposed, rules})),
                                                attempt(api("zipai", "decompositions", {hand}))]);
  if (!hu.ok && !ting.ok) showError("zp", hu.error);
  if (hu.ok) {
    $("zp-hu").replaceChildren(el("span", {id: "zp-huxi", "data-value": hu.value === null ? "none" : hu.value,
                                           text: hu.value === null ? "no hu" : `hu with ${hu.value} huxi`}));
  } else panelError("zp-hu", hu.error);
  if (ting.ok) {
    const waits = Object.entries(ting.value).map(([card, huxi]) => el("span", {class: "wait", "data-card": card,
      "data-huxi": huxi}, picture("zipai", Number(card)), el("span", {class: "label", text: `${huxi} huxi`})));
    $("zp-ting").replaceChildren(...(waits.length ? waits : [el("span", {text: "not ready"})]));
  } else panelError("zp-ting", ting.error);
  if (splits.ok) {
    $("zp-splits").replaceChildren(...(splits.value.length ? splits.value.map((s) => el("li", {"data-huxi": s.huxi},
      el("span", {class: "form", text: `${s.huxi} huxi`}), ...s.groups.map((g) => pictures("zipai", g))))
      : [el("li", {text: "no split"})]));
  } else panelError("zp-splits", splits.error);
  if (scoring) await zpScore(hand, exposed, scoring);
  $("zp-results").hidden = false;
});

// --- set-up ------------------------------------------------------------------------------------

function setUp() {
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  fillSelect($("mj-rules"), CATALOG.mahjong.presets.map((p) => [p, p]), "riichi");
  fillSelect($("sss-rules"), CATALOG.shisanshui.presets.map((p) => [p, p]), "standard");
  fillSelect($("zp-rules"), Object.entries(CATALOG.zipai.presets).map(([p, h]) => [p, `${p} (${h} huxi)`]), "paohuzi");
  fillSelect($("zp-scoring"), [["", "none"], ...Object.entries(CATALOG.zipai.scoring).map(([p, name]) => [p, `${p} ${name}`])], "");
  fillSelect($("zp-win"), [["self_drawn", "self-drawn 自摸"], ["turned", "a wall card another player turned"],
                           ["discard", "on a discard 点炮"]], "self_drawn");
  $("zp-wang").max = CATALOG.zipai.max_wang;
  $("mj-jokers").max = CATALOG.mahjong.max_jokers;
  $("mj-flowers").max = CATALOG.mahjong.max_flowers;
  const winds = ["E", "S", "W", "N"].map((w, i) => [String(i), `${w} ${CATALOG.mahjong.chinese[CATALOG.mahjong.winds[i]]}`]);
  fillSelect($("mj-seat-wind"), winds, "0");
  fillSelect($("mj-round-wind"), winds, "0");
  fillSelect($("mj-riichi-seat"), winds, "0");
  fillSelect($("mj-riichi-round"), winds, "0");
  $("mj-palette").append(pictures("mahjong", CATALOG.mahjong.names.map((_, i) => i), mjEdit.add));
  $("sss-palette").append(pictures("shisanshui", CATALOG.shisanshui.names.map((_, i) => i), sssAdd));
  $("zp-palette").append(pictures("zipai", CATALOG.zipai.names.map((_, i) => i), zpEdit.add));
  const forms = {"mj-form": mjAnalyse, "sss-form": sssAnalyse, "zp-form": zpAnalyse};
  for (const [id, analyse] of Object.entries(forms)) {
    $(id).addEventListener("submit", (event) => { event.preventDefault(); analyse(); });
    $(id).addEventListener("change", (event) => {
      if (event.target.tagName === "SELECT" || ["number", "checkbox"].includes(event.target.type)) analyse();
    });
  }
  for (const button of document.querySelectorAll("[data-clear]")) {
    button.addEventListener("click", () => { $(button.dataset.clear).value = ""; forms[button.form.id](); });
  }
  const fromHash = () => {
    const tab = location.hash.slice(1);
    showTab(Object.keys(CATALOG).includes(tab) ? tab : "mahjong");
  };
  window.addEventListener("hashchange", fromHash);
  fromHash();
}

setUp();
