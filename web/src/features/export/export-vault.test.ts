import type { AssetType, AssetView } from "@common/assets";
import type { AssetFileKind } from "@common/assets/files";
import { passwordsExportSchema } from "@common/export";
import type { MessageContent, MessageScheduleView } from "@common/messages";
import { QueryClient } from "@tanstack/react-query";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealNewAsset, sealTitle } from "@/features/assets/seal";
import { dataKeyQueryKey } from "@/lib/keys/api/get-data-key";
import { openVaultArchive } from "@/lib/crypto/vault-archive";
import { deriveMessageKey, newWaitingShare, rawKeyOf } from "@/lib/crypto/message-keys";
import {
  encryptBytes,
  encryptJson,
  newContentKey,
  toBase64,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { assetView } from "@/testing/asset-views";
import { exportVault, type ExportProgress } from "./export-vault";

/**
 * A vault of four items (one damaged, one whose file the server has lost) behind a stubbed fetch;
 * `withMessage` adds a video message for later (decision 089) sealed under its message key.
 */
async function fakeVault({ withMessage = false } = {}) {
  const dataKey = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
    "wrapKey",
    "unwrapKey",
  ]);
  const assets: AssetView[] = [];
  const contents: { id: string; wrappedKey: string; encryptedData: string }[] = [];
  const files = new Map<string, Uint8Array>();
  const assetsWithContent = new Map<string, string>();
  const add = async (
    type: AssetType,
    title: string,
    content: unknown,
    withFiles: Partial<Record<AssetFileKind, Uint8Array>> = {},
  ) => {
    const sealed = await sealNewAsset(dataKey, content as never);
    const kinds = Object.keys(withFiles) as AssetFileKind[];
    for (const kind of kinds)
      files.set(`${sealed.id}/${kind}`, await encryptBytes(sealed.contentKey, withFiles[kind]!));
    assets.push(
      assetView({
        id: sealed.id,
        type,
        title: null, // sealed, as the browser stores it (decision 080)
        encryptedTitle: toBase64(await sealTitle(sealed.contentKey, sealed.id, title)),
        wrappedKey: toBase64(sealed.wrappedKey),
        updatedAt: "2026-02-01T00:00:00.000Z",
        files: kinds.map((kind) => ({
          kind,
          contentType: "application/pdf",
          size: 1,
          isChunked: false,
        })),
      }),
    );
    contents.push({
      id: sealed.id,
      wrappedKey: toBase64(sealed.wrappedKey),
      encryptedData: toBase64(sealed.encryptedData),
    });
    return sealed.id;
  };
  const pdf = new Uint8Array([37, 80, 68, 70, 0, 255, 7]);
  await add("password", "Bank", { username: "ada", password: "=1+1", website: "", notes: "" });
  await add(
    "document",
    "Will",
    { fileName: "will.pdf", contentType: "application/pdf", fileSize: 7, notes: "" },
    { document: pdf },
  );
  const lost = await add(
    "document",
    "Deed",
    { fileName: "deed.pdf", contentType: "application/pdf", fileSize: 7, notes: "" },
    { document: pdf },
  );
  files.delete(`${lost}/document`);
  const damaged = await add("note", "Letter", {
    text: "x",
    audioRecording: null,
    attachment: null,
  });
  contents[contents.length - 1]!.encryptedData = toBase64(new Uint8Array(40));
  const schedules = new Map<string, MessageScheduleView>();
  const video = new Uint8Array([26, 69, 223, 163, 1, 2, 3]);
  if (withMessage) {
    const id = crypto.randomUUID();
    const itemKey = await newContentKey();
    const waitingShare = newWaitingShare();
    const messageKey = await deriveMessageKey(await rawKeyOf(itemKey), waitingShare, id);
    const content: MessageContent = {
      format: "video",
      letter: "",
      transcript: "Hello Emma, happy birthday.",
      occasion: "When Emma turns 18",
      media: { name: "birthday.webm", type: "video/webm" },
    };
    files.set(`${id}/media`, await encryptBytes(messageKey, video));
    const wrappedKey = toBase64(await wrapContentKey(itemKey, dataKey, id));
    const encryptedData = toBase64(await encryptJson(messageKey, content));
    assets.push(
      assetView({
        id,
        type: "message",
        title: null,
        encryptedTitle: toBase64(await sealTitle(itemKey, id, "For Emma")),
        wrappedKey,
        beneficiaryEmails: ["emma@example.com"],
        updatedAt: "2026-02-01T00:00:00.000Z",
        files: [{ kind: "media", contentType: "video/webm", size: video.length, isChunked: false }],
      }),
    );
    contents.push({ id, wrappedKey, encryptedData: toBase64(new Uint8Array(40)) }); // not CK's
    schedules.set(id, {
      assetId: id,
      delivery: { when: "date", date: "2031-05-03" },
      waitingShare: toBase64(waitingShare),
      releasedAt: null,
      dueAt: null,
      deliveredAt: null,
      confirmedAt: null,
    });
    assetsWithContent.set(id, encryptedData);
  }

  vi.stubGlobal("fetch", async (url: string) => {
    const path = new URL(url, "http://app.test").pathname;
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    if (path === "/api/assets") return json({ assets });
    if (path === "/api/assets/contents") return json({ contents, next: null });
    const schedule = /^\/api\/messages\/([^/]+)\/schedule$/.exec(path);
    if (schedule) return json(schedules.get(schedule[1] ?? "") ?? {}, schedules.size ? 200 : 404);
    const one = /^\/api\/assets\/([^/]+)$/.exec(path);
    const encryptedData = one && assetsWithContent.get(one[1] ?? "");
    if (one && encryptedData)
      return json({ asset: { ...assets.find((a) => a.id === one[1]), encryptedData } });
    const file = /^\/api\/assets\/([^/]+)\/files\/(\w+)$/.exec(path);
    const bytes = file && files.get(`${file[1]}/${file[2]}`);
    if (bytes) return new Response(bytes as Uint8Array<ArrayBuffer>);
    return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(dataKeyQueryKey, dataKey);
  return { queryClient, pdf, damaged, video };
}

afterEach(() => vi.unstubAllGlobals());

/** The export of a fake vault, its progress reports kept. */
async function exportOf(vault: { queryClient: QueryClient }, archivePassword?: string) {
  const progress: ExportProgress[] = [];
  const result = await exportVault({
    queryClient: vault.queryClient,
    email: "ada@example.com",
    onProgress: (p) => progress.push(p),
    signal: new AbortController().signal,
    archivePassword,
  });
  return { result, progress };
}

describe("exportVault", () => {
  it("zips what opens, lists what does not in README.txt, and counts every item to the end", async () => {
    const vault = await fakeVault();
    const { pdf } = vault;
    const { result, progress } = await exportOf(vault);
    const zip = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      "README.txt",
      "documents/will.pdf",
      "passwords.csv",
      "passwords.json",
    ]);
    expect(zip["documents/will.pdf"]).toEqual(pdf);
    const text = (name: string) => new TextDecoder().decode(zip[name]);
    expect(passwordsExportSchema.parse(JSON.parse(text("passwords.json"))).items[0]).toMatchObject({
      title: "Bank",
      username: "ada",
      password: "=1+1",
      url: null,
    });
    expect(text("passwords.csv")).toContain("Bank,,ada,'=1+1,");
    expect(result.failures).toEqual([
      '"Letter" (note): it could not be decrypted.',
      '"Deed" (document): its file: Not found',
    ]);
    expect(text("README.txt")).toContain('- "Deed" (document): its file: Not found');
    expect(text("README.txt")).toContain("Items: 1 passwords, 2 documents, 0 notes");
    // Never backwards, and all four items done at the end.
    const dones = progress.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
    expect(result.fileName).toMatch(/^legacy-vault-export-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it("opens a message with its waiting share: its text and its video under messages/", async () => {
    const vault = await fakeVault({ withMessage: true });
    const { result, progress } = await exportOf(vault);
    const zip = unzipSync(new Uint8Array(await result.zip.arrayBuffer()));
    expect(zip["messages/For Emma/birthday.webm"]).toEqual(vault.video);
    const md = new TextDecoder().decode(zip["messages/For Emma.md"]);
    expect(md).toContain("# For Emma");
    expect(md).toContain("- For: emma@example.com");
    expect(md).toContain("- Delivered: On 3 May 2031");
    expect(md).toContain("When Emma turns 18");
    expect(md).toContain("[Video](<For Emma/birthday.webm>)");
    expect(md).toContain("Hello Emma, happy birthday.");
    const readme = new TextDecoder().decode(zip["README.txt"]);
    expect(readme).toContain("Items: 1 passwords, 2 documents, 0 notes, 1 messages");
    expect(readme).toContain("messages/");
    expect(result.failures).not.toContainEqual(expect.stringContaining("For Emma"));
    expect(progress.at(-1)).toEqual({ done: 5, total: 5 });
  });

  it("seals the same ZIP as an encrypted archive (.lvault) when given a password", async () => {
    const vault = await fakeVault();
    const { result, progress } = await exportOf(vault, "Quiet-Lantern-Orchard-19");
    expect(result.fileName).toMatch(/^legacy-vault-export-\d{4}-\d{2}-\d{2}\.lvault$/);
    const sealed = new Uint8Array(await result.zip.arrayBuffer());
    expect(new TextDecoder().decode(sealed.subarray(0, 6))).toBe("LVAULT");
    expect(new TextDecoder("latin1").decode(sealed)).not.toContain("passwords.json");
    const zip = unzipSync(await openVaultArchive(sealed, "Quiet-Lantern-Orchard-19"));
    expect(zip["documents/will.pdf"]).toEqual(vault.pdf);
    expect(JSON.parse(new TextDecoder().decode(zip["passwords.json"])).items[0].password).toBe(
      "=1+1",
    );
    expect(progress.at(-1)).toEqual({ done: 4, total: 4, isSealing: true });
  });

  it("stops when canceled and hands over nothing", async () => {
    const { queryClient } = await fakeVault();
    const controller = new AbortController();
    const run = exportVault({
      queryClient,
      email: "ada@example.com",
      onProgress: (p) => {
        if (p.done === 1) controller.abort();
      },
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow(/abort/i);
  });
});
