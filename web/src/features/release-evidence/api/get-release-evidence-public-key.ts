import type { EvidencePublicKey } from "@common/release-evidence";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The server's Ed25519 public key that signs release evidence certificates (public). */
export const getReleaseEvidencePublicKey = () =>
  api<EvidencePublicKey>("/api/release-evidence/public-key");

export const releaseEvidencePublicKeyQueryOptions = () =>
  queryOptions({
    queryKey: ["release-evidence", "public-key"] as const,
    queryFn: getReleaseEvidencePublicKey,
    staleTime: Infinity,
  });
export const useReleaseEvidencePublicKey = () => useQuery(releaseEvidencePublicKeyQueryOptions());
