import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeEvidenceCrypto } from "../scripts/evidence-crypto.js";
import {
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  GENESIS_HASH,
  RELEASE_EVIDENCE_MSG,
  canonicalJson,
  entryHashInput,
  type EvidenceCertificate,
  type EvidenceEntry,
  type EvidenceFile,
  type EvidencePublicKey,
} from "./release-evidence.js";
import { verifyEvidenceFile } from "./release-evidence-verify.js";

function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x ?? "";
  const keyId = createHash("sha256").update(Buffer.from(x, "base64url")).digest("hex");
  const pub: EvidencePublicKey = { jwk: { kty: "OKP", crv: "Ed25519", x }, keyId };
  const signCertificate = (c: EvidenceCertificate) =>
    sign(null, Buffer.from(canonicalJson(c)), privateKey).toString("base64");
  return { pub, signCertificate };
}
const server = newKey();

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A file of `n` entries chained and signed as the server does; `isWhole(seq)` false keeps only the link. */
function buildFile(n: number, isWhole: (seq: number) => boolean = () => true): EvidenceFile {
  const entries: EvidenceEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const entry = {
      seq,
      kind: seq === n ? "released" : "reminder_sent",
      at: new Date(Date.UTC(2026, 0, seq)).toISOString(),
      releaseId: null,
      actor: { type: "system" as const },
      data: { daysBefore: seq, note: "Zoë ✓" },
    };
    const hash = sha256(entryHashInput(prevHash, canonicalJson(entry)));
    entries.push(isWhole(seq) ? { seq, prevHash, hash, entry } : { seq, prevHash, hash });
    prevHash = hash;
  }
  const certificate: EvidenceCertificate = {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    issuer: "https://vault.example.com",
    issuedAt: "2026-02-01T00:00:00.000Z",
    for: { type: "beneficiary", email: "heir@example.com" },
    owner: { id: "owner-1", name: "Olive Owner" },
    release: {
      id: "8c1f4f7e-7a55-4c8e-9d7e-3c1f0a2b4d6e",
      status: "released",
      trigger: "inactivity",
    },
    range: { first: 1, last: n },
    lastHash: prevHash,
    keyId: server.pub.keyId,
  };
  return { certificate, signature: server.signCertificate(certificate), entries };
}

const check = (file: unknown, publicKey = server.pub) =>
  verifyEvidenceFile(JSON.parse(JSON.stringify(file)), { crypto: nodeEvidenceCrypto, publicKey });

describe("verifyEvidenceFile", () => {
  it("says an intact file is intact, whole or with other parties' entries as links only", async () => {
    expect(await check(buildFile(5))).toMatchObject({ isIntact: true, entries: 5 });
    expect(await check(buildFile(5, (seq) => seq % 2 === 0))).toMatchObject({ isIntact: true });
    expect(await check(buildFile(0))).toMatchObject({ isIntact: true, entries: 0 });
  });

  it("names an entry whose content was changed", async () => {
    const file = buildFile(5);
    const third = file.entries[2]?.entry;
    if (!third) throw new Error("no third entry");
    third.data = { ...third.data, daysBefore: 30 };
    expect(await check(file)).toMatchObject({ isIntact: false, firstBadSeq: 3 });
  });

  it("names an entry changed together with its own hash: the next one no longer follows it", async () => {
    const file = buildFile(5);
    const [, second] = file.entries;
    if (!second?.entry) throw new Error("no second entry");
    second.entry.at = "2025-12-31T00:00:00.000Z";
    second.hash = sha256(entryHashInput(second.prevHash, canonicalJson(second.entry)));
    expect(await check(file)).toMatchObject({ isIntact: false, firstBadSeq: 2 });
  });

  it("names an entry that was removed, in the middle or at the end", async () => {
    const middle = buildFile(5);
    middle.entries.splice(1, 1);
    expect(await check(middle)).toMatchObject({ isIntact: false, firstBadSeq: 2 });
    const end = buildFile(5);
    end.entries.pop();
    expect(await check(end)).toMatchObject({ isIntact: false, firstBadSeq: 5 });
  });

  it("refuses a signature made over other bytes, and a certificate of another key", async () => {
    const file = buildFile(3);
    const other = buildFile(4);
    expect(
      await check({ ...file, signature: server.signCertificate(other.certificate) }),
    ).toMatchObject({
      isIntact: false,
      firstBadSeq: null,
      message: RELEASE_EVIDENCE_MSG.badSignature,
    });
    expect(
      await check({
        ...file,
        certificate: { ...file.certificate, issuer: "https://evil.example" },
      }),
    ).toMatchObject({ isIntact: false, message: RELEASE_EVIDENCE_MSG.badSignature });
    expect(await check(file, newKey().pub)).toMatchObject({
      isIntact: false,
      message: RELEASE_EVIDENCE_MSG.otherKey,
    });
  });

  it("says a file that is not one is not, without throwing", async () => {
    for (const raw of [null, "x", { entries: [] }, { ...buildFile(1), signature: 5 }])
      expect(await check(raw)).toMatchObject({
        isIntact: false,
        message: RELEASE_EVIDENCE_MSG.notJson,
      });
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every depth, leaves out undefined and refuses fractions", () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: "é" }], u: undefined })).toBe(
      '{"a":[{"c":"é","d":null}],"b":1}',
    );
    expect(() => canonicalJson({ a: 1.5 })).toThrow(TypeError);
  });
});
