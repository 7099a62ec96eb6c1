import { beforeAll, describe, expect, it } from "vitest";
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
import {
  evidenceKeyId,
  verifyEvidenceFile,
  type EvidenceCrypto,
} from "./release-evidence-verify.js";

/** WebCrypto, as in the browser and in Node alike: the checker itself is handed its primitives. */
const { subtle } = globalThis.crypto;
const webCrypto: EvidenceCrypto = {
  sha256: async (bytes) => new Uint8Array(await subtle.digest("SHA-256", bytes)),
  verifyEd25519: async ({ jwk, message, signature }) =>
    subtle.verify(
      "Ed25519",
      await subtle.importKey("jwk", jwk, "Ed25519", false, ["verify"]),
      signature,
      message,
    ),
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

type Key = {
  pub: EvidencePublicKey;
  signCertificate: (c: EvidenceCertificate) => Promise<string>;
};
async function newKey(): Promise<Key> {
  type WebKey = Awaited<ReturnType<typeof subtle.importKey>>;
  const pair = (await subtle.generateKey("Ed25519", true, ["sign", "verify"])) as {
    publicKey: WebKey;
    privateKey: WebKey;
  };
  const x = (await subtle.exportKey("jwk", pair.publicKey)).x ?? "";
  const jwk = { kty: "OKP" as const, crv: "Ed25519" as const, x };
  const pub: EvidencePublicKey = { jwk, keyId: await evidenceKeyId(webCrypto, jwk) };
  const signCertificate = async (c: EvidenceCertificate) =>
    toBase64(await subtle.sign("Ed25519", pair.privateKey, utf8(canonicalJson(c))));
  return { pub, signCertificate };
}
let server: Key;
beforeAll(async () => {
  server = await newKey();
});

const sha256 = async (text: string) => toHex(await subtle.digest("SHA-256", utf8(text)));

/** A file of `n` entries chained and signed as the server does; `isWhole(seq)` false keeps only the link. */
async function buildFile(
  n: number,
  isWhole: (seq: number) => boolean = () => true,
): Promise<EvidenceFile> {
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
    const hash = await sha256(entryHashInput(prevHash, canonicalJson(entry)));
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
  return { certificate, signature: await server.signCertificate(certificate), entries };
}

const check = (file: unknown, publicKey = server.pub) =>
  verifyEvidenceFile(JSON.parse(JSON.stringify(file)), { crypto: webCrypto, publicKey });

describe("verifyEvidenceFile", () => {
  it("says an intact file is intact, whole or with other parties' entries as links only", async () => {
    expect(await check(await buildFile(5))).toMatchObject({ isIntact: true, entries: 5 });
    expect(await check(await buildFile(5, (seq) => seq % 2 === 0))).toMatchObject({
      isIntact: true,
    });
    expect(await check(await buildFile(0))).toMatchObject({ isIntact: true, entries: 0 });
  });

  it("names an entry whose content was changed", async () => {
    const file = await buildFile(5);
    const third = file.entries[2]?.entry;
    if (!third) throw new Error("no third entry");
    third.data = { ...third.data, daysBefore: 30 };
    expect(await check(file)).toMatchObject({ isIntact: false, firstBadSeq: 3 });
  });

  it("names an entry changed together with its own hash: the next one no longer follows it", async () => {
    const file = await buildFile(5);
    const [, second] = file.entries;
    if (!second?.entry) throw new Error("no second entry");
    second.entry.at = "2025-12-31T00:00:00.000Z";
    second.hash = await sha256(entryHashInput(second.prevHash, canonicalJson(second.entry)));
    expect(await check(file)).toMatchObject({ isIntact: false, firstBadSeq: 2 });
  });

  it("names an entry that was removed, in the middle or at the end", async () => {
    const middle = await buildFile(5);
    middle.entries.splice(1, 1);
    expect(await check(middle)).toMatchObject({ isIntact: false, firstBadSeq: 2 });
    const end = await buildFile(5);
    end.entries.pop();
    expect(await check(end)).toMatchObject({ isIntact: false, firstBadSeq: 5 });
  });

  it("refuses a signature made over other bytes, and a certificate of another key", async () => {
    const file = await buildFile(3);
    const other = await buildFile(4);
    expect(
      await check({ ...file, signature: await server.signCertificate(other.certificate) }),
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
    expect(await check(file, (await newKey()).pub)).toMatchObject({
      isIntact: false,
      message: RELEASE_EVIDENCE_MSG.otherKey,
    });
  });

  it("says a file that is not one is not, without throwing", async () => {
    for (const raw of [null, "x", { entries: [] }, { ...(await buildFile(1)), signature: 5 }])
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
