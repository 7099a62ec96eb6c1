import { PLAYBOOK_SOURCE_PATTERN, type WorkspaceKeyView } from "@common/executor-tasks";
import { describe, expect, it } from "vitest";
import { randomShare } from "@/lib/crypto/beneficiary-keys";
import { DecryptError, toBase64 } from "@/lib/crypto/vault-crypto";
import {
  needsAccessKey,
  openNote,
  openProof,
  openWorkspace,
  playbookSourceId,
  sealNote,
  sealProof,
  WrongWorkspaceKeyError,
} from "./workspace-key";

const ownerId = "owner-1";
const keyId = "8a1c2d3e-0000-4000-8000-000000000001";
const serverShare = toBase64(randomShare());

/** The first executor's browser makes WK; returns it with the wrap the server would keep. */
async function made(accessKey: Uint8Array) {
  let wrappedKey = "";
  const ws = await openWorkspace({
    ownerId,
    view: { state: "create", beneficiaryKeyId: keyId, serverShare, escrowShare: null },
    accessKey,
    save: async (input) => {
      expect(input.beneficiaryKeyId).toBe(keyId);
      wrappedKey = input.wrappedKey;
    },
  });
  const wrapped: WorkspaceKeyView = {
    state: "wrapped",
    key: {
      kind: "beneficiary-key",
      beneficiaryKeyId: keyId,
      serverShare,
      escrowShare: null,
      wrappedKey,
    },
  };
  return { ws, wrapped };
}

const reopen = (view: WorkspaceKeyView, accessKey: Uint8Array | undefined, owner = ownerId) =>
  openWorkspace({
    ownerId: owner,
    view,
    accessKey,
    save: () => Promise.reject(new Error("a wrapped key is never saved again")),
  });

describe("the executor's workspace key (decision 099)", () => {
  it("is made once, wrapped under the access key, and reopens from its wrap to read the same notes", async () => {
    const accessKey = randomShare();
    const { ws, wrapped } = await made(accessKey);
    const note = await sealNote(ws, "task-1", "Sort code 12-34-56");
    const again = await reopen(wrapped, accessKey);
    expect(await openNote(again, "task-1", note)).toBe("Sort code 12-34-56");
    // a note moved onto another task does not open
    await expect(openNote(again, "task-2", note)).rejects.toThrow(DecryptError);
  });

  it("does not open with another access key, for another owner, or with no key", async () => {
    const accessKey = randomShare();
    const { wrapped } = await made(accessKey);
    await expect(reopen(wrapped, randomShare())).rejects.toThrow(WrongWorkspaceKeyError);
    await expect(reopen(wrapped, accessKey, "owner-2")).rejects.toThrow(WrongWorkspaceKeyError);
    await expect(reopen(wrapped, undefined)).rejects.toThrow(WrongWorkspaceKeyError);
    expect(needsAccessKey(wrapped, undefined)).toBe(true);
    expect(needsAccessKey(wrapped, accessKey)).toBe(false);
  });

  it("opens with the escrowed share alone when the owner let the service hold the access key", async () => {
    const accessKey = randomShare();
    const { wrapped } = await made(accessKey);
    if (wrapped.state !== "wrapped") throw new Error("not wrapped");
    const escrowed: WorkspaceKeyView = {
      state: "wrapped",
      key: { ...wrapped.key, escrowShare: toBase64(accessKey) },
    };
    expect(needsAccessKey(escrowed, undefined)).toBe(false);
    await expect(reopen(escrowed, undefined)).resolves.toBeDefined();
    // a changed escrowed share is damage, not a wrong key to ask for again
    const damaged: WorkspaceKeyView = {
      state: "wrapped",
      key: { ...wrapped.key, escrowShare: toBase64(randomShare()) },
    };
    await expect(reopen(damaged, undefined)).rejects.toThrow(DecryptError);
  });

  it("is not saved when the key cannot be made, and a failed save hands back no key", async () => {
    await expect(
      openWorkspace({
        ownerId,
        view: { state: "create", beneficiaryKeyId: keyId, serverShare, escrowShare: null },
        accessKey: randomShare(),
        save: () => Promise.reject(new Error("409")),
      }),
    ).rejects.toThrow("409");
    await expect(reopen({ state: "not-shared" }, randomShare())).rejects.toThrow(
      WrongWorkspaceKeyError,
    );
  });

  it("seals a platform's reference: the same for the same key, another for another key or platform", async () => {
    const a = (await made(randomShare())).ws;
    const b = (await made(randomShare())).ws;
    const fb = await playbookSourceId(a, "facebook");
    expect(fb).toMatch(PLAYBOOK_SOURCE_PATTERN);
    expect(await playbookSourceId(a, "facebook")).toBe(fb);
    expect(await playbookSourceId(a, "google")).not.toBe(fb);
    expect(await playbookSourceId(b, "facebook")).not.toBe(fb);
  });

  it("seals a proof with its name and type, bound to its task and proof, and refuses changed bytes", async () => {
    const { ws } = await made(randomShare());
    const ids = { taskId: "task-1", proofId: "proof-1" };
    const file = new File(["Closure letter from the bank"], "closure letter.pdf", {
      type: "application/pdf",
    });
    const sealed = new Uint8Array(await (await sealProof(ws, ids, file)).arrayBuffer());
    expect(new TextDecoder().decode(sealed)).not.toContain("closure letter");
    const opened = await openProof(ws, ids, sealed);
    expect(opened.name).toBe("closure letter.pdf");
    expect(opened.blob.type).toBe("application/pdf");
    expect(await opened.blob.text()).toBe("Closure letter from the bank");
    await expect(openProof(ws, { ...ids, proofId: "proof-2" }, sealed)).rejects.toThrow(
      DecryptError,
    );
    const changed = sealed.slice();
    changed[20] = changed[20]! ^ 1;
    await expect(openProof(ws, ids, changed)).rejects.toThrow(DecryptError);
  });
});
