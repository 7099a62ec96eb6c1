import { AUTH_MSG } from "@common/auth";
import { PASSKEY_MSG } from "@common/passkeys";
import { passkeyNameSchema } from "@common/passkeys-schemas";
import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreatePasskey } from "../api/create-passkey";

/**
 * "Add a passkey": its name and the password (asked again, as for every change of sign-in
 * protection), then the browser asks the device (fingerprint, face or PIN) to make the key.
 */
export function AddPasskeyForm({ email, onDone }: { email: string; onDone: () => void }) {
  const create = useCreatePasskey();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = passkeyNameSchema.safeParse(name);
    const next = {
      name: parsed.success ? undefined : parsed.error.issues[0]?.message,
      password: password ? undefined : AUTH_MSG.passwordRequired,
    };
    setErrors(next);
    if (!parsed.success || next.password) return;
    try {
      await create.mutateAsync({ email, password, name: parsed.data });
      toast.success(PASSKEY_MSG.added);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.message === AUTH_MSG.currentPasswordWrong)
        setErrors({ password: err.message });
      else setErrors({ form: errorMessage(err, PASSKEY_MSG.addFailed) });
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      {errors.form && (
        <Alert variant="destructive">
          <AlertDescription>{errors.form}</AlertDescription>
        </Alert>
      )}
      <FormField label={PASSKEY_MSG.nameLabel} hint={PASSKEY_MSG.nameHint} error={errors.name}>
        <Input autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField
        label="Password"
        hint="Enter your password to add a passkey."
        error={errors.password}
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Adding..." : "Add passkey"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
