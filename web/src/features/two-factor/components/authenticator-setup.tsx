import { AUTHENTICATOR_CODE_LENGTH, TWO_FACTOR_MSG } from "@common/two-factor";
import { AUTH_MSG } from "@common/auth";
import { useState, type FormEvent } from "react";
import { QrCode } from "@/components/qr-code";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VerificationCodeField } from "@/components/verification-code-field";
import { errorMessage } from "@/lib/api-client";
import { useConfirmAuthenticator } from "../api/confirm-authenticator";

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Step two of adding an authenticator app: scan (or type the key), then give the app's first code. */
export function AuthenticatorSetup({
  uri,
  secret,
  onConfirmed,
  onCancel,
}: {
  uri: string;
  secret: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const confirm = useConfirmAuthenticator();
  const isComplete = code.length === AUTHENTICATOR_CODE_LENGTH;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isComplete) return setError(AUTH_MSG.mfaCodeShort);
    setError(undefined);
    confirm.mutate(code, {
      onSuccess: onConfirmed,
      onError: (err) => {
        setError(errorMessage(err, AUTH_MSG.mfaFailed));
        setCode("");
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 text-sm">
      <p>{TWO_FACTOR_MSG.scanQr}</p>
      <QrCode
        text={uri}
        label="QR code for your authenticator app"
        className="size-48 rounded-md border border-border"
      />
      <dl className="grid gap-1">
        <dt className="font-medium text-foreground-soft">{TWO_FACTOR_MSG.secretLabel}</dt>
        <dd
          className="font-mono text-base font-semibold tracking-wider wrap-anywhere"
          data-testid="authenticator-key"
        >
          {grouped(secret)}
        </dd>
      </dl>
      <VerificationCodeField hint={TWO_FACTOR_MSG.enterAppCode} value={code} onChange={setCode} />
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isComplete || confirm.isPending}>
          {confirm.isPending ? "Verifying..." : "Verify code"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
