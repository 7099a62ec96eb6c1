import { describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { openAsset, sealNewAsset } from "./seal";

describe("openAsset", () => {
  it("opens the content with a content key that cannot be exported", async () => {
    const content = { username: "u", password: "pw", website: "", notes: "" };
    const dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const sealed = await sealNewAsset<"password">(dataKey, content);
    const opened = await openAsset<"password">(dataKey, sealed);
    expect(opened.content).toEqual(content);
    expect(opened.contentKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", opened.contentKey)).rejects.toThrow();
  });
});
