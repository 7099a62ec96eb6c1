import { ESTATE_MSG } from "@common/assets/estate";
import type { EstateCsvEntry } from "@common/assets/estate-csv";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { createAsset } from "../api/create-asset";
import { assetsQueryKey } from "../api/list-assets";
import { runImport } from "../passwords/import/run-import";

/** A row that could not be saved, and why. */
export type EstateImportFailure = { row: number; title: string; message: string };
export type EstateImportRun = {
  done: number;
  total: number;
  failures: EstateImportFailure[];
  isRunning: boolean;
  isFinished: boolean;
};

const idle: EstateImportRun = {
  done: 0,
  total: 0,
  failures: [],
  isRunning: false,
  isFinished: false,
};
/** Entries saved at once: the requests overlap, the server sees ordinary creates. */
const AT_ONCE = 4;

/**
 * Saves each entry read from the CSV through createAsset, the one way the form saves (sealed in
 * the browser), AT_ONCE at a time; one that fails is recorded with its row and the others go on.
 * The lists are refreshed once, at the end.
 */
export function useImportEstate() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<EstateImportRun>(idle);
  const save = async (entry: EstateCsvEntry): Promise<EstateImportFailure | null> => {
    try {
      await createAsset(queryClient, {
        type: "estate",
        title: entry.title,
        beneficiaryEmails: [],
        content: entry.content,
      });
      return null;
    } catch (err) {
      return {
        row: entry.row,
        title: entry.title,
        message: errorMessage(err, ESTATE_MSG.saveFailed),
      };
    }
  };
  const start = async (entries: EstateCsvEntry[]) => {
    setRun({ ...idle, total: entries.length, isRunning: true });
    const results = await runImport(entries, save, {
      atOnce: AT_ONCE,
      onDone: (done) => setRun((r) => ({ ...r, done })),
    });
    await queryClient.invalidateQueries({ queryKey: assetsQueryKey });
    setRun((r) => ({
      ...r,
      failures: results.filter((f): f is EstateImportFailure => f !== null),
      isRunning: false,
      isFinished: true,
    }));
  };
  return { run, start };
}
