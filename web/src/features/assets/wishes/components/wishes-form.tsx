import { zodResolver } from "@hookform/resolvers/zod";
import {
  WISHES_DISPOSITIONS,
  WISHES_DONATION,
  WISHES_MSG,
  WISHES_SECTIONS,
  WISHES_TITLE,
  openedWishes,
  type WishesSection,
} from "@common/assets/wishes";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAsset } from "@/features/assets/api/update-asset";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useFormDraft } from "../../form-draft";
import { useSetWishesChoice } from "../api/set-wishes-choice";
import {
  wishesContentOf,
  wishesFormDefaults,
  wishesFormSchema,
  type WishesFormInput,
  type WishesFormValues,
} from "../wishes-form-schema";

type Props = {
  opened?: OpenedAsset<"wishes">;
  opensAtReport?: boolean;
  onSaved: (id: string) => void;
  onCancel?: () => void;
};

const HINTS: Record<WishesSection, string> = {
  place: "A cemetery, a crematorium, where your ashes should go.",
  ceremony: "Religious or not, large or small, who should lead it, what to wear.",
  music: "Songs or pieces to play, and when.",
  readings: "Poems, passages or prayers, and who might read them.",
  callFirst: "The people to tell first, with a phone number if you can.",
  decider: "The person who settles anything these wishes do not cover.",
  other: "Flowers or donations, a gathering afterwards, anything else.",
};

const WHEN = [
  {
    value: "report",
    label: "As soon as my death is confirmed",
    description: WISHES_MSG.opensAtReportHint,
  },
  { value: "release", label: "With everything else", description: WISHES_MSG.opensAtReportOff },
] as const;

/**
 * Write or change the final wishes (decision 097): each section of the directive, who may read it,
 * and whether they may read it as soon as a death is confirmed. Sealed in this browser before it is
 * sent; the choice is saved after the item.
 */
export function WishesForm({ opened, opensAtReport, onSaved, onCancel }: Props) {
  const form = useForm<WishesFormInput, unknown, WishesFormValues>({
    resolver: zodResolver(wishesFormSchema),
    defaultValues: wishesFormDefaults(
      opened && {
        content: openedWishes(opened.content),
        beneficiaryEmails: opened.asset.beneficiaryEmails,
        opensAtReport: opensAtReport ?? false,
      },
    ),
  });
  const draft = useFormDraft<WishesFormInput, null>(form);
  const create = useCreateAsset<"wishes">();
  const update = useUpdateAsset<"wishes">();
  const choose = useSetWishesChoice();
  const [serverError, setServerError] = useState<string>();
  const [isSaved, setIsSaved] = useState(false);
  const { errors, isSubmitting, isDirty } = form.formState;
  useWarnOnLeave(isDirty && !isSubmitting && !isSaved);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const content = wishesContentOf(values);
    try {
      let id: string;
      if (opened) {
        id = opened.asset.id;
        await update.mutateAsync({
          id,
          title: WISHES_TITLE,
          beneficiaryEmails: values.beneficiaryEmails,
          previousBeneficiaryEmails: opened.asset.beneficiaryEmails,
          contentKey: opened.contentKey,
          wrappedKey: opened.wrappedKey,
          content,
        });
      } else {
        const made = await create.mutateAsync({
          type: "wishes",
          title: WISHES_TITLE,
          beneficiaryEmails: values.beneficiaryEmails,
          content,
        });
        id = made.asset.id;
      }
      if (!opened || values.opensAtReport !== opensAtReport)
        await choose.mutateAsync({ id, opensAtReport: values.opensAtReport });
      setIsSaved(true);
      toast.success(WISHES_MSG.saved);
      onSaved(id);
    } catch (err) {
      setServerError(errorMessage(err, WISHES_MSG.saveFailed));
    }
  });

  const text = (id: WishesSection, rows = 3) => (
    <FormField label={WISHES_SECTIONS[id]} hint={HINTS[id]} error={errors[id]?.message}>
      <Textarea rows={rows} {...form.register(id)} />
    </FormField>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Burial or cremation" error={errors.disposition?.message}>
        <NativeSelect {...form.register("disposition")}>
          <option value="">Not decided: let them choose</option>
          {Object.entries(WISHES_DISPOSITIONS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {text("place", 2)}
      {text("ceremony")}
      {text("music")}
      {text("readings")}
      <FormField label="Organ donation" error={errors.organDonation?.message}>
        <NativeSelect {...form.register("organDonation")}>
          <option value="">Not said</option>
          {Object.entries(WISHES_DONATION).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {text("callFirst")}
      {text("decider", 2)}
      {text("other")}
      <Controller
        control={form.control}
        name="beneficiaryEmails"
        render={({ field }) => (
          <BeneficiaryField
            value={field.value}
            onChange={field.onChange}
            onAddNew={() => draft.keep(null)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="opensAtReport"
        render={({ field }) => (
          <ChoiceField
            label="When can they read these wishes?"
            options={WHEN}
            value={field.value ? "report" : "release"}
            onChange={(v) => field.onChange(v === "report")}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : opened ? "Save Changes" : "Save my wishes"}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
