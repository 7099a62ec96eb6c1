import pg from "pg";

/** After a lost connection, the waits before each new try (then the last one, again and again). */
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];

export type ListenHandlers = {
  onNotify: (payload: string) => void;
  /** Called once LISTEN is back after a lost connection: what was notified meanwhile is lost. */
  onReconnect?: () => void;
};

/**
 * LISTEN on a PostgreSQL server from a connection of its own (a pooled one would be handed to
 * other queries): notifications from every app process arrive here. A lost connection is
 * replaced, with growing waits, until `stop`.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  { onNotify, onReconnect }: ListenHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let isStopped = false;

  const retry = () => {
    if (isStopped || timer) return;
    const lost = current;
    current = null;
    lost?.removeAllListeners();
    void lost?.end().catch(() => {});
    const delay = RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)];
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(() => onReconnect?.(), retry);
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload) onNotify(msg.payload);
    });
    current = client;
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    if (isStopped) await client.end();
    attempt = 0;
  };

  try {
    await connect();
  } catch {
    retry(); // the server may be down at start-up: the pool's own retries cover requests
  }
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    client?.removeAllListeners();
    await client?.end().catch(() => {});
  };
}
