// The Learn panel: a course on the Sprague–Grundy function, in English
// and Chinese. Each lesson is a page of text, one live widget (an existing
// panel, moved into the lesson while it is open), the command-line and
// Python way to ask the same question, the classic problems that use it,
// and exercises drawn at random whose answers the engine checks through
// the page's API: nothing here knows an answer before the server says it.
// Loaded before app.js, whose helpers (api, t, nim, reasonText, state)
// it calls once the page has started.
"use strict";

const LEARN_TEXT = {
  en: {
    "learn.intro": "A course on the SG function, from the mex on a DAG to octal games. Every example and every exercise is worked out by the engine on this server.",
    "learn.seed": "Follows the source text {seeds}.",
    "learn.widget": "Try it",
    "learn.cli": "The same question from the command line and from Python",
    "learn.problems": "Classic problems",
    "learn.exercises": "Exercises",
    "learn.check": "Check", "learn.hint": "Hint", "learn.worked": "Worked answer", "learn.another": "Another one",
    "learn.first": "first player wins", "learn.second": "second player wins",
    "learn.right": "Right.",
    "learn.wrong": "Not yet.",
    "learn.asking": "The engine is checking…",
    "learn.solved": "solved {k} of {n} kinds",
    "learn.done": "✓",
    "learn.value.ask": "What is G({p})? Write a number.",
    "learn.verdict.ask": "Who wins {p}, both playing perfectly?",
    "learn.move.ask": "Find a winning move in {p}: write the position it leaves (or none, if there is none).",
    "learn.move.thereis": "There is one: {reason}.",
    "learn.period.ask": "The values of {f} are periodic. What is the period?",
    "learn.notnumber": "Write a natural number, such as 3.",
    "learn.option.has": "G cannot be {x}: the move to {o} reaches a position of value {x}, and the mex leaves out every value an option has.",
    "learn.option.gap": "The options' values are {vals}; the mex is the smallest number missing from them, and {x} is not it.",
    "learn.verdict.why": "The engine: {reason}.",
    "learn.move.notamove": "{a} is not one move away from {p}.",
    "learn.move.loses": "{a} is a move, but it leaves {reason}: your opponent then has a winning move.",
    "learn.move.bad": "The engine cannot read {a}: {e}",
    "learn.period.breaks": "{x} is not a period: G({n}) = {a} but G({m}) = {b}.",
    "learn.period.multiple": "{x} works, but it is a multiple of a shorter period.",
    "learn.period.none": "The engine found no period for {f} in the values it computed; press Another one.",
    "learn.worked.value": "G(0..{n}) = {vals}. Last step: {step}.",
    "learn.worked.verdict": "{reason}: {who}.",
    "learn.worked.move": "Winning moves: {moves}. {reason}.",
    "learn.worked.nomove": "There is none: {reason}.",
    "learn.worked.period": "Period {p} from n = {pre} on; {proof}. Values: {vals}",
  },
  zh: {
    "learn.intro": "一门讲 SG 函数的课：从 DAG 上的 mex 讲到八进制游戏。每个例子、每道练习都由本服务器上的引擎计算。",
    "learn.seed": "对应原文 {seeds}。",
    "learn.widget": "动手试试",
    "learn.cli": "用命令行和 Python 问同一个问题",
    "learn.problems": "经典题目",
    "learn.exercises": "练习",
    "learn.check": "检查", "learn.hint": "提示", "learn.worked": "详细解答", "learn.another": "换一题",
    "learn.first": "先手必胜", "learn.second": "后手必胜",
    "learn.right": "正确。",
    "learn.wrong": "还不对。",
    "learn.asking": "引擎正在检查…",
    "learn.solved": "已做对 {k} / {n} 类",
    "learn.done": "✓",
    "learn.value.ask": "G({p}) 是多少？请写一个数。",
    "learn.verdict.ask": "双方都走最优时，{p} 谁赢？",
    "learn.move.ask": "在 {p} 中找一步必胜走法：写出走完后的局面（若没有，写“没有”）。",
    "learn.move.thereis": "有必胜走法：{reason}。",
    "learn.period.ask": "{f} 的 SG 值是周期的。周期是多少？",
    "learn.notnumber": "请写一个自然数，例如 3。",
    "learn.option.has": "G 不可能是 {x}：走到 {o} 的后继状态 SG 值就是 {x}，而 mex 不取任何后继状态已有的值。",
    "learn.option.gap": "后继状态的 SG 值是 {vals}；mex 是其中没有出现的最小自然数，不是 {x}。",
    "learn.verdict.why": "引擎的理由：{reason}。",
    "learn.move.notamove": "{a} 不是从 {p} 走一步能到达的局面。",
    "learn.move.loses": "{a} 是一步合法走法，但走完后 {reason}：对手有必胜走法。",
    "learn.move.bad": "引擎读不懂 {a}：{e}",
    "learn.period.breaks": "{x} 不是周期：G({n}) = {a}，而 G({m}) = {b}。",
    "learn.period.multiple": "{x} 确实满足，但它是一个更短周期的倍数。",
    "learn.period.none": "引擎在计算出的值中没有找到 {f} 的周期；请点“换一题”。",
    "learn.worked.value": "G(0..{n}) = {vals}。最后一步：{step}。",
    "learn.worked.verdict": "{reason}：{who}。",
    "learn.worked.move": "必胜走法：{moves}。{reason}。",
    "learn.worked.nomove": "没有必胜走法：{reason}。",
    "learn.worked.period": "从 n = {pre} 起周期为 {p}；{proof}。SG 值：{vals}",
  },
};

// The classic problems, as the cookbook solves them (crates/cookbook).
const PROBLEMS = {
  hdu1847: ["HDU 1847", "http://acm.hdu.edu.cn/showproblem.php?pid=1847", "hdu1847"],
  hdu1848: ["HDU 1848", "http://acm.hdu.edu.cn/showproblem.php?pid=1848", "hdu1848"],
  hdu1850: ["HDU 1850", "http://acm.hdu.edu.cn/showproblem.php?pid=1850", "hdu1850"],
  hdu1536: ["HDU 1536", "http://acm.hdu.edu.cn/showproblem.php?pid=1536", "hdu1536"],
  hdu1907: ["HDU 1907", "http://acm.hdu.edu.cn/showproblem.php?pid=1907", "hdu1907"],
  p4018: ["P4018", "https://www.luogu.com.cn/problem/P4018", "luogu_p4018"],
  p4279: ["P4279", "https://www.luogu.com.cn/problem/P4279", "luogu_p4279"],
  p2148: ["P2148", "https://www.luogu.com.cn/problem/P2148", "luogu_p2148"],
  p2575: ["P2575", "https://www.luogu.com.cn/problem/P2575", "luogu_p2575"],
  p3480: ["P3480", "https://www.luogu.com.cn/problem/P3480", "luogu_p3480"],
  poj3710: ["POJ 3710", "http://poj.org/problem?id=3710", "poj3710"],
  poj2234: ["POJ 2234", "http://poj.org/problem?id=2234", "poj2234"],
};

// ---- random instances ---------------------------------------------------------

function rand(lo, hi) {
  return lo + Math.floor(Math.random() * (hi - lo + 1));
}

// k distinct numbers from lo..hi, in increasing order.
function someOf(k, lo, hi) {
  const pick = new Set();
  while (pick.size < k) pick.add(rand(lo, hi));
  return [...pick].sort((a, b) => a - b);
}

// ---- exercise kinds -------------------------------------------------------------
//
// A kind makes instances (`make(first)`: the first instance of a lesson may
// be a fixed one, such as a source text's own exercise) and checks an
// answer by asking the engine. Every message is a function of nothing,
// worded when shown, so a language switch rewords it.

const say = (key, params) => () => t(key, params);

function parseNumber(text) {
  const m = /^\s*\*?\s*(\d+)\s*$/.exec(text);
  return m ? Number(m[1]) : null;
}

// "G(position) = ?", checked against /api/value; a wrong number is
// explained from the options' values (/api/moves).
function valueKind(make) {
  return {
    kind: "value",
    make,
    ask: (x) => say("learn.value.ask", { p: x.position }),
    async check(x, answer) {
      const n = parseNumber(answer);
      if (n === null) return { ok: false, why: say("learn.notnumber") };
      const r = await api("value", { position: x.position });
      if (r.value.value === n) return { ok: true };
      const moves = (await api("moves", { position: x.position })).moves;
      const hit = moves.find((m) => m.value && m.value.value === n);
      if (hit) return { ok: false, why: say("learn.option.has", { x: nim(n), o: hit.position }) };
      const vals = [...new Set(moves.map((m) => m.value.value))].sort((a, b) => a - b).map(nim);
      return { ok: false, why: say("learn.option.gap", { x: nim(n), vals: "{" + vals.join(", ") + "}" }) };
    },
    async worked(x) {
      if (x.family === undefined) {
        const r = await api("value", { position: x.position });
        return () => reasonText(r);
      }
      const table = await api("table", { family: x.family, to: String(x.n) });
      const moves = (await api("moves", { position: x.position })).moves;
      const vals = [...new Set(moves.map((m) => m.value.value))].sort((a, b) => a - b);
      const g = table.values[x.n];
      const step = `G(${x.n}) = mex{${vals.map(nim).join(", ")}} = ${nim(g)}`;
      return say("learn.worked.value", { n: x.n, vals: table.values.map(nim).join(" "), step });
    },
  };
}

// "Who wins?", checked against the report's verdict; the reason explains.
function verdictKind(make) {
  return {
    kind: "verdict",
    make,
    ask: (x) => say("learn.verdict.ask", { p: x.position }),
    async check(x, answer) {
      const r = await api("value", { position: x.position });
      if (r.verdict === answer) return { ok: true };
      return { ok: false, why: () => t("learn.verdict.why", { reason: reasonText(r) }) };
    },
    async worked(x) {
      const r = await api("value", { position: x.position });
      return () => t("learn.worked.verdict", { reason: reasonText(r), who: t("verdict." + r.verdict) });
    },
  };
}

// "Find a winning move": the answer is the position left, in full or as
// its numbers only (`3 4 7` for nim(3,4,7)); the engine says whether it
// is one move away and whether the opponent then loses.
function moveKind(make) {
  return {
    kind: "move",
    make,
    ask: (x) => say("learn.move.ask", { p: x.position }),
    async check(x, answer) {
      let text = answer.trim();
      if (/^(none|没有|无)$/i.test(text)) {
        const r = await api("value", { position: x.position });
        if (!r.winning_moves.length) return { ok: true };
        return { ok: false, why: () => t("learn.move.thereis", { reason: reasonText(r) }) };
      }
      if (x.family && /^[\d\s,]+$/.test(text)) text = `${x.family}(${text.split(/[\s,]+/).filter(Boolean).join(",")})`;
      if (x.play === "misere" && !/^misere\(/.test(text)) text = `misere(${text})`;
      let after;
      try {
        after = await api("value", { position: text });
      } catch (e) {
        return { ok: false, why: () => t("learn.move.bad", { a: answer, e: errorText(e) }) };
      }
      const moves = (await api("moves", { position: x.position })).moves;
      const move = moves.find((m) => m.position === after.position);
      if (!move) return { ok: false, why: say("learn.move.notamove", { a: after.position, p: x.position }) };
      if (move.verdict === "P") return { ok: true };
      return { ok: false, why: () => t("learn.move.loses", { a: after.position, reason: reasonText(after) }) };
    },
    async worked(x) {
      const r = await api("value", { position: x.position });
      if (!r.winning_moves.length) return () => t("learn.worked.nomove", { reason: reasonText(r) });
      return () => t("learn.worked.move", { moves: r.winning_moves.join(", "), reason: reasonText(r) });
    },
  };
}

// "Find the period": checked against the period the engine finds (and
// proves) in the family's table; a wrong one is shown where it breaks.
function periodKind(make) {
  return {
    kind: "period",
    make,
    ask: (x) => say("learn.period.ask", { f: x.family }),
    async check(x, answer) {
      const n = parseNumber(answer);
      if (n === null || n === 0) return { ok: false, why: say("learn.notnumber") };
      const r = await api("table", { family: x.family, to: null });
      if (!r.period) return { ok: false, why: say("learn.period.none", { f: x.family }) };
      const p = r.period.period, pre = r.period.preperiod;
      if (n === p) return { ok: true };
      if (n % p === 0) return { ok: false, why: say("learn.period.multiple", { x: n }) };
      // Where n fails as a period, in the values the engine sent, or in
      // a longer table when they are too few to show it.
      const breaks = (values) => {
        for (let i = pre; i + n < values.length; i++) {
          if (values[i] !== values[i + n]) {
            return { ok: false, why: say("learn.period.breaks", { x: n, n: i, a: nim(values[i]), m: i + n, b: nim(values[i + n]) }) };
          }
        }
        return null;
      };
      const longer = async () => (await api("table", { family: x.family, to: String(pre + 3 * Math.max(n, p)) })).values;
      return breaks(r.values) || breaks(await longer()) || { ok: false, why: say("learn.period.multiple", { x: n }) };
    },
    async worked(x) {
      const r = await api("table", { family: x.family, to: null });
      if (!r.period) return say("learn.period.none", { f: x.family });
      const per = r.period;
      const shown = r.values.slice(0, per.preperiod + 2 * per.period).map(nim).join(" ");
      return () => t("learn.worked.period", {
        p: per.period, pre: per.preperiod,
        proof: per.certified ? t("table.proven", { proof: proofText(per.proof) }).trim() : t("table.observed").trim(),
        vals: shown,
      });
    },
  };
}

// ---- the lessons --------------------------------------------------------------

const L = (en, zh) => ({ en, zh });

const LESSONS = [
  {
    id: "mex",
    seeds: "004",
    title: L("1. mex and the SG function on a DAG", "1. mex 与 DAG 上的 SG 函数"),
    text: L(`
<p>Two players move in turn, both have the same moves, and the player who cannot move loses. Such a game is a walk on a directed acyclic graph (DAG): the positions are its vertices, the moves its edges. A position with no move is <b>terminal</b>: whoever must move there loses.</p>
<p>The <b>mex</b> of a set of natural numbers is the smallest natural number not in it: mex{0, 1, 3} = 2 and mex{ } = 0. The <b>SG function</b> is SG(x) = mex{SG(y) : y a successor of x}. A terminal position has SG value 0, and SG(x) = 0 exactly when x is a <b>P-position</b> (the player to move loses): from a 0 every move reaches a non-zero value, and from a non-zero value some move reaches a 0, since the mex skipped it.</p>
<p>Compute in topological order: the terminal positions first, then each position whose successors are all known. The graph below does so for HDU 1847, where a move takes 1, 2, 4, 8, … cards (a power of two). Press Next and watch SG(n) = n mod 3 appear: no power of two is a multiple of 3, so from a multiple of 3 every move leaves a non-multiple, and from any other n a move of 1 or 2 leaves a multiple.</p>`, `
<p>两人轮流走，双方可走的步相同，无法走的一方输。这样的游戏就是在一张有向无环图（DAG）上行走：局面是结点，走法是边。没有后继状态的局面叫<b>终止局面</b>：轮到谁在那里走，谁就输。</p>
<p>自然数集合的 <b>mex</b> 是不属于它的最小自然数：mex{0, 1, 3} = 2，mex{ } = 0。<b>SG 函数</b>定义为 SG(x) = mex{SG(y) | y 是 x 的后继状态}。终止局面的 SG 值为 0；SG(x) = 0 当且仅当 x 是<b>必败态</b>（P 态，轮到走的人输）：从 SG 值为 0 的局面出发，每一步都走到非零的局面；从非零的局面出发，总有一步走到 0，因为 mex 跳过了它。</p>
<p>按拓扑序计算：先算终止局面，再算后继状态都已算出的局面。下面的博弈图对 HDU 1847 这样做：每次取 1, 2, 4, 8, … 张牌（2 的幂）。点“下一步”，看 SG(n) = n mod 3 如何出现：2 的幂都不是 3 的倍数，所以从 3 的倍数出发每一步都留下非 3 的倍数，而从其他 n 出发，取 1 或 2 张就留下 3 的倍数。</p>`),
    widget: ["graph", () => drawGraph("sub{pow2}(9)", 0)],
    commands: [
      "grundy value 'sub{pow2}(9)'",
      "grundy table 'sub{pow2}' --to 30",
      "python3 -c 'import grundy; print(grundy.value(\"sub{pow2}(9)\").grundy)'",
    ],
    problems: ["hdu1847", "hdu1536"],
    exercises: [
      valueKind(() => {
        const set = someOf(rand(2, 3), 1, 6);
        const n = rand(7, 18);
        const family = `sub{${set.join(",")}}`;
        return { family, n, position: `${family}(${n})` };
      }),
      verdictKind(() => ({ position: `sub{pow2}(${rand(10, 1000)})` })),
    ],
    hints: [
      L("Fill in G(0), G(1), … in order: G(n) is the mex of the values G(n − s) for each s in the set with s ≤ n.",
        "按顺序填出 G(0), G(1), …：G(n) 是所有 s ≤ n 的 G(n − s) 的 mex。"),
      L("Look at n mod 3.", "看 n mod 3。"),
    ],
  },
  {
    id: "nim",
    seeds: "001, 003",
    title: L("2. Nim, Bouton's theorem and the SG theorem", "2. Nim 游戏、Bouton 定理与 SG 定理"),
    text: L(`
<p>In <b>Nim</b> there are several heaps, and a move takes any positive number of tokens from one heap. <b>Bouton's theorem</b>: a position is a P-position exactly when the XOR of the heap sizes, a<sub>1</sub> ⊕ a<sub>2</sub> ⊕ … ⊕ a<sub>n</sub>, is 0. From XOR 0 every move changes one heap and so makes the XOR non-zero; from XOR s ≠ 0, pick a heap a whose binary form has the highest bit of s set: then a ⊕ s &lt; a, and taking it down to a ⊕ s makes the XOR 0.</p>
<p>A single heap of size n has SG value n. The <b>SG theorem</b> says more: in a sum of games, where a move is made in exactly one component, the SG value is the XOR of the components' values. So every sum is Nim in disguise: replace each component by a heap of its SG value.</p>
<p>The source text's three exercises, corrected:</p>
<ol>
<li>Nim with heaps 3, 5, 7: 3 ⊕ 5 ⊕ 7 = 1 ≠ 0, so the first player wins. The text's move, taking 6 from the 7 to leave [3, 5, 1], is <b>not</b> winning: 3 ⊕ 5 ⊕ 1 = 7. A winning move takes a heap a to a ⊕ 1: 3 → 2, 5 → 4 or 7 → 6.</li>
<li>Game A, one heap of 3 taking 1 or 2, has SG(3) = 3 mod 3 = <b>0</b> (the text says 1); game B, a heap of 4 taking 1 to 3, has SG(4) = 4 mod 4 = 0. The sum is 0 ⊕ 0 = 0: a P-position, so the <b>second</b> player wins (the text says the first).</li>
<li>"Choose k; every heap with at least k tokens loses k": one move changes several heaps, so this is not a sum and the SG theorem does not split it. The engine searches it as one game, takeall(1,2,3,4,5).</li>
</ol>
<p>The exercises below start with these three; Another one draws new instances.</p>`, `
<p><b>Nim 游戏</b>有若干堆石子，每步从某一堆中取走任意正数个。<b>Bouton 定理</b>：一个局面是必败态，当且仅当各堆石子数的异或和 a<sub>1</sub> ⊕ a<sub>2</sub> ⊕ … ⊕ a<sub>n</sub> 为 0。从异或和为 0 的局面出发，每一步只改变一堆，于是异或和变为非零；从异或和 s ≠ 0 的局面出发，取一堆 a，使其二进制中 s 的最高位为 1：则 a ⊕ s &lt; a，把这堆取到 a ⊕ s 个，异或和就变成 0。</p>
<p>单独一堆 n 个石子的 SG 值是 n。<b>SG 定理</b>更进一步：若干个游戏的和（每步只在其中一个子游戏里走）的 SG 值，等于各子游戏 SG 值的异或和。所以每个游戏的和都是一个伪装的 Nim：把每个子游戏换成一堆 SG 值那么多的石子即可。</p>
<p>原文的三道练习，改正如下：</p>
<ol>
<li>三堆石子 3, 5, 7：3 ⊕ 5 ⊕ 7 = 1 ≠ 0，先手必胜。原文给的走法“从 7 个的堆中取 6 个，留下 [3, 5, 1]”<b>不是</b>必胜走法：3 ⊕ 5 ⊕ 1 = 7。必胜走法是把某堆 a 取到 a ⊕ 1：3 → 2，5 → 4 或 7 → 6。</li>
<li>游戏 A（一堆 3 个，每次取 1 或 2 个）的 SG(3) = 3 mod 3 = <b>0</b>（原文写的是 1）；游戏 B（一堆 4 个，每次取 1 到 3 个）的 SG(4) = 4 mod 4 = 0。和为 0 ⊕ 0 = 0：必败态，所以<b>后手</b>必胜（原文说先手必胜）。</li>
<li>“选一个 k，所有不少于 k 个的堆各取走 k 个”：一步会改变好几堆，所以它不是游戏的和，SG 定理不能把它拆开。引擎把它当作一个整体来搜索：takeall(1,2,3,4,5)。</li>
</ol>
<p>下面的练习就从这三道题开始；点“换一题”会随机出新题。</p>`),
    widget: ["play", () => newGame("nim(3,5,7)", "me")],
    commands: [
      "grundy value 'nim(3,5,7)'",
      "grundy moves 'nim(3,5,7)'",
      "python3 -c 'import grundy; print(grundy.value(\"nim(3,5,7)\").winning_moves)'",
    ],
    problems: ["poj2234", "hdu1850"],
    exercises: [
      moveKind((first) => {
        if (first) return { family: "nim", position: "nim(3,5,7)" };
        for (;;) {
          const heaps = [rand(1, 15), rand(1, 15), rand(1, 15)];
          if ((heaps[0] ^ heaps[1] ^ heaps[2]) !== 0) return { family: "nim", position: `nim(${heaps.join(",")})` };
        }
      }),
      verdictKind((first) => {
        if (first) return { position: "bash{2}(3) + bash{3}(4)" };
        return { position: `bash{${rand(2, 4)}}(${rand(3, 20)}) + bash{${rand(2, 5)}}(${rand(3, 20)})` };
      }),
      valueKind((first) => ({ position: `takeall(${Array.from({ length: first ? 5 : rand(3, 6) }, (_, i) => i + 1).join(",")})` })),
      moveKind(() => ({ position: `sub{1,3,4}(${rand(3, 20)}) + nim(${rand(1, 7)})` })),
    ],
    hints: [
      L("XOR the heaps; then find a heap a with a ⊕ s < a, where s is that XOR, and leave a ⊕ s in it.",
        "先求各堆的异或和 s；再找一堆 a 使 a ⊕ s < a，把它取到剩 a ⊕ s 个。"),
      L("bash{k} takes 1 to k: its value is n mod (k + 1). XOR the two values.",
        "bash{k} 每次取 1 到 k 个：SG 值为 n mod (k + 1)。再把两个值异或起来。"),
      L("Not a sum: compute the mex over every k you may choose, position by position.",
        "这不是游戏的和：对每个可选的 k 逐个局面求 mex。"),
      L("G of sub{1,3,4}(n) repeats 0 1 0 1 2 3 2 with period 7. XOR it with the Nim heap; if the XOR is not 0, change one component to make it 0.",
        "sub{1,3,4}(n) 的 SG 值以 7 为周期重复 0 1 0 1 2 3 2。与 Nim 堆异或；若异或和不为 0，改变其中一个子游戏使它变为 0。"),
    ],
  },
  {
    id: "bash",
    seeds: "000, 003",
    title: L("3. Bash and subtraction games: print the table, find the pattern", "3. 巴什博弈、减法游戏与打表找规律"),
    text: L(`
<p>The <b>Bash game</b>: one heap of n, a move takes 1 to m tokens. SG(n) = n mod (m + 1): the values 0, 1, …, m repeat. The source text 000 calls this game "equivalent to a Nim heap, SG(n) = n"; that holds only for n ≤ m. A heap of m + 1 has value mex{SG(m), …, SG(1)} = mex{m, …, 1} = 0: every move leaves 1 to m, and the opponent takes the rest.</p>
<p>A <b>subtraction game</b> takes s tokens for s in a set S. Its values depend only on the previous max(S) values, so once max(S) values in a row repeat, everything after repeats too: with a finite S the sequence is always periodic. That is how to <b>print the table and find the pattern</b> (打表找规律) properly: compute G(0), G(1), …, spot the period, and prove it by checking that a whole window of max(S) values repeats. The engine does exactly this and says when a period is proven.</p>
<p>HDU 1848 takes a Fibonacci number from one of three heaps: the table of sub{fib} gives each heap's value, and the XOR of the three decides. P4018 takes 1 or a prime power: no prime power is a multiple of 6 while 1 to 5 are all allowed, so SG(n) = n mod 6.</p>`, `
<p><b>巴什博弈</b>：一堆 n 个石子，每次取 1 到 m 个。SG(n) = n mod (m + 1)：0, 1, …, m 循环出现。原文 000 说这个游戏“等价于一堆 Nim，SG(n) = n”；这只在 n ≤ m 时成立。m + 1 个石子的 SG 值是 mex{SG(m), …, SG(1)} = mex{m, …, 1} = 0：无论怎么取都剩 1 到 m 个，对手一次取完。</p>
<p><b>减法游戏</b>每次取 s 个，s 属于集合 S。每个 SG 值只依赖前 max(S) 个值，所以一旦连续 max(S) 个值重复出现，之后的一切都会重复：S 有限时，SG 序列一定是周期的。这就是正确的<b>打表找规律</b>：算出 G(0), G(1), …，找出周期，再检验整整一个长为 max(S) 的窗口重复出现来证明它。引擎正是这样做的，并会说明周期是否已被证明。</p>
<p>HDU 1848 从三堆之一取走一个斐波那契数：sub{fib} 的表给出每堆的 SG 值，三者的异或和决定胜负。P4018 每次取 1 或一个素数的幂：素数的幂都不是 6 的倍数，而 1 到 5 都可以取，所以 SG(n) = n mod 6。</p>`),
    widget: ["table", () => computeTable("sub{1,3,4}", "40")],
    commands: [
      "grundy table 'sub{1,3,4}' --to 40",
      "grundy period 'sub{1,3,4}'",
      "python3 -c 'import grundy; print(grundy.period(\"sub{1,3,4}\").period)'",
    ],
    problems: ["hdu1848", "p4018", "hdu1536"],
    exercises: [
      periodKind(() => ({ family: `sub{${someOf(rand(2, 3), 1, 7).join(",")}}` })),
      valueKind(() => {
        const k = rand(2, 9), n = rand(1000, 1000000);
        return { position: `bash{${k}}(${n})` };
      }),
      verdictKind(() => ({ position: `sub{fib}(${rand(1, 60)}) + sub{fib}(${rand(1, 60)}) + sub{fib}(${rand(1, 60)})` })),
    ],
    hints: [
      L("Open the table of this family in the widget above (type it in), and look for the first place where a stretch of values starts over.",
        "在上面的小工具里给这个游戏族打表，找出一段值重新开始的地方。"),
      L("Do not compute a million values: use n mod (k + 1).", "不用算一百万个值：用 n mod (k + 1)。"),
      L("Each heap's value comes from the table of sub{fib}; then XOR them.", "每堆的 SG 值查 sub{fib} 的表；再求异或和。"),
    ],
  },
  {
    id: "staircase",
    seeds: "003",
    title: L("4. Staircase Nim", "4. 阶梯 Nim"),
    text: L(`
<p>Stones lie on the steps of a staircase, a<sub>i</sub> on step i. A move carries some stones from step i down to step i − 1, or takes stones off step 1. Whoever takes the last stone wins.</p>
<p>Stones on even steps do not matter: if a player moves stones from an even step 2k down to the odd step 2k − 1, the opponent carries the same stones on to 2k − 2, which is even again, and the position on the odd steps is as it was. A stone on an odd step, moved to the even step below (or off the board from step 1), is as good as removed. So the game is Nim on the odd steps: the first player wins exactly when a<sub>1</sub> ⊕ a<sub>3</sub> ⊕ a<sub>5</sub> ⊕ … ≠ 0.</p>
<p>P3480 (KAM-Pebbles) and P2575 both reduce to this game once you see the right staircase: the differences of neighbouring piles in P3480, the gaps between stones in each row of P2575.</p>`, `
<p>石子放在一段阶梯的台阶上，第 i 级有 a<sub>i</sub> 枚。每步把第 i 级的若干枚石子移到第 i − 1 级，或从第 1 级拿走若干枚。拿走最后一枚石子的人获胜。</p>
<p>偶数级台阶上的石子不影响胜负：若一方把偶数级 2k 的石子移到奇数级 2k − 1，对手就把同样的石子继续移到 2k − 2，又回到偶数级，奇数级上的局面不变。奇数级上的石子一旦移到下面的偶数级（或从第 1 级拿走），就相当于被消除了。所以这个游戏就是奇数级台阶上的 Nim：先手必胜当且仅当 a<sub>1</sub> ⊕ a<sub>3</sub> ⊕ a<sub>5</sub> ⊕ … ≠ 0。</p>
<p>P3480 和 P2575 找对阶梯后都化为这个游戏：P3480 看相邻两堆的差，P2575 看每一行中棋子之间的空格。</p>`),
    widget: ["position", () => analyse("staircase(3,1,4,1,5)")],
    commands: [
      "grundy value 'staircase(3,1,4,1,5)'",
      "python3 -c 'import grundy; print(grundy.value(\"staircase(3,1,4,1,5)\").verdict)'",
    ],
    problems: ["p3480", "p2575"],
    exercises: [
      verdictKind(() => ({ position: `staircase(${Array.from({ length: rand(3, 6) }, () => rand(0, 9)).join(",")})` })),
      moveKind(() => {
        for (;;) {
          const steps = Array.from({ length: rand(3, 5) }, () => rand(0, 7));
          const odd = steps.filter((_, i) => i % 2 === 0).reduce((a, b) => a ^ b, 0);
          if (odd !== 0) return { family: "staircase", position: `staircase(${steps.join(",")})` };
        }
      }),
    ],
    hints: [
      L("Only the odd steps count: XOR a₁, a₃, a₅, …", "只看奇数级台阶：求 a₁, a₃, a₅, … 的异或和。"),
      L("Play Nim on the odd steps: move stones from an odd step down, leaving the odd steps' XOR at 0.",
        "在奇数级台阶上玩 Nim：把某个奇数级台阶的石子往下移，使奇数级的异或和变为 0。"),
    ],
  },
  {
    id: "anti",
    seeds: "002",
    title: L("5. Anti-SG and the SJ theorem", "5. Anti-SG 与 SJ 定理"),
    text: L(`
<p>In <b>anti-Nim</b> the player who takes the last token <b>loses</b>. The SG value no longer decides by itself. For Nim (Bouton): if every heap has at most 1 token, the first player wins exactly when the number of heaps of 1 is even; otherwise the first player wins exactly when the XOR is non-zero. Play as in ordinary Nim until your move would leave only heaps of 1, then leave an odd number of them.</p>
<p>The <b>SJ theorem</b> (Jia Zhihao, 2009) extends this to Anti-SG games: sums where the player who cannot move wins. If the game is deemed over as soon as every component has SG value 0, the first player wins exactly when either the total SG value is non-zero and some component has SG value above 1, or the total is 0 and no component has SG value above 1. The engine applies it where its condition holds and searches otherwise; the method line says which.</p>
<p>P4279 and HDU 1907 are anti-Nim exactly.</p>`, `
<p><b>反 Nim</b>中，拿走最后一个石子的人<b>输</b>。这时 SG 值本身不再决定胜负。对 Nim 而言（Bouton）：若每堆至多 1 个，先手必胜当且仅当 1 个的堆有偶数堆；否则先手必胜当且仅当异或和非零。照普通 Nim 的策略走，直到你这一步会只留下各 1 个的堆时，改为留下奇数堆。</p>
<p><b>SJ 定理</b>（贾志豪，2009）把它推广到 Anti-SG 游戏（无法走的一方获胜的游戏的和）：若规定所有子游戏的 SG 值都为 0 时游戏结束，则先手必胜当且仅当：总 SG 值不为 0 且有某个子游戏的 SG 值大于 1；或者总 SG 值为 0 且没有子游戏的 SG 值大于 1。引擎在条件成立时使用 SJ 定理，否则进行搜索；“方法”一行会说明用的是哪一个。</p>
<p>P4279 和 HDU 1907 正是反 Nim。</p>`),
    widget: ["position", () => analyse("misere(nim(3,5,1))")],
    commands: [
      "grundy value 'misere(nim(3,5,1))'",
      "grundy value --misere 'nim(1,1,1)'",
      "python3 -c 'import grundy; print(grundy.value(\"nim(3,5,1)\", play=\"misere\").verdict)'",
    ],
    problems: ["p4279", "hdu1907"],
    exercises: [
      verdictKind(() => {
        const big = Math.random() < 0.6;
        const heaps = Array.from({ length: rand(2, 5) }, () => (big ? rand(1, 9) : 1));
        return { position: `misere(nim(${heaps.join(",")}))` };
      }),
      moveKind(() => {
        for (;;) {
          const heaps = Array.from({ length: rand(2, 4) }, () => rand(1, 9));
          const x = heaps.reduce((a, b) => a ^ b, 0);
          const ones = heaps.every((h) => h <= 1);
          const firstWins = ones ? heaps.length % 2 === 0 : x !== 0;
          if (firstWins) return { family: "nim", play: "misere", position: `misere(nim(${heaps.join(",")}))` };
        }
      }),
    ],
    hints: [
      L("Is some heap larger than 1? If so, the XOR decides as in Nim; if not, count the heaps.",
        "有没有多于 1 个的堆？有的话，和 Nim 一样看异或和；没有的话，数一数堆数。"),
      L("Make the XOR 0 as in Nim, unless that leaves only heaps of 1: then leave an odd number of them.",
        "和 Nim 一样把异或和变成 0；但如果这样会只剩各 1 个的堆，就改为留下奇数堆。"),
    ],
  },
  {
    id: "multi",
    seeds: "002",
    title: L("6. Multi-SG, Every-SG, coin turning and Green Hackenbush", "6. Multi-SG、Every-SG、翻硬币与树上删边"),
    text: L(`
<p><b>Multi-SG</b>: a move may split a component into several, and the value of what is left is the XOR of the parts. In <b>Lasker's Nim</b> a move takes tokens from a heap or splits it into two non-empty heaps; its values are SG(4k + 1) = 4k + 1, SG(4k + 2) = 4k + 2, SG(4k + 3) = 4k + 4 and SG(4k + 4) = 4k + 3.</p>
<p><b>Every-SG</b>: a player must move in <b>every</b> component that can still move, and the last move of all decides. The winner of a component wants it to last long, the loser wants it short, so each component gets a step count instead of an SG value: the number of moves it lasts with both playing so. The whole game is decided by the component with the largest step count: an odd count is a first-player win.</p>
<p><b>Coin turning</b> (翻硬币): in Turning Turtles a move turns a head to tails and may turn one coin on its left over. A row is the sum of its single heads, so its value is the XOR of the values of the heads' positions.</p>
<p><b>Green Hackenbush on trees</b> (树上删边): a move cuts an edge and removes everything no longer joined to the ground. A bamboo (a path) of n edges is a Nim heap of n. By the <b>colon principle</b> the branches at a vertex can be replaced by one bamboo whose length is the XOR of theirs, so a tree folds up from its leaves. The <b>Christmas Game</b> (POJ 3710) adds cycles: by the fusion principle an odd cycle is worth one edge and an even cycle a single vertex.</p>`, `
<p><b>Multi-SG</b>：一步可以把一个子游戏拆成几个，留下的局面的 SG 值是各部分的异或和。<b>Lasker's Nim</b> 中每步可以从一堆中取石子，或把一堆分成两个非空的堆；它的 SG 值是 SG(4k + 1) = 4k + 1，SG(4k + 2) = 4k + 2，SG(4k + 3) = 4k + 4，SG(4k + 4) = 4k + 3。</p>
<p><b>Every-SG</b>：每一步必须在<b>每一个</b>还能走的子游戏里都走一步，最后一步决定胜负。子游戏的赢家希望它拖得长，输家希望它尽快结束，所以每个子游戏得到的不是 SG 值而是一个步数：双方都这样走时它持续的步数。整个游戏由步数最大的子游戏决定：步数为奇数则先手必胜。</p>
<p><b>翻硬币游戏</b>：在 Turning Turtles 中，一步把一枚正面翻成反面，并可以再翻转它左边的一枚硬币。一排硬币是各个正面硬币单独存在时的和，所以它的 SG 值是各正面位置的 SG 值的异或和。</p>
<p><b>树上删边游戏</b>（Hackenbush）：每步删掉一条边，并去掉不再与地面相连的部分。n 条边的竹子（一条链）就是一堆 n 个的 Nim。由<b>克朗原理</b>，一个结点上的各个分支可以换成一根竹子，长度为它们长度的异或和，于是一棵树可以从叶子往上收起来。<b>Christmas Game</b>（POJ 3710）加入了环：由融合原理，奇环相当于一条边，偶环相当于一个点。</p>`),
    widget: ["position", () => analyse("lasker(3,5) + turtles(THTTH) + bamboo(2,3)")],
    commands: [
      "grundy value 'lasker(3,5) + turtles(THTTH) + bamboo(2,3)'",
      "grundy value --every 'nim(3) + sub{1,2}(5)'",
      "python3 -c 'import grundy; print(grundy.value(\"lasker(7)\").grundy)'",
    ],
    problems: ["poj3710", "p2148"],
    exercises: [
      valueKind(() => ({ position: `lasker(${rand(5, 40)})` })),
      valueKind(() => ({ position: `turtles(${Array.from({ length: rand(5, 9) }, () => (Math.random() < 0.5 ? "H" : "T")).join("")}H)` })),
      verdictKind(() => ({ position: `every(nim(${rand(1, 6)}) + sub{1,2}(${rand(2, 9)}))` })),
    ],
    hints: [
      L("Find k and the remainder of n divided by 4.", "求出 n 除以 4 的商 k 和余数。"),
      L("Count the positions of the heads from 1 on the left; each head is a game of its own, and the values XOR.",
        "从左往右从 1 开始给位置编号；每个正面硬币单独是一个游戏，再求异或和。"),
      L("Give each component its step count; the largest one decides, odd for the first player.",
        "求每个子游戏的步数；最大的那个决定胜负，奇数则先手必胜。"),
    ],
  },
  {
    id: "octal",
    seeds: "000, 002",
    title: L("7. Octal games and their periods", "7. 八进制游戏与周期"),
    text: L(`
<p>An <b>octal game</b> is a take-and-break game written as a code 0.d<sub>1</sub>d<sub>2</sub>d<sub>3</sub>…: digit d<sub>k</sub> says what may be left after taking k tokens from a heap (bit 1: nothing, bit 2: one heap, bit 4: two heaps). <b>Kayles</b> is 0.77: knock down one pin or two neighbours from a row, which may split the row in two. <b>Dawson's Kayles</b> is 0.07.</p>
<p>By the SG theorem a split heap is worth the XOR of its parts, so G(n) = mex over every way to take and split. The <b>Guy–Smith theorem</b> turns a table into a proof: if the values repeat with period p over a long enough stretch (twice the pre-period plus p plus the largest take), they repeat for ever. Kayles has period 12 from n = 71 on; Dawson's Kayles has period 34 from n = 53 on. The engine proves both and answers kayles(10^9) from the period.</p>
<p>The research frontier: Guy conjectured that every finite octal game is ultimately periodic, and nobody knows. Games as simple as 0.6 (Officers) and 0.16 have been computed to billions of heaps without a period appearing, and so has Grundy's game (split a heap into two unequal heaps). Try their tables: they look periodic for a while, and are not.</p>`, `
<p><b>八进制游戏</b>是一类“取走并分裂”的游戏，用代码 0.d<sub>1</sub>d<sub>2</sub>d<sub>3</sub>… 表示：数字 d<sub>k</sub> 说明从一堆中取走 k 个之后可以剩下什么（第 1 位：什么都不剩；第 2 位：剩一堆；第 4 位：剩两堆）。<b>Kayles</b> 是 0.77：从一排保龄球瓶中击倒一个或相邻的两个，这一排可能分成两段。<b>Dawson's Kayles</b> 是 0.07。</p>
<p>由 SG 定理，分成的两堆的 SG 值是两部分的异或和，所以 G(n) 是所有取法与分法的 mex。<b>Guy–Smith 定理</b>把一张表变成证明：若 SG 值在足够长的一段（两倍预周期加周期再加最大取数）内以 p 为周期重复，则永远重复。Kayles 从 n = 71 起周期为 12；Dawson's Kayles 从 n = 53 起周期为 34。引擎证明了这两者，并用周期直接回答 kayles(10^9)。</p>
<p>研究前沿：Guy 猜想每个有限的八进制游戏最终都是周期的，至今无人知道对错。像 0.6 和 0.16 这样简单的游戏已经算到几十亿堆，仍未出现周期；Grundy 游戏（把一堆分成不相等的两堆）也是如此。给它们打表试试：前面看起来像有周期，其实没有。</p>`),
    widget: ["table", () => computeTable("kayles", "100")],
    commands: [
      "grundy table kayles --to 100",
      "grundy period kayles",
      "python3 -c 'import grundy; p = grundy.period(\"kayles\"); print(p.period, p.preperiod, p.certified)'",
    ],
    problems: [],
    exercises: [
      valueKind(() => {
        const family = ["kayles", "dawson"][rand(0, 1)], n = rand(8, 30);
        return { family, n, position: `${family}(${n})` };
      }),
      periodKind(() => ({ family: ["octal[0.07]", "octal[0.77]", "octal[0.137]", "octal[0.51]", "octal[0.31]", "octal[0.71]"][rand(0, 5)] })),
    ],
    hints: [
      L("Take one or two pins from anywhere: each choice leaves two rows, whose values XOR; then take the mex.",
        "从任意位置击倒一个或两个瓶：每种击法留下两段，其 SG 值异或；再取 mex。"),
      L("Print a long table (the widget above takes any family) and find where it starts over; the engine proves it by the Guy–Smith theorem.",
        "打一张长表（上面的小工具接受任何游戏族），找出它从哪里开始重复；引擎用 Guy–Smith 定理证明。"),
    ],
  },
];

// ---- progress, in the browser only ------------------------------------------------

const PROGRESS_KEY = "grundy.learn";

function progress() {
  try {
    return JSON.parse(localStorage.getItem(PROGRESS_KEY)) || {};
  } catch (e) {
    return {};
  }
}

function solved(lesson, kind) {
  const p = progress();
  const list = new Set(p[lesson] || []);
  list.add(kind);
  p[lesson] = [...list];
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify(p));
  } catch (e) {
    // Storage refused (a private window): progress lasts the visit only.
  }
}

// ---- the panel ----------------------------------------------------------------

// The instance on show for each exercise, with its feedback.
const shown = new Map();

function lessonNamed(id) {
  return LESSONS.find((l) => l.id === id) || LESSONS[0];
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function renderLessonList() {
  const nav = $("learn-list");
  const p = progress();
  nav.replaceChildren(...LESSONS.map((l) => {
    const b = el("button", { type: "button", "data-lesson": l.id });
    const done = (p[l.id] || []).length;
    b.textContent = l.title[state.lang] + (done === l.exercises.length ? " " + t("learn.done") : "");
    b.classList.toggle("on", l.id === (state.ls || LESSONS[0].id));
    b.addEventListener("click", () => openLesson(l.id));
    return b;
  }));
}

function openLesson(id) {
  state.ls = lessonNamed(id).id;
  renderLesson(true);
  saveState();
}

// The lesson on show; `fresh` when it was just opened (its widget is
// started and its exercises drawn), false when only reworded.
function renderLesson(fresh) {
  const lesson = lessonNamed(state.ls);
  const lang = state.lang;
  // The last lesson's widget goes back to its tab before that lesson's
  // page is thrown away.
  if (fresh) returnWidgets();
  renderLessonList();
  const box = $("learn-lesson");
  const keep = $("learn-widget-slot") && fresh === false ? $("learn-widget-slot") : null;
  const article = el("div", { "data-lesson": lesson.id });
  article.append(el("h2", {}, lesson.title[lang]));
  article.append(el("p", { class: "small" }, t("learn.seed", { seeds: lesson.seeds })));
  const text = el("div", { class: "lesson-text" });
  text.innerHTML = lesson.text[lang];
  article.append(text);
  article.append(el("h3", {}, t("learn.widget")));
  const slot = keep || el("div", { id: "learn-widget-slot", class: "widget" });
  article.append(slot);
  article.append(el("h3", {}, t("learn.cli")));
  const pre = el("pre", { class: "commands" });
  pre.append(el("code", {}, lesson.commands.join("\n")));
  article.append(pre);
  if (lesson.problems.length) {
    article.append(el("h3", {}, t("learn.problems")));
    const ul = el("ul", { class: "problems" });
    for (const key of lesson.problems) {
      const [name, url, program] = PROBLEMS[key];
      const li = el("li");
      li.append(el("a", { href: url, target: "_blank", rel: "noopener" }, name));
      li.append(document.createTextNode(" · "));
      li.append(el("code", {}, `cargo run -p grundy-cookbook --bin ${program}`));
      ul.append(li);
    }
    article.append(ul);
  }
  article.append(el("h3", {}, t("learn.exercises") + " (" + t("learn.solved", { k: (progress()[lesson.id] || []).length, n: lesson.exercises.length }) + ")"));
  lesson.exercises.forEach((kind, i) => article.append(exerciseBox(lesson, kind, i, fresh)));
  box.replaceChildren(article);
  if (fresh) {
    const [panel, run] = lesson.widget;
    placeWidget(panel);
    run();
  }
}

// An existing panel, moved into the lesson while it is open.
function placeWidget(panel) {
  const slot = $("learn-widget-slot");
  const section = $("panel-" + panel);
  if (!slot || !section) return;
  slot.replaceChildren(section);
  section.hidden = false;
  slot.dataset.panel = panel;
}

// Every panel back in its place under the tabs.
function returnWidgets() {
  const main = document.querySelector("main");
  for (const section of document.querySelectorAll(".panel")) {
    if (section.parentElement !== main) {
      main.insertBefore(section, $("panel-learn"));
      section.hidden = true;
    }
  }
}

function exerciseBox(lesson, kind, i, fresh) {
  const key = lesson.id + "/" + i;
  if (fresh || !shown.has(key)) {
    const first = !shown.has(key);
    shown.set(key, { x: kind.make(first), feedback: null, ok: null });
  }
  const s = shown.get(key);
  const box = el("div", { class: "exercise", "data-kind": kind.kind, "data-index": i });
  const q = el("p", { class: "question" }, kind.ask(s.x)());
  q.dataset.position = s.x.position || "";
  q.dataset.family = s.x.family || "";
  box.append(q);
  const row = el("div", { class: "ask" });
  if (kind.kind === "verdict") {
    for (const [v, label] of [["N", "learn.first"], ["P", "learn.second"]]) {
      const b = el("button", { type: "button", class: "answer", "data-answer": v }, t(label));
      b.addEventListener("click", () => answer(lesson, kind, i, v));
      row.append(b);
    }
  } else {
    const input = el("input", { class: "answer", spellcheck: "false", autocomplete: "off" });
    row.append(input);
    const b = el("button", { type: "button", class: "check" }, t("learn.check"));
    b.addEventListener("click", () => answer(lesson, kind, i, input.value));
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") answer(lesson, kind, i, input.value); });
    row.append(b);
  }
  const hint = el("button", { type: "button", class: "hint" }, t("learn.hint"));
  hint.addEventListener("click", () => {
    s.feedback = () => lesson.hints[i][state.lang];
    s.ok = null;
    showFeedback(box, s);
  });
  const worked = el("button", { type: "button", class: "worked" }, t("learn.worked"));
  worked.addEventListener("click", async () => {
    try {
      s.feedback = await kind.worked(s.x);
    } catch (e) {
      s.feedback = () => t("error", { e: errorText(e) });
    }
    s.ok = null;
    showFeedback(box, s);
  });
  const another = el("button", { type: "button", class: "another" }, t("learn.another"));
  another.addEventListener("click", () => {
    shown.set(key, { x: kind.make(false), feedback: null, ok: null });
    box.replaceWith(exerciseBox(lesson, kind, i, false));
  });
  row.append(hint, worked, another);
  box.append(row);
  box.append(el("p", { class: "feedback" }));
  showFeedback(box, s);
  return box;
}

function showFeedback(box, s) {
  const p = box.querySelector(".feedback");
  p.textContent = s.feedback ? s.feedback() : "";
  p.className = "feedback" + (s.ok === true ? " right" : s.ok === false ? " wrong" : "");
  p.dataset.ok = s.ok === null ? "" : String(s.ok);
}

async function answer(lesson, kind, i, text) {
  const key = lesson.id + "/" + i;
  const s = shown.get(key);
  const box = document.querySelector(`#learn-lesson .exercise[data-index="${i}"]`);
  s.feedback = say("learn.asking");
  s.ok = null;
  showFeedback(box, s);
  let verdict;
  try {
    verdict = await kind.check(s.x, text);
  } catch (e) {
    verdict = { ok: false, why: () => t("error", { e: errorText(e) }) };
  }
  s.ok = verdict.ok;
  s.feedback = verdict.ok ? say("learn.right") : () => t("learn.wrong") + " " + verdict.why();
  if (verdict.ok) {
    solved(lesson.id, kind.kind + i);
    renderLessonList();
  }
  showFeedback(box, s);
}

// Called by app.js: the lesson texts join the page's table of words.
function learnWords() {
  for (const lang of Object.keys(LEARN_TEXT)) Object.assign(TEXT[lang], LEARN_TEXT[lang]);
}
