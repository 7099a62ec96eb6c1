import { zodResolver } from "@hookform/resolvers/zod";
import { KEYS_MSG } from "@common/keys";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { AccessKeyInput } from "@/components/access-key-input";
import { readAccessKeyEntry, rememberAccessKey } from "../access-keys";
import {
  openLegacyItemDetail,
  type AccessKeyNeededError,
  type OpenedLegacyItem,
} from "../api/get-item";
import { WrongAccessKeyError } from "../item-key";

const accessKeyFormSchema = z.object({
  accessKey: z.string().trim().min(1, KEYS_MSG.accessKeyNeeded),
});

/**
 * "Access key" for an item wrapped with a beneficiary key that the service does not hold: the
 * whole link or the key as the owner gave it. The key is tried on this item in the browser; a key
 * that opens it is kept for this tab's life for every item of the same beneficiary key (decision
 * 075; `onOpened` gets the item); one that does not is refused with nothing shown. `onDamaged`: the key opened the item's
 * key but its content failed (show the item's error).
 */
export function AccessKeyForm({
  needed,
  onOpened,
  onDamaged,
}: {
  needed: AccessKeyNeededError;
  onOpened: (opened: OpenedLegacyItem) => void;
  onDamaged: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(accessKeyFormSchema),
    defaultValues: { accessKey: "" },
  });
  const { setError } = form;
  const refuse = () =>
    setError("accessKey", { message: KEYS_MSG.accessKeyInvalid }, { shouldFocus: true });

  // The key that came with the link did not open this item: say so at once.
  useEffect(() => {
    if (needed.isWrongKey) setError("accessKey", { message: KEYS_MSG.accessKeyInvalid });
  }, [needed.isWrongKey, setError]);

  const onSubmit = form.handleSubmit(async ({ accessKey }) => {
    const entry = readAccessKeyEntry(accessKey, needed.keyId);
    if (entry === null || entry === "other-key") return refuse();
    let opened: OpenedLegacyItem;
    try {
      opened = await openLegacyItemDetail(needed.detail, entry.accessKey);
    } catch (err) {
      if (err instanceof WrongAccessKeyError) return refuse();
      rememberAccessKey(entry.keyId, entry.accessKey);
      return onDamaged();
    }
    rememberAccessKey(entry.keyId, entry.accessKey);
    onOpened(opened);
  });

  const { ownerName } = needed.detail;
  const isOpening = form.formState.isSubmitting;
  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <p>{KEYS_MSG.accessKeyNeeded}</p>
          <FormField
            label="Access key"
            error={form.formState.errors.accessKey?.message}
            hint={
              <>
                <span className="wrap-anywhere">{ownerName}</span>, who left you this item, gave you
                the access key: as a link, a QR code or a printed sheet. Paste the whole link, or
                type the key. It stays in this browser tab, also when you reload it, and is never
                sent to us. Another tab or browser asks for it again.
              </>
            }
          >
            <AccessKeyInput {...form.register("accessKey")} />
          </FormField>
          <Button type="submit" disabled={isOpening} className="w-full sm:w-fit">
            {isOpening ? "Opening..." : "Open"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
