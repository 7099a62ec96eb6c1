import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_MSG,
  FIRM_ACTIVITY_KIND_LABELS,
  type ActivityKind,
  type FirmActivityKind,
} from "@common/activity";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useActivity } from "@/features/activity/api/list-activity";
import { firmActivityCsvPath, useFirmActivity } from "@/features/activity/api/list-firm-activity";
import { ActivityTimeline } from "@/features/activity/components/activity-timeline";
import { useItemTitles } from "@/features/activity/use-item-titles";
import { useMe } from "@/lib/me";

function OwnActivity() {
  const [type, setType] = useState<ActivityKind>();
  const itemTitles = useItemTitles();
  return (
    <ActivityTimeline
      title="Your account"
      itemTitles={itemTitles}
      description={ACTIVITY_MSG.ownerIntro}
      labels={ACTIVITY_KIND_LABELS}
      type={type}
      onTypeChange={setType}
      query={useActivity(type)}
    />
  );
}

function FirmActivity() {
  const [type, setType] = useState<FirmActivityKind>();
  return (
    <ActivityTimeline
      title="Your firm"
      description={ACTIVITY_MSG.firmIntro}
      labels={FIRM_ACTIVITY_KIND_LABELS}
      type={type}
      onTypeChange={setType}
      query={useFirmActivity(type)}
      csvHref={firmActivityCsvPath(type)}
    />
  );
}

/**
 * /activity (every signed-in role; docs/decisions/040): what happened on the user's own account
 * and vault, and for a firm admin also the firm's own timeline, in a second tab.
 */
export default function ActivityScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader
        title={ACTIVITY_MSG.title}
        description="Who did what, and when: sign-ins, changes, views and release steps."
        back={{ to: "/dashboard", label: "Back to dashboard" }}
      />
      {me.role === "firm_admin" ? (
        <Tabs defaultValue="account">
          <TabsList aria-label="Whose activity">
            <TabsTrigger value="account">Your account</TabsTrigger>
            <TabsTrigger value="firm">Your firm</TabsTrigger>
          </TabsList>
          <TabsContent value="account">
            <OwnActivity />
          </TabsContent>
          <TabsContent value="firm">
            <FirmActivity />
          </TabsContent>
        </Tabs>
      ) : (
        <OwnActivity />
      )}
    </div>
  );
}
