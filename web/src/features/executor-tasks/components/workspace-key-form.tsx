import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { AccessKeyInput } from "@/components/access-key-input";
import type { AccessKeys } from "../use-workspace";

export const WORKSPACE_KEY_MSG = {
  needed: "Enter the access key you were given to open your workspace.",
  invalid: "This access key does not open the workspace. Check the link or key you were given.",
} as const;

const schema = z.object({ accessKey: z.string().trim().min(1, WORKSPACE_KEY_MSG.needed) });

/**
 * The executor's access key for the workspace, when this tab holds none (or the one it held did not
 * open it): tried on what was left under that key before it is kept for the tab, so that a
 * mistyped key never seals the workspace.
 */
export function WorkspaceKeyForm({
  keyId,
  ownerName,
  keys,
  isWrongKey,
}: {
  keyId: string;
  ownerName: string;
  keys: AccessKeys;
  isWrongKey: boolean;
}) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { accessKey: "" } });
  const { setError } = form;
  useEffect(() => {
    if (isWrongKey) setError("accessKey", { message: WORKSPACE_KEY_MSG.invalid });
  }, [isWrongKey, setError]);

  const onSubmit = form.handleSubmit(async ({ accessKey }) => {
    const key = keys.read(accessKey, keyId);
    if (!key || (await keys.check(keyId, key)) === false)
      return setError("accessKey", { message: WORKSPACE_KEY_MSG.invalid }, { shouldFocus: true });
    keys.remember(keyId, key);
  });

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <p>{WORKSPACE_KEY_MSG.needed}</p>
          <FormField
            label="Access key"
            error={form.formState.errors.accessKey?.message}
            hint={
              <>
                <span className="wrap-anywhere">{ownerName}</span> gave you the access key: as a
                link, a QR code or a printed sheet. Paste the whole link, or type the key. Your
                notes and proofs are sealed with it; it stays in this browser tab and is never sent
                to us.
              </>
            }
          >
            <AccessKeyInput {...form.register("accessKey")} />
          </FormField>
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-fit">
            {form.formState.isSubmitting ? "Opening…" : "Open the workspace"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
