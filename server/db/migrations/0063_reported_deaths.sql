-- A beneficiary of a release reported dead by an admin of the owner's firm (docs/decisions/105):
-- the items they have not opened go at once to the next person in turn. One row per person and
-- release; the report's words are in the release's evidence too. A system table, as release_items:
-- no grant to lv_app; the service writes it as the system after the access check.
CREATE TABLE "reported_deaths" (
	"release_id" uuid NOT NULL REFERENCES "releases"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"reported_by" text REFERENCES "user"("id") ON DELETE set null,
	"reported_at" timestamp with time zone NOT NULL,
	"note" text,
	CONSTRAINT "reported_deaths_pk" PRIMARY KEY ("release_id", "email")
);
--> statement-breakpoint
ALTER TABLE "reported_deaths" ENABLE ROW LEVEL SECURITY;
