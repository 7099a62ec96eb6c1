import path from "node:path";

/**
 * The project's root folder, from which the server reads its files on disk. This module runs as
 * `server/paths.ts` (tsx, vitest) or compiled as `dist/server/paths.js` (`npm run start:prod`),
 * one folder deeper; either way the files it names stay where they are in the repository
 * (docs/decisions/028-production-build.md).
 */
export const ROOT = path.resolve(
  import.meta.dirname,
  import.meta.filename.endsWith(".ts") ? ".." : "../..",
);

/** The built web app (`npm run build`). */
export const WEB_DIST = path.join(ROOT, "web", "dist");

/** SQL migrations and Drizzle's journal. */
export const MIGRATIONS_DIR = path.join(ROOT, "server", "db", "migrations");

/** The common-password list (server/auth/password.ts). */
export const COMMON_PASSWORDS_FILE = path.join(ROOT, "server", "auth", "common-passwords.txt.gz");
