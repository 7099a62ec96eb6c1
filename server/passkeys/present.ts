import type { PasskeyView } from "../../common/passkeys.js";
import type { OwnPasskeyRow } from "./queries.js";

/** A passkey as its owner sees it: its name and when it was added, never its key or credential id. */
export function presentPasskey(row: OwnPasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name ?? "Passkey",
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
  };
}
