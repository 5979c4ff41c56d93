/**
 * The MySQL exam's public sample bank (bank/mysql): every file is valid and meets the blueprint, and every
 * item's key check passes when the `sql` engine runs it on a MySQL-compatible server (a wrong key fails here
 * and in CI). Without a server on SQL_CHECK_URL (default root on 127.0.0.1:3306) the checks are skipped with a
 * warning; REQUIRE_SQL_CHECKS=1 (set by .ci/run) makes that a failure instead.
 */
import mysql from "mysql2/promise";
import { describe, expect, it } from "vitest";
import type { CheckOutcome } from "../checks/judge";
import { CHECKER_PREFIX, sqlEngine } from "../checks/sql";
import type { BankItem } from "./schema";
import { loadExamBank } from "./load";
import { checkFailures, expectValidBank } from "../../testing/sample-bank";

const bank = loadExamBank("mysql");
const items = bank.files.flatMap((f) => f.items);
const checked = items.filter((i) => i.check?.engine === "sql");
const required = process.env.REQUIRE_SQL_CHECKS === "1";

let unavailable: string | null = null;
let outcomes = new Map<string, CheckOutcome>();
outcomes = await sqlEngine.run(checked);
const first = [...outcomes.values()].find((o) => o.status === "unavailable");
if (first?.status === "unavailable") unavailable = first.reason;
if (unavailable)
  console.warn(
    `bank/mysql: key checks ${required ? "REQUIRED but cannot run" : "skipped"}: ${unavailable}` +
      (required ? "" : " (start MariaDB or MySQL, or set SQL_CHECK_URL; CI sets REQUIRE_SQL_CHECKS=1)"),
  );

describe("bank/mysql", () => {
  it("has every domain file, valid and at least 1.5 times the blueprint", () => expectValidBank(bank, 11));

  it("checks two thirds of its items by running them (the rest are facts about tools and practice)", () => {
    expect(checked.length / items.length).toBeGreaterThan(0.65);
  });

  it("spreads the keys over the four positions", () => {
    const counts = [0, 1, 2, 3].map((k) => items.filter((i) => i.key === k).length);
    for (const c of counts) expect(c).toBeGreaterThan(items.length * 0.18);
  });

  it.runIf(required)("can run the key checks (REQUIRE_SQL_CHECKS=1)", () => {
    expect(unavailable, "REQUIRE_SQL_CHECKS=1 but no server answers").toBeNull();
  });

  it.skipIf(unavailable !== null)("passes every key check run by the sql engine", () => {
    const failures = checkFailures(checked, outcomes);
    expect(failures, failures.join("\n")).toEqual([]);
    expect(outcomes.size).toBe(checked.length);
  });
});

/** a throw-away item for the engine's own tests */
function probe(id: string, check: Record<string, unknown>, options: string[], key = 0): BankItem {
  return {
    id: `mysql-probe-${id}`,
    stem: "engine probe",
    options: options as BankItem["options"],
    key,
    rationale: "an engine test, not an exam item",
    check: { engine: "sql", ...check } as BankItem["check"],
  };
}

/** the probes of a run whose key check did not pass */
const probeFailures = (r: Map<string, CheckOutcome>) =>
  checkFailures(
    [...r.keys()].map((id) => ({ id })),
    r,
  );

describe.skipIf(unavailable !== null)("the sql engine", () => {
  it("writes rows, NULL, numbers, empty sets, affected rows and errors as documented", async () => {
    const r = await sqlEngine.run([
      probe("a", { mode: "output", query: "SELECT 1, NULL, 2.50, 'x' UNION ALL SELECT 2, 'n', 0.5, 'y'" }, [
        "1 | NULL | 2.50 | x\n2 | n | 0.50 | y",
        "b",
        "c",
        "d",
      ]),
      probe("b", { mode: "output", setup: ["CREATE TABLE t (a INT)"], query: "SELECT * FROM t" }, [
        "(no rows)",
        "b",
        "c",
        "d",
      ]),
      probe("c", { mode: "output", setup: ["CREATE TABLE t (a INT)"], query: "INSERT INTO t VALUES (1), (2)" }, [
        "affected rows: 2",
        "b",
        "c",
        "d",
      ]),
      probe(
        "d",
        {
          mode: "output",
          setup: ["CREATE TABLE t (a INT PRIMARY KEY)", "INSERT INTO t VALUES (1)"],
          query: "INSERT INTO t VALUES (1)",
        },
        ["ERROR ER_DUP_ENTRY", "b", "c", "d"],
      ),
    ]);
    expect(probeFailures(r)).toEqual([]);
  });

  it("keeps item text inside its own database: no other database, no files, no accounts, no global privilege", async () => {
    const attempts = [
      "SELECT COUNT(*) FROM mysql.user",
      "CREATE DATABASE citb_escape",
      "CREATE TABLE test.citb_escape (a INT)",
      "SELECT LOAD_FILE('/etc/passwd') IS NOT NULL",
      "CREATE USER citb_escape@'%'",
      "GRANT ALL ON *.* TO citb_checker1@'%'",
      "SET GLOBAL max_connections = 1",
      "SHOW PROCESSLIST",
    ];
    const r = await sqlEngine.run(
      attempts.map((q, i) => probe(`escape${i}`, { mode: "output", query: q }, ["ok", "b", "c", "d"])),
    );
    const observed = attempts.map((_, i) => {
      const o = r.get(`mysql-probe-escape${i}`);
      return o?.status === "failed" ? o.observed[0] : String(o?.status);
    });
    // every attempt is refused, or (LOAD_FILE without FILE privilege, SHOW PROCESSLIST without PROCESS)
    // sees nothing beyond its own session
    expect(observed.slice(0, 3).every((o) => o.startsWith("ERROR ER_"))).toBe(true);
    expect(observed[3]).toBe("0");
    expect(observed.slice(4, 7).every((o) => o.startsWith("ERROR "))).toBe(true);
    expect(observed[7].split("\n").every((line) => line.includes(CHECKER_PREFIX))).toBe(true);
    const admin = await mysql.createConnection({
      uri: process.env.SQL_CHECK_URL ?? "mysql://root@127.0.0.1:3306/test",
    });
    try {
      const [dbs] = await admin.query("SHOW DATABASES LIKE 'citbcheck%'");
      expect(dbs, "no check database is left behind").toEqual([]);
      for (const lane of [1, 2, 3]) {
        const [grants] = await admin.query(`SHOW GRANTS FOR ${CHECKER_PREFIX}${lane}@'%'`);
        expect((grants as Record<string, string>[]).map((g) => Object.values(g)[0])).toEqual([
          expect.stringMatching(new RegExp(`^GRANT USAGE ON \\*\\.\\* TO \`${CHECKER_PREFIX}${lane}\`@\`%\``)),
        ]);
      }
    } finally {
      await admin.end();
    }
  });

  it("isolates items: a table or variable from one run is not seen by the next or by one running beside it", async () => {
    const r = await sqlEngine.run([
      probe("i1", { mode: "output", setup: ["CREATE TABLE left_over (a INT)", "SET @v = 7"], query: "SELECT @v" }, [
        "7",
        "b",
        "c",
        "d",
      ]),
      probe(
        "i2",
        { mode: "output", query: "SELECT COUNT(*), @v FROM information_schema.tables WHERE table_name = 'left_over'" },
        ["0 | NULL", "b", "c", "d"],
      ),
    ]);
    expect(probeFailures(r)).toEqual([]);
  });

  it("stops a statement at the time limit and goes on with the next item", async () => {
    const started = Date.now();
    const r = await sqlEngine.run([
      probe("slow", { mode: "output", setup: ["SET SESSION max_statement_time = 0"], query: "SELECT SLEEP(30)" }, [
        "0",
        "b",
        "c",
        "d",
      ]),
      probe("after", { mode: "output", query: "SELECT 1 + 1" }, ["2", "b", "c", "d"]),
    ]);
    expect(Date.now() - started).toBeLessThan(15000);
    const slow = r.get("mysql-probe-slow");
    expect(slow?.status).toBe("failed");
    expect(r.get("mysql-probe-after")?.status).toBe("passed");
  }, 20000);

  it("runs a throw-away account's statements with exactly the privileges the item granted", async () => {
    const r = await sqlEngine.run([
      probe(
        "grant",
        {
          mode: "options",
          accounts: ["citb_probe_acct"],
          as: "citb_probe_acct",
          setup: ["CREATE TABLE t (a INT)", "GRANT SELECT ON t TO citb_probe_acct@'%'"],
          template: "{{option}}",
          expected: "(no rows)",
        },
        ["SELECT * FROM t", "INSERT INTO t VALUES (1)", "DELETE FROM t", "CREATE TABLE u (a INT)"],
      ),
    ]);
    expect(r.get("mysql-probe-grant")).toMatchObject({
      status: "passed",
      observed: [
        "(no rows)",
        "ERROR ER_TABLEACCESS_DENIED_ERROR",
        "ERROR ER_TABLEACCESS_DENIED_ERROR",
        "ERROR ER_TABLEACCESS_DENIED_ERROR",
      ],
    });
  });
});
