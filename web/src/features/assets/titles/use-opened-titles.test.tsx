import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { newContentKey, toBase64 } from "@/lib/crypto/vault-crypto";
import { sealTitle } from "../seal";
import { sortByTitle } from "../sort-assets";
import { TITLES_BATCH, type SealedTitleRow } from "./open-titles";
import { useOpenedTitles } from "./use-opened-titles";

/**
 * Lists sort by name in the browser (decision 080), so they must never see a list whose titles
 * are partly opened: sorted then, the rows still to open would come in later and move the rest.
 * useOpenedTitles is the one gate every owner's and beneficiary's list goes through.
 */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

async function sealedRows(key: CryptoKey, titles: string[]): Promise<SealedTitleRow[]> {
  return Promise.all(
    titles.map(async (title) => {
      const id = crypto.randomUUID();
      return { id, title: null, encryptedTitle: toBase64(await sealTitle(key, id, title)) };
    }),
  );
}

/** Gives every row `key`: at once, or for the rows held, once `release` is called. */
function keyGate(key: CryptoKey) {
  const held = new Map<string, Promise<void>>();
  let waiting: (() => void)[] = [];
  return {
    hold(rows: SealedTitleRow[]) {
      const gate = new Promise<void>((resolve) => waiting.push(resolve));
      for (const row of rows) held.set(row.id, gate);
    },
    release() {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    contentKeyOf: async (row: SealedTitleRow) => {
      await held.get(row.id);
      return key;
    },
  };
}

describe("useOpenedTitles", () => {
  it("gives no rows to sort by name until every title is opened, then all of them", async () => {
    const key = await newContentKey();
    const count = TITLES_BATCH + 20;
    // Titles in reverse name order: the first batch alone would sort as a different list.
    const titles = Array.from({ length: count }, (_, i) => `Item ${count - i}`);
    const rows = await sealedRows(key, titles);
    const keys = keyGate(key);
    keys.hold(rows.slice(TITLES_BATCH));

    const { result, rerender } = renderHook(
      ({ list }) => useOpenedTitles(list, keys.contentKeyOf),
      { wrapper, initialProps: { list: rows } },
    );
    await waitFor(() => expect(result.current.opened).toBe(TITLES_BATCH));
    expect(result.current).toMatchObject({ rows: undefined, total: count });

    keys.release();
    await waitFor(() => expect(result.current.rows).toHaveLength(count));
    const sorted = sortByTitle(result.current.rows ?? []).map((r) => r.title);
    expect(sorted).toEqual(Array.from({ length: count }, (_, i) => `Item ${i + 1}`));

    // A list that comes back with one more sealed item: nothing to sort until it is opened too.
    const [added] = await sealedRows(key, ["Aardvark"]);
    if (!added) throw new Error("no row");
    keys.hold([added]);
    rerender({ list: [...rows, added] });
    expect(result.current).toMatchObject({ rows: undefined, opened: count, total: count + 1 });
    keys.release();
    await waitFor(() => expect(result.current.rows).toHaveLength(count + 1));
    expect(sortByTitle(result.current.rows ?? [])[0]?.title).toBe("Aardvark");
  });
});
