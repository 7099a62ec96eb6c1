import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { GENESIS_HASH, canonicalJson, entryHashInput } from "../common/release-evidence.js";
import { createEvidenceSigner } from "../server/crypto/evidence-key.js";
import { presentEvidenceFile } from "../server/release-evidence/present.js";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "lv-verify-evidence-"));
const signer = createEvidenceSigner(randomBytes(32));

/** A three-entry chain as the server stores it, presented and signed for a firm. */
function rows() {
  let prevHash = GENESIS_HASH;
  return [1, 2, 3].map((seq) => {
    const entry = canonicalJson({
      seq,
      kind: "reminder_sent",
      at: "2026-01-01T00:00:00.000Z",
      releaseId: null,
      actor: { type: "system" },
      data: { daysBefore: seq },
    });
    const hash = createHash("sha256").update(entryHashInput(prevHash, entry)).digest("hex");
    const row = {
      ownerId: "owner-1",
      seq,
      releaseId: null,
      kind: "reminder_sent",
      at: new Date(0),
      beneficiaryEmail: null,
      entry,
      prevHash,
      hash,
    };
    prevHash = hash;
    return row;
  });
}

const file = presentEvidenceFile({
  rows: rows(),
  subject: { owner: { id: "owner-1", name: "Olive Owner" }, release: null },
  party: { type: "firm", firmId: "f", firmName: "Firm LLP" },
  issuer: "https://vault.example.com",
  issuedAt: new Date(0),
  signer,
});

function save(name: string, value: unknown) {
  const where = path.join(dir, name);
  writeFileSync(where, JSON.stringify(value));
  return where;
}
const keyFile = save("key.json", signer.publicKey);

async function verify(...args: string[]) {
  try {
    const { stdout } = await run("node", [
      "--import",
      "tsx",
      "scripts/verify-evidence.ts",
      ...args,
    ]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("npm run verify-evidence", () => {
  it("says an intact file is intact, and names the first entry of a changed one", async () => {
    const intact = await verify(save("intact.json", file), "--key", keyFile);
    expect(intact).toMatchObject({ code: 0 });
    expect(intact.out).toContain("INTACT: The file is intact");

    const changed = structuredClone(file);
    const second = changed.entries[1]?.entry;
    if (!second) throw new Error("no second entry");
    second.data = { daysBefore: 7 };
    const refused = await verify(save("changed.json", changed), "--key", keyFile);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.out).toContain("NOT INTACT: Entry 2 was changed");
    expect(refused.out).toContain("First entry that is not intact: 2");
  });

  it("refuses to check without the server's public key", async () => {
    const usage = await verify(save("no-key.json", file));
    expect(usage.code).toBe(2);
    expect(usage.out).toContain("Usage: npm run verify-evidence -- FILE");
  });
});
