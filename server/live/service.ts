import type { LiveKind } from "../../common/live.js";
import { actorOf, can, type ActorProfile } from "../access.js";
import type { Deps } from "../deps.js";
import type { LiveEvent } from "../db/live-hub.js";
import { selectSessionActor } from "./queries.js";

/** The stream's actor now (role and firm may have changed), or null once its session has ended. */
export async function currentActor(deps: Deps, sessionId: string | null) {
  const user = sessionId ? await selectSessionActor(deps.db, sessionId) : undefined;
  return user ? actorOf(user) : null;
}

/**
 * What a stream's actor is told of an event, or nothing (docs/decisions/051, 076): the same rules
 * as the screens the event refreshes (server/access.ts). An owner hears of their own release,
 * items and beneficiaries, which nobody else reaches (not even their firm); a firm's staff of its
 * people and its clients' releases; its admins of its invitations too.
 */
export function kindFor(actor: ActorProfile, event: LiveEvent): LiveKind | null {
  if (event.kind === "resync") return "resync";
  const firm = { firmId: event.firmId ?? null };
  switch (event.kind) {
    case "people":
      return event.firmId && can(actor, "clients:read", firm) ? "people" : null;
    case "invitations":
      return event.firmId && can(actor, "invitations:manage", firm) ? "invitations" : null;
    case "release":
      if (event.ownerId === actor.id) return "release";
      return event.firmId && can(actor, "clients:read", firm) ? "release" : null;
    case "assets":
    case "beneficiaries":
      return event.ownerId && can(actor, "vault:own", { ownerId: event.ownerId })
        ? event.kind
        : null;
  }
}
