// The grundy playground. Every answer comes from the server's JSON API;
// this script only asks, draws (SVG) and keeps the page's state in the
// URL's hash, so every state can be shared as a link.
"use strict";

const TEXT = {
  en: {
    "title": "grundy playground",
    "tab.position": "Position", "tab.graph": "Graph", "tab.table": "Table",
    "tab.play": "Play", "tab.script": "Script",
    "position.label": "Position", "go": "Analyse", "examples": "Try:",
    "position.value": "Value", "position.reason": "Reason",
    "position.winning": "Winning moves (click one to make it)",
    "position.nomoves": "none: every move leads to a position the opponent wins",
    "position.incomplete": "(the first ones found; there may be more)",
    "method": "method: {m}",
    "verdict.N": "first player wins (N-position)",
    "verdict.P": "second player wins (P-position)",
    "verdict.D": "draw (neither player can force a win)",
    "graph.draw": "Draw",
    "graph.help": "Each node is a position with its Grundy value; P-positions (value 0) are marked. Step through the mex computation from the terminal positions up.",
    "graph.first": "« Start", "graph.prev": "◀ Back", "graph.next": "Next ▶", "graph.all": "All »",
    "graph.counter": "step {i} of {n}",
    "graph.start": "Press Next: the values are worked out from the terminal positions up.",
    "graph.terminal": "{g} = mex{ } = 0: {p} has no moves (a terminal position)",
    "graph.done": "Done: {g} = {v}, so {who}.",
    "graph.sum": "The components: {parts}; nim-sum {sum}.",
    "table.family": "Family", "table.to": "up to", "table.go": "Compute",
    "table.period": "Period {p}, pre-period {pre} (values from n = {pre} on repeat).",
    "table.saltus": " Saltus {s}: G(n + {p}) = G(n) + {s}.",
    "table.proven": " Proven: {proof}.",
    "table.observed": " Observed in the values computed, not proven.",
    "table.noperiod": "No period found in these values.",
    "table.prefix": "pre-period", "table.inperiod": "first period",
    "table.two": "G(a, b): rows a, columns b; P-positions (0) marked.",
    "play.mefirst": "I move first", "play.enginefirst": "Engine moves first",
    "play.new": "New game", "play.hint": "Hint", "play.undo": "Undo",
    "play.yourmoves": "Your moves:",
    "play.yourturn": "Your turn: {p}",
    "play.thinking": "The engine is thinking…",
    "play.lost": "You lost: {p} has no moves left for you. The engine wins.",
    "play.won": "You won: the engine has no move from {p}.",
    "play.winning": "You are winning: a move to value 0 wins.",
    "play.losing": "You are losing against perfect play: every move leaves a non-zero value.",
    "play.engine": "Engine: {from} → {to}",
    "play.you": "You: {from} → {to}",
    "play.hintis": "Hint: {why}",
    "play.hintmove": "; a winning move: {from} → {to}",
    "reason.then": "; {then}",
    "reason.loopy.sum": "{parts}; generalised nim-sum {sum}",
    "reason.loopy.win": "; infinite, and a move reaches 0",
    "reason.loopy.draw": "; infinite, and no move reaches 0",
    "err.parse": "{input} does not parse (column {at})",
    "err.time": "refused: the computation ran past this server's time limit of {limit} s",
    "err.limit": "refused: the computation needs more than this server's limit of {limit}",
    "err.script": "the script {file} failed at line {line}",
    "err.cycle": "the game graph has a cycle through {v}",
    "err.invalid": "this does not describe a valid game or position",
    "play.board.cram": "click two free cells side by side or one above the other to place a domino",
    "play.board.node-kayles": "click a vertex to take it; its neighbours go with it",
    "play.board.chomp": "click a cell to bite it and every cell below and to its right; ☠ is poisoned",
    "play.board.engine": "The engine's last move is marked in red.",
    "play.board.bitten": "The engine's last bite is marked in red: the cells it removed, where they were, its corner filled.",
    "play.board.hint": "The hinted move is marked in green.",
    "script.help": "Write a game in Rhai: moves(s) lists the positions a move can reach, and start() or position(n) gives positions. Save it, then use script[NAME] in every panel. A game graph or Hackenbush picture can be saved here too, for graph[NAME], loopy[NAME] or hackenbush[NAME].",
    "script.example": "Example", "script.name": "File name",
    "script.save": "Save", "script.value": "Analyse", "script.table": "Table",
    "script.saved": "Saved as {name}: write script[{name}] in any panel.",
    "footer": "Computed by the grundy engine on this server; each request is limited in time and size.",
    "error": "Error: {e}",
    "tab.learn": "Learn",
    "graph.key.current": "the position being worked out", "graph.key.option": "its options (the positions one move reaches)",
    "graph.key.known": "value known", "graph.key.p": "P-position (value 0)", "graph.key.unknown": "not yet worked out",
    "graph.terminalname": "heap 0",
    "graph.refused": "The game graph of {p} has {size} positions; at most {max} are drawn: try a smaller position, or the table of its family.",
    "graph.more": "more than {n}",
    "script.args": "Position (n)",
    "play.nowin": "there is no winning move: every move leaves the opponent a non-zero value, a position they win",
    "play.onboard": "Moves on a board are made by clicking its cells.",
    "value.misere": "G⁻ = {v}", "value.steps": "{n} moves with best play",
    "reason.sum": "{parts}; nim-sum {sum}",
    "reason.mex": "G({c}) = {v}, worked out by the mex rule from the values of the smaller heaps G(0), …, G({below})",
    "reason.period": "G({c}) = {v}: the values of {family} repeat with period {p} from n = {pre} on (proven: {proof}), so G({n}) = G({m})",
    "reason.misere.bouton": "misère Nim (Bouton): {cond}, so {who}",
    "reason.misere.sj": "SJ theorem: the nim-sum is {g} and {big}, so {who}",
    "reason.misere.search": "search over the whole misère game: {who}",
    "reason.misere.allsmall": "every heap is at most 1",
    "reason.misere.somebig": "some component has a value above 1",
    "reason.misere.nonebig": "no component has a value above 1",
    "reason.misere.odd": "{k} heaps of 1 and nothing larger, an {parity} number",
    "reason.misere.even": "even", "reason.misere.oddword": "odd",
    "reason.misere.nimsum": "a heap above 1 and nim-sum {g}",
    "reason.every": "Every-SG: the game lasts {n} moves with best play ({parity}), so {who}",
    "proof.guy-smith": "the Guy–Smith theorem",
    "proof.window": "each value depends on the previous {w}, and {w} values repeat",
    "method.sprague-grundy": "Sprague–Grundy theorem: the nim-sum of the components' values",
    "method.generalised": "generalised SG values (a game with cycles)",
    "method.bouton": "Bouton's rule for misère Nim",
    "method.sj": "the SJ theorem (Anti-SG)",
    "method.search": "search over the whole game",
    "method.steps": "step counts (Every-SG)",
    "plot.one": "Grundy values of {f}, n = 0..{to}",
    "err.toomany": "{count} values asked for; this server computes at most {max} per table",
    "table.misere": "misère play: the quotient",
    "quotient.summary": "Misère quotient of the heaps 0..{n}: order |Q| = {q}, |P| = {p}; {tame}; {status}.",
    "quotient.tame": "tame (with P, isomorphic to misère Nim's quotient T{k})",
    "quotient.wild": "wild (isomorphic to no quotient of misère Nim)",
    "quotient.status.verified": "verified", "quotient.status.observed": "observed",
    "quotient.p": "P (the classes of misère P-positions)",
    "quotient.generators": "Generators", "quotient.relations": "Relations",
    "quotient.phi": "Φ(n), the element of heap n (elements of P marked):",
    "quotient.proved": "Φ has period {p} from heap {pre}, proved for every heap by the periodicity theorem for quotients, which needs the heaps up to {need}: this is the quotient of all heaps.",
    "quotient.observed": "Φ has period {p} from heap {pre}, observed on the heaps computed; the periodicity theorem would prove it with the heaps up to {need}.",
    "quotient.nocover": "Φ has period {p} from heap {pre}, observed on the heaps computed; no periodicity theorem covers these rules.",
    "quotient.noperiod": "No period of Φ seen on the heaps computed.",
    "quotient.table": "The multiplication table: row x, column y, the product x·y; elements of P marked.",
    "quotient.notable": "No multiplication table: the quotient is too large to show one.",
    "quotient.key.p": "element of P",
    "quotient.invalid": "no misère quotient: the family is not a one-heap family, “up to” is not a whole number, or no candidate quotient was found within the rounds allowed",
  },
  zh: {
    "title": "grundy 博弈演练场",
    "tab.position": "局面", "tab.graph": "博弈图", "tab.table": "打表",
    "tab.play": "对弈", "tab.script": "脚本",
    "position.label": "局面", "go": "分析", "examples": "试试：",
    "position.value": "SG 值", "position.reason": "理由",
    "position.winning": "必胜走法（点击即走）",
    "position.nomoves": "没有：每一步都走到对手必胜的局面",
    "position.incomplete": "（仅列出先找到的，可能还有更多）",
    "method": "方法：{m}",
    "verdict.N": "先手必胜（N 态）",
    "verdict.P": "后手必胜（P 态）",
    "verdict.D": "平局（双方都无法取胜）",
    "graph.draw": "画图",
    "graph.help": "每个结点是一个局面及其 SG 值；P 态（值为 0）有标记。从终止局面开始，一步步计算 mex。",
    "graph.first": "« 开始", "graph.prev": "◀ 上一步", "graph.next": "下一步 ▶", "graph.all": "全部 »",
    "graph.counter": "第 {i} 步，共 {n} 步",
    "graph.start": "点“下一步”：从终止局面开始向上计算 SG 值。",
    "graph.terminal": "{g} = mex{ } = 0：{p} 无路可走（终止局面）",
    "graph.done": "完成：{g} = {v}，所以{who}。",
    "graph.sum": "各个子游戏：{parts}；异或和 {sum}。",
    "table.family": "游戏族", "table.to": "算到", "table.go": "计算",
    "table.period": "周期 {p}，预周期 {pre}（从 n = {pre} 起循环）。",
    "table.saltus": " 跃度 {s}：G(n + {p}) = G(n) + {s}。",
    "table.proven": " 已证明：{proof}。",
    "table.observed": " 仅由计算出的值观察得到，未证明。",
    "table.noperiod": "在这些值中没有找到周期。",
    "table.prefix": "预周期", "table.inperiod": "第一个周期",
    "table.two": "G(a, b)：行为 a，列为 b；P 态（0）有标记。",
    "play.mefirst": "我先走", "play.enginefirst": "电脑先走",
    "play.new": "新游戏", "play.hint": "提示", "play.undo": "悔棋",
    "play.yourmoves": "你的走法：",
    "play.yourturn": "轮到你：{p}",
    "play.thinking": "电脑思考中…",
    "play.lost": "你输了：{p} 你已无路可走，电脑获胜。",
    "play.won": "你赢了：电脑在 {p} 无路可走。",
    "play.winning": "你处于必胜态：走到 SG 值为 0 的局面即可获胜。",
    "play.losing": "面对完美对手你处于必败态：每一步都留下非零的 SG 值。",
    "play.engine": "电脑：{from} → {to}",
    "play.you": "你：{from} → {to}",
    "play.hintis": "提示：{why}",
    "play.hintmove": "；必胜走法之一：{from} → {to}",
    "reason.then": "；{then}",
    "reason.loopy.sum": "{parts}；广义异或和 {sum}",
    "reason.loopy.win": "；值为无穷，且有一步能走到 0",
    "reason.loopy.draw": "；值为无穷，且没有一步能走到 0",
    "err.parse": "无法解析 {input}（第 {at} 列有误）",
    "err.time": "已拒绝：计算超过了本服务器的时间限制 {limit} 秒",
    "err.limit": "已拒绝：计算超过了本服务器的上限 {limit}",
    "err.script": "脚本 {file} 在第 {line} 行出错",
    "err.cycle": "博弈图中有经过 {v} 的环",
    "err.invalid": "这不是一个合法的游戏或局面",
    "play.board.cram": "点击左右或上下相邻的两个空格放一张骨牌",
    "play.board.node-kayles": "点击一个顶点取走它，它的邻点随之移除",
    "play.board.chomp": "点击一格咬掉它以及它右下方的所有格子；☠ 有毒",
    "play.board.engine": "电脑的上一步用红色标出。",
    "play.board.bitten": "电脑上一口咬掉的格子用红色留在原处，咬的那一格填满。",
    "play.board.hint": "提示的走法用绿色标出。",
    "script.help": "用 Rhai 写一个游戏：moves(s) 列出一步能到达的局面，start() 或 position(n) 给出局面。保存后，在任何面板中使用 script[文件名]。也可以在这里保存博弈图或 Hackenbush 图，用于 graph[文件名]、loopy[文件名] 或 hackenbush[文件名]。",
    "script.example": "示例", "script.name": "文件名",
    "script.save": "保存", "script.value": "分析", "script.table": "打表",
    "script.saved": "已保存为 {name}：在任何面板中写 script[{name}]。",
    "footer": "由本服务器上的 grundy 引擎计算；每个请求都有时间和规模限制。",
    "error": "错误：{e}",
    "tab.learn": "学习",
    "graph.key.current": "正在计算的局面", "graph.key.option": "它的后继状态（一步能到达的局面）",
    "graph.key.known": "已算出 SG 值", "graph.key.p": "必败态 P（SG 值为 0）", "graph.key.unknown": "尚未计算",
    "graph.terminalname": "0 个石子",
    "graph.refused": "{p} 的博弈图有 {size} 个局面；最多只画 {max} 个：请换一个小一些的局面，或者给它的游戏族打表。",
    "graph.more": "超过 {n}",
    "script.args": "局面参数 (n)",
    "play.nowin": "没有必胜走法：每一步都给对手留下非零的 SG 值，即对手的必胜态",
    "play.onboard": "棋盘上的走法请直接点击棋盘的格子。",
    "value.misere": "G⁻ = {v}", "value.steps": "双方都走最优时共 {n} 步",
    "reason.sum": "{parts}；异或和 {sum}",
    "reason.mex": "G({c}) = {v}，由 mex 规则从更小的堆的 SG 值 G(0), …, G({below}) 递推得到",
    "reason.period": "G({c}) = {v}：{family} 的 SG 值从 n = {pre} 起以 {p} 为周期循环（已证明：{proof}），所以 G({n}) = G({m})",
    "reason.misere.bouton": "反 Nim（Bouton）：{cond}，所以{who}",
    "reason.misere.sj": "SJ 定理：异或和为 {g}，并且{big}，所以{who}",
    "reason.misere.search": "搜索整个反常游戏：{who}",
    "reason.misere.allsmall": "每堆至多 1 个",
    "reason.misere.somebig": "有某个子游戏的 SG 值大于 1",
    "reason.misere.nonebig": "没有子游戏的 SG 值大于 1",
    "reason.misere.odd": "有 {k} 堆各 1 个、没有更大的堆，堆数为{parity}",
    "reason.misere.even": "偶数", "reason.misere.oddword": "奇数",
    "reason.misere.nimsum": "有一堆多于 1 个，异或和为 {g}",
    "reason.every": "Every-SG：双方都走最优时游戏持续 {n} 步（{parity}），所以{who}",
    "proof.guy-smith": "Guy–Smith 定理",
    "proof.window": "每个值只依赖前 {w} 个值，而这 {w} 个值重复出现了",
    "method.sprague-grundy": "SG 定理：各子游戏 SG 值的异或和",
    "method.generalised": "广义 SG 值（有环的博弈）",
    "method.bouton": "反 Nim 的 Bouton 规则",
    "method.sj": "SJ 定理（Anti-SG）",
    "method.search": "搜索整个博弈",
    "method.steps": "步数（Every-SG）",
    "plot.one": "{f} 的 SG 值，n = 0..{to}",
    "err.toomany": "已拒绝：要求计算 {count} 个值；本服务器每张表最多计算 {max} 个",
    "table.misere": "反常规则：求反常商",
    "quotient.summary": "石子数 0..{n} 的各堆的反常商：阶 |Q| = {q}，|P| = {p}；{tame}；{status}。",
    "quotient.tame": "驯服（连同 P 同构于反 Nim 的商 T{k}）",
    "quotient.wild": "不驯服（不同构于反 Nim 的任何商）",
    "quotient.status.verified": "已验证", "quotient.status.observed": "仅观察得到",
    "quotient.p": "P（反常规则下必败态所在的类）",
    "quotient.generators": "生成元", "quotient.relations": "关系",
    "quotient.phi": "Φ(n)：n 个石子的堆对应的元素（P 中的元素有标记）：",
    "quotient.proved": "Φ 从 n = {pre} 起以 {p} 为周期，由商的周期性定理对所有堆都已证明（定理需要算到 {need} 个石子的堆）：这就是所有堆的反常商。",
    "quotient.observed": "Φ 从 n = {pre} 起以 {p} 为周期，仅在算出的堆上观察得到；算到 {need} 个石子的堆，周期性定理就能证明它。",
    "quotient.nocover": "Φ 从 n = {pre} 起以 {p} 为周期，仅在算出的堆上观察得到；没有周期性定理适用于这些规则。",
    "quotient.noperiod": "在算出的堆上没有看到 Φ 的周期。",
    "quotient.table": "乘法表：第 x 行第 y 列是乘积 x·y；P 中的元素有标记。",
    "quotient.notable": "没有乘法表：这个商太大，不便列出。",
    "quotient.key.p": "P 中的元素",
    "quotient.invalid": "求不出反常商：这不是单堆游戏族，“算到”不是整数，或者在允许的轮数内没有找到候选的商",
  },
};

const state = {
  lang: "en",
  panel: "position",
  p: "nim(3,5,7)",
  g: "sub{1,3,4}(7)",
  gs: 0,
  t: "sub{2,5,6}",
  to: "60",
  tm: "0",
  pl: "nim(3,5,7)",
  first: "me",
  hist: [],
  sn: "game.rhai",
  st: "",
  sa: "10",
  ls: "",
};
const DEFAULTS = JSON.parse(JSON.stringify(state));

const $ = (id) => document.getElementById(id);

function t(key, params) {
  let s = (TEXT[state.lang] && TEXT[state.lang][key]) || TEXT.en[key] || key;
  for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(v);
  return s;
}

// A value, written one way everywhere on the page (the engine's reasons
// write it so too): 0, *1, *2, ...
function nim(n) {
  return n === 0 ? "0" : "*" + n;
}

// ---- the URL holds the state ----------------------------------------------

// A person's click or form starts a new history entry (so Back returns
// to what was there before); the page's own updates replace the entry.
let pushNext = false;

function saveState() {
  const q = new URLSearchParams();
  for (const key of ["lang", "panel", "p", "g", "gs", "t", "to", "tm", "pl", "first", "sn", "sa", "ls"]) {
    q.set(key, String(state[key]));
  }
  if (state.hist.length) q.set("hist", JSON.stringify(state.hist));
  if (state.st) q.set("st", state.st);
  const hash = "#" + q.toString();
  if (hash === location.hash) return;
  if (pushNext) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
  pushNext = false;
}

function loadState() {
  const q = new URLSearchParams(location.hash.slice(1));
  Object.assign(state, JSON.parse(JSON.stringify(DEFAULTS)));
  for (const key of Object.keys(state)) {
    if (!q.has(key)) continue;
    const v = q.get(key);
    if (key === "gs") state.gs = parseInt(v, 10) || 0;
    else if (key === "hist") {
      try { state.hist = JSON.parse(v); } catch (e) { state.hist = []; }
    } else state[key] = v;
  }
  return q;
}

// ---- the API ----------------------------------------------------------------

function files() {
  return state.st ? { [state.sn]: state.st } : {};
}

async function api(path, body) {
  const response = await fetch("/api/" + path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ files: files() }, body)),
  });
  const data = await response.json();
  if (!response.ok) {
    const err = new Error(data.error || response.statusText);
    err.data = data;
    throw err;
  }
  return data;
}

// An error in the page's language: the server's answer carries its kind
// and numbers (a parse error's column, the limit hit, a graph's size),
// from which the words are made; the server's own sentence is kept in
// English only.
function errorText(e, invalid) {
  const d = e.data || {};
  if (d.max_nodes !== undefined) {
    const size = d.exact ? String(d.positions) : t("graph.more", { n: Math.max(0, d.positions - 1) });
    return t("graph.refused", { p: d.position || "", size, max: d.max_nodes });
  }
  if (state.lang === "en" || !d.kind) return e.message;
  switch (d.kind) {
    case "parse": return t("err.parse", { input: d.input, at: d.at });
    case "limit": return t(d.limit_kind === "time" ? "err.time" : "err.limit", { limit: d.limit });
    case "script": return t("err.script", { file: d.file, line: d.line || "?" });
    case "cycle": return t("err.cycle", { v: d.vertex });
    case "too_many": return t("err.toomany", { count: d.count, max: d.max });
    default: return t(invalid || "err.invalid");
  }
}

// `invalid` words an "invalid" error where the question says more than
// the generic sentence can (a family with no misère quotient).
function showError(id, e, invalid) {
  const el = $(id);
  if (!e) { el.hidden = true; el.textContent = ""; return; }
  el.hidden = false;
  el.textContent = t("error", { e: errorText(e, invalid) });
}

// ---- language ---------------------------------------------------------------

function setLanguage(lang) {
  state.lang = lang;
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const b of document.querySelectorAll("#lang button")) b.classList.toggle("on", b.dataset.lang === lang);
  document.title = t("title");
  // Redraw what holds translated sentences.
  if (lastReport) showReport(lastReport);
  if (lastGraph) showStep();
  // The plot's words are the server's: ask again in this language.
  if (lastTable && lastTable.lang !== lang) computeTable(state.t, state.to);
  if (lastQuotient) showQuotient(lastQuotient);
  if (lastPlayStatus) setPlayStatus(...lastPlayStatus);
  playLog();
  renderBoards();
  if (state.panel === "learn") renderLesson(false);
  saveState();
}

// ---- panels -----------------------------------------------------------------

function showPanel(name) {
  state.panel = name;
  returnWidgets();
  for (const s of document.querySelectorAll(".panel")) s.hidden = s.id !== "panel-" + name;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.panel === name);
  // A lesson borrows a panel as its widget (learn.js).
  if (name === "learn") renderLesson(true);
  saveState();
}

// Position --------------------------------------------------------------------

let lastReport = null;

// A game with cycles: a nimber, or ∞ with the finite values reachable.
function gammaText(g) {
  if (!g.infinite) return nim(g.value);
  return "∞" + (Array.isArray(g.reachable) ? "{" + g.reachable.join(",") + "}" : "");
}

function valueText(v) {
  if (!v) return "?";
  switch (v.kind) {
    case "grundy": return nim(v.value);
    case "misere_grundy": return t("value.misere", { v: nim(v.value) });
    case "steps": return t("value.steps", { n: v.value });
    case "generalised": return gammaText(v.value);
    default: return typeof v.value === "object" ? JSON.stringify(v.value) : String(v.value);
  }
}

async function analyse(text) {
  state.p = text;
  $("position-input").value = text;
  saveState();
  showError("position-error", null);
  try {
    const report = await api("value", { position: text });
    await singleReason(report);
    lastReport = report;
    showReport(report);
  } catch (e) {
    $("position-result").hidden = true;
    showError("position-error", e);
  }
}

// The report's reason in the page's language, worded from the library's
// structured answer (the components and their values, the method); the
// server's English sentence is the last resort, for analyses that give
// nothing structured (games with cycles).
function reasonText(r) {
  const d = r.details || {};
  const who = t("verdict." + r.verdict);
  if (r.method === "sprague-grundy" && Array.isArray(d.components)) {
    const parts = d.components.map((c) => `G(${c.component}) = ${nim(c.grundy)}`);
    if (d.components.length === 1) return r.single || parts[0];
    const terms = d.components.map((c) => nim(c.grundy)).join(" ⊕ ");
    const sum = d.grundy === 0 ? terms + " = 0" : `${terms} = ${nim(d.grundy)} ≠ 0`;
    return t("reason.sum", { parts: parts.join(", "), sum });
  }
  if (r.play === "misere" && Array.isArray(d.components)) {
    const big = d.components.some((c) => c.grundy > 1);
    if (r.method === "bouton") {
      const ones = d.components.filter((c) => c.grundy === 1).length;
      const cond = big
        ? t("reason.misere.nimsum", { g: nim(d.grundy) })
        : t("reason.misere.odd", { k: ones, parity: t(ones % 2 ? "reason.misere.oddword" : "reason.misere.even") });
      return t("reason.misere.bouton", { cond, who });
    }
    if (r.method === "sj") {
      return t("reason.misere.sj", { g: nim(d.grundy), big: t(big ? "reason.misere.somebig" : "reason.misere.nonebig"), who });
    }
    return t("reason.misere.search", { who });
  }
  if (r.method === "generalised" && Array.isArray(d.components)) {
    const parts = d.components.map((c) => `γ(${c.component}) = ${gammaText(c)}`);
    let text = parts.join(", ");
    if (d.components.length > 1) {
      text = t("reason.loopy.sum", { parts: text, sum: d.components.map(gammaText).join(" ⊕ ") + " = " + valueText(r.value) });
    }
    if (r.value && r.value.value.infinite) text += t(r.verdict === "N" ? "reason.loopy.win" : "reason.loopy.draw");
    return text;
  }
  if (r.play === "every" && r.value && r.value.kind === "steps") {
    const n = r.value.value;
    return t("reason.every", { n, parity: t(n % 2 ? "reason.misere.oddword" : "reason.misere.even"), who });
  }
  return r.reason;
}

// Where a single heap's value came from: the period of its family, when
// the engine proves one that covers the heap, else the mex rule over the
// smaller heaps. Asked of /api/table once per family.
const periods = new Map();

async function singleReason(r) {
  const d = r.details || {};
  if (r.method !== "sprague-grundy" || !Array.isArray(d.components) || d.components.length !== 1) return;
  const c = d.components[0];
  const m = /^(.*)\((\d+)\)$/.exec(c.component);
  if (!m) return;
  const family = m[1], n = Number(m[2]);
  if (!periods.has(family)) {
    try {
      periods.set(family, (await api("table", { family, to: null })).period);
    } catch (e) {
      periods.set(family, null);
    }
  }
  const per = periods.get(family);
  r.singleParts = { c: c.component, v: nim(c.grundy), family, n };
  if (per && per.certified && !per.saltus && n >= per.preperiod) {
    r.singleParts.period = { p: per.period, pre: per.preperiod, proof: per.proof, m: per.preperiod + ((n - per.preperiod) % per.period) };
  }
}

function singleText(r) {
  const s = r.singleParts;
  if (!s) return null;
  if (s.period) {
    return t("reason.period", { c: s.c, v: s.v, family: s.family, n: s.n, p: s.period.p, pre: s.period.pre, proof: proofText(s.period.proof), m: s.period.m });
  }
  if (s.n === 0) return `G(${s.c}) = ${s.v}`;
  return t("reason.mex", { c: s.c, v: s.v, below: s.n - 1 });
}

function showReport(r) {
  r.single = singleText(r);
  $("position-result").hidden = false;
  $("position-value").textContent = valueText(r.value);
  $("position-outcome").textContent = t("verdict." + r.verdict);
  $("position-outcome").dataset.verdict = r.verdict;
  $("position-reason").textContent = reasonText(r);
  $("position-method").textContent = t("method", { m: t("method." + r.method) })
    + (r.method_note && state.lang === "en" ? " — " + r.method_note : "");
  const list = $("position-moves");
  list.replaceChildren();
  if (r.winning_moves.length === 0) {
    const li = document.createElement("li");
    li.textContent = t("position.nomoves");
    list.append(li);
  }
  for (const m of r.winning_moves) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#";
    a.className = "move";
    a.textContent = m;
    a.dataset.position = m;
    a.addEventListener("click", (ev) => { ev.preventDefault(); analyse(m); });
    li.append(a);
    list.append(li);
  }
  if (!r.winning_moves_complete) {
    const li = document.createElement("li");
    li.textContent = t("position.incomplete");
    list.append(li);
  }
}

// Graph -------------------------------------------------------------------------

let lastGraph = null;

async function drawGraph(text, step) {
  state.g = text;
  $("graph-input").value = text;
  showError("graph-error", null);
  try {
    lastGraph = await api("graph", { position: text });
    lastGraph.sum = null;
    const report = await api("value", { position: text });
    const parts = report.details && report.details.components;
    if (parts && parts.length > 1) {
      lastGraph.sum = {
        parts: parts.map((c) => `G(${c.component}) = ${nim(c.grundy)}`).join(", "),
        sum: parts.map((c) => nim(c.grundy)).join(" ⊕ ") + " = " + nim(report.details.grundy),
      };
    }
    state.gs = Math.max(0, Math.min(step || 0, lastGraph.order.length));
    graphShown(true);
    renderGraph();
    showStep();
  } catch (e) {
    lastGraph = null;
    graphShown(false);
    $("graph-svg").replaceChildren();
    $("graph-step").textContent = "";
    $("graph-sum").textContent = "";
    showError("graph-error", e);
  }
  saveState();
}

// A refused or failed graph leaves no empty boxes behind.
function graphShown(on) {
  for (const id of ["graph-controls", "graph-legend", "graph-step", "graph-sum", "graph-svg"]) $(id).hidden = !on;
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// A layered drawing, read like the lessons' number line: each position in
// the column of its height (the longest run of moves left), the terminal
// positions on the left and the start on the right, so every arrow points
// left and the values can be worked out column by column.
function renderGraph() {
  const g = lastGraph;
  const columns = [];
  g.nodes.forEach((n, i) => { (columns[n.height] = columns[n.height] || []).push(i); });
  const longest = Math.max(...g.nodes.map((n) => n.label.length));
  // Room for the label and for a value line such as "G = *12".
  const w = Math.max(64, Math.min(220, 8 * longest + 20));
  const dx = w + 44, dy = 58;
  const tallest = Math.max(...columns.map((c) => (c ? c.length : 0)));
  // Room above and below for the arcs of moves that skip columns.
  const arc = (skip) => Math.min(160, 16 + skip * 22);
  let bow = 10;
  for (const n of g.nodes) for (const j of n.moves) bow = Math.max(bow, arc(n.height - g.nodes[j].height - 1) + 12);
  const width = columns.length * dx + 20, height = Math.max(tallest * dy, 60) + 2 * bow + 20;
  const at = [];
  columns.forEach((column, x) => {
    if (!column) return;
    const offset = (height - column.length * dy) / 2;
    column.forEach((i, k) => { at[i] = { x: 10 + x * dx + dx / 2, y: offset + k * dy + dy / 2 }; });
  });
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, width, height, id: "graph-picture" });
  const defs = svgEl("defs", {});
  const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" }));
  defs.append(marker);
  svg.append(defs);
  // A move to the next column is a straight arrow; one that skips columns
  // arcs above or below the row, higher the more it skips.
  g.nodes.forEach((n, i) => {
    n.moves.forEach((j, k) => {
      const skip = n.height - g.nodes[j].height - 1;
      let d;
      if (skip === 0) {
        d = `M ${at[i].x - w / 2} ${at[i].y} L ${at[j].x + w / 2 + 2} ${at[j].y}`;
      } else {
        const up = k % 2 === 0 ? -1 : 1;
        const y1 = at[i].y + up * 16, y2 = at[j].y + up * 18;
        const cy = (y1 + y2) / 2 + up * arc(skip) * 2;
        d = `M ${at[i].x} ${y1} Q ${(at[i].x + at[j].x) / 2} ${cy} ${at[j].x} ${y2}`;
      }
      svg.append(svgEl("path", { d, class: "edge", "data-from": i, "data-to": j, "marker-end": "url(#arrow)" }));
    });
  });
  g.nodes.forEach((n, i) => {
    const group = svgEl("g", { class: "node", id: "node-" + i, "data-node": i });
    const box = svgEl("rect", { x: at[i].x - w / 2, y: at[i].y - 16, width: w, height: 32, rx: 8 });
    box.append(svgEl("title", {}, n.position));
    group.append(box);
    group.append(svgEl("text", { x: at[i].x, y: at[i].y - 2, class: "label" }, n.label));
    group.append(svgEl("text", { x: at[i].x, y: at[i].y + 12, class: "gvalue" }, "G = ?"));
    svg.append(group);
  });
  const box = $("graph-svg");
  box.replaceChildren(svg);
  // A graph wider than the page scrolls, opened at its right end: the
  // start is there.
  box.scrollLeft = box.scrollWidth;
}

function nodeName(n) {
  return "G(" + n.label + ")";
}

// A terminal position as people say it: an empty heap game's
// `sub{1,3,4}()` is "heap 0"; any other keeps its expression.
function terminalName(n) {
  return /\(\)$/.test(n.position) && n.label === "0" ? t("graph.terminalname") : n.position;
}

function showStep() {
  const g = lastGraph;
  const done = new Set(g.order.slice(0, state.gs));
  const current = state.gs > 0 ? g.order[state.gs - 1] : -1;
  g.nodes.forEach((n, i) => {
    const el = $("node-" + i);
    if (!el) return;
    const known = done.has(i);
    el.classList.toggle("known", known);
    el.classList.toggle("p", known && n.grundy === 0);
    el.classList.toggle("current", i === current);
    el.classList.toggle("option", current >= 0 && g.nodes[current].moves.includes(i));
    el.querySelector(".gvalue").textContent = "G = " + (known ? nim(n.grundy) : "?");
  });
  for (const e of document.querySelectorAll("#graph-picture .edge")) {
    e.classList.toggle("active", Number(e.dataset.from) === current);
  }
  $("graph-counter").textContent = t("graph.counter", { i: state.gs, n: g.order.length });
  let text;
  if (state.gs === 0) {
    text = t("graph.start");
  } else {
    const n = g.nodes[current];
    if (n.moves.length === 0) {
      text = t("graph.terminal", { g: nodeName(n), p: terminalName(n) });
    } else {
      const names = n.moves.map((j) => nodeName(g.nodes[j]));
      const values = [...new Set(n.moves.map((j) => g.nodes[j].grundy))].sort((a, b) => a - b);
      text = `${nodeName(n)} = mex{${names.join(", ")}} = mex{${values.map(nim).join(", ")}} = ${nim(n.grundy)}`;
    }
    if (state.gs === g.order.length) {
      const root = g.nodes[0];
      text += "\n" + t("graph.done", { g: nodeName(root), v: nim(root.grundy), who: t("verdict." + (root.grundy === 0 ? "P" : "N")) });
    }
  }
  $("graph-step").textContent = text;
  $("graph-sum").textContent = g.sum ? t("graph.sum", g.sum) : "";
  saveState();
}

function step(to) {
  if (!lastGraph) return;
  state.gs = Math.max(0, Math.min(to, lastGraph.order.length));
  showStep();
}

// Table -------------------------------------------------------------------------

// The Table panel shows one of two answers: a family's values (normal
// play), or, with "misère play" ticked, its misère quotient.
let lastTable = null;
let lastQuotient = null;

// `misere` is left out by the lessons and the Script panel, which ask
// for normal play's table.
async function computeTable(family, to, misere) {
  state.t = family;
  state.to = to;
  state.tm = misere ? "1" : "0";
  $("table-input").value = family;
  $("table-to").value = to;
  $("table-misere").checked = !!misere;
  saveState();
  showError("table-error", null);
  lastTable = null;
  lastQuotient = null;
  clearTable();
  try {
    if (misere) {
      lastQuotient = await api("quotient", { family, to });
      showQuotient(lastQuotient);
    } else {
      lastTable = await api("table", { family, to: to || null, lang: state.lang });
      lastTable.lang = state.lang;
      showTable(lastTable);
    }
  } catch (e) {
    lastTable = null;
    lastQuotient = null;
    clearTable();
    showError("table-error", e, misere ? "quotient.invalid" : null);
  }
}

// A failed or pending answer leaves no empty boxes behind.
function clearTable() {
  $("table-values").replaceChildren();
  $("table-plot").replaceChildren();
  $("table-period").textContent = "";
  $("table-period").hidden = true;
  $("table-quotient").hidden = true;
}

function proofText(p) {
  switch (p.kind) {
    case "guy-smith": return t("proof.guy-smith");
    case "window": return t("proof.window", { w: p.width });
    default: return p.kind;
  }
}

function showTable(r) {
  $("table-period").hidden = false;
  const box = $("table-values");
  box.replaceChildren();
  if (r.kind === "one") {
    const per = r.period;
    if (per) {
      let s = t("table.period", { p: per.period, pre: per.preperiod });
      if (per.saltus) s += t("table.saltus", { s: per.saltus, p: per.period });
      s += per.certified ? t("table.proven", { proof: proofText(per.proof) }) : t("table.observed");
      $("table-period").textContent = s;
    } else {
      $("table-period").textContent = t("table.noperiod");
    }
    box.append(heapRow(r.values, per, (v, n) => ({ text: nim(v), p: v === 0, title: "G(" + n + ") = " + nim(v) })));
    if (per) {
      const legend = document.createElement("p");
      legend.className = "small";
      legend.append(...periodKeys());
      box.append(legend);
    }
  } else {
    $("table-period").textContent = t("table.two");
    const table = document.createElement("table");
    table.className = "plane";
    const head = document.createElement("tr");
    head.append(document.createElement("th"));
    for (let b = 0; b <= r.columns; b++) {
      const th = document.createElement("th");
      th.textContent = b;
      head.append(th);
    }
    table.append(head);
    r.values.forEach((row, a) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.textContent = a;
      tr.append(th);
      for (const v of row) {
        const td = document.createElement("td");
        td.textContent = nim(v);
        if (v === 0) td.className = "p";
        tr.append(td);
      }
      table.append(tr);
    });
    box.append(table);
  }
  // The plot is the library's own SVG.
  $("table-plot").innerHTML = r.svg;
}

// The misère quotient, as the library reports it: its size, P, the
// presentation, the period of Φ and the argument for it, Φ(0..N) as a
// row under the heap sizes, and the multiplication table of a small
// quotient. Elements are words in the generators, shown as written.
function showQuotient(q) {
  const inP = new Set(q.p_positions);
  const name = (e) => q.elements[e];
  $("table-quotient").hidden = false;
  const tame = q.tame.tame ? t("quotient.tame", { k: q.tame.nim_quotient }) : t("quotient.wild");
  $("quotient-summary").textContent = t("quotient.summary", {
    n: q.heaps, q: q.order, p: q.p_count, tame, status: t("quotient.status." + q.status),
  });
  $("quotient-p").textContent = q.p_positions.map(name).join(", ");
  $("quotient-generators").textContent = q.generators.map((g) => `${g.name} = Φ(${g.heap})`).join(", ");
  $("quotient-relations").textContent = q.relations.map((r) => `${r.left} = ${r.right}`).join(", ");
  const per = q.period;
  let why = t("quotient.noperiod");
  if (per) {
    const key = per.status === "proved" ? "quotient.proved" : per.heaps_needed === null ? "quotient.nocover" : "quotient.observed";
    why = t(key, { p: per.period, pre: per.preperiod, need: per.heaps_needed });
  }
  $("quotient-period").textContent = why;

  const grid = heapRow(q.phi, per, (e, n) => ({ text: name(e), p: inP.has(e), title: `Φ(${n}) = ${name(e)}` }));
  // Elements are words in the generators (a, ab², ...): written as
  // expressions, in either language.
  grid.classList.add("expr");
  const legend = document.createElement("p");
  legend.className = "small";
  legend.append(sample("cell p", "P"), " ", t("quotient.key.p"));
  if (per) legend.append(" \u00a0 ", ...periodKeys());
  $("quotient-phi").replaceChildren(grid, legend);

  $("quotient-tablenote").textContent = t(q.table ? "quotient.table" : "quotient.notable");
  const box = $("quotient-table");
  box.replaceChildren();
  if (!q.table) return;
  const table = document.createElement("table");
  table.className = "plane expr";
  const header = (e) => {
    const th = document.createElement("th");
    th.textContent = e === null ? "·" : name(e);
    if (e !== null && inP.has(e)) th.className = "p";
    return th;
  };
  const head = document.createElement("tr");
  head.append(header(null), ...q.elements.map((_, y) => header(y)));
  table.append(head);
  q.table.forEach((row, x) => {
    const tr = document.createElement("tr");
    tr.append(header(x));
    for (const z of row) {
      const td = document.createElement("td");
      td.textContent = name(z);
      if (inP.has(z)) td.className = "p";
      tr.append(td);
    }
    table.append(tr);
  });
  box.append(table);
}

// A row of cells under the heap sizes 0..N (a table's values, a
// quotient's Φ), with the pre-period and the first period marked; `show`
// gives each cell's text, whether it is marked as P, and its title.
function heapRow(items, per, show) {
  const grid = document.createElement("div");
  grid.className = "grid";
  items.forEach((v, n) => {
    const { text, p, title } = show(v, n);
    const cell = document.createElement("span");
    cell.className = "cell";
    if (p) cell.classList.add("p");
    if (per && n < per.preperiod) cell.classList.add("pre");
    else if (per && n < per.preperiod + per.period) cell.classList.add("first-period");
    cell.title = title;
    const heap = document.createElement("small");
    heap.textContent = n;
    cell.append(heap, text);
    grid.append(cell);
  });
  return grid;
}

// The legend of a row's period marks.
function periodKeys() {
  return [sample("cell pre"), " ", t("table.prefix"), " \u00a0 ", sample("cell first-period"), " ", t("table.inperiod")];
}

// A legend's sample: a cell styled as those it explains.
function sample(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text || "\u00a0";
  return span;
}

// Play ----------------------------------------------------------------------------

let lastPlayStatus = null;
let playMoves = [];

function setPlayStatus(key, params, why) {
  lastPlayStatus = [key, params, why];
  $("play-status").textContent = t(key, params);
  $("play-status").dataset.state = key;
  $("play-why").textContent = why || "";
}

function playLog() {
  const log = $("play-log");
  log.replaceChildren();
  for (const h of state.hist) {
    const li = document.createElement("li");
    li.textContent = t(h.by === "me" ? "play.you" : "play.engine", { from: h.from, to: h.to });
    log.append(li);
  }
}

function current() {
  return state.hist.length ? state.hist[state.hist.length - 1].position : state.pl;
}

async function newGame(start, first) {
  state.pl = start;
  state.first = first;
  state.hist = [];
  $("play-input").value = start;
  $("play-first").value = first;
  await continueGame();
}

// Whether a position is played under misère play.
function isMisere(p) {
  return p.trim().startsWith("misere(");
}

// Whose turn it is follows from who began and how many moves were made.
async function continueGame() {
  saveState();
  playLog();
  showError("play-error", null);
  $("play-moves").replaceChildren();
  selected = null;
  engineCells = null;
  hintCells = null;
  busy = true;
  const engineToMove = (state.hist.length % 2 === 0) === (state.first === "engine");
  try {
    if (engineToMove) {
      setPlayStatus("play.thinking", {});
      const from = current();
      const r = await api("play", { position: from });
      if (r.finished) {
        // Under misère play the player left without a move has won.
        setPlayStatus(isMisere(from) ? "play.lost" : "play.won", { p: from });
        playing(false);
        await showBoards(from);
        return;
      }
      const m = r.reply.move;
      // The engine's move names the position without its play; keep the
      // game's.
      const position = isMisere(from) ? `misere(${m.position})` : m.position;
      engineCells = await cellsOf(from, position);
      state.hist.push({ by: "engine", from: m.from, to: m.to, position });
      saveState();
      playLog();
    }
    await yourTurn();
  } catch (e) {
    showError("play-error", e);
  } finally {
    busy = false;
  }
}

// Hint, Undo and the list of moves are there while the game goes on.
function playing(on) {
  $("play-hint").hidden = !on;
  $("play-moves").hidden = !on;
  $("play-movelabel").hidden = !on;
}

async function yourTurn() {
  const p = current();
  const r = await api("moves", { position: p });
  playMoves = r.moves;
  await showBoards(p);
  if (r.moves.length === 0) {
    setPlayStatus(isMisere(p) ? "play.won" : "play.lost", { p });
    playing(false);
    return;
  }
  playing(true);
  const winning = r.moves.some((m) => m.verdict === "P");
  setPlayStatus("play.yourturn", { p }, t(winning ? "play.winning" : "play.losing"));
  const details = r.details;
  const list = $("play-moves");
  // The same move in equal components (nim(4,4): either heap to 3) is
  // one button: the positions it leads to differ only in the order of
  // the components. Moves on a drawn board are made on the board.
  const seen = new Set();
  const onBoard = new Set(boardViews.map((v) => v.component));
  r.moves.forEach((m, i) => {
    const d = Array.isArray(details) ? details[i] : null;
    const label = d ? `${d.from} → ${d.to}` : m.position;
    if (seen.has(label) || (d && onBoard.has(d.component))) return;
    seen.add(label);
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.textContent = label;
    b.dataset.position = m.position;
    b.dataset.winning = m.verdict === "P" ? "yes" : "no";
    b.addEventListener("click", () => {
      state.hist.push({ by: "me", from: d ? d.from : p, to: d ? d.to : m.position, position: m.position });
      continueGame();
    });
    li.append(b);
    list.append(li);
  });
  if (!list.children.length) {
    const li = document.createElement("li");
    li.dataset.i18n = "play.onboard";
    li.textContent = t("play.onboard");
    list.append(li);
  }
}

async function hint() {
  try {
    const r = await api("value", { position: current() });
    for (const b of document.querySelectorAll("#play-moves button")) {
      b.classList.toggle("hinted", b.dataset.winning === "yes");
    }
    const move = hintedMove(r);
    hintCells = move ? move.marks : null;
    renderBoards();
    await singleReason(r);
    r.single = singleText(r);
    let why = t("play.hintis", { why: reasonText(r) });
    why += move ? t("play.hintmove", { from: move.from, to: move.to }) : t("reason.then", { then: t("play.nowin") });
    $("play-why").textContent = why;
  } catch (e) {
    showError("play-error", e);
  }
}

// The winning move a hint names: the first one made on a board (whose
// cells are then marked), else the first of all; null when none wins.
function hintedMove(report) {
  for (const w of report.winning_moves) {
    for (const v of boardViews) {
      const m = v.moves.find((m) => m.position === w);
      if (m) return { from: v.text, to: m.to, marks: marksOf(v, m) };
    }
  }
  if (!report.winning_moves.length) return null;
  const details = report.details && Array.isArray(report.details.winning_moves) ? report.details.winning_moves[0] : null;
  return details
    ? { from: details.from, to: details.to, marks: null }
    : { from: current(), to: report.winning_moves[0], marks: null };
}

// Board games: the board drawn, a move made by clicking its cells --------------

// The boards of the position on the page (from /api/board), the first
// cell of a domino being placed, the engine's last move and the hinted
// move (each as marksOf gives it), and whether a request is under way
// (clicks wait for it).
let boardViews = [];
let selected = null;
let engineCells = null;
let hintCells = null;
let busy = false;
const CELL = 38;

async function showBoards(position) {
  try {
    boardViews = (await api("board", { position })).boards;
  } catch (e) {
    // A board too large to draw: the list of moves still serves.
    boardViews = [];
  }
  renderBoards();
}

// A board move as the page marks it: its board, the names of the cells it
// plays, and the spots it removes as they were before it (a Chomp bite's
// cells, which the board after it no longer lists, are drawn from these).
function marksOf(view, m) {
  return {
    component: view.component,
    names: m.cells.map((i) => view.layout.spots[i].name),
    gone: m.removes.map((i) => view.layout.spots[i]),
  };
}

// The marks of the move from `from` to `to`, if it was on a board.
async function cellsOf(from, to) {
  try {
    for (const v of (await api("board", { position: from })).boards) {
      const m = v.moves.find((m) => m.position === to);
      if (m) return marksOf(v, m);
    }
  } catch (e) {
    // Not drawn, so nothing to mark.
  }
  return null;
}

function renderBoards() {
  const box = $("play-board");
  box.replaceChildren(...boardViews.map(drawBoard));
  const bite = engineCells && boardViews.some((v) => v.component === engineCells.component && v.layout.game === "chomp");
  const engineNote = bite ? "play.board.bitten" : "play.board.engine";
  for (const [marks, key] of [[engineCells, engineNote], [hintCells, "play.board.hint"]]) {
    if (!boardViews.length || !marks) continue;
    const note = document.createElement("p");
    note.className = "small";
    note.textContent = t(key);
    box.append(note);
  }
}

// A grid board as squares (Cram, Chomp) or vertices (Node Kayles on a grid
// or path), any other graph as vertices on a circle with its edges.
function drawBoard(view) {
  const L = view.layout;
  const pad = 14;
  const on = (marks) => (marks && marks.component === view.component ? marks : { names: [], gone: [] });
  const engine = on(engineCells), hinted = on(hintCells);
  // The cells the engine's move removed that this board no longer lists
  // (a Chomp bite), drawn where they were until the next move.
  const bitten = engine.gone.filter((g) => !L.spots.some((s) => s.name === g.name));
  let width, height, at;
  if (L.placement === "circle") {
    const n = L.spots.length, r = Math.max(60, n * 12);
    width = height = 2 * (r + pad + 14);
    at = (s) => {
      const a = (2 * Math.PI * s.column) / n - Math.PI / 2;
      return { x: width / 2 + r * Math.cos(a), y: height / 2 + r * Math.sin(a) };
    };
  } else {
    const columns = Math.max(L.columns, ...bitten.map((s) => s.column + 1));
    const rows = Math.max(L.rows, ...bitten.map((s) => s.row + 1));
    width = columns * CELL + 2 * pad;
    height = rows * CELL + 2 * pad;
    at = (s) => ({ x: pad + s.column * CELL + CELL / 2, y: pad + s.row * CELL + CELL / 2 });
  }
  const square = (p, attrs) => svgEl("rect", Object.assign({ x: p.x - CELL / 2 + 1, y: p.y - CELL / 2 + 1, width: CELL - 2, height: CELL - 2, rx: 3 }, attrs));
  const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}` });
  for (const [a, b] of L.edges) {
    const p = at(L.spots[a]), q = at(L.spots[b]);
    const gone = L.spots[a].state !== "free" || L.spots[b].state !== "free";
    svg.append(svgEl("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: gone ? "edge gone" : "edge" }));
  }
  for (const s of bitten) {
    const p = at(s);
    const el = square(p, {
      class: ["spot", "bitten"].concat(engine.names.includes(s.name) ? ["engine"] : []).join(" "),
      "data-name": s.name,
    });
    el.append(svgEl("title", {}, s.name));
    svg.append(el, svgEl("text", { x: p.x, y: p.y + 4 }, s.name));
  }
  L.spots.forEach((s, i) => {
    const p = at(s);
    const marks = [];
    if (engine.names.includes(s.name)) marks.push("engine");
    if (hinted.names.includes(s.name)) marks.push("hint");
    else if (hinted.gone.some((g) => g.name === s.name)) marks.push("hint-removes");
    const attrs = {
      class: ["spot", s.state].concat(marks).join(" "),
      "data-spot": i,
      "data-name": s.name,
    };
    const el = L.game === "node-kayles"
      ? svgEl("circle", Object.assign({ cx: p.x, cy: p.y, r: 13 }, attrs))
      : square(p, attrs);
    el.append(svgEl("title", {}, s.name));
    el.addEventListener("click", () => clickSpot(view, i));
    svg.append(el);
    svg.append(svgEl("text", { x: p.x, y: p.y + 4 }, s.state === "poisoned" ? "☠" : s.name));
  });
  const figure = document.createElement("figure");
  figure.className = "board";
  figure.dataset.component = view.component;
  figure.dataset.game = L.game;
  const caption = document.createElement("figcaption");
  caption.textContent = view.text + ": " + t("play.board." + L.game);
  figure.append(svg, caption);
  return figure;
}

// A click on a free cell: Node Kayles and Chomp move at once; Cram waits
// for a second cell and places the domino if the two make a move.
function clickSpot(view, i) {
  if (busy || view.layout.spots[i].state !== "free") return;
  const plays = (want) => view.moves.find((m) => m.cells.length === want.length && want.every((c) => m.cells.includes(c)));
  if (view.layout.game !== "cram") {
    const m = plays([i]);
    if (m) makeBoardMove(view, m);
    return;
  }
  const first = selected && selected.component === view.component ? selected.spot : null;
  const m = first === null || first === i ? null : plays([first, i]);
  if (m) {
    makeBoardMove(view, m);
    return;
  }
  // A first cell, another first cell, or the same one clicked again.
  selected = first === i ? null : { component: view.component, spot: i };
  for (const el of document.querySelectorAll("#play-board .spot")) {
    const figure = el.closest("figure");
    el.classList.toggle("selected", !!selected
      && Number(figure.dataset.component) === selected.component
      && Number(el.dataset.spot) === selected.spot);
  }
}

function makeBoardMove(view, m) {
  state.hist.push({ by: "me", from: view.text, to: m.to, position: m.position });
  continueGame();
}

function undo() {
  // Take back the engine's reply and your move before it.
  while (state.hist.length) {
    const h = state.hist.pop();
    if (h.by === "me") break;
  }
  continueGame();
}

// Script --------------------------------------------------------------------------

let examples = [];

function saveScript() {
  state.sn = $("script-name").value.trim() || "game.rhai";
  state.sa = $("script-args").value.trim();
  state.st = $("script-text").value;
  // The file's name is code, in either language.
  const parts = t("script.saved", { name: "\u0000" }).split("\u0000");
  $("script-status").replaceChildren(...parts.flatMap((text, i) => {
    if (i === 0) return [text];
    const code = document.createElement("code");
    code.textContent = state.sn;
    return [code, text];
  }));
  saveState();
}

// ---- wiring ------------------------------------------------------------------------

function wire() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => showPanel(b.dataset.panel));
  }
  for (const b of document.querySelectorAll("#lang button")) {
    b.addEventListener("click", () => setLanguage(b.dataset.lang));
  }
  $("position-form").addEventListener("submit", (e) => { e.preventDefault(); analyse($("position-input").value); });
  for (const a of document.querySelectorAll("a.try")) {
    a.addEventListener("click", (e) => { e.preventDefault(); analyse(a.dataset.position); });
  }
  $("graph-form").addEventListener("submit", (e) => { e.preventDefault(); drawGraph($("graph-input").value, 0); });
  $("graph-first").addEventListener("click", () => step(0));
  $("graph-prev").addEventListener("click", () => step(state.gs - 1));
  $("graph-next").addEventListener("click", () => step(state.gs + 1));
  $("graph-all").addEventListener("click", () => step(lastGraph ? lastGraph.order.length : 0));
  const askTable = () => computeTable($("table-input").value, $("table-to").value.trim(), $("table-misere").checked);
  $("table-form").addEventListener("submit", (e) => { e.preventDefault(); askTable(); });
  $("table-misere").addEventListener("change", askTable);
  $("play-form").addEventListener("submit", (e) => { e.preventDefault(); newGame($("play-input").value, $("play-first").value); });
  for (const a of document.querySelectorAll("a.play-try")) {
    a.addEventListener("click", (e) => { e.preventDefault(); newGame(a.dataset.position, $("play-first").value); });
  }
  $("play-hint").addEventListener("click", hint);
  $("play-undo").addEventListener("click", undo);
  $("script-example").addEventListener("change", () => {
    const ex = examples.find((x) => x.name === $("script-example").value);
    if (ex) {
      $("script-text").value = ex.text;
      $("script-args").value = /fn\s+position\s*\(/.test(ex.text) ? "10" : "";
    }
  });
  $("script-save").addEventListener("click", saveScript);
  $("script-value").addEventListener("click", () => {
    saveScript();
    showPanel("position");
    // A one-heap script (position(n)) is asked about heap n; a script
    // with start() about its start, written `script[NAME]()`.
    analyse("script[" + state.sn + "](" + state.sa + ")");
  });
  $("script-table").addEventListener("click", () => {
    saveScript();
    showPanel("table");
    computeTable("script[" + state.sn + "]", $("script-to").value.trim() || "60");
  });
}

async function start() {
  learnWords();
  wire();
  // Back, Forward and a link opened over the page change only the hash:
  // show what it says.
  window.addEventListener("hashchange", () => { restore(); });
  for (const kind of ["click", "submit", "change"]) {
    document.addEventListener(kind, () => { pushNext = true; }, true);
  }
  try {
    examples = await (await fetch("/examples.json")).json();
  } catch (e) {
    examples = [];
  }
  for (const ex of examples) {
    const o = document.createElement("option");
    o.value = ex.name;
    o.textContent = ex.name;
    $("script-example").append(o);
  }
  await restore();
}

// Every panel from the URL, so a link shows what its sender saw.
async function restore() {
  document.body.dataset.ready = "no";
  pushNext = false;
  const q = loadState();
  if (!q.has("lang")) {
    state.lang = (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
  }
  $("script-name").value = state.sn;
  $("script-args").value = state.sa;
  $("script-text").value = state.st || (examples[0] ? examples[0].text : "");
  $("play-input").value = state.pl;
  $("play-first").value = state.first;
  setLanguage(state.lang);
  showPanel(state.panel);
  const gs = state.gs;
  const jobs = [analyse(state.p), drawGraph(state.g, gs), computeTable(state.t, state.to, state.tm === "1")];
  if (q.has("pl")) jobs.push(continueGame());
  await Promise.all(jobs);
  document.body.dataset.ready = "yes";
}

start();
