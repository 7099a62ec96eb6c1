DROP INDEX "profiles_firm_role_created_idx";--> statement-breakpoint
CREATE INDEX "profiles_firm_role_created_id_idx" ON "profiles" USING btree ("firm_id","role","created_at","id");