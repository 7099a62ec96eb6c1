import { readFileSync } from "node:fs";
import type { EvidencePublicKey } from "../common/release-evidence.js";
import { verifyEvidenceFile } from "../common/release-evidence-verify.js";
import { nodeEvidenceCrypto } from "./evidence-crypto.js";

/**
 * npm run verify-evidence -- FILE (--key PUBLIC_KEY.json | --server https://vault.example.com)
 *
 * Says whether a release evidence file is intact, or names the first entry that is not
 * (docs/decisions/079). The public key is the server's: the JSON that GET
 * /api/release-evidence/public-key answers, saved to a file or fetched from the server named.
 * Exit status: 0 intact, 1 not intact, 2 the command could not check.
 */
const USAGE =
  "Usage: npm run verify-evidence -- FILE (--key PUBLIC_KEY.json | --server https://vault.example.com)";

async function publicKeyFrom(args: string[]): Promise<EvidencePublicKey> {
  const at = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const keyFile = at("--key");
  if (keyFile) return JSON.parse(readFileSync(keyFile, "utf8")) as EvidencePublicKey;
  const server = at("--server");
  if (!server) throw new Error(USAGE);
  const response = await fetch(new URL("/api/release-evidence/public-key", server));
  if (!response.ok) throw new Error(`${server} answered ${response.status} for its public key`);
  return (await response.json()) as EvidencePublicKey;
}

async function main(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || file.startsWith("--")) throw new Error(USAGE);
  const publicKey = await publicKeyFrom(args.slice(1));
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    raw = null;
  }
  const verdict = await verifyEvidenceFile(raw, { crypto: nodeEvidenceCrypto, publicKey });
  if (verdict.isIntact) {
    const { certificate } = verdict;
    console.log(`INTACT: ${verdict.message}`);
    console.log(
      `Entries ${certificate.range.first}-${certificate.range.last} of ${certificate.owner.name}'s release log, for ${
        certificate.for.type === "firm" ? certificate.for.firmName : certificate.for.email
      }, issued ${certificate.issuedAt} by ${certificate.issuer}.`,
    );
    return 0;
  }
  console.log(`NOT INTACT: ${verdict.message}`);
  if (verdict.firstBadSeq !== null)
    console.log(`First entry that is not intact: ${verdict.firstBadSeq}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
