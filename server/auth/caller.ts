import type { ActorProfile } from "../access.js";

/**
 * The request's own account, for changes of its sign-in protection (two-factor, passkeys): its
 * profile, its address, its cookie (as headers, for better-auth's calls) and its IP.
 * Routes build it with callerOf (server/auth/caller-of.ts).
 */
export type Caller = { actor: ActorProfile; email: string; headers: Headers; ip: string | null };
