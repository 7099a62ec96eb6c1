import { formatDate } from "@/lib/format";
import type { ClientProfile } from "../api/get-client";

const NOT_GIVEN = <span className="text-muted-foreground">Not provided</span>;

/** The client's contact details, as a definition list. */
export function ClientProfileDetails({ client }: { client: ClientProfile }) {
  const rows = [
    ["Name", client.name],
    [
      "Email",
      <a href={`mailto:${client.email}`} className="text-link underline-offset-4 hover:underline">
        {client.email}
      </a>,
    ],
    ["Phone", client.phone || NOT_GIVEN],
    [
      "Address",
      client.address ? <span className="whitespace-pre-line">{client.address}</span> : NOT_GIVEN,
    ],
    ["Joined", formatDate(client.createdAt)],
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
          <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
