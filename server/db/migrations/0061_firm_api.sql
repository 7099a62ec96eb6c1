-- An API for the firm's software (docs/decisions/101): API keys and signed webhooks, each a firm's
-- own. A key's secret is kept only as its SHA-256 (the secret is 32 random bytes: no salt or
-- stretching needed); a webhook's signing secret is never stored: it is HMAC(master-derived key,
-- endpoint id and the row's nonce), so a database dump holds neither.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE cascade,
	"created_by" text REFERENCES "user"("id") ON DELETE set null,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_scopes" CHECK (
		cardinality("scopes") > 0
		AND "scopes" <@ ARRAY['clients:read', 'invitations:send', 'plan-status:read']::text[]
	),
	CONSTRAINT "api_keys_secret_hash" CHECK ("secret_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "api_keys_firm_created" ON "api_keys" ("firm_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE cascade,
	"created_by" text REFERENCES "user"("id") ON DELETE set null,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_events" CHECK (
		cardinality("events") > 0
		AND "events" <@ ARRAY['client.joined', 'plan.completed', 'release.started']::text[]
	)
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_firm" ON "webhook_endpoints" ("firm_id", "created_at");
--> statement-breakpoint
-- One event for one endpoint: queued, then sent by the job (claimed once across processes with
-- FOR UPDATE SKIP LOCKED), retried with exponential backoff until it is delivered or gives up.
-- The payload names ids and dates only: never a title or any vault content.
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE cascade,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status" CHECK ("status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_firm_created" ON "webhook_deliveries" ("firm_id", "created_at");
--> statement-breakpoint
-- Read by the firm's admins only (they manage keys and webhooks); written only by the system
-- after the API's access check, like invitations. A key is looked up by the system when it is used.
GRANT SELECT ON "api_keys", "webhook_endpoints", "webhook_deliveries" TO lv_app;
--> statement-breakpoint
ALTER TABLE "api_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_keys_firm ON "api_keys" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
CREATE POLICY webhook_endpoints_firm ON "webhook_endpoints" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
CREATE POLICY webhook_deliveries_firm ON "webhook_deliveries" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
-- The one way an event about a client is queued: a delivery for each live endpoint of the client's
-- firm that wants it (a client only: staff joining a firm is no "client joined"). SECURITY
-- DEFINER, so the call sites enqueue inside their own transaction whatever role runs it (the
-- app's code is its only caller; lv_app may not write the table itself). Ids only in the payload.
CREATE FUNCTION app_webhook_client_event(client text, event text, extra jsonb DEFAULT '{}'::jsonb)
RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO webhook_deliveries (endpoint_id, firm_id, event, payload)
  SELECT e.id, e.firm_id, event, jsonb_build_object('clientId', client) || extra
  FROM profiles p JOIN webhook_endpoints e ON e.firm_id = p.firm_id
  WHERE p.id = client AND p.role = 'regular_user' AND e.disabled_at IS NULL AND event = ANY (e.events)
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_webhook_client_event(text, text, jsonb) TO lv_app;
--> statement-breakpoint
-- "Plan completed" happens here: the kept status row reaching a score of 100 (migration 0048).
CREATE FUNCTION app_webhook_plan_completed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM app_webhook_client_event(NEW.client_id, 'plan.completed');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_plan_status_completed AFTER UPDATE OF score ON client_plan_status
  FOR EACH ROW WHEN (NEW.score = 100 AND OLD.score < 100 AND NEW.firm_id IS NOT NULL)
  EXECUTE FUNCTION app_webhook_plan_completed();
