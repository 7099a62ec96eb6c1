import { ASSET_TYPES, type AssetType } from "@common/assets";
import { ClipboardList, FileText, Flower2, KeyRound, Mail, NotebookPen, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCount } from "@/lib/format";
import type { Dashboard } from "../api/get-dashboard";
import { ASSET_ROUTES } from "../asset-routes";

const ICONS: Record<AssetType, ReactNode> = {
  password: <KeyRound aria-hidden="true" className="size-5" />,
  document: <FileText aria-hidden="true" className="size-5" />,
  note: <NotebookPen aria-hidden="true" className="size-5" />,
  estate: <ClipboardList aria-hidden="true" className="size-5" />,
  message: <Mail aria-hidden="true" className="size-5" />,
  wishes: <Flower2 aria-hidden="true" className="size-5" />,
};

const BOX = "flex flex-col gap-1 rounded-lg border border-border bg-card p-4 shadow-sm";

/** A link to `to`, or, read-only (no `to`), a list item. */
export function CountCard({
  to,
  icon,
  label,
  count,
}: {
  to?: string;
  icon: ReactNode;
  label: string;
  count: number;
}) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="text-brand">{icon}</span>
        <span className="text-3xl font-semibold text-foreground tabular-nums">
          {formatCount(count)}
        </span>
      </span>{" "}
      <span className="font-medium text-foreground">{label}</span>
    </>
  );
  if (to === undefined) return <li className={BOX}>{body}</li>;
  return (
    <Link
      to={to}
      className={`${BOX} hover:border-brand hover:bg-muted/40 focus-visible:outline-3 focus-visible:outline-ring`}
    >
      {body}
    </Link>
  );
}

/**
 * One card per asset type and one for beneficiaries, each a link to its list; its name reads e.g. "3 Passwords".
 * Read-only (a firm user's 'View as Client'): a list of the same cards, none of them a link.
 */
export function CountCards({
  dashboard,
  isReadOnly = false,
}: {
  dashboard: Pick<Dashboard, "counts" | "beneficiaries">;
  isReadOnly?: boolean;
}) {
  const Container = isReadOnly ? "ul" : "div";
  return (
    <Container
      aria-label={isReadOnly ? "Vault summary" : undefined}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3"
    >
      {ASSET_TYPES.map((type) => (
        <CountCard
          key={type}
          to={isReadOnly ? undefined : ASSET_ROUTES[type].list}
          icon={ICONS[type]}
          label={ASSET_ROUTES[type].plural}
          count={dashboard.counts[type]}
        />
      ))}
      <CountCard
        to={isReadOnly ? undefined : "/beneficiaries"}
        icon={<Users aria-hidden="true" className="size-5" />}
        label="Beneficiaries"
        count={dashboard.beneficiaries}
      />
    </Container>
  );
}
