import type { EvidenceVerdict } from "@common/release-evidence-verify";
import { verifyEvidenceFile } from "@common/release-evidence-verify";
import { useId, useState, type ChangeEvent } from "react";
import { LoadError } from "@/components/load-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Label } from "@/components/ui/label";
import { webEvidenceCrypto } from "@/lib/crypto/evidence-crypto";
import { formatDateTime } from "@/lib/format";
import { useReleaseEvidencePublicKey } from "../api/get-release-evidence-public-key";

/** Files larger than this are not release evidence (a chain of thousands of entries is a few MB). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Checked = { fileName: string; verdict: EvidenceVerdict };

/** Reads the chosen file and checks it here, in the browser, against the server's published key. */
export function VerifyEvidencePanel() {
  const publicKey = useReleaseEvidencePublicKey();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const inputId = useId();

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file || !publicKey.data) return;
    setIsChecking(true);
    setChecked(null);
    let raw: unknown = null;
    if (file.size <= MAX_FILE_BYTES) {
      try {
        raw = JSON.parse(await file.text());
      } catch {
        raw = null;
      }
    }
    const verdict = await verifyEvidenceFile(raw, {
      crypto: webEvidenceCrypto,
      publicKey: publicKey.data,
    });
    setChecked({ fileName: file.name, verdict });
    setIsChecking(false);
  }

  if (publicKey.isError)
    return (
      <LoadError onRetry={() => void publicKey.refetch()} isRetrying={publicKey.isFetching}>
        The server&apos;s public key could not be loaded.
      </LoadError>
    );
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={inputId}>Release evidence file (.json)</Label>
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          disabled={!publicKey.data || isChecking}
          onChange={(e) => void onChoose(e)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        {publicKey.data && (
          <p className="break-all text-xs text-muted-foreground">
            Checked with the server&apos;s Ed25519 key {publicKey.data.keyId.slice(0, 16)}…
          </p>
        )}
      </div>
      {isChecking && <p className="text-sm text-muted-foreground">Checking…</p>}
      {checked && <Verdict {...checked} />}
    </div>
  );
}

function Verdict({ fileName, verdict }: Checked) {
  if (!verdict.isIntact)
    return (
      <Alert variant="destructive" data-testid="evidence-verdict">
        <AlertTitle>Not intact</AlertTitle>
        <AlertDescription className="space-y-1">
          <p className="break-all">{fileName}</p>
          <p>{verdict.message}</p>
          {verdict.firstBadSeq !== null && (
            <p className="font-medium">First entry that is not intact: {verdict.firstBadSeq}</p>
          )}
        </AlertDescription>
      </Alert>
    );
  const { certificate } = verdict;
  const party = certificate.for.type === "firm" ? certificate.for.firmName : certificate.for.email;
  return (
    <Alert variant="success" data-testid="evidence-verdict">
      <AlertTitle>Intact</AlertTitle>
      <AlertDescription className="space-y-1">
        <p className="break-all">{fileName}</p>
        <p>{verdict.message}</p>
        <p>
          Entries {certificate.range.first}–{certificate.range.last} of the release log of{" "}
          {certificate.owner.name}, issued to <span className="break-all">{party}</span> on{" "}
          {formatDateTime(new Date(certificate.issuedAt))}.
        </p>
      </AlertDescription>
    </Alert>
  );
}
