import { describe, expect, it } from "vitest";
import { newContentKey, toBase64 } from "@/lib/crypto/vault-crypto";
import { sealTitle } from "../seal";
import {
  allTitled,
  needsOpening,
  openTitles,
  TITLE_NOT_OPENED,
  titled,
  type SealedTitleRow,
  type TitleCache,
} from "./open-titles";

type Row = SealedTitleRow & { key: CryptoKey };

async function sealedRow(title: string, key?: CryptoKey): Promise<Row> {
  const contentKey = key ?? (await newContentKey());
  const id = crypto.randomUUID();
  const encryptedTitle = toBase64(await sealTitle(contentKey, id, title));
  return { id, title: null, encryptedTitle, key: contentKey };
}

/** Opens with each row's own key, counting how many times a key was asked for. */
function opener() {
  const asked: string[] = [];
  return {
    asked,
    contentKeyOf: (row: Row) => {
      asked.push(row.id);
      return Promise.resolve(row.key);
    },
  };
}

describe("openTitles", () => {
  it("opens sealed titles, keeps clear ones as they are, and opens each ciphertext once", async () => {
    const cache: TitleCache = new Map();
    const will = await sealedRow("Will — house at 12 Main Street");
    const bank = await sealedRow("Bank");
    const old: Row = {
      id: crypto.randomUUID(),
      title: "Old clear title",
      encryptedTitle: null,
      key: bank.key,
    };
    const rows = [will, bank, old];
    expect(titled(cache, will)).toBeUndefined();
    const o = opener();
    await openTitles(cache, rows, o);
    expect(allTitled(cache, rows).map((r) => [r.title, r.isTitleOpen])).toEqual([
      ["Will — house at 12 Main Street", true],
      ["Bank", true],
      ["Old clear title", true],
    ]);
    expect(o.asked).toEqual([will.id, bank.id]);

    await openTitles(cache, rows, o);
    expect(o.asked).toHaveLength(2); // nothing opened twice

    const renamed: Row = {
      ...will,
      encryptedTitle: toBase64(await sealTitle(will.key, will.id, "Will (2026)")),
    };
    expect(needsOpening(cache, renamed)).toBe(true); // a new ciphertext opens again
    await openTitles(cache, [renamed], o);
    expect(titled(cache, renamed)?.title).toBe("Will (2026)");
  });

  it("labels a title that does not open, without throwing, and does not try it again", async () => {
    const cache: TitleCache = new Map();
    const good = await sealedRow("Letter to Emma");
    const wrongKey = { ...(await sealedRow("Coinbase — 2 BTC")), key: await newContentKey() };
    const swapped = { ...(await sealedRow("Swapped")), id: crypto.randomUUID() }; // another item's
    const garbage: Row = { ...good, id: crypto.randomUUID(), encryptedTitle: "not base64!" };
    const keyFails: Row = { ...good, id: crypto.randomUUID() };
    const rows = [good, wrongKey, swapped, garbage, keyFails];
    const o = opener();
    await openTitles(cache, rows, {
      contentKeyOf: (row) =>
        row === keyFails ? Promise.reject(new Error("no key")) : o.contentKeyOf(row),
    });
    expect(allTitled(cache, rows).map((r) => [r.title, r.isTitleOpen])).toEqual([
      ["Letter to Emma", true],
      [TITLE_NOT_OPENED, false],
      [TITLE_NOT_OPENED, false],
      [TITLE_NOT_OPENED, false],
      [TITLE_NOT_OPENED, false],
    ]);
    expect(rows.some((r) => needsOpening(cache, r))).toBe(false);
  });

  it("opens a batch at a time and stops between batches when aborted", async () => {
    const key = await newContentKey();
    const rows = await Promise.all(
      Array.from({ length: 250 }, (_, i) => sealedRow(`Item ${i}`, key)),
    );
    const cache: TitleCache = new Map();
    const abort = new AbortController();
    let batches = 0;
    await openTitles(cache, rows, {
      contentKeyOf: (row) => Promise.resolve(row.key),
      signal: abort.signal,
      onBatch: () => {
        batches++;
        if (batches === 2) abort.abort();
      },
    });
    expect(batches).toBe(2);
    expect(cache.size).toBe(200);
    await openTitles(cache, rows, { contentKeyOf: (row) => Promise.resolve(row.key) });
    expect(cache.size).toBe(250);
    expect(titled(cache, rows[249] as Row)?.title).toBe("Item 249");
  });
});
