import { expect } from "vitest";
import type { DeliveryView } from "../../common/deliveries.js";
import { buildFirm } from "./firm.js";
import { buildInvitedMember } from "./people.js";
import { buildAsset, dataKeyOf } from "./assets.js";
import { createBeneficiaryKey, wrapForBeneficiary } from "./beneficiary-keys.js";
import { uniqueEmail, type TestContext } from "../harness.js";

/**
 * A firm client leaves `heir` a password, with `first` then `second` as its fallbacks (30 days to
 * claim); `first` also receives a note of their own, so they can sign in to the portal at once.
 */
export async function vaultWithFallbacks(ctx: TestContext) {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const heir = uniqueEmail("heir");
  const first = uniqueEmail("first");
  const second = uniqueEmail("second");
  const item = await buildAsset(owner.client, { beneficiaryEmails: [heir], dataKey: dk });
  const own = await buildAsset(owner.client, {
    type: "note",
    beneficiaryEmails: [first],
    dataKey: dk,
  });
  const heirKey = await createBeneficiaryKey(owner.client, dk, { email: heir, items: [item] });
  const firstKey = await createBeneficiaryKey(owner.client, dk, { email: first, items: [own] });
  const secondKey = await createBeneficiaryKey(owner.client, dk, { email: second });
  const fallbacks = [
    {
      email: first,
      beneficiaryKeyId: firstKey.id,
      wrappedKey: await wrapForBeneficiary(firstKey.bk, item.id, item.ck),
    },
    {
      email: second,
      beneficiaryKeyId: secondKey.id,
      wrappedKey: await wrapForBeneficiary(secondKey.bk, item.id, item.ck),
    },
  ];
  const put = await owner.client.json<DeliveryView>("PUT", `/api/deliveries/${item.id}`, {
    delayDays: 0,
    claimDays: 30,
    fallbacks,
  });
  expect(put.status).toBe(200);
  return {
    firm,
    owner,
    dk,
    heir,
    first,
    second,
    item,
    own,
    heirKey,
    firstKey,
    secondKey,
    fallbacks,
  };
}
