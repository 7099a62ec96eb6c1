import {
  LIVE_EVENT,
  LIVE_HEARTBEAT_MS,
  LIVE_RECONNECT_DELAYS_MS,
  type LiveChange,
  type LiveKind,
} from "@common/live";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { assetsQueryKey } from "@/features/assets/api/list-assets";
import { beneficiariesQueryKey } from "@/features/beneficiaries/api/list-beneficiaries";
import { clientsQueryKey } from "@/features/clients/api/list-clients";
import { dashboardQueryKey } from "@/features/dashboard/api/get-dashboard";
import { invitationsQueryKey } from "@/features/invitations/api/list-invitations";
import { releasePlanQueryKey } from "@/features/release/api/get-release-plan";
import { staffQueryKey } from "@/features/staff/api/list-staff";
import { ownReportQueryKey } from "@/features/verifier-reports/api/get-own-report";
import { beneficiaryKeysQueryKey } from "@/lib/keys/api/list-beneficiary-keys";
import { createLiveBatch } from "./live-batch";

/**
 * What each kind of change makes stale (the client's release lives under ["clients", "detail", id];
 * an item's lists, detail, files' versions and search contents all live under ["assets"]).
 */
const STALE: Record<Exclude<LiveKind, "resync">, QueryKey[]> = {
  people: [clientsQueryKey, staffQueryKey, dashboardQueryKey],
  invitations: [invitationsQueryKey, dashboardQueryKey],
  release: [releasePlanQueryKey, clientsQueryKey, dashboardQueryKey, ownReportQueryKey],
  // the release plan counts the items left to someone
  assets: [assetsQueryKey, dashboardQueryKey, releasePlanQueryKey],
  beneficiaries: [beneficiariesQueryKey, beneficiaryKeysQueryKey, dashboardQueryKey],
};
const isLiveKind = (kind: string): kind is LiveKind =>
  kind === "resync" || Object.hasOwn(STALE, kind);

/** A burst of changes (an import in another tab) refreshes the screens at most once a second. */
const REFRESH_INTERVAL_MS = 1000;

/** Silence for two heartbeats means the stream is gone even if the browser has not noticed. */
const SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5000;

/**
 * Live screens (issue 16 point 9, docs/decisions/051): one event stream per signed-in tab; each
 * change marks the screens it concerns stale, so the ones on show fetch again by themselves: the
 * firm's people, invitations and releases, and the owner's own items and beneficiaries changed in
 * another tab or device (decision 076), at most once a second in a burst. On an error or a
 * silence, it reconnects after 1, 2, 5, then every 10 s (spec 01), and marks everything stale once
 * back, since changes may have been missed meanwhile.
 */
export function useLiveUpdates(isSignedIn: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let isStopped = false;
    const batch = createLiveBatch((kinds) => {
      const keys = [...kinds].flatMap((k) => (k === "resync" ? Object.values(STALE) : [STALE[k]]));
      for (const queryKey of new Set(keys.flat())) void qc.invalidateQueries({ queryKey });
    }, REFRESH_INTERVAL_MS);
    const reconnect = () => {
      source?.close();
      source = null;
      clearTimeout(silence);
      if (isStopped || retry) return;
      const delay =
        LIVE_RECONNECT_DELAYS_MS[Math.min(attempt++, LIVE_RECONNECT_DELAYS_MS.length - 1)];
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, delay);
    };
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(reconnect, SILENCE_MS);
    };
    const connect = () => {
      const isRetry = attempt > 0;
      const es = new EventSource("/api/live");
      source = es;
      es.onopen = () => {
        heard();
        if (isRetry) batch.add("resync");
        attempt = 0;
      };
      es.addEventListener(LIVE_EVENT.heartbeat, heard);
      es.addEventListener(LIVE_EVENT.change, (event) => {
        heard();
        try {
          const { kind } = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
          if (isLiveKind(kind)) batch.add(kind);
        } catch {
          // not ours: ignored
        }
      });
      es.onerror = reconnect;
    };
    connect();
    return () => {
      isStopped = true;
      clearTimeout(retry);
      clearTimeout(silence);
      batch.stop();
      source?.close();
    };
  }, [isSignedIn, qc]);
}
