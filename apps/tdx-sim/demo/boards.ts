/**
 * The demo market's boards (板块), built once per seed from the stock universe:
 * industries at two levels (HY, HY2), concepts (GN), styles (FG), regions (DQ),
 * each with a board index security on SH (881xxx industries, 880xxx the rest,
 * as TDX numbers them), and index-constituent boards (ZS) that exist only as
 * member lists in block_zs.dat. Industries and regions partition the stocks (one
 * HY2, hence one HY, and one region each); concepts and styles overlap; every
 * board has at least two members. The same
 * universe feeds the block files, tdxzs3.cfg/tdxhy.cfg and the mac commands, so
 * both board paths (mac and derived) describe one market.
 */
import { hashSeed, mulberry32, pick, shuffled } from "./prng.ts";
import { HISTORY_START, type DemoSecurity } from "./universe.ts";

export type BoardKind = "HY" | "HY2" | "GN" | "FG" | "DQ" | "ZS";

export interface DemoBoard {
  /** Board index code (SH); index-constituent boards carry the code of the index they list. */
  readonly code: string;
  readonly name: string;
  readonly kind: BoardKind;
  /** HY code of an HY2 board. */
  readonly parent?: string;
  /** Research-industry code (X…) of HY/HY2 boards, as tdxhy.cfg and tdxzs3.cfg carry it. */
  readonly industryCode?: string;
  /** Member stocks, by market then code. */
  readonly members: readonly DemoSecurity[];
}

const INDUSTRIES = [
  "煤炭",
  "石油",
  "化工",
  "钢铁",
  "有色",
  "建材",
  "电力",
  "银行",
  "证券",
  "保险",
  "汽车",
  "医药",
  "食品",
  "饮料",
  "家电",
  "电子",
  "通信",
  "软件",
  "传媒",
  "机械",
  "军工",
  "农业",
  "地产",
  "建筑",
  "交运",
  "纺织",
  "商贸",
  "环保",
];
const SUB_INDUSTRY = ["上游", "中游", "下游", "制品"];
const REGIONS = [
  "北京",
  "天津",
  "河北",
  "山西",
  "内蒙古",
  "辽宁",
  "吉林",
  "黑龙江",
  "上海",
  "江苏",
  "浙江",
  "安徽",
  "福建",
  "江西",
  "山东",
  "河南",
  "湖北",
  "湖南",
  "广东",
  "广西",
  "海南",
  "重庆",
  "四川",
  "贵州",
  "云南",
  "西藏",
  "陕西",
  "甘肃",
  "青海",
  "宁夏",
  "新疆",
];
const CONCEPT_HEAD = [
  "人工",
  "数字",
  "智能",
  "新能",
  "低碳",
  "量子",
  "卫星",
  "芯片",
  "算力",
  "机器",
  "氢能",
  "储能",
  "光刻",
  "信创",
  "医美",
  "创新",
  "国企",
  "跨境",
  "文旅",
  "数据",
  "云端",
  "边缘",
  "无人",
  "航天",
  "生物",
];
const CONCEPT_TAIL = ["概念", "经济", "产业", "材料", "设备", "应用", "服务", "科技", "网络", "互联", "平台", "制造", "安全", "终端", "能源", "医疗", "金融", "消费", "汽车", "电池"];
const STYLE_HEAD = ["大盘", "中盘", "小盘", "高价", "低价", "绩优", "亏损", "成长", "价值", "高换", "低换", "活跃", "新高", "新低", "质押", "外资", "北向", "国资", "民营", "红利"];
const STYLE_TAIL = ["精选", "优选", "动量", "龙头", "组合", "指标", "品种", "风格", "趋势", "轮动"];

/** Index-constituent boards: name, the index code they list, and which stocks qualify. */
const CONSTITUENTS: readonly [string, string, (s: DemoSecurity) => boolean, number][] = [
  ["沪深300", "000300", (s) => s.board !== "BSE", 300],
  ["上证50", "000016", (s) => s.market === "SH" && s.board === "SH_MAIN", 50],
  ["科创50", "000688", (s) => s.board === "STAR", 50],
  ["深证成指", "399001", (s) => s.market === "SZ", 100],
  ["创业板指", "399006", (s) => s.board === "CHINEXT", 100],
  ["北证50", "899050", (s) => s.board === "BSE", 50],
  ["中证500", "000905", (s) => s.board !== "BSE", 150],
  ["深证100", "399330", (s) => s.market === "SZ", 100],
];

/** A board index as a security of the demo market (prices follow its members, see board-daily.ts). */
export function boardSecurity(b: DemoBoard): DemoSecurity {
  return {
    market: "SH",
    code: b.code,
    name: b.name,
    kind: "index",
    board: "BOARD_INDEX",
    st: false,
    listDate: HISTORY_START,
    price0: 1000,
    sigma: 0.011,
    beta: 1,
    totalShares: 0,
    floatShares: 0,
  };
}

const byCode = (a: DemoSecurity, b: DemoSecurity) => (a.market === b.market ? a.code.localeCompare(b.code) : a.market.localeCompare(b.market));
const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** Every board of the demo market for a seed, over its stock universe. */
export function demoBoards(seed: number, universe: readonly DemoSecurity[]): DemoBoard[] {
  const stocks = universe.filter((s) => s.kind === "stock").sort(byCode);
  const r = mulberry32(hashSeed(seed, "boards"));
  const below = (n: number) => Math.floor(r() * n);
  const sets = new Map<string, Set<DemoSecurity>>();
  const out: { code: string; name: string; kind: BoardKind; parent?: string; industryCode?: string }[] = [];
  const add = (code: string, name: string, kind: BoardKind, extra: { parent?: string; industryCode?: string } = {}) => {
    out.push({ code, name, kind, ...extra });
    sets.set(code, new Set());
  };

  INDUSTRIES.forEach((name, i) => {
    const hy = `8810${pad(i + 1, 2)}`;
    // Research-industry codes as real tdxzs3.cfg/tdxhy.cfg carry them: X + 4 digits for HY, + 6 for HY2.
    add(hy, name, "HY", { industryCode: `X${pad(i + 10, 2)}01` });
    SUB_INDUSTRY.forEach((sub, k) => add(`881${pad(100 + i * 4 + k, 3)}`, `${name}${sub}`, "HY2", { parent: hy, industryCode: `X${pad(i + 10, 2)}01${pad(k + 1, 2)}` }));
  });
  REGIONS.forEach((name, i) => add(`8802${pad(i + 1, 2)}`, name, "DQ"));
  let c = 0;
  for (const head of CONCEPT_HEAD) for (const tail of CONCEPT_TAIL) add(`880${pad(300 + c++, 3)}`, head + tail, "GN");
  let f = 0;
  for (const head of STYLE_HEAD) for (const tail of STYLE_TAIL) add(`880${pad(800 + f++, 3)}`, head + tail, "FG");

  const ofKind = (k: BoardKind) => out.filter((b) => b.kind === k);
  const concepts = ofKind("GN");
  const styles = ofKind("FG");
  // Industries and regions partition the stocks: two each first, so no board is empty.
  for (const kind of ["HY2", "DQ"] as const) {
    const boards = ofKind(kind);
    shuffled(stocks, r).forEach((s, i) => {
      const board = i < boards.length * 2 ? boards[i >> 1]! : pick(boards, r);
      sets.get(board.code)!.add(s);
    });
  }
  for (const b of ofKind("HY2")) for (const s of sets.get(b.code)!) sets.get(b.parent!)!.add(s);
  for (const b of [...concepts, ...styles]) sets.get(b.code)!.add(pick(stocks, r)).add(pick(stocks, r));
  for (const s of stocks) {
    for (let k = 2 + below(6); k > 0; k--) sets.get(pick(concepts, r).code)!.add(s);
    for (let k = 1 + below(3); k > 0; k--) sets.get(pick(styles, r).code)!.add(s);
  }

  const boards: DemoBoard[] = out.map((b) => ({ ...b, members: [...sets.get(b.code)!].sort(byCode) }));
  // Index-constituent boards list the largest qualifying stocks by float shares.
  for (const [name, code, ok, cap] of CONSTITUENTS) {
    const members = stocks
      .filter(ok)
      .sort((a, b) => b.floatShares - a.floatShares)
      .slice(0, cap)
      .sort(byCode);
    boards.push({ code, name, kind: "ZS", members });
  }
  return boards;
}
