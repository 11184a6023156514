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

const mj = {counts: null};

function meldTiles([kind, low]) {
  return kind === "pong" ? [low, low, low] : [low, low + 1, low + 2];
}

const mjEdit = countsEditor("mahjong", "mj", mj, () => mjAnalyse());

function mjClear() {
  showError("mj", null);
  for (const id of ["mj-view", "mj-waits", "mj-decompositions", "mj-summary", "mj-note"]) $(id).replaceChildren();
  $("mj-advice").tBodies[0].replaceChildren();
  for (const id of ["mj-advice-block", "mj-waits-block", "mj-decompositions-block"]) $(id).hidden = true;
}

const mjAnalyse = serialized("mahjong", async () => {
  mjClear();
  const hand = $("mj-hand").value.trim();
  if (!hand) return;
  const rules = $("mj-rules").value;
  const jokers = Number.parseInt($("mj-jokers").value || "0", 10);
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
      }
    } else if (size % 3 === 1) {
      const waits = await api("mahjong", "ting", {hand, rules, jokers});
      if (jokers === 0) summary.push(mjShanten(await api("mahjong", "shanten", {hand, rules})));
      $("mj-waits").replaceChildren(waits.length ? pictures("mahjong", waits) : el("span", {text: "not ready"}));
      $("mj-waits-block").hidden = false;
    } else {
      await api("mahjong", jokers ? "is_hu" : "shanten", {hand, rules, ...(jokers ? {jokers} : {})});
    }
    $("mj-summary").replaceChildren(...summary.flatMap((s, i) => (i ? [" · ", s] : [s])));
    if (jokers) $("mj-note").textContent = "Shanten, discard advice and decompositions take no jokers.";
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

function mjDecompositions(found) {
  const items = found.map((d) => {
    let groups;
    if (d.pair === null) groups = d.pairs.map((t) => [t, t]);
    else if (d.form === "thirteen_orphans") groups = [[d.pair, d.pair], fromCounts(mj.counts.map((n) => (n === 1 ? 1 : 0)))];
    else groups = [[d.pair, d.pair], ...d.melds.map(meldTiles)];
    return el("li", {"data-form": d.form}, el("span", {class: "form", text: d.form.replace(/_/g, " ")}),
              ...groups.map((g) => pictures("mahjong", g)));
  });
  $("mj-decompositions").replaceChildren(...items);
  $("mj-decompositions-block").hidden = false;
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

const zpAnalyse = serialized("zipai", async () => {
  showError("zp", null);
  $("zp-results").hidden = true;
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
  $("zp-results").hidden = false;
});

// --- set-up ------------------------------------------------------------------------------------

function setUp() {
  for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  fillSelect($("mj-rules"), CATALOG.mahjong.presets.map((p) => [p, p]), "riichi");
  fillSelect($("sss-rules"), CATALOG.shisanshui.presets.map((p) => [p, p]), "standard");
  fillSelect($("zp-rules"), Object.entries(CATALOG.zipai.presets).map(([p, h]) => [p, `${p} (${h} huxi)`]), "paohuzi");
  $("mj-jokers").max = CATALOG.mahjong.max_jokers;
  $("mj-palette").append(pictures("mahjong", CATALOG.mahjong.names.map((_, i) => i), mjEdit.add));
  $("sss-palette").append(pictures("shisanshui", CATALOG.shisanshui.names.map((_, i) => i), sssAdd));
  $("zp-palette").append(pictures("zipai", CATALOG.zipai.names.map((_, i) => i), zpEdit.add));
  const forms = {"mj-form": mjAnalyse, "sss-form": sssAnalyse, "zp-form": zpAnalyse};
  for (const [id, analyse] of Object.entries(forms)) {
    $(id).addEventListener("submit", (event) => { event.preventDefault(); analyse(); });
    $(id).addEventListener("change", (event) => { if (event.target.tagName === "SELECT" || event.target.type === "number") analyse(); });
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
