import type { BeneficiaryKeyView, CreateBeneficiaryKeyInput } from "@common/keys";
import { api } from "@/lib/api-client";

/** POST /api/keys/beneficiaries: a key made in this browser (409 when the address has one and `replaces` does not name it). */
export const createBeneficiaryKey = (input: CreateBeneficiaryKeyInput) =>
  api<BeneficiaryKeyView>("/api/keys/beneficiaries", { method: "POST", body: input });
