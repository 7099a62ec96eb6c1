-- Messages delivered on a milestone that a named person confirms (docs/decisions/109): "Emma's
-- wedding day", confirmed after the release by the owner's executor or an admin of the owner's
-- firm. The description is in clear (the confirmer reads it); the message stays sealed. due_at
-- stays null until the confirmation sets it to that moment, and the sweep delivers as for any other.
ALTER TABLE "message_schedules" ADD COLUMN "milestone_label" text;
--> statement-breakpoint
ALTER TABLE "message_schedules" ADD COLUMN "milestone_confirmer" text;
--> statement-breakpoint
ALTER TABLE "message_schedules" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "message_schedules" DROP CONSTRAINT "message_schedules_when";
--> statement-breakpoint
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_when" CHECK (
	("deliver_when" = 'release' AND "deliver_on" IS NULL AND "years_after" IS NULL
		AND "milestone_label" IS NULL AND "milestone_confirmer" IS NULL)
	OR ("deliver_when" = 'date' AND "deliver_on" IS NOT NULL AND "years_after" IS NULL
		AND "milestone_label" IS NULL AND "milestone_confirmer" IS NULL)
	OR ("deliver_when" = 'anniversary' AND "deliver_on" IS NULL AND "years_after" BETWEEN 1 AND 25
		AND "milestone_label" IS NULL AND "milestone_confirmer" IS NULL)
	OR ("deliver_when" = 'milestone' AND "deliver_on" IS NULL AND "years_after" IS NULL
		AND length("milestone_label") BETWEEN 1 AND 120 AND "milestone_confirmer" IN ('executor', 'firm'))
);
--> statement-breakpoint
-- Only a milestone is confirmed, and only after the release started its clock.
ALTER TABLE "message_schedules" ADD CONSTRAINT "message_schedules_confirmed" CHECK (
	"confirmed_at" IS NULL OR ("deliver_when" = 'milestone' AND "released_at" IS NOT NULL)
);
--> statement-breakpoint
-- The owner writes the milestone's description and confirmer with the rest of the schedule under
-- their own policy; the confirmation (confirmed_at, due_at) is written as the system after the
-- confirmer's access check, as the release and the sweep write theirs. Who confirmed is in the
-- audit log only (message.milestone-confirmed), so no person's id or address stays on the row.
GRANT UPDATE ("milestone_label", "milestone_confirmer") ON "message_schedules" TO lv_app;
