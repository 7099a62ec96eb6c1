import type { BeneficiaryKeyView, PendingItemView } from "@common/keys";
import { describe, expect, it } from "vitest";
import { addressesBeingPrepared, batches, groupPending, keyState } from "./pending-items";

const key = (email: string, over: Partial<BeneficiaryKeyView> = {}): BeneficiaryKeyView => ({
  id: crypto.randomUUID(),
  email,
  ownerWrappedKey: "k",
  ownerWrappedAccessKey: "a",
  escrow: false,
  handedOverAt: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  itemCount: 1,
  ...over,
});
const item = (beneficiaryEmail: string): PendingItemView => ({
  assetId: crypto.randomUUID(),
  beneficiaryEmail,
  wrappedKey: "w",
  fromBeforeKeys: false,
});

describe("groupPending", () => {
  it("groups items by address, whatever its case, each with that address's key", () => {
    const ann = key("ann@example.com");
    const items = [item("Ann@Example.com"), item("bob@example.com"), item("ann@example.com")];
    const groups = groupPending([ann, key("carl@example.com")], items);
    expect(groups).toEqual([
      { email: "ann@example.com", key: ann, items: [items[0], items[2]] },
      { email: "bob@example.com", key: undefined, items: [items[1]] },
    ]);
  });

  it("keeps only the address asked for", () => {
    const items = [item("ann@example.com"), item("bob@example.com")];
    expect(groupPending([], items, " BOB@example.com").map((g) => g.items)).toEqual([[items[1]]]);
    expect(groupPending([], items, "dora@example.com")).toEqual([]);
  });
});

describe("batches", () => {
  it("splits a list into batches of at most the size, in order", () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([1, 2], 2)).toEqual([[1, 2]]);
    expect(batches([], 500)).toEqual([]);
    expect(
      batches(
        Array.from({ length: 1001 }, (_, i) => i),
        500,
      ).map((b) => b.length),
    ).toEqual([500, 500, 1]);
  });

  it("refuses a size that would never end", () => {
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});

describe("keyState and addressesBeingPrepared", () => {
  it("states a key by escrow first, then hand-over", () => {
    expect(keyState({ escrow: true, handedOverAt: "2026-11-25T12:00:00.000Z" })).toBe("escrow");
    expect(keyState({ escrow: false, handedOverAt: "2026-11-25T12:00:00.000Z" })).toBe(
      "handed-over",
    );
    expect(keyState({ escrow: false, handedOverAt: null })).toBe("not-handed-over");
  });

  it("lists addresses without a key, with their pending count", () => {
    const items = [item("zoe@example.com"), item("ann@example.com"), item("zoe@example.com")];
    expect(addressesBeingPrepared([key("ann@example.com")], items)).toEqual([
      { email: "zoe@example.com", itemCount: 2 },
    ]);
  });
});
