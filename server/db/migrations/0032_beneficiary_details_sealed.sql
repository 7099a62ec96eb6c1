-- A beneficiary's phone, relationship and notes, sealed in the owner's browser (issue 12 item 7,
-- docs/decisions/038-owner-held-keys.md): the details' own key wrapped with the owner's data key,
-- and the fields encrypted with it. The clear columns stay for accounts that have not moved over.
ALTER TABLE "beneficiaries" ADD COLUMN "details_key" bytea;
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "details" bytea;
--> statement-breakpoint
-- Both or neither.
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_details_pair"
  CHECK (("details_key" IS NULL) = ("details" IS NULL));
--> statement-breakpoint
-- View as Client shows beneficiaries by name only: the relationship is the owner's, sealed.
REVOKE SELECT ("relationship") ON "beneficiaries" FROM lv_client_view;
--> statement-breakpoint
-- The owner replaces the sealed details on an edit (policy of migration 0007).
GRANT UPDATE ("details_key", "details") ON "beneficiaries" TO lv_app;
