import { VAULT_LOCK_AFTER_MINUTES, type VaultLockAfter } from "@common/keys";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { useLockAfter, writeLockAfter } from "@/lib/keys/lock-preference";
import { ProfileCard } from "@/components/profile-card";

const label = (lockAfter: VaultLockAfter) =>
  lockAfter === null
    ? "Only when I close the tab"
    : lockAfter === 60
      ? "1 hour without activity"
      : `${lockAfter} minute${lockAfter === 1 ? "" : "s"} without activity`;

/**
 * "Lock the vault after…" (decision 046): how long this browser keeps the vault open without
 * activity before it asks for the password again. Saved at once, in this browser only.
 */
export function VaultLockCard({ userId }: { userId: string }) {
  const lockAfter = useLockAfter(userId);
  const [saved, setSaved] = useState<string>();
  return (
    <ProfileCard
      title="Vault lock"
      description="Your vault locks itself when you leave it: you stay signed in, and your password opens it again. Closing the tab always locks it. This choice applies to this browser."
    >
      <div className="grid max-w-sm gap-2">
        <FormField label="Lock the vault after…">
          <NativeSelect
            value={lockAfter === null ? "tab" : String(lockAfter)}
            onChange={(e) => {
              const next =
                VAULT_LOCK_AFTER_MINUTES.find((m) => String(m ?? "tab") === e.target.value) ?? null;
              writeLockAfter(userId, next);
              setSaved(
                next === null
                  ? "Saved: your vault locks only when you close the tab."
                  : `Saved: your vault locks after ${label(next)}.`,
              );
            }}
          >
            {VAULT_LOCK_AFTER_MINUTES.map((m) => (
              <option key={m ?? "tab"} value={m ?? "tab"}>
                {label(m)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <p role="status" className="text-sm text-muted-foreground">
          {saved}
        </p>
      </div>
    </ProfileCard>
  );
}
