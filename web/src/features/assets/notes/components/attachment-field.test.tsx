import { unsupportedFileTypeMessage } from "@common/assets/files";
import { CHUNKED_FILE_MAX_BYTES, FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { MB, exe, pdfOf } from "@/testing/sample-files";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import type { AttachmentDraft } from "../note-drafts";
import { AttachmentField } from "./attachment-field";

/**
 * A note's attachment as it is chosen (decision 078): refused by its content or its size with
 * the spec's message, nothing sent; a PDF taken. The journey (e2e/vault-files.e2e.ts) keeps
 * attaching a text file, its toast, and the attachment's real bytes there and back.
 */

function renderField() {
  const fetch = stubFetch(async () => new Response("{}", { status: 404 }));
  const drafts: AttachmentDraft[] = [];
  function Field() {
    const [draft, setDraft] = useState<AttachmentDraft>({ kind: "none" });
    return (
      <AttachmentField
        draft={draft}
        onChange={(next) => {
          drafts.push(next);
          setDraft(next);
        }}
        stored={null}
      />
    );
  }
  const view = renderScreen(<Field />);
  const input = screen.getByLabelText("Attachment (Optional)");
  return { ...view, fetch, drafts, input };
}

describe("a note's attachment field", () => {
  it("refuses an .exe renamed .png by its content and a PDF over 2 GB by its size", async () => {
    const { user, fetch, drafts, input } = renderField();
    await user.upload(input, new File([exe()], "photo.png", { type: "image/png" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      unsupportedFileTypeMessage("attachment"),
    );
    // uploaded in encrypted chunks (docs/decisions/108): up to 2 GB, not the spec's 5 MB
    const big = new File([pdfOf(1024)], "big.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: CHUNKED_FILE_MAX_BYTES + 1 });
    await user.upload(input, big);
    await vi.waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(FILE_UPLOAD_MSG.tooLarge),
    );
    expect(screen.queryByText("big.pdf")).toBeNull();
    expect(drafts).toEqual([]);
    expect(fetchedPaths(fetch)).toEqual([]);
  });

  it("takes a PDF past the spec's old 5 MB: shown as the attachment, with a way to replace or remove it", async () => {
    const { user, fetch, drafts, input } = renderField();
    expect(screen.getByText("Drag and drop a file to attach, or choose one")).toBeTruthy();
    await user.upload(input, new File([pdfOf(5 * MB + 1)], "map.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("map.pdf")).toBeTruthy();
    expect(drafts.map((d) => d.kind)).toEqual(["new"]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("Drag and drop a file to replace it, or choose one")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Remove the attachment" }));
    expect(screen.queryByText("map.pdf")).toBeNull();
    expect(fetchedPaths(fetch)).toEqual([]);
  });
});
