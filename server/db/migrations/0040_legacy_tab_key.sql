-- The beneficiary portal's tab key (docs/decisions/075-unlock-first-and-portal-tab-key.md): 32
-- random bytes per portal session that wrap the access keys a beneficiary brought in that
-- browser tab's sessionStorage, as session_vault_keys does for an owner's data key. Made on the
-- session's first request for it, gone with the session's row (sign-out, expiry). The server
-- never receives the wrapped copies. Row-level security is on for legacy_sessions with no policy
-- for lv_app: only the system reads and writes it, as before.
ALTER TABLE "legacy_sessions" ADD COLUMN "tab_key" bytea;
