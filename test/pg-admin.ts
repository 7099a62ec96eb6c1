import pg from "pg";

/** The PostgreSQL server that tests which create their own databases talk to: the run's, else this machine's. */
export const PG_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs `fn` on a short-lived connection to the server as its administrator. */
export async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** True when the server answers (tests that need it are skipped, and say so, when it does not). */
export const isPgServerReachable = () => pgAdmin(async () => true).catch(() => false);
