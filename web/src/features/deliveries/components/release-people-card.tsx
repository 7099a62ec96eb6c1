import { DEATH_MSG, DEATH_NOTE_MAX, type ReleasePersonView } from "@common/deliveries";
import { textareaLook } from "@/components/looks";
import { HeartCrack } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useReleasePeople, useReportDeath } from "../api/release-people";

const itemsLine = ({ items, opened }: ReleasePersonView) =>
  `${items === 1 ? "1 item" : `${items} items`}, ${opened === 0 ? "none" : opened} opened`;

/**
 * On a client's page, for the admins of the client's firm, once the release has happened
 * (docs/decisions/105): who received items (the names the owner gave them), and "Report death"
 * for each, which passes their unopened items to the next person in turn. Nothing for staff.
 */
export function ReleasePeopleCard({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const query = useReleasePeople(clientId, isAdmin);
  const report = useReportDeath(clientId);
  const [chosen, setChosen] = useState<ReleasePersonView | null>(null);
  const [note, setNote] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  const view = query.data;
  if (!isAdmin || !view?.released) return null;
  const nameOf = (p: ReleasePersonView) => p.name ?? DEATH_MSG.unnamed;

  const close = () => {
    setChosen(null);
    setNote("");
    report.reset();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    report.mutate(
      { person: chosen.person, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: ({ passedOn }) => {
          toast.success(DEATH_MSG.reported(passedOn));
          close();
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="release-people-heading">
      <CardHeader className="pb-2">
        <CardHeading id="release-people-heading" icon={HeartCrack} ref={headingRef} tabIndex={-1}>
          {DEATH_MSG.heading}
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-muted-foreground">{DEATH_MSG.intro}</p>
        {view.people.length === 0 ? (
          <p className="text-muted-foreground">{DEATH_MSG.none}</p>
        ) : (
          <ul aria-labelledby="release-people-heading" className="divide-y divide-border">
            {view.people.map((p) => (
              <li
                key={p.person}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{nameOf(p)}</p>
                  <p className="text-sm text-muted-foreground">
                    {p.reportedAt
                      ? `Reported as deceased on ${formatDate(p.reportedAt)}`
                      : itemsLine(p)}
                  </p>
                </div>
                {!p.reportedAt && (
                  <Button
                    variant="outline"
                    aria-label={`${DEATH_MSG.report}: ${nameOf(p)}`}
                    onClick={() => setChosen(p)}
                  >
                    {DEATH_MSG.report}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmActionDialog
        isOpen={chosen !== null}
        title={chosen ? DEATH_MSG.confirmTitle(nameOf(chosen)) : ""}
        description={DEATH_MSG.confirmBody}
        confirmLabel={DEATH_MSG.confirm}
        pendingLabel="Reporting..."
        isPending={report.isPending}
        failure={report.error ? errorMessage(report.error, DEATH_MSG.failed) : undefined}
        formId={formId}
        onCancel={close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          headingRef.current?.focus();
        }}
      >
        <form id={formId} onSubmit={submit}>
          <FormField label={DEATH_MSG.noteLabel} hint={DEATH_MSG.noteHint}>
            <textarea
              value={note}
              maxLength={DEATH_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              className={textareaLook}
            />
          </FormField>
        </form>
      </ConfirmActionDialog>
    </Card>
  );
}
