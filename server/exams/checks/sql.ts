/**
 * The `sql` key-check engine (bank/README.md, "Key checks", engine "sql"): runs an item's statements on a
 * MySQL-compatible server and writes what the last one returned as text for the judge.
 *
 * Isolation: one administrative connection (SQL_CHECK_URL, default root on 127.0.0.1:3306) only creates
 * and drops things; item text never runs on it. Each run (one per output item, four per options item) gets
 * a database of its own, citbcheck<random>, and a new connection as a dedicated account (citb_checker1-3,
 * one per lane of runs side by side), which holds privileges on that database and nothing else (no global
 * privilege: no FILE, PROCESS, SUPER, CREATE USER, and no other database). The accounts are created when
 * missing and get a new random password at every batch. After the run the database is dropped and every privilege on it revoked. Every statement
 * has a time limit: the server's own (max_statement_time, max_execution_time) and, whatever the item text
 * sets, a client-side timer that KILLs the statement's connection from the administrative one.
 */
import crypto from "node:crypto";
import mysql, { type Connection, type FieldPacket, type QueryResult } from "mysql2/promise";
import * as z from "zod";
import type { BankItem } from "../bank/schema";
import { judge, type CheckEngineRunner, type CheckOutcome } from "./judge";

/** the dedicated accounts item text runs as, one per lane: citb_checker1, citb_checker2, ... */
export const CHECKER_PREFIX = "citb_checker";
/** every check database starts with this; the rest is random */
const DB_PREFIX = "citbcheck";
/** time limit of one statement */
export const STATEMENT_TIMEOUT_MS = 5000;
/** runs side by side in a batch, each on its own administrative connection */
const LANES = 3;

const accountName = z.string().regex(/^[a-z][a-z0-9_]{0,23}$/, "a lower-case account name");

/** The engine's own fields; judge.ts reads mode, expected and optionValues. */
export const sqlCheck = z
  .object({
    engine: z.literal("sql"),
    mode: z.enum(["output", "options"]),
    /** statements run first, in order, each sent whole (no DELIMITER; a CREATE PROCEDURE is one entry) */
    setup: z.array(z.string().min(1)).max(40).default([]),
    /** mode "output": the statement whose result is compared */
    query: z.string().min(1).optional(),
    /** mode "options": the statement whose result is compared, `{{option}}` replaced by each option */
    template: z.string().min(1).optional(),
    /** a failing setup statement does not stop the run (an item about a rejected statement) */
    continueOnError: z.boolean().default(false),
    /** throw-away accounts `name`@`%` created before the run and dropped after it */
    accounts: z.array(accountName).max(3).default([]),
    /** run `query`/`template` as this account (one of `accounts`) on the run's database */
    as: accountName.optional(),
    optionValues: z.array(z.string()).length(4).optional(),
    expected: z.string().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.mode === "output" && !c.query) ctx.addIssue({ code: "custom", message: 'mode "output" needs query' });
    if (c.mode === "options" && !c.template?.includes("{{option}}") && !c.setup.some((s) => s.includes("{{option}}")))
      ctx.addIssue({ code: "custom", message: 'mode "options" needs a template (or setup) with {{option}}' });
    if (c.mode === "options" && !c.template) ctx.addIssue({ code: "custom", message: 'mode "options" needs template' });
    if (c.as && !c.accounts.includes(c.as)) ctx.addIssue({ code: "custom", message: "`as` must be one of accounts" });
  });
export type SqlCheck = z.infer<typeof sqlCheck>;

/** One value as the server wrote it in the text protocol; NULL as `NULL`. */
function cell(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (Buffer.isBuffer(v)) return v.toString("utf8");
  return String(v);
}

/**
 * A statement's result as text: a result set is one line per row, columns separated by " | ", and
 * "(no rows)" when empty; a statement without a result set gives "affected rows: N"; several result sets
 * (a CALL) are separated by a blank line, the CALL's closing status left out.
 */
export function formatResult(result: QueryResult, fields: FieldPacket[] | FieldPacket[][] | undefined): string {
  const isRows = (r: unknown): r is unknown[][] => Array.isArray(r) && r.every((row) => Array.isArray(row));
  if (Array.isArray(result) && result.length > 0 && Array.isArray(fields) && Array.isArray(fields[0])) {
    // several results (CALL): result[i] is a row list or a status packet
    const sets = (result as unknown[]).filter((r) => isRows(r)) as unknown[][][];
    if (sets.length > 0) return sets.map(formatRows).join("\n\n");
    const last = (result as unknown[])[result.length - 1] as { affectedRows?: number };
    return `affected rows: ${last.affectedRows ?? 0}`;
  }
  if (isRows(result)) return formatRows(result);
  return `affected rows: ${(result as { affectedRows?: number }).affectedRows ?? 0}`;
}

function formatRows(rows: unknown[][]): string {
  if (rows.length === 0) return "(no rows)";
  return rows.map((row) => row.map(cell).join(" | ")).join("\n");
}

/** An error as text: its MySQL error name (ER_DUP_ENTRY), or its number when the client has no name for it. */
export function formatError(e: unknown): string {
  const err = e as { code?: string; errno?: number; message?: string };
  if (err.code && err.code !== "UNKNOWN_CODE_PLEASE_REPORT" && /^ER_/.test(err.code)) return `ERROR ${err.code}`;
  if (err.errno) return `ERROR ${err.errno}`;
  return `ERROR ${err.code ?? err.message ?? "unknown"}`;
}

function quoteId(name: string): string {
  return "`" + name.replace(/`/g, "``") + "`";
}

/** `_` is a wildcard in a GRANT's database name: escape it so the grant names exactly one database. */
function grantDb(name: string): string {
  return quoteId(name.replace(/[_%]/g, (c) => "\\" + c));
}

function adminUrl(): string {
  return process.env.SQL_CHECK_URL ?? "mysql://root@127.0.0.1:3306/test";
}

interface Run {
  setup: string[];
  query: string;
  continueOnError: boolean;
  accounts: string[];
  as?: string;
}

class SqlSession {
  private host: string;
  private port: number;
  private constructor(
    private admin: Connection,
    private user: string,
  ) {
    const u = new URL(adminUrl());
    this.host = u.hostname || "127.0.0.1";
    this.port = Number(u.port || 3306);
  }

  private password = crypto.randomBytes(18).toString("base64url");

  /** A session of its own account (lane 1 runs as citb_checker1): runs side by side cannot see each other. */
  static async open(lane: number): Promise<SqlSession> {
    const admin = await mysql.createConnection({ uri: adminUrl(), connectTimeout: 3000 });
    const s = new SqlSession(admin, `${CHECKER_PREFIX}${lane}`);
    try {
      await s.ensureChecker();
    } catch (e) {
      await admin.end().catch(() => undefined);
      throw e;
    }
    return s;
  }

  /** Creates the lane's account when missing (idempotent), gives it a new random password, takes every privilege. */
  private async ensureChecker(): Promise<void> {
    const who = `${quoteId(this.user)}@'%'`;
    await this.admin.query(`CREATE USER IF NOT EXISTS ${who} IDENTIFIED BY ?`, [this.password]);
    await this.admin.query(`ALTER USER ${who} IDENTIFIED BY ? WITH MAX_USER_CONNECTIONS 4`, [this.password]);
    await this.admin.query(`REVOKE ALL PRIVILEGES, GRANT OPTION FROM ${who}`);
  }

  async close(): Promise<void> {
    await this.admin.end().catch(() => undefined);
  }

  /** Drops every check database left by an earlier batch that did not finish (its name: DB_PREFIX + hex). */
  async dropLeftovers(): Promise<void> {
    const [rows] = await this.admin.query(`SHOW DATABASES LIKE '${DB_PREFIX}%'`);
    for (const row of rows as Record<string, string>[]) {
      const name = Object.values(row)[0]!;
      if (new RegExp(`^${DB_PREFIX}[0-9a-f]+$`).test(name))
        await this.admin.query(`DROP DATABASE IF EXISTS ${quoteId(name)}`).catch(() => undefined);
    }
  }

  /** One statement with the client-side time limit: on expiry the admin connection KILLs the connection. */
  private async timed(conn: Connection, sql: string): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.admin.query(`KILL ${Number(conn.threadId)}`).catch(() => undefined);
        reject(Object.assign(new Error("time limit"), { code: "TIME_LIMIT" }));
      }, STATEMENT_TIMEOUT_MS);
    });
    try {
      const [result, fields] = await Promise.race([conn.query({ sql, rowsAsArray: true }), timeout]);
      return formatResult(result, fields);
    } finally {
      clearTimeout(timer);
    }
  }

  private async connect(user: string, password: string, database: string): Promise<Connection> {
    const conn = await mysql.createConnection({
      host: this.host,
      port: this.port,
      user,
      password,
      database,
      multipleStatements: false,
      connectTimeout: 3000,
      // affected rows count changed rows, as the mysql client reports them (mysql2 asks for found rows)
      flags: ["-FOUND_ROWS"],
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      // every value exactly as the server wrote it
      typeCast: (field) => field.string(),
    });
    // the server's own limits first (MariaDB: seconds, any statement; MySQL: milliseconds, SELECT)
    await conn.query("SET SESSION max_statement_time = 5").catch(() => undefined);
    await conn.query("SET SESSION max_execution_time = 5000").catch(() => undefined);
    return conn;
  }

  /** Runs one program in a fresh database and returns the last statement's result as text. */
  async run(r: Run): Promise<string> {
    const db = DB_PREFIX + crypto.randomBytes(6).toString("hex");
    const checker = `${quoteId(this.user)}@'%'`;
    const created: string[] = [];
    const passwords = new Map<string, string>();
    let conn: Connection | undefined;
    let asConn: Connection | undefined;
    try {
      for (const name of r.accounts) {
        const [rows] = await this.admin.query("SELECT 1 FROM mysql.user WHERE User = ?", [name]);
        if ((rows as unknown[]).length > 0) return `ENGINE: the account ${name} already exists; not touched`;
        const pw = crypto.randomBytes(18).toString("base64url");
        await this.admin.query(`CREATE USER ${quoteId(name)}@'%' IDENTIFIED BY ?`, [pw]);
        created.push(name);
        passwords.set(name, pw);
      }
      await this.admin.query(`CREATE DATABASE ${quoteId(db)}`);
      await this.admin.query(
        `GRANT ALL PRIVILEGES ON ${grantDb(db)}.* TO ${checker}${r.accounts.length ? " WITH GRANT OPTION" : ""}`,
      );
      conn = await this.connect(this.user, this.password, db);
      const named = (s: string) => s.replaceAll("{{db}}", quoteId(db));
      r = { ...r, setup: r.setup.map(named), query: named(r.query) };
      for (const [i, stmt] of r.setup.entries()) {
        try {
          await this.timed(conn, stmt);
        } catch (e) {
          if (!r.continueOnError) return `SETUP ${i + 1} FAILED: ${formatError(e)} ${(e as Error).message}`;
        }
      }
      try {
        if (r.as) {
          try {
            asConn = await this.connect(r.as, passwords.get(r.as)!, db);
          } catch (e) {
            return formatError(e);
          }
          return (await this.timed(asConn, r.query)).replaceAll(db, "db");
        }
        return (await this.timed(conn, r.query)).replaceAll(db, "db");
      } catch (e) {
        return formatError(e);
      }
    } finally {
      await conn?.end().catch(() => conn?.destroy());
      await asConn?.end().catch(() => asConn?.destroy());
      await this.admin.query(`DROP DATABASE IF EXISTS ${quoteId(db)}`).catch(() => undefined);
      await this.admin
        .query(`REVOKE ALL PRIVILEGES, GRANT OPTION ON ${grantDb(db)}.* FROM ${checker}`)
        .catch(() => undefined);
      for (const name of created)
        await this.admin.query(`DROP USER IF EXISTS ${quoteId(name)}@'%'`).catch(() => undefined);
      // any privilege still naming the database: the routines' automatic grants, or grants the item made
      const escaped = db.replace(/[_%]/g, (c) => "\\" + c);
      const tables = ["db", "tables_priv", "columns_priv", "procs_priv"];
      const [left] = await this.admin
        .query(
          tables.map((t) => `SELECT COUNT(*) AS n FROM mysql.${t} WHERE Db IN (?, ?)`).join(" UNION ALL "),
          tables.flatMap(() => [db, escaped]),
        )
        .catch(() => [[]]);
      if ((left as { n: number }[]).some((row) => Number(row.n) > 0)) {
        for (const t of tables)
          await this.admin.query(`DELETE FROM mysql.${t} WHERE Db IN (?, ?)`, [db, escaped]).catch(() => undefined);
        await this.admin.query("FLUSH PRIVILEGES").catch(() => undefined);
      }
    }
  }
}

/** Every sql item of the batch, one after another on one administrative connection. */
export const sqlEngine: CheckEngineRunner = {
  async run(items: BankItem[]): Promise<Map<string, CheckOutcome>> {
    const out = new Map<string, CheckOutcome>();
    const sessions: SqlSession[] = [];
    try {
      // a few runs side by side, each lane as its own account: a run mostly waits on the server's file
      // operations (CREATE/DROP DATABASE)
      for (let lane = 1; lane <= LANES; lane++) sessions.push(await SqlSession.open(lane));
      // a batch that was killed midway (a stopped test run, a crashed process) leaves its run's database
      // behind; batches run one at a time, so any check database here now is such a leftover
      await sessions[0]!.dropLeftovers();
    } catch (e) {
      await Promise.all(sessions.map((s) => s.close()));
      const reason = `no MySQL-compatible server answers at ${adminUrl().replace(/\/\/[^@]*@/, "//")} (${(e as Error).message})`;
      for (const item of items) out.set(item.id, { status: "unavailable", reason });
      return out;
    }
    const one = async (session: SqlSession, item: BankItem) => {
      const parsed = sqlCheck.safeParse(item.check);
      if (!parsed.success) {
        out.set(item.id, {
          status: "failed",
          reason: `invalid sql check: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
          observed: [],
        });
        return;
      }
      const c = parsed.data;
      const base = { continueOnError: c.continueOnError, accounts: c.accounts, as: c.as };
      const observed: string[] = [];
      if (c.mode === "output") {
        observed.push(await session.run({ ...base, setup: c.setup, query: c.query! }));
      } else {
        for (const [i, option] of item.options.entries()) {
          const value = c.optionValues?.[i] ?? option;
          const fill = (s: string) => s.split("{{option}}").join(value);
          observed.push(await session.run({ ...base, setup: c.setup.map(fill), query: fill(c.template!) }));
        }
      }
      out.set(item.id, judge(item, observed));
    };
    // items with accounts run one after another in the first lane (account names are server-wide)
    const withAccounts = items.filter((i) => Array.isArray((i.check as { accounts?: unknown })?.accounts));
    const rest = items.filter((i) => !withAccounts.includes(i));
    try {
      await Promise.all(
        sessions.map(async (session, lane) => {
          if (lane === 0) for (const item of withAccounts) await one(session, item);
          for (let item = rest.shift(); item; item = rest.shift()) await one(session, item);
        }),
      );
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
    return out;
  },
};
