import { describe, expect, it } from "vitest";
import { accessKeyLink, accessKeyToText, randomShare } from "@/lib/crypto/beneficiary-keys";
import {
  forgetAccessKey,
  forgetAccessKeys,
  getAccessKey,
  readAccessKeyEntry,
  readAccessKeyFragment,
  rememberAccessKey,
  takeAccessKeyFragment,
} from "./access-keys";

const KEY_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const OTHER_ID = "b7a1e9d4-2c3f-4e5a-8b6c-7d8e9f0a1b2c";

describe("the access key in the link's fragment", () => {
  it("is read from #access=<key id>.<key>", () => {
    const key = randomShare();
    const link = new URL(accessKeyLink("https://vault.example", KEY_ID, key));
    expect(readAccessKeyFragment(link.hash)).toEqual({ keyId: KEY_ID, accessKey: key });
    expect(readAccessKeyFragment(link.hash.slice(1))).toEqual({ keyId: KEY_ID, accessKey: key });
  });

  it("is none for a fragment that carries no access key", () => {
    expect(readAccessKeyFragment("")).toBeNull();
    expect(readAccessKeyFragment("#main")).toBeNull();
    expect(readAccessKeyFragment("#accessible")).toBeNull();
  });

  it("is unreadable when cut short or changed", () => {
    const text = accessKeyToText(randomShare());
    expect(readAccessKeyFragment(`#access=${KEY_ID}.${text.slice(0, 40)}`)).toBe("unreadable");
    expect(readAccessKeyFragment(`#access=${KEY_ID}`)).toBe("unreadable");
    expect(readAccessKeyFragment(`#access=not-an-id.${text}`)).toBe("unreadable");
    expect(readAccessKeyFragment("#access=")).toBe("unreadable");
  });
});

describe("what the beneficiary enters in 'Access key'", () => {
  const key = randomShare();
  const text = accessKeyToText(key);

  it("accepts the whole link, the id.key text and the key alone for this item's key", () => {
    const expected = { keyId: KEY_ID, accessKey: key };
    expect(readAccessKeyEntry(accessKeyLink("https://v.example", KEY_ID, key), KEY_ID)).toEqual(
      expected,
    );
    expect(readAccessKeyEntry(`  ${KEY_ID}.${text}\n`, KEY_ID)).toEqual(expected);
    expect(readAccessKeyEntry(text, KEY_ID.toUpperCase())).toEqual(expected);
    // As printed in groups, over two lines.
    const grouped = `${text.slice(0, 11)} ${text.slice(11, 22)}\n${text.slice(22)}`;
    expect(readAccessKeyEntry(grouped, KEY_ID)).toEqual(expected);
  });

  it("refuses a link for another beneficiary key", () => {
    expect(readAccessKeyEntry(accessKeyLink("https://v.example", OTHER_ID, key), KEY_ID)).toBe(
      "other-key",
    );
  });

  it("refuses what is not an access key", () => {
    expect(readAccessKeyEntry("", KEY_ID)).toBeNull();
    expect(readAccessKeyEntry("123456", KEY_ID)).toBeNull();
    expect(readAccessKeyEntry(text.slice(1), KEY_ID)).toBeNull();
    expect(readAccessKeyEntry(`${text}A`, KEY_ID)).toBeNull();
    expect(readAccessKeyEntry("https://v.example/legacy", KEY_ID)).toBeNull();
  });
});

describe("the keys in memory", () => {
  it("keeps one key per beneficiary key id, forgets one or all", () => {
    const a = randomShare();
    const b = randomShare();
    rememberAccessKey(KEY_ID.toUpperCase(), a);
    expect(takeAccessKeyFragment(`#access=${OTHER_ID}.${accessKeyToText(b)}`)).toBe(true);
    expect(getAccessKey(KEY_ID)).toEqual(a);
    expect(getAccessKey(OTHER_ID)).toEqual(b);
    forgetAccessKey(KEY_ID);
    expect(getAccessKey(KEY_ID)).toBeUndefined();
    expect(getAccessKey(OTHER_ID)).toEqual(b);
    forgetAccessKeys();
    expect(getAccessKey(OTHER_ID)).toBeUndefined();
  });

  it("takes nothing from a fragment without an access key, and no key from an unreadable one", () => {
    expect(takeAccessKeyFragment("#main")).toBe(false);
    expect(takeAccessKeyFragment(`#access=${KEY_ID}.short`)).toBe(true);
    expect(getAccessKey(KEY_ID)).toBeUndefined();
  });
});
