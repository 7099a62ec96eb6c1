import { setImmediate } from "node:timers/promises";
import {
  parse,
  protocol,
  TransactionAbortedError,
  type PGlite,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";

/*
 * PGlite's own query() enters its WebAssembly six times per statement: Parse, Describe (to learn
 * the parameters' types), Bind, Describe, Execute and Sync, each a separate call with its own
 * awaits. This sends the same messages, less the first Describe, in one call: about 70 µs less
 * main-thread work per statement (docs/decisions/063-pglite-pipelined-statements.md).
 *
 * Without that Describe, parameters are written from their JavaScript type instead of the
 * column's. That is how node-postgres writes them, and the server tests run on PostgreSQL through
 * node-postgres, so every statement the app sends is also checked that way. Only the plain types
 * are written so; a statement with any other parameter (an array, an object) is described first,
 * and written with PGlite's serializers, as query() does.
 *
 * Transactions (pipelinedTransaction) send BEGIN with their first statement and COMMIT in one
 * call, where PGlite's transaction() takes two calls for each.
 */

const { serialize } = protocol;
/** The same bytes after every Bind. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([
  serialize.describe({ type: "P" }),
  serialize.execute({}),
  serialize.sync(),
]);
const NOT_PLAIN = Symbol("not a plain parameter");
type Wire = string | Uint8Array | null;

/** The parameter as PGlite's serializers write it for its column type, or NOT_PLAIN. */
function toWire(value: unknown): Wire | typeof NOT_PLAIN {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "t" : "f";
    default:
      if (value instanceof Date) return value.toISOString();
      if (value instanceof Uint8Array) return value; // a binary parameter, as BYTEA_PASSTHROUGH sends it
      return NOT_PLAIN;
  }
}

function wireParams(params: unknown[]): Wire[] | undefined {
  const values: Wire[] = [];
  for (const p of params) {
    const v = toWire(p);
    if (v === NOT_PLAIN) return undefined;
    values.push(v);
  }
  return values;
}

/**
 * The statements kept prepared on one PGlite: PostgreSQL parses a kept statement once, and after
 * five runs plans it once too (its plan cache, as for any driver's prepared statements). The most
 * recently used MAX_KEPT, each by a name never used again; those that fall out, and any whose
 * first run failed (it may or may not exist then), are closed at the next call.
 */
type Kept = { names: Map<string, string>; toClose: string[]; next: number };
const MAX_KEPT = 200;
const keptOf = new WeakMap<PGlite, Kept>();

function keptFor(pglite: PGlite): Kept {
  let kept = keptOf.get(pglite);
  if (!kept) keptOf.set(pglite, (kept = { names: new Map(), toClose: [], next: 0 }));
  return kept;
}

/**
 * Close of the statements let go, then Parse (the first time only), Bind, Describe, Execute and
 * Sync, in one message buffer; and what to record once it has run.
 */
function statementMessages(
  kept: Kept,
  text: string,
  values: Wire[],
): { message: Uint8Array; settle: (isOk: boolean) => void } {
  const closes = kept.toClose.map((name) => serialize.close({ type: "S", name }));
  kept.toClose = [];
  const known = kept.names.get(text);
  const name = known ?? `lv_${kept.next++}`;
  if (known) {
    kept.names.delete(text); // most recently used last
    kept.names.set(text, known);
  }
  const message = Buffer.concat([
    ...closes,
    ...(known ? [] : [serialize.parse({ name, text })]),
    serialize.bind({ statement: name, values }),
    DESCRIBE_EXECUTE_SYNC,
  ]);
  const settle = (isOk: boolean) => {
    if (known) return;
    if (!isOk) return void kept.toClose.push(name);
    kept.names.set(text, name);
    if (kept.names.size <= MAX_KEPT) return;
    const [oldestText, oldestName] = kept.names.entries().next().value as [string, string];
    kept.names.delete(oldestText);
    kept.toClose.push(oldestName);
  };
  return { message, settle };
}

/** Where a statement runs: on its own, or in a transaction of pipelinedTransaction. */
type Transaction = { isBeginSent: boolean; isClosed: boolean };

/**
 * The parameters as PGlite's query() writes them, for a statement with a parameter that is not
 * plain (an array, an object): its serializer for each parameter's type, which PostgreSQL
 * describes. One more call, for these statements only.
 */
async function describedParams(pglite: PGlite, text: string, params: unknown[]): Promise<Wire[]> {
  const described = await pglite.execProtocolStream(
    Buffer.concat([serialize.parse({ text }), serialize.describe({ type: "S" }), serialize.sync()]),
    { syncToFs: false },
  );
  const types = parse.parseDescribeStatementResults(described);
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const write = pglite.serializers[types[i] ?? 0] ?? String;
    return write(value) as Wire;
  });
}

async function runStatement<T>(
  pglite: PGlite,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  tx: Transaction | undefined,
): Promise<Results<T>> {
  const values = wireParams(params) ?? (await describedParams(pglite, text, params));
  const { message, settle } = statementMessages(keptFor(pglite), text, values);
  // A transaction's BEGIN goes with its first statement.
  const begin = tx && !tx.isBeginSent ? serialize.query("BEGIN") : undefined;
  if (tx) tx.isBeginSent = true;
  try {
    const messages = await pglite.execProtocolStream(
      begin ? Buffer.concat([begin, message]) : message,
      { syncToFs: !tx },
    );
    settle(true);
    return parse.parseResults(messages, pglite.parsers, options).at(-1) as Results<T>;
  } catch (err) {
    settle(false);
    if (err && typeof err === "object" && "code" in err)
      Object.assign(err, { query: text, params, queryOptions: options });
    throw err;
  }
}

/**
 * A turn of the event loop. PGlite answers on the main thread, so a request's statements, each
 * awaited after the last, would otherwise run as one task: other requests' sockets would wait
 * for all of them (decision 065). Taken before each statement or transaction of its own; never
 * inside a transaction, which holds PGlite's lock.
 */
const nextTurn = () => setImmediate();

/**
 * One statement on `pglite` in one call, with the same result and errors as PGlite's query(). On
 * its own, it waits a turn of the event loop (nextTurn) and takes PGlite's transaction and query
 * locks, as query() does; in a transaction of pipelinedTransaction (`tx`, whose lock is held),
 * the query lock only.
 */
export function pipelinedQuery<T>(
  pglite: PGlite,
  text: string,
  params?: unknown[],
  options?: QueryOptions,
  tx?: Transaction,
): Promise<Results<T>> {
  if (options?.blob) throw new Error("PGlite's blob option is not supported here");
  const run = () => runStatement<T>(pglite, text, params ?? [], options, tx);
  if (tx) {
    if (tx.isClosed) return Promise.reject(new Error("Transaction is closed"));
    return pglite._runExclusiveQuery(run);
  }
  return nextTurn()
    .then(() => pglite._checkReady())
    .then(() => pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run)));
}

/** A simple-protocol statement (COMMIT, ROLLBACK) in one call, and its command tag. */
async function runCommand(pglite: PGlite, text: string): Promise<string | undefined> {
  const messages = await pglite._runExclusiveQuery(() =>
    pglite.execProtocolStream(serialize.query(text), { syncToFs: true }),
  );
  return parse.parseResults(messages, pglite.parsers).at(-1)?.command;
}

export type PipelinedClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

/**
 * `fn` in one transaction, as PGlite's transaction() runs it (its transaction lock held
 * throughout; ROLLBACK when `fn` throws; an error when COMMIT finds the transaction aborted), with
 * its BEGIN sent with the first statement and its COMMIT in one call. It starts a turn of the
 * event loop later (nextTurn).
 */
export async function pipelinedTransaction<R>(
  pglite: PGlite,
  fn: (tx: PipelinedClient) => Promise<R>,
): Promise<R> {
  await nextTurn();
  await pglite._checkReady();
  return pglite._runExclusiveTransaction(async () => {
    const tx: Transaction = { isBeginSent: false, isClosed: false };
    const client: PipelinedClient = {
      query: (text, params, options) => pipelinedQuery(pglite, text, params, options, tx),
    };
    let result: R;
    try {
      result = await fn(client);
    } catch (err) {
      tx.isClosed = true;
      if (tx.isBeginSent) await runCommand(pglite, "ROLLBACK");
      throw err;
    }
    tx.isClosed = true;
    if (tx.isBeginSent && (await runCommand(pglite, "COMMIT")) === "ROLLBACK")
      throw new TransactionAbortedError();
    return result;
  });
}
