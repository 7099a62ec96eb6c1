/** The database schema, one file per domain; every query imports it from here. */
export * from "./auth.js";
export * from "./firms.js";
export * from "./profiles.js";
export * from "./firm-codes.js";
export * from "./invitations.js";
export * from "./keys.js";
export * from "./assets.js";
export * from "./beneficiaries.js";
export * from "./release.js";
export * from "./legacy.js";
export * from "./storage.js";
export * from "./audit.js";
export * from "./mail.js";
export * from "./rate-limit.js";
export * from "./jobs.js";
