import { describe, expect, it } from "vitest";
import { DecryptError, importDataKey } from "@/lib/crypto/vault-crypto";
import { openTicks, sealTicks } from "./seal-ticks";

const newDataKey = () => importDataKey(crypto.getRandomValues(new Uint8Array(32)));

describe("the owner's sealed checklist", () => {
  it("opens what it sealed, only with the same data key and owner", async () => {
    const dataKey = await newDataKey();
    const owner = crypto.randomUUID();
    const ticks = { google: { status: "done", on: "2026-12-03" } } as const;
    const sealed = await sealTicks(dataKey, owner, ticks);
    // quoted, as the sealed JSON would hold them: bare short words appear in random base64 by chance
    expect(JSON.stringify(sealed)).not.toMatch(/"google"|"done"|2026-/);
    expect(await openTicks(dataKey, owner, sealed)).toEqual(ticks);
    await expect(openTicks(dataKey, crypto.randomUUID(), sealed)).rejects.toBeInstanceOf(
      DecryptError,
    );
    await expect(openTicks(await newDataKey(), owner, sealed)).rejects.toBeInstanceOf(DecryptError);
  });

  it("keeps only well-formed ticks of platforms the playbook has", async () => {
    const dataKey = await newDataKey();
    const owner = crypto.randomUUID();
    const odd = await sealTicks(dataKey, owner, {
      google: { status: "done", on: "2026-12-03" },
      apple: { status: "maybe", on: "2026-12-03" },
      x: { status: "not_used", on: "yesterday" },
      myspace: { status: "done", on: "2026-12-03" },
    } as never);
    expect(await openTicks(dataKey, owner, odd)).toEqual({
      google: { status: "done", on: "2026-12-03" },
    });
  });
});
