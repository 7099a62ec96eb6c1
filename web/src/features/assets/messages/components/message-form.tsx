import { MESSAGE_MAX_YEARS, MESSAGE_MSG, describeDelivery } from "@common/messages";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceField } from "@/components/ui/choice-field";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { BeneficiaryField } from "../../components/beneficiary-field";
import { TransferProgress, type Transfer } from "../../components/transfer-progress";
import { useCreateMessage } from "../api/create-message";
import type { OpenedMessageItem } from "../api/open-message";
import { useUpdateMessage } from "../api/update-message";
import {
  deliveryOf,
  messageContentOf,
  messageFormDefaults,
  messageFormErrors,
  valuesOfMessage,
  type DeliveryChoice,
  type MessageFormErrors,
  type MessageFormValues,
} from "../message-form-values";
import { MediaField } from "./media-field";
import { MilestoneFields } from "./milestone-fields";

const FORMATS = [
  { value: "letter", label: "A letter" },
  { value: "voice", label: "A voice message" },
  { value: "video", label: "A video" },
] as const;
const WHEN = [
  { value: "release", label: "At the release", description: "As soon as your vault is released" },
  { value: "date", label: "On a date", description: "A day of your choosing after the release" },
  {
    value: "birthday",
    label: "On a birthday",
    description: "For example when Emma turns 18, from her birth date",
  },
  {
    value: "anniversary",
    label: "Some years after the release",
    description: "For example one year after",
  },
  {
    value: "milestone",
    label: "When something happens (a person confirms it)",
    description: "For example Emma's wedding day, confirmed by your executor or your firm",
  },
] as const satisfies readonly { value: DeliveryChoice; label: string; description: string }[];

/**
 * A message for later: what (a letter, a voice message or a video with its transcript), to whom,
 * and when. Everything is sealed in this browser; until its day the message opens for nobody, not
 * even its recipients (docs/decisions/089). `editing`: a saved message, changed before its day;
 * its kind and its recording stay as they are.
 */
export function MessageForm({
  onSaved,
  editing,
}: {
  onSaved: (id: string) => void;
  editing?: OpenedMessageItem;
}) {
  const [values, setValues] = useState<MessageFormValues>(() =>
    editing
      ? valuesOfMessage({
          title: editing.asset.title,
          recipients: editing.asset.beneficiaryEmails,
          content: editing.content,
          delivery: editing.schedule?.delivery ?? { when: "release" },
        })
      : messageFormDefaults,
  );
  const [errors, setErrors] = useState<MessageFormErrors>({});
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const create = useCreateMessage();
  const update = useUpdateMessage();
  const isSaving = create.isPending || update.isPending;
  // a field's message goes as soon as it is changed; the others stay until the next save
  const set = <K extends keyof MessageFormValues>(key: K, value: MessageFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const delivery = deliveryOf(values);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = messageFormErrors(values, new Date(), { keepsMedia: !!editing });
    setErrors(found);
    if (Object.keys(found).length || !delivery) return;
    const onError = (err: unknown) => {
      setTransfer(null);
      // no executor named, or no firm: said beside the choice of who confirms
      if (err instanceof ApiError && err.fields?.field === "delivery.confirmer")
        setErrors((e) => ({ ...e, confirmer: err.message }));
      toast.error(errorMessage(err, MESSAGE_MSG.saveFailed));
    };
    if (editing)
      return update.mutate(
        {
          opened: editing,
          title: values.title,
          recipients: values.recipients,
          content: messageContentOf(values, editing.content.media),
          delivery,
        },
        {
          onSuccess: () => {
            toast.success(MESSAGE_MSG.saved);
            onSaved(editing.asset.id);
          },
          onError,
        },
      );
    create.mutate(
      {
        title: values.title,
        recipients: values.recipients,
        content: messageContentOf(values),
        delivery,
        media: values.format === "letter" ? null : values.media,
        onProgress: (p) =>
          setTransfer({
            label: p.phase === "encrypting" ? "Encrypting..." : "Uploading...",
            fraction: p.fraction,
          }),
      },
      {
        onSuccess: (asset) => {
          toast.success(MESSAGE_MSG.saved);
          onSaved(asset.id);
        },
        onError,
      },
    );
  };

  return (
    <form className="grid gap-6" onSubmit={onSubmit} noValidate>
      <FormField
        label="Title"
        error={errors.title}
        hint="Only you and, on the day, its recipients see it."
      >
        <Input
          value={values.title}
          onChange={(e) => set("title", e.target.value)}
          maxLength={200}
        />
      </FormField>
      <BeneficiaryField
        value={values.recipients}
        onChange={(emails) => set("recipients", emails)}
        error={errors.recipients}
      />
      {editing ? (
        values.format !== "letter" && (
          <p className="text-sm text-muted-foreground">
            The {values.format === "video" ? "video" : "recording"} stays as it is. To record
            another, delete this message and write a new one.
          </p>
        )
      ) : (
        <ChoiceField
          label="What kind of message"
          options={FORMATS}
          value={values.format}
          onChange={(format) => set("format", format)}
        />
      )}
      {values.format === "letter" ? (
        <FormField
          label="Your letter"
          error={errors.letter}
          hint="Leave a blank line between paragraphs. **Two stars** make words bold, *one star* italic."
        >
          <Textarea
            rows={10}
            value={values.letter}
            onChange={(e) => set("letter", e.target.value)}
          />
        </FormField>
      ) : (
        <>
          {!editing && (
            <MediaField
              key={values.format}
              kind={values.format === "video" ? "video" : "audio"}
              value={values.media}
              onChange={(media) => set("media", media)}
              error={errors.media}
            />
          )}
          <FormField
            label={values.format === "video" ? "Captions or transcript" : "Transcript"}
            error={errors.transcript}
            hint="What you say, written out, for someone who cannot hear it."
          >
            <Textarea
              rows={5}
              value={values.transcript}
              onChange={(e) => set("transcript", e.target.value)}
            />
          </FormField>
        </>
      )}
      <ChoiceField
        label="When should it be delivered?"
        options={WHEN}
        value={values.deliveryChoice}
        onChange={(choice) => set("deliveryChoice", choice)}
      />
      {values.deliveryChoice === "date" && (
        <FormField
          label="Date"
          error={errors.date}
          hint={`After the release, within ${MESSAGE_MAX_YEARS} years.`}
        >
          <Input type="date" value={values.date} onChange={(e) => set("date", e.target.value)} />
        </FormField>
      )}
      {values.deliveryChoice === "birthday" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Their birth date"
            error={errors.birthDate}
            hint="Kept encrypted only as the day it gives."
          >
            <Input
              type="date"
              value={values.birthDate}
              onChange={(e) => set("birthDate", e.target.value)}
            />
          </FormField>
          <FormField label="The age they turn" error={errors.age}>
            <Input
              inputMode="numeric"
              value={values.age}
              onChange={(e) => set("age", e.target.value)}
            />
          </FormField>
        </div>
      )}
      {values.deliveryChoice === "anniversary" && (
        <FormField label="Years after the release" error={errors.years}>
          <Input
            inputMode="numeric"
            value={values.years}
            onChange={(e) => set("years", e.target.value)}
          />
        </FormField>
      )}
      {values.deliveryChoice === "milestone" && (
        <MilestoneFields
          label={values.milestoneLabel}
          confirmer={values.confirmer}
          onLabel={(label) => set("milestoneLabel", label)}
          onConfirmer={(confirmer) => set("confirmer", confirmer)}
          errors={errors}
        />
      )}
      {delivery && (
        <p role="status" className="text-sm text-foreground-soft">
          Delivered: {describeDelivery(delivery)}
          {delivery.when === "date"
            ? ", if your vault has been released by then; otherwise at the release."
            : delivery.when === "milestone"
              ? ", after the release. It waits until then, however long that is."
              : "."}
        </p>
      )}
      <FormField
        label="Occasion (optional)"
        error={errors.occasion}
        hint="For example: For your 18th birthday."
      >
        <Input
          value={values.occasion}
          onChange={(e) => set("occasion", e.target.value)}
          maxLength={200}
        />
      </FormField>
      <Alert>
        <AlertDescription>
          Until its day this message opens for nobody: not its recipients, even with their access
          key, and not your firm. The server releases its part of the key only on that day.
        </AlertDescription>
      </Alert>
      <TransferProgress transfer={transfer} />
      <div>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : editing ? "Save changes" : "Save message"}
        </Button>
      </div>
    </form>
  );
}
