import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/*
 * Large bytea values are written as binary parameters: node-postgres sends a Buffer in binary,
 * and PGlite does too once its bytea serializer passes the bytes through (BYTEA_PASSTHROUGH, set
 * in client.ts); its default serializer builds hex text byte by byte in JavaScript, which took
 * about 7 s for a 10 MB file. Binary also spares the 13 MB of base64 text (and the driver's copies
 * of it) that a 10 MB file took before (scripts/bench/upload-memory.ts).
 * They are read back as hex text that PostgreSQL encodes natively: PGlite's bytea parser is as slow.
 */

/** The value to write into a bytea column. */
export const writeBytea = (data: Buffer): SQL => sql`${data}::bytea`;

/** A bytea column, read back as a Buffer. */
export const readBytea = (column: AnyPgColumn): SQL<Buffer> =>
  sql<Buffer>`encode(${column}, 'hex')`.mapWith((hex: string) => Buffer.from(hex, "hex"));

/** PGlite's serializer for bytea (oid 17): the bytes themselves, which its Bind message sends as a binary parameter. */
export const BYTEA_PASSTHROUGH = { 17: (bytes: Uint8Array) => bytes as unknown as string };

/** A bytea column as base64 text, as Node's toString("base64") writes it (encode() breaks lines at 76). */
export const readBase64 = (column: AnyPgColumn): SQL<string> =>
  sql<string>`translate(encode(${column}, 'base64'), E'\\n', '')`;
