import { SESSIONS_MSG, type SessionView } from "@common/sessions";
import { describeUserAgent, parseUserAgent } from "@common/user-agent";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDeleteOtherSessions } from "../api/delete-other-sessions";
import { useDeleteSession } from "../api/delete-session";
import { useSessions } from "../api/list-sessions";

type Pending = { kind: "one"; session: SessionView } | { kind: "others" };

const deviceName = (s: SessionView) => describeUserAgent(parseUserAgent(s.userAgent));

/** The profile's "Signed-in devices": every session of the account, with sign-out for one or all others. */
export function SessionsCard() {
  const sessions = useSessions();
  const deleteOne = useDeleteSession();
  const deleteOthers = useDeleteOtherSessions();
  const [pending, setPending] = useState<Pending>();
  const [failure, setFailure] = useState<string>();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.isCurrent);

  const close = () => {
    setPending(undefined);
    setFailure(undefined);
  };
  const onError = (err: unknown) => setFailure(errorMessage(err, SESSIONS_MSG.signOutFailed));
  const confirm = () => {
    if (!pending) return;
    setFailure(undefined);
    if (pending.kind === "one")
      deleteOne.mutate(pending.session.id, {
        onSuccess: () => {
          toast.success(SESSIONS_MSG.signedOut);
          close();
        },
        onError,
      });
    else
      deleteOthers.mutate(undefined, {
        onSuccess: () => {
          toast.success(SESSIONS_MSG.signedOutOthers);
          close();
        },
        onError,
      });
  };

  return (
    <Card id="sessions" aria-labelledby="sessions-title" className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sessions-title" className="text-lg font-semibold">
            Signed-in devices
          </h2>
          {others.length > 0 && (
            <Button variant="outline" size="sm" onClick={() => setPending({ kind: "others" })}>
              Sign out all other devices
            </Button>
          )}
        </div>
        <CardDescription>
          Every browser signed in to your account. Places are shown as the network the device
          connected from. If you do not recognise one, sign it out and change your password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading devices...
          </p>
        ) : sessions.isError ? (
          <LoadError onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching}>
            {errorMessage(sessions.error, "Could not load your devices.")}
          </LoadError>
        ) : (
          <ul className="divide-y divide-border" aria-label="Signed-in devices">
            {list.map((s) => (
              <li
                key={s.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="grid min-w-0 gap-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {deviceName(s)}
                    {s.isCurrent && <Badge variant="success">This device</Badge>}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {s.network ? `Network ${s.network}` : "Network unknown"} · Signed in{" "}
                    {formatDate(s.signedInAt)} ·{" "}
                    {s.isCurrent ? "Active now" : `Last seen ${formatDateTime(s.lastSeenAt)}`}
                  </p>
                </div>
                {!s.isCurrent && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setPending({ kind: "one", session: s })}
                  >
                    Sign out<span className="sr-only"> {deviceName(s)}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmActionDialog
        isOpen={pending !== undefined}
        title={pending?.kind === "one" ? "Sign out this device?" : "Sign out all other devices?"}
        description={
          pending?.kind === "one"
            ? `${deviceName(pending.session)} will have to sign in again.`
            : "Every device except this one will have to sign in again."
        }
        confirmLabel={pending?.kind === "one" ? "Sign out" : "Sign out all others"}
        pendingLabel="Signing out..."
        isPending={deleteOne.isPending || deleteOthers.isPending}
        failure={failure}
        onConfirm={confirm}
        onCancel={close}
      />
    </Card>
  );
}
