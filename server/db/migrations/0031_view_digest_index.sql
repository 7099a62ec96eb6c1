-- The daily e-mail digest of views as client (issue 15, point 9; docs/decisions/047-firm-consent.md)
-- reads, every hour, the views of the last day and the digests already sent: a small partial index
-- on time for just those two actions, instead of a scan of the whole audit log.
CREATE INDEX "audit_log_view_digest_idx" ON "audit_log" ("at", "owner_id") WHERE "action" IN ('client_dashboard.viewed', 'activity.views_digest_sent');
