import { CLIENT_MSG } from "@common/clients";
import { Building2, Lock } from "lucide-react";
import type { ReactNode } from "react";
import type { ClientProfile } from "../api/get-client";

/** The client's dashboard as firm users may see it: who they are, their firm and a read-only summary of their vault (`children`); vault content never. */
export function ClientDashboardPreview({
  client,
  firmName,
  children,
}: {
  client: ClientProfile;
  firmName: string | null;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold wrap-anywhere">Welcome, {client.name}</h2>
        <p className="text-muted-foreground wrap-anywhere">{client.email}</p>
        {firmName && (
          <p className="flex items-center gap-1 text-sm">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <span>
              Law firm: <span className="font-medium">{firmName}</span>
            </span>
          </p>
        )}
      </div>
      <div className="flex items-start gap-3 rounded-lg border border-dashed border-border-strong bg-muted p-4 text-sm text-foreground-soft">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{CLIENT_MSG.readOnlyNote}</p>
      </div>
      {children}
    </div>
  );
}
