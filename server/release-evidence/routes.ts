import type { Context } from "hono";
import { Hono } from "hono";
import type { EvidenceFile, EvidencePublicKey } from "../../common/release-evidence.js";
import type { AppEnv } from "../http/context.js";
import { getEvidencePublicKey } from "./service.js";

/** The file as a download: never cached, named for its owner's chain and its last entry. */
export function evidenceDownload(c: Context, file: EvidenceFile) {
  c.header("Cache-Control", "no-store");
  c.header(
    "Content-Disposition",
    `attachment; filename="release-evidence-${file.certificate.range.last}.json"`,
  );
  return c.json(file);
}

/**
 * The server's public key (public: anyone checks a file with it). The downloads are served by the
 * domains that know who may have them: release (a firm admin's client) and legacy (a beneficiary).
 */
export const releaseEvidenceRoutes = new Hono<AppEnv>().get("/release-evidence/public-key", (c) =>
  c.json<EvidencePublicKey>(getEvidencePublicKey(c.var.deps)),
);
