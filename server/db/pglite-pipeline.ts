import {
  parse,
  protocol,
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
 * are written here; a statement with any other parameter (an array, an object) goes through
 * PGlite's own query().
 */

const { serialize } = protocol;
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

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
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
  const message = concat([
    ...closes,
    ...(known ? [] : [serialize.parse({ name, text })]),
    serialize.bind({ statement: name, values }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
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

/**
 * One statement on `pglite` in one call, with the same result and errors as PGlite's query():
 * outside a transaction it takes PGlite's transaction and query locks and syncs the files after,
 * as query() does; inside one (`inTransaction`, the transaction's lock already held) the query
 * lock only, as a transaction's query() does. Undefined when a parameter is not a plain value:
 * the caller then uses PGlite's own query().
 */
export function pipelinedQuery<T>(
  pglite: PGlite,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
  inTransaction: boolean,
): Promise<Results<T>> | undefined {
  if (options?.blob) return undefined;
  const values = wireParams(params ?? []);
  if (!values) return undefined;
  const run = async () => {
    const { message, settle } = statementMessages(keptFor(pglite), text, values);
    try {
      const messages = await pglite.execProtocolStream(message, { syncToFs: !inTransaction });
      settle(true);
      return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
    } catch (err) {
      settle(false);
      if (err && typeof err === "object" && "code" in err)
        Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  };
  if (inTransaction) return pglite._runExclusiveQuery(run);
  return pglite
    ._checkReady()
    .then(() => pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run)));
}
