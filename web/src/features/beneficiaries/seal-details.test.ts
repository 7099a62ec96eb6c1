import type { BeneficiaryView } from "@common/beneficiaries";
import { describe, expect, it } from "vitest";
import { DecryptError, importDataKey } from "@/lib/crypto/vault-crypto";
import { openBeneficiary, openDetails, sealDetails } from "./seal-details";

const newDataKey = () => importDataKey(crypto.getRandomValues(new Uint8Array(32)));
const details = { phone: "+1 555 0100", relationship: "Son", notes: "The clock" };

describe("a beneficiary's sealed details", () => {
  it("opens what it sealed, only with the same data key and beneficiary id", async () => {
    const dataKey = await newDataKey();
    const id = crypto.randomUUID();
    const sealed = await sealDetails(() => Promise.resolve(dataKey), id, details);
    if (!sealed) throw new Error("nothing sealed");
    // only what base64 cannot hold by chance: a space, quotes (a bare "Son" appears in random base64)
    expect(JSON.stringify(sealed)).not.toMatch(/555 0100|"Son"|The clock/);
    expect(await openDetails(dataKey, id, sealed)).toEqual(details);
    await expect(openDetails(dataKey, crypto.randomUUID(), sealed)).rejects.toBeInstanceOf(
      DecryptError,
    );
    await expect(openDetails(await newDataKey(), id, sealed)).rejects.toBeInstanceOf(DecryptError);
  });

  it("seals nothing, and asks for no key, when all three are empty", async () => {
    let asked = false;
    const getKey = () => {
      asked = true;
      return newDataKey();
    };
    const empty = { phone: null, relationship: null, notes: null };
    expect(await sealDetails(getKey, crypto.randomUUID(), empty)).toBeNull();
    expect(asked).toBe(false);
  });

  it("shows a beneficiary opened, sealed-but-locked, or stored in clear from before", async () => {
    const dataKey = await newDataKey();
    const id = crypto.randomUUID();
    const sealed = await sealDetails(() => Promise.resolve(dataKey), id, details);
    const view: BeneficiaryView = {
      id,
      name: "Hal",
      email: "hal@example.com",
      phone: null,
      relationship: null,
      notes: null,
      details: sealed,
      isExecutor: false,
      isLegalContact: false,
      createdAt: new Date(0).toISOString(),
    };
    expect(await openBeneficiary(view, dataKey)).toMatchObject({
      ...details,
      hasSealedDetails: false,
      hasClearDetails: false,
    });
    expect(await openBeneficiary(view, null)).toMatchObject({
      phone: null,
      hasSealedDetails: true,
      hasClearDetails: false,
    });
    const old = { ...view, details: null, notes: "from before" };
    expect(await openBeneficiary(old, null)).toMatchObject({
      notes: "from before",
      hasClearDetails: true,
    });
  });
});
