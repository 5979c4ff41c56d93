import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { examItems, examSittingAnswers, examSittings } from "../db/schema";
import { poolColumns, rowsOf } from "./rows";

/**
 * Item and exam statistics (issue 30.4), computed in SQL from the stored forms and answers of every scored
 * sitting of an exam, on each request: a sitting counts from the moment it is scored, so the figures follow
 * the attempts without a job or a copy to keep in step.
 *
 * Per item version: p-value (the share of its deliveries answered correctly), the corrected point-biserial
 * (Pearson's r between the item's 0/1 score and the candidate's scored total without that item: for an
 * unscored pretest item the total itself), the share choosing each option (in the bank's option order; no
 * answer counted apart), and exposure (the share of the exam's forms that carried it, open ones included).
 *
 * Per exam: KR-20 = k/(k-1) × (1 − Σpq / σ²) over the scored sittings, with k the scored items of a form,
 * σ² the population variance of the scored totals, and Σpq each sitting's sum of p(1−p) over the scored items
 * its form carried, averaged over the sittings (forms are drawn from a bank, so candidates see different
 * items; when they all see the same items this is the textbook Σpq); SEM = σ √(1 − KR-20), in items; the
 * distribution of the reported percentages in tens; the pass rate of the recorded results.
 */

/** Review flags: p below 0.2 (too hard) or above 0.95 (too easy), or a negative corrected point-biserial. */
export const FLAG_LIMITS = { pLow: 0.2, pHigh: 0.95 } as const;

export interface ItemStatistics {
  itemId: string;
  version: number;
  domain: string;
  pretest: boolean;
  /** deliveries in scored sittings */
  n: number;
  p: number | null;
  pointBiserial: number | null;
  /** share choosing each option, in the bank's option order */
  optionShares: number[];
  /** share leaving it unanswered */
  omitted: number;
  /** forms that carried it / all forms of the exam */
  exposure: number;
  forms: number;
  flags: ("low_p" | "high_p" | "negative_point_biserial")[];
}

export interface ExamStatistics {
  certId: number;
  /** scored sittings */
  sittings: number;
  /** every form drawn (open sittings too) */
  forms: number;
  /** scored items per form (the mean, if forms differ) */
  scoredItems: number | null;
  meanScore: number | null;
  sdScore: number | null;
  kr20: number | null;
  sem: number | null;
  passRate: number | null;
  /** reported percentages in tens: 0-9, 10-19, …, 90-100 */
  distribution: { from: number; to: number; count: number }[];
  items: ItemStatistics[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function examStatistics(db: Db, certId: number): Promise<ExamStatistics> {
  // one delivered position per row, with the original option chosen and whether it is the key
  const scored = sql`
    s as (
      select id, form, correct::float8 as total, scored, (report->>'result') = 'pass' as passed
      from ${examSittings}
      where cert_id = ${certId} and status <> 'open' and correct is not null and scored > 0
    ),
    pos as (
      select s.id as sid, s.total, e.ord::int as position, e.p->>'itemId' as item_id,
             (e.p->>'version')::int as version, coalesce((e.p->>'pretest')::boolean, false) as pretest, e.p
      from s cross join lateral jsonb_array_elements(s.form) with ordinality as e(p, ord)
    ),
    ans as (
      select pos.*, (
        select (pos.p->'order'->>((o.n - 1)::int))::int
        from jsonb_array_elements_text(pos.p->'optionIds') with ordinality as o(v, n)
        where o.v = a.choice
      ) as chosen
      from pos left join ${examSittingAnswers} a on a.sitting_id = pos.sid and a.position = pos.position
    ),
    x as (
      select ans.*, case when ans.chosen = i.key then 1.0::float8 else 0.0::float8 end as x
      from ans join ${examItems} i on i.item_id = ans.item_id and i.version = ans.version and i.cert_id = ${certId}
    )`;

  const [items, options, exposure, exam, distribution] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`with ${scored}
        select item_id, version, bool_or(pretest) as pretest, count(*) as n, avg(x) as p,
               corr(x, total - case when pretest then 0 else x end) as rpb
        from x group by item_id, version`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`with ${scored} select item_id, version, chosen, count(*) as n from x group by item_id, version, chosen`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`with f as (select id, form from ${examSittings} where cert_id = ${certId})
        select e->>'itemId' as item_id, (e->>'version')::int as version, count(distinct f.id) as forms,
               (select count(*) from f) as total
        from f cross join lateral jsonb_array_elements(f.form) e group by 1, 2`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`with ${scored},
        itemp as (select item_id, version, avg(x) as p from x group by item_id, version),
        per as (
          select x.sid, sum(ip.p * (1 - ip.p)) filter (where not x.pretest) as sumpq
          from x join itemp ip on ip.item_id = x.item_id and ip.version = x.version group by x.sid
        ),
        agg as (
          select count(*) as n, avg(s.total) as mean, var_pop(s.total) as var, stddev_pop(s.total) as sd,
                 avg(s.scored) as k, avg(coalesce(per.sumpq, 0)) as sumpq, avg(case when s.passed then 1.0 else 0.0 end) as pass_rate
          from s left join per on per.sid = s.id
        ),
        kr as (
          select agg.*, case when n > 1 and k > 1 and var > 0 then (k / (k - 1)) * (1 - sumpq / var) end as kr20
          from agg
        )
        select kr.*, case when kr20 is not null then sd * sqrt(greatest(0, 1 - kr20)) end as sem,
               (select count(*) from ${examSittings} where cert_id = ${certId}) as forms
        from kr`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select least(floor(correct * 100 / scored / 10), 9)::int as bin, count(*) as n
        from ${examSittings}
        where cert_id = ${certId} and status <> 'open' and correct is not null and scored > 0
        group by 1`,
    ),
  ]);

  const bank = await db
    .select(poolColumns)
    .from(examItems)
    .where(sql`${examItems.certId} = ${certId}`);
  const key = (itemId: unknown, version: unknown) => `${String(itemId)}@${Number(version)}`;
  const statsOf = new Map(items.map((r) => [key(r.item_id, r.version), r]));
  const exposureOf = new Map(exposure.map((r) => [key(r.item_id, r.version), Number(r.forms)]));
  const chosenOf = new Map<string, Map<number | null, number>>();
  for (const r of options) {
    const k = key(r.item_id, r.version);
    const m = chosenOf.get(k) ?? new Map<number | null, number>();
    m.set(r.chosen === null ? null : Number(r.chosen), Number(r.n));
    chosenOf.set(k, m);
  }
  const a = exam[0] ?? {};
  const forms = Number(a.forms ?? 0);

  const itemRows: ItemStatistics[] = bank
    .filter((b) => statsOf.has(key(b.itemId, b.version)) || exposureOf.has(key(b.itemId, b.version)))
    .map((b) => {
      const k = key(b.itemId, b.version);
      const st = statsOf.get(k);
      const n = Number(st?.n ?? 0);
      const chosen = chosenOf.get(k) ?? new Map();
      const p = num(st?.p);
      const rpb = num(st?.rpb);
      const flags: ItemStatistics["flags"] = [];
      if (p !== null && p < FLAG_LIMITS.pLow) flags.push("low_p");
      if (p !== null && p > FLAG_LIMITS.pHigh) flags.push("high_p");
      if (rpb !== null && rpb < 0) flags.push("negative_point_biserial");
      return {
        itemId: b.itemId,
        version: b.version,
        domain: b.domain,
        pretest: st ? Boolean(st.pretest) : b.pretest,
        n,
        p,
        pointBiserial: rpb,
        optionShares: b.options.map((_, i) => (n ? (chosen.get(i) ?? 0) / n : 0)),
        omitted: n ? (chosen.get(null) ?? 0) / n : 0,
        exposure: forms ? (exposureOf.get(k) ?? 0) / forms : 0,
        forms: exposureOf.get(k) ?? 0,
        flags,
      };
    })
    .sort((x, y) => (x.itemId < y.itemId ? -1 : x.itemId > y.itemId ? 1 : x.version - y.version));

  const bins = new Map(distribution.map((r) => [Number(r.bin), Number(r.n)]));
  return {
    certId,
    sittings: Number(a.n ?? 0),
    forms,
    scoredItems: num(a.k),
    meanScore: num(a.mean),
    sdScore: num(a.sd),
    kr20: num(a.kr20),
    sem: num(a.sem),
    passRate: Number(a.n ?? 0) ? num(a.pass_rate) : null,
    distribution: Array.from({ length: 10 }, (_, i) => ({
      from: i * 10,
      to: i === 9 ? 100 : i * 10 + 9,
      count: bins.get(i) ?? 0,
    })),
    items: itemRows,
  };
}
