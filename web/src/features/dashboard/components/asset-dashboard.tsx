import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { errorMessage } from "@/lib/api-client";
import { useDashboard } from "../api/get-dashboard";
import { CountCards } from "./count-cards";
import { EmptyVaultCard } from "./empty-vault-card";
import { JoinFirmCard } from "./join-firm-card";
import { LeftToYouCard } from "./left-to-you-card";
import { ProfileSummaryCard } from "./profile-summary-card";
import { RecentAssetsCard } from "./recent-assets-card";
import { ReleasePlanCard } from "./release-plan-card";

type Holder = { name: string; email: string; firmId: string | null; firmName: string | null };
const LOAD_FAILED = "Your vault summary could not be loaded.";

/** The client dashboard (spec 02 §1, §2): counts, recent items, profile and firm, the release plan and what others left to the user (issue 5). Metadata only; no vault content is fetched. */
export function AssetDashboard({ holder, notice }: { holder: Holder; notice?: ReactNode }) {
  const dashboard = useDashboard();
  const loadError = dashboard.isError ? errorMessage(dashboard.error, LOAD_FAILED) : undefined;

  const d = dashboard.data;
  const isEmpty = d !== undefined && d.recent.length === 0;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={`Welcome, ${holder.name}`}
        description="Your digital legacy at a glance."
      />
      {notice}
      {d ? (
        <CountCards dashboard={d} />
      ) : loadError ? (
        <LoadError onRetry={() => void dashboard.refetch()}>{loadError}</LoadError>
      ) : (
        <Loading />
      )}
      <div className="grid items-start gap-6 md:grid-cols-[3fr_2fr]">
        <div className="grid gap-6">
          <LeftToYouCard />
          {isEmpty && <EmptyVaultCard />}
          {d && !isEmpty && <RecentAssetsCard recent={d.recent} />}
        </div>
        <div className="grid gap-6">
          <ProfileSummaryCard holder={holder} />
          <ReleasePlanCard />
          {!holder.firmId && <JoinFirmCard />}
        </div>
      </div>
    </div>
  );
}
