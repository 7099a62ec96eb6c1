import { zodResolver } from "@hookform/resolvers/zod";
import { ESTATE_ACTIONS, ESTATE_CATEGORIES, ESTATE_MSG } from "@common/assets/estate";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAsset } from "@/features/assets/api/update-asset";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useFormDraft } from "../../form-draft";
import { openedTitle } from "../../titles/open-titles";
import {
  estateContentOf,
  estateFormDefaults,
  estateFormSchema,
  type EstateFormInput,
  type EstateFormValues,
} from "../estate-form-schema";
import { openedEstate } from "../opened-estate";

type Props = {
  opened?: OpenedAsset<"estate">;
  /** Awaited before the form is done: the new screen saves the item's delay there. */
  onSaved: (id: string) => void | Promise<void>;
  onCancel?: () => void;
};

/** What the instructions ask for, by the kind of entry: where a secret belongs is said where it matters. */
function instructionsHint(category: string) {
  if (category === "crypto")
    return (
      <>
        {ESTATE_MSG.cryptoWarning}{" "}
        <Link to="/vault/new" className={linkLook}>
          Add a password item
        </Link>
      </>
    );
  if (category === "device") return ESTATE_MSG.deviceHint;
  return "What your family or executor should know or do: who to call, what to send, where papers are.";
}

/**
 * Create (no `opened`) or edit an estate inventory entry: its name, kind, organisation,
 * reference, contact details, what should happen to it and free instructions, and who it is left
 * to. Everything is sealed in the browser before it is sent (decision 086).
 */
export function EstateForm({ opened, onSaved, onCancel }: Props) {
  const form = useForm<EstateFormInput, unknown, EstateFormValues>({
    resolver: zodResolver(estateFormSchema),
    defaultValues: estateFormDefaults(
      opened && {
        title: openedTitle(opened.asset),
        content: openedEstate(opened.content),
        beneficiaryEmails: opened.asset.beneficiaryEmails,
      },
    ),
  });
  const draft = useFormDraft<EstateFormInput, null>(form);
  const create = useCreateAsset<"estate">();
  const update = useUpdateAsset<"estate">();
  const [serverError, setServerError] = useState<string>();
  const [isSaved, setIsSaved] = useState(false);
  const { errors, isSubmitting, isDirty } = form.formState;
  useWarnOnLeave(isDirty && !isSubmitting && !isSaved);
  const category = useWatch({ control: form.control, name: "category" });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const content = estateContentOf(values);
    try {
      if (opened)
        await update.mutateAsync({
          id: opened.asset.id,
          title: values.title,
          beneficiaryEmails: values.beneficiaryEmails,
          previousBeneficiaryEmails: opened.asset.beneficiaryEmails,
          contentKey: opened.contentKey,
          wrappedKey: opened.wrappedKey,
          content,
        });
      const id = opened
        ? opened.asset.id
        : (
            await create.mutateAsync({
              type: "estate",
              title: values.title,
              beneficiaryEmails: values.beneficiaryEmails,
              content,
            })
          ).asset.id;
      setIsSaved(true);
      toast.success(opened ? ESTATE_MSG.updated : ESTATE_MSG.saved);
      await onSaved(id);
    } catch (err) {
      setServerError(errorMessage(err, ESTATE_MSG.saveFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField
        label="Name"
        hint="For example: Joint current account, Mum's car, Netflix."
        error={errors.title?.message}
      >
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField label="What kind of entry is this?" error={errors.category?.message}>
        <NativeSelect {...form.register("category")}>
          <option value="">Choose one</option>
          {Object.entries(ESTATE_CATEGORIES).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Organisation"
          hint="The bank, insurer, company or website."
          error={errors.institution?.message}
        >
          <Input autoComplete="off" {...form.register("institution")} />
        </FormField>
        <FormField
          label="Reference"
          hint="An account, policy or registration number."
          error={errors.reference?.message}
        >
          <Input autoComplete="off" {...form.register("reference")} />
        </FormField>
      </div>
      <FormField
        label="Contact details"
        hint="A phone number, address or web page to get in touch."
        error={errors.contact?.message}
      >
        <Textarea rows={2} {...form.register("contact")} />
      </FormField>
      <FormField label="What should happen to it?" error={errors.action?.message}>
        <NativeSelect {...form.register("action")}>
          <option value="">Not decided yet</option>
          {Object.entries(ESTATE_ACTIONS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Instructions"
        hint={instructionsHint(category)}
        error={errors.instructions?.message}
      >
        <Textarea rows={5} {...form.register("instructions")} />
      </FormField>
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
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : opened ? "Save Changes" : "Add to inventory"}
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
