import { CLIENT_MSG } from "@common/clients";
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import { TruncatedText } from "@/components/truncated-text";
import { formatDate } from "@/lib/format";
import { DEFAULT_CLIENT_LIST, useClients, type ClientRow } from "../api/list-clients";
import { sampleClients } from "../sample-clients";

/** The Firm Overview's Recent Clients: the newest page of clients, each linked to its profile; sample rows (clearly marked) when loading fails. */
export function RecentClientsCard() {
  const clients = useClients(DEFAULT_CLIENT_LIST);
  const [samples] = useState(sampleClients);
  const isSample = clients.isError && !clients.data;
  const rows: ClientRow[] = isSample ? samples : (clients.data?.clients ?? []);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Recent Clients</h2>
        <Link
          to="/clients"
          className="flex items-center gap-1 text-sm font-medium text-link underline-offset-4 hover:underline"
        >
          View all clients <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isSample && (
          <Alert variant="warning">
            <AlertDescription>{CLIENT_MSG.sampleNotice}</AlertDescription>
          </Alert>
        )}
        {clients.isPending ? (
          <p role="status" className="text-muted-foreground">
            {CLIENT_MSG.loading}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground">
            No clients yet. Invite one, or give them your firm code.
          </p>
        ) : (
          <Table className={CARDS_BELOW_SM} scrollLabel={isSample ? "Sample clients" : undefined}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Name</TableHead>
                <TableHead scope="col">Email</TableHead>
                <TableHead scope="col">Joined</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="font-medium">
                    {isSample ? (
                      <span className="flex items-center gap-2">
                        {c.name} <Badge>Sample</Badge>
                      </span>
                    ) : (
                      <Link
                        to={`/clients/${c.id}`}
                        className="text-link underline-offset-4 hover:underline"
                      >
                        {c.name}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell data-label="Email" className="text-foreground-soft">
                    <TruncatedText text={c.email} />
                  </TableCell>
                  <TableCell data-label="Joined" className="whitespace-nowrap text-foreground-soft">
                    {formatDate(c.createdAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
