import {
  FIRM_CODE_DEBOUNCE_MS,
  FIRM_CODE_INPUT_MIN,
  FIRM_CODE_MSG,
  type FirmSummaryView,
} from "@common/firm-codes";
import { useEffect } from "react";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useFirmLookup } from "./api/lookup-firm";

export type FirmCodeCheck = { isChecking: boolean; firm?: FirmSummaryView; error?: string };

/** A refused code ('Invalid firm code', too many tries) says why; a failed look-up is 'Error validating firm code'. */
const checkError = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500
    ? err.message
    : FIRM_CODE_MSG.codeValidationError;

/**
 * The join screen's live check (spec 01 §4): the code is looked up 500 ms after the last
 * keystroke once it has 3 or more characters; below 3 there is nothing to say.
 */
export function useFirmCodeCheck(code: string): FirmCodeCheck {
  const debounced = useDebouncedValue(code, FIRM_CODE_DEBOUNCE_MS);
  const isCurrent = code.length >= FIRM_CODE_INPUT_MIN && debounced === code;
  const lookup = useFirmLookup(debounced, isCurrent);
  const isSettled = isCurrent && !lookup.isFetching;
  const error = isSettled && lookup.isError ? checkError(lookup.error) : undefined;
  const isFailure = error === FIRM_CODE_MSG.codeValidationError;

  useEffect(() => {
    if (isFailure) toast.error(FIRM_CODE_MSG.codeValidationError, { id: "firm-code-check" });
  }, [isFailure]);

  return {
    isChecking: isCurrent && lookup.isFetching,
    firm: isSettled ? lookup.data : undefined,
    error,
  };
}
