-- The evidence of a release (docs/decisions/079-release-evidence.md): one hash-chained log per
-- owner of every step of their release story (plan saved, reminders, check-ins, attestation,
-- start, cancel, release, each beneficiary's access and each item opened). `entry` is the entry's
-- canonical JSON (common/release-evidence.ts), hash = SHA-256(prev_hash || entry). It never holds
-- a key, an item's title or its content. Written by the system in the transaction of each step.
CREATE TABLE "release_evidence" (
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"release_id" uuid,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"beneficiary_email" text,
	"entry" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "release_evidence_pk" PRIMARY KEY ("owner_id", "seq"),
	CONSTRAINT "release_evidence_seq_positive" CHECK ("seq" >= 1)
);
--> statement-breakpoint
-- Append-only for every role, the system's too: no entry is ever changed, and none is deleted
-- while its owner's account exists (the account's erasure takes the log with it, by cascade).
CREATE OR REPLACE FUNCTION app_release_evidence_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM "user" u WHERE u.id = OLD.owner_id) THEN
    RAISE EXCEPTION 'release_evidence is append-only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER release_evidence_append_only BEFORE UPDATE OR DELETE ON release_evidence
  FOR EACH ROW EXECUTE FUNCTION app_release_evidence_append_only();
--> statement-breakpoint
-- As releases (migration 0009): the owner and the staff of the owner's firm read it; lv_app may add
-- to the owner's own log and may never change or remove an entry (no UPDATE or DELETE grant).
GRANT SELECT, INSERT ON release_evidence TO lv_app;
--> statement-breakpoint
ALTER TABLE release_evidence ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY release_evidence_owner_or_firm ON release_evidence FOR SELECT TO lv_app USING (
  owner_id = (SELECT app_user_id())
  OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = owner_id AND p.role = 'regular_user' AND p.firm_id = (SELECT app_staff_firm_id()))
);
--> statement-breakpoint
CREATE POLICY release_evidence_owner_insert ON release_evidence FOR INSERT TO lv_app
  WITH CHECK (owner_id = (SELECT app_user_id()));
