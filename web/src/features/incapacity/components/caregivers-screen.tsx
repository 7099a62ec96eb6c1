import type { IncapacityView } from "@common/incapacity";
import { ShieldCheck, UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { linkLook } from "@/components/looks";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useAssets } from "@/features/assets/api/list-assets";
import { sortByTitle } from "@/features/assets/sort-assets";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useIncapacity } from "../api/get-incapacity";
import { useMarkIncapacityItem } from "../api/mark-incapacity-item";
import { SettingsForm } from "./settings-form";

export type Person = { name: string; email: string };

const TYPE_LABELS = { password: "Password", note: "Note", estate: "Inventory entry" } as const;
const FAILED = "That did not work. Please try again.";

/** The items a caregiver may read: not documents (a file read on a screen is a file downloaded). */
const isShareable = (type: string): type is keyof typeof TYPE_LABELS => type in TYPE_LABELS;

function MarkList({ view, person }: { view: IncapacityView; person: Person }) {
  const assets = useAssets();
  const titled = useOwnedTitles(assets.data);
  const mark = useMarkIncapacityItem();
  const [saved, setSaved] = useState("");
  // a tick shows at once; it goes back if the save fails
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const email = person.email.toLowerCase();
  const emailsOf = (id: string) => view.items.find((i) => i.assetId === id)?.emails ?? [];
  if (assets.isError)
    return (
      <LoadError onRetry={() => void assets.refetch()}>
        {errorMessage(assets.error, "Your items could not be loaded.")}
      </LoadError>
    );
  if (!titled.rows) return <Loading variant="list" />;
  const rows = sortByTitle(titled.rows.filter((a) => isShareable(a.type)));
  return (
    <>
      {rows.length === 0 ? (
        <p>You have no passwords, notes or inventory entries yet.</p>
      ) : (
        <fieldset className="grid gap-1">
          <legend className="mb-2 font-medium">What {person.name} can read</legend>
          {rows.map((item) => {
            const emails = emailsOf(item.id);
            const isMarked = ticked[`${item.id}:${email}`] ?? emails.includes(email);
            return (
              <label
                key={item.id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-muted"
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand"
                  checked={isMarked}
                  disabled={mark.isPending}
                  onChange={() => {
                    const next = isMarked ? emails.filter((e) => e !== email) : [...emails, email];
                    const tick = `${item.id}:${email}`;
                    setSaved("");
                    setTicked((t) => ({ ...t, [tick]: !isMarked }));
                    mark.mutate(
                      { asset: { id: item.id, wrappedKey: item.wrappedKey }, emails: next },
                      {
                        onSuccess: () =>
                          setSaved(
                            `${item.title}: ${isMarked ? "no longer shared with" : "shared with"} ${person.name} if you cannot act.`,
                          ),
                        onError: () => setTicked(({ [tick]: _undone, ...rest }) => rest),
                      },
                    );
                  }}
                />
                <span className="grid min-w-0">
                  <span className={cn("wrap-anywhere", !item.isTitleOpen && "italic")}>
                    {item.title}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {isShareable(item.type) ? TYPE_LABELS[item.type] : ""}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {saved}
      </p>
      {mark.error && <Alert variant="destructive">{errorMessage(mark.error, FAILED)}</Alert>}
    </>
  );
}

/**
 * /release/caregivers (decision 093): the wait and duration of the incapacity scope, then, for one
 * person at a time, the items they can read while the owner cannot act. Marking wraps the item's
 * key in this browser for that person's key.
 */
export function CaregiversScreen({ people }: { people: Person[] | undefined }) {
  const view = useIncapacity();
  const selectId = useId();
  const [chosen, setChosen] = useState<string>();
  const person = people?.find((p) => p.email === chosen) ?? people?.[0];
  if (view.isError)
    return (
      <LoadError onRetry={() => void view.refetch()}>
        {errorMessage(view.error, "This could not be loaded.")}
      </LoadError>
    );
  if (!view.data || !people) return <Loading variant="list" />;
  return (
    <>
      <Card role="region" aria-labelledby="care-settings-heading">
        <CardHeader className="pb-2">
          <CardHeading id="care-settings-heading" icon={ShieldCheck}>
            How it works
          </CardHeading>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p>
            If your verifiers confirm that you cannot look after your affairs (in hospital, for
            example), the people you choose here can read the items you mark, for a time. They
            cannot change them or download them, and they never receive the rest of your plan.
          </p>
          <SettingsForm view={view.data} />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="care-items-heading">
        <CardHeader className="pb-2">
          <CardHeading id="care-items-heading" icon={UserRound}>
            Who can read what
          </CardHeading>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!person ? (
            <p>
              First add the person who would help you (a caregiver, an attorney) on the{" "}
              <Link to="/beneficiaries" className={linkLook}>
                Beneficiaries
              </Link>{" "}
              page. They receive nothing at a release unless you also leave items to them.
            </p>
          ) : (
            <>
              <div className="grid max-w-sm gap-2">
                <Label htmlFor={selectId}>Caregiver</Label>
                <NativeSelect
                  id={selectId}
                  value={person.email}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  {people.map((p) => (
                    <option key={p.email} value={p.email}>
                      {p.name} ({p.email})
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <p className="text-sm text-muted-foreground">
                Documents are not offered: a file shown on a screen can be kept. Give your caregiver
                the access key for them, as for a beneficiary (Release Plan, Access keys).
              </p>
              <RequireVaultKey loading="list">
                <MarkList view={view.data} person={person} />
              </RequireVaultKey>
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
