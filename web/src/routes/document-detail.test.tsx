import { DOCUMENT_MSG } from "@common/assets/documents";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { json } from "@/testing/fake-keys-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import DocumentDetailScreen from "./document-detail";

/**
 * /documents/{id} of a document that is missing or someone else's (the server answers 404 for
 * both, spec 02 §2): back to the list with the toast. The notes journey keeps the same walk
 * through the browser for a deleted note (e2e/vault-files.e2e.ts).
 */

beforeEach(async () => {
  setDataKeyInMemory(await importDataKey(crypto.getRandomValues(new Uint8Array(32))));
});
afterEach(() => clearVault());

describe("a document that is not there", () => {
  it("goes back to the list with the toast", async () => {
    const id = crypto.randomUUID();
    const fetch = stubFetch(async () =>
      json(404, { error: { code: "NOT_FOUND", message: "Not found" } }),
    );
    renderScreen(
      <>
        <Routes>
          <Route path="/documents/:id" element={<DocumentDetailScreen />} />
          <Route path="/documents" element={<p>The documents list</p>} />
        </Routes>
        <Toaster />
      </>,
      { path: `/documents/${id}` },
    );
    expect(await screen.findByText("The documents list")).toBeTruthy();
    expect(await screen.findByText(DOCUMENT_MSG.notFound)).toBeTruthy();
    expect(fetchedPaths(fetch)).toContain(`/api/assets/${id}`);
  });
});
