import { PASSWORD_MSG } from "@common/assets/passwords";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { createAsset } from "../../api/create-asset";
import { assetsQueryKey } from "../../api/list-assets";
import { invalidateBeneficiaryKeys } from "../../beneficiary-wrap";
import { toPasswordContent } from "../password-form-schema";
import type { ImportRow } from "./check-import-rows";
import { runImport } from "./run-import";

/** What became of one row: its new item's id, or the reason it was not saved. */
export type ImportOutcome = { row: ImportRow; id: string | null; error: string | null };

export type ImportRun = {
  done: number;
  total: number;
  /** Each row's outcome in the file's order, once finished. */
  outcomes: ImportOutcome[];
  isRunning: boolean;
  isFinished: boolean;
};

const idle: ImportRun = { done: 0, total: 0, outcomes: [], isRunning: false, isFinished: false };

/** Rows saved at once after the first: the requests overlap, the server sees ordinary creates. */
const AT_ONCE = 4;

/**
 * Saves the chosen rows through createAsset, the one way the password form saves (encrypted in
 * the browser, the content key wrapped for the beneficiary), by runImport: the first alone (it may
 * make the beneficiary's key), the rest AT_ONCE at a time. A row that fails is recorded with its
 * message and the others go on; the lists are refreshed once, at the end.
 */
export function useImportPasswords() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>(idle);

  const save = async (row: ImportRow, beneficiaryEmails: string[]): Promise<ImportOutcome> => {
    if (!row.values) return { row, id: null, error: row.problem };
    try {
      const { asset } = await createAsset(queryClient, {
        type: "password",
        title: row.values.title,
        beneficiaryEmails,
        content: toPasswordContent({ ...row.values, beneficiaryEmails }),
      });
      return { row, id: asset.id, error: null };
    } catch (err) {
      return { row, id: null, error: errorMessage(err, PASSWORD_MSG.saveFailed) };
    }
  };

  const start = async (rows: ImportRow[], beneficiaryEmails: string[]) => {
    setRun({ ...idle, total: rows.length, isRunning: true });
    const outcomes = await runImport(rows, (row) => save(row, beneficiaryEmails), {
      atOnce: AT_ONCE,
      onDone: (done) => setRun((r) => ({ ...r, done })),
    });
    void invalidateBeneficiaryKeys(queryClient);
    await queryClient.invalidateQueries({ queryKey: assetsQueryKey });
    setRun((r) => ({ ...r, outcomes, isRunning: false, isFinished: true }));
  };

  return { run, start, reset: () => setRun(idle) };
}
