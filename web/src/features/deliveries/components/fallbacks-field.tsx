import { emailSchema } from "@common/auth-schemas";
import {
  DELIVERY_CLAIM_DAYS,
  DELIVERY_FALLBACKS_MAX,
  DELIVERY_MSG,
  fallbacksSavedLabel,
  type DeliveryClaimDays,
  type DeliveryView,
} from "@common/deliveries";
import { ArrowUp, X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useOpenedItem } from "@/features/assets/components/item-access";
import { errorMessage } from "@/lib/api-client";
import { normalizeEmail } from "@/lib/keys/pending-items";
import { useSaveFallbacks } from "../api/save-fallbacks";

const HINT =
  "If the people who receive this item have not opened it within this time, it goes to the next person in turn. Their key is made here, in your browser.";

const same = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);

type OpenedItem = NonNullable<ReturnType<typeof useOpenedItem>>;

/**
 * "If nobody claims it" (decision 096): up to three people in turn, and how long each has to
 * claim the item, under its delivery choice. Only on a saved item's screen (its key is wrapped
 * for each person); saved with its own button, apart from the item's Save.
 */
export function FallbacksField({ view }: { view: DeliveryView }) {
  const item = useOpenedItem();
  if (!item) return null;
  return <FallbacksForm item={item} view={view} />;
}

function FallbacksForm({ item, view }: { item: OpenedItem; view: DeliveryView }) {
  const savedEmails = [...view.fallbacks]
    .sort((a, b) => a.position - b.position)
    .map((f) => f.email);
  const [emails, setEmails] = useState(savedEmails);
  const [claimDays, setClaimDays] = useState<DeliveryClaimDays>(view.claimDays);
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const save = useSaveFallbacks();
  const isChanged = emails.join("\n") !== savedEmails.join("\n") || claimDays !== view.claimDays;
  const edit = (next: string[]) => {
    setEmails(next);
    setSaved(undefined);
    save.reset();
  };

  const add = () => {
    const parsed = emailSchema.safeParse(draft);
    const email = parsed.success ? parsed.data : "";
    const problem = !parsed.success
      ? (parsed.error.issues[0]?.message ?? "Enter an e-mail address")
      : emails.some((e) => same(e, email))
        ? DELIVERY_MSG.fallbackTwice
        : item.asset.beneficiaryEmails.some((e) => same(e, email))
          ? DELIVERY_MSG.fallbackIsBeneficiary
          : emails.length >= DELIVERY_FALLBACKS_MAX
            ? DELIVERY_MSG.tooManyFallbacks
            : undefined;
    setDraftError(problem);
    if (problem) return;
    edit([...emails, email]);
    setDraft("");
  };
  // inside the item's own form: Enter adds the person rather than saving the item
  const onDraftKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    add();
  };
  const onSave = () =>
    save.mutate(
      {
        asset: { id: item.asset.id, wrappedKey: item.wrappedKey },
        delayDays: view.delayDays,
        claimDays,
        emails,
      },
      { onSuccess: (next) => setSaved(fallbacksSavedLabel(next.fallbacks.length, next.claimDays)) },
    );

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{DELIVERY_MSG.fallbacksLegend}</legend>
      <FormField label={DELIVERY_MSG.claimLabel} hint={HINT}>
        <NativeSelect
          value={String(claimDays)}
          disabled={save.isPending}
          onChange={(e) => {
            setClaimDays(
              DELIVERY_CLAIM_DAYS.find((d) => String(d) === e.target.value) ?? claimDays,
            );
            setSaved(undefined);
          }}
        >
          {DELIVERY_CLAIM_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days each
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {emails.length > 0 && (
        <ol className="grid gap-1" aria-label="People in turn">
          {emails.map((email, i) => (
            <li key={email} className="flex min-h-11 items-center gap-2">
              <span className="min-w-0 flex-1 wrap-anywhere">
                {i + 1}. {email}
              </span>
              {i > 0 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Move ${email} up`}
                  disabled={save.isPending}
                  onClick={() =>
                    edit(emails.map((e, j) => (j === i - 1 ? email : j === i ? emails[i - 1]! : e)))
                  }
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${email}`}
                disabled={save.isPending}
                onClick={() => edit(emails.filter((e) => e !== email))}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {emails.length < DELIVERY_FALLBACKS_MAX && (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <FormField label={DELIVERY_MSG.fallbackAddLabel} error={draftError}>
            <Input
              type="email"
              autoComplete="off"
              value={draft}
              disabled={save.isPending}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onDraftKey}
            />
          </FormField>
          <Button type="button" variant="outline" disabled={save.isPending} onClick={add}>
            Add
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" disabled={!isChanged || save.isPending} onClick={onSave}>
          {save.isPending ? "Saving…" : "Save the people in turn"}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {saved}
        </p>
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(save.error, DELIVERY_MSG.fallbacksSaveFailed)}
        </p>
      )}
    </fieldset>
  );
}
