import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MSG } from "@common/auth";
import { setNewPasswordFormSchema } from "@common/auth-schemas";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { TransferProgress } from "@/features/assets/components/transfer-progress";
import { saveBlob } from "@/features/assets/save-blob";
import { errorMessage } from "@/lib/api-client";
import { isCommonPassword } from "@/lib/common-passwords";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import type { ExportProgress } from "../export-vault";
import { useExportVault } from "../use-export-vault";
import {
  ExportFormatField,
  type ArchivePasswordForm,
  type ExportFormat,
} from "./export-format-field";

const FAILED = "Your vault could not be exported. Nothing was saved; try again.";
type Outcome = { variant: "success" | "warning" | "info" | "destructive"; text: string };

/**
 * "Export your vault" (issue 15): the whole vault as one ZIP, decrypted and zipped in this browser
 * (the server sends ciphertext only, as for every screen), or that ZIP sealed as an encrypted
 * archive under a password typed twice (decision 055). Shows items done of all, can be canceled,
 * and names the archive's gaps (README.txt lists them).
 */
export function ExportVaultCard({ email }: { email: string }) {
  const exporter = useExportVault();
  const [format, setFormat] = useState<ExportFormat>("zip");
  const form = useForm<ArchivePasswordForm>({
    resolver: zodResolver(setNewPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const abort = useRef<AbortController | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const isRunning = progress !== null;
  useEffect(() => () => abort.current?.abort(), []);
  // Focus follows the one button there is: Cancel while it runs, Export again after.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (isRunning) cancelRef.current?.focus();
    else if (wasRunning.current) startRef.current?.focus();
    wasRunning.current = isRunning;
  }, [isRunning]);

  const start = async (archivePassword?: string) => {
    const controller = new AbortController();
    abort.current = controller;
    setOutcome(null);
    setProgress({ done: 0, total: 0 });
    try {
      const { zip, fileName, failures } = await exporter.mutateAsync({
        email,
        signal: controller.signal,
        archivePassword,
        onProgress: (p) => {
          if (!controller.signal.aborted) setProgress(p);
        },
      });
      saveBlob(zip, fileName);
      toast.success("Your vault was exported");
      // Not form.reset(): it resets the native form too, and with it the format's radio group.
      if (archivePassword !== undefined)
        for (const field of ["newPassword", "confirmPassword"] as const) form.setValue(field, "");
      setOutcome(
        failures.length
          ? {
              variant: "warning",
              text: `Saved as ${fileName}, without ${formatCount(failures.length, "item")} that could not be opened or downloaded: README.txt in the archive lists them.`,
            }
          : {
              variant: "success",
              text:
                archivePassword === undefined
                  ? `Saved as ${fileName}. Keep it safe: it is not encrypted.`
                  : `Saved as ${fileName}, encrypted. Keep the password somewhere safe: without it the archive cannot be opened.`,
            },
      );
    } catch (err) {
      setOutcome(
        controller.signal.aborted
          ? { variant: "info", text: "Export canceled. Nothing was saved." }
          : {
              variant: "destructive",
              text: errorMessage(err, FAILED),
            },
      );
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const exportArchive = async ({ newPassword }: ArchivePasswordForm) => {
    if (await isCommonPassword(newPassword).catch(() => false))
      return form.setError(
        "newPassword",
        { message: AUTH_MSG.commonPassword },
        { shouldFocus: true },
      );
    await start(newPassword);
  };
  const onSubmit = (event: FormEvent) => {
    if (abort.current) return event.preventDefault(); // running: only Cancel acts
    if (format === "archive") return void form.handleSubmit(exportArchive)(event);
    event.preventDefault();
    void start();
  };

  const label = progress?.isSealing
    ? "Encrypting the archive..."
    : progress?.total
      ? `Exporting your vault: ${formatCount(progress.done)} of ${formatCount(progress.total, "item")}`
      : "Opening your vault...";
  return (
    <Card role="region" aria-labelledby="export-title">
      <CardHeader>
        <h2 id="export-title" className="text-lg font-semibold">
          Export your vault
        </h2>
        <CardDescription>
          Download everything you stored as one ZIP file: your passwords (also as a CSV that other
          password managers import), your documents, and your notes with their recordings and
          attachments. It is made in this browser. A plain ZIP is <strong>not encrypted</strong>:
          anyone who has the file can read all of it. An encrypted archive needs the password you
          choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Always mounted: its live region speaks the progress as it moves. */}
        <div className={isRunning ? "mb-4" : undefined}>
          <TransferProgress
            transfer={
              isRunning
                ? {
                    label,
                    fraction:
                      progress.total && !progress.isSealing ? progress.done / progress.total : null,
                  }
                : null
            }
          />
        </div>
        {!isRunning && outcome && (
          <Alert variant={outcome.variant} className="mb-4">
            {outcome.text}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ExportFormatField
            format={format}
            onFormatChange={(f) => {
              setFormat(f);
              form.clearErrors();
            }}
            form={form}
            disabled={isRunning}
            userInputs={[email]}
          />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {isRunning ? (
              <Button
                key="cancel"
                ref={cancelRef}
                type="button"
                variant="outline"
                onClick={() => abort.current?.abort()}
              >
                Cancel export
              </Button>
            ) : (
              <Button key="start" ref={startRef} type="submit">
                Export vault
              </Button>
            )}
            <Link
              to="/profile/inventory"
              className="text-sm text-link underline underline-offset-4"
            >
              Print an inventory of your vault
            </Link>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
