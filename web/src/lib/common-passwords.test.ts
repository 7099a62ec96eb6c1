import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readRepositoryFile } from "@/testing/repository-file";

/**
 * The browser's common-password check against the one list in the repository (the file the web
 * build serves), fetched through a stubbed `fetch`: what is asked for, and nothing else.
 */
const LIST = readRepositoryFile("server/auth/common-passwords.txt.gz");

type Lib = typeof import("./common-passwords");
let lib: Lib;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

beforeEach(async () => {
  vi.resetModules(); // a fresh module: its list is fetched once per page
  lib = await import("./common-passwords");
  fetchMock = vi.fn(async () => new Response(LIST, { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("common-password check", () => {
  it("finds the list's passwords whatever their case, and not a passphrase", async () => {
    expect(await lib.isCommonPassword("password123")).toBe(true);
    expect(await lib.isCommonPassword("QwertyUIOP")).toBe(true);
    expect(await lib.isCommonPassword("Tangerine-Harbour-42")).toBe(false);
    // The list's comment line is not a password.
    const list = await lib.loadCommonPasswords();
    expect([...list].some((p) => p.startsWith("#"))).toBe(false);
    expect(list.size).toBeGreaterThan(30_000);
  });

  it("fetches the static list once, asking for nothing that depends on the password", async () => {
    await lib.isCommonPassword("password123");
    await lib.isCommonPassword("another-one-entirely");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(lib.COMMON_PASSWORDS_URL);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBeUndefined(); // a GET, no body
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("reads the list already decompressed (a server that sent it with Content-Encoding: gzip)", async () => {
    const plain = new TextEncoder().encode("# comment\nabcdefgh\n\nletmein123\n");
    expect([...(await lib.parseCommonPasswords(plain))]).toEqual(["abcdefgh", "letmein123"]);
  });

  it("fails with a readable error when the list cannot be fetched, and fetches again next time", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    await expect(lib.isCommonPassword("password123")).rejects.toThrow(/could not be checked/);
    fetchMock.mockResolvedValueOnce(new Response("", { status: 404 }));
    await expect(lib.isCommonPassword("password123")).rejects.toThrow(/could not be checked/);
    expect(await lib.isCommonPassword("password123")).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
