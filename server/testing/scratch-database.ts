import pg from "pg";

/**
 * A new empty database `name` on the PostgreSQL server of `adminUrl` (an address allowed to create databases),
 * for the tests and the benchmark; answers the new database's address.
 */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` of the server of `adminUrl` if it is there, closing the connections still open to it. */
export async function dropScratchDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
