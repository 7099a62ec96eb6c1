import { DOCUMENT_MSG } from "@common/assets/documents";
import { CHUNKED_FILE_MAX_BYTES, FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import { FILE_MSG, unsupportedFileTypeMessage } from "@common/assets/files";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { renderScreen } from "@/testing/render-screen";
import { MB, exe, pdfOf } from "@/testing/sample-files";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { DocumentUploadForm } from "./document-upload-form";

/**
 * /documents/new's form before anything is sent (decision 078): the browser checks the file by
 * its content and its size and says why it refuses one. The journey (e2e/vault-files.e2e.ts)
 * keeps the keyboard's way to the drop zone, its focus ring, a drop and the upload itself.
 */

function renderForm() {
  const fetch = stubFetch(async () => new Response("{}", { status: 404 }));
  const onUploaded = vi.fn();
  const view = renderScreen(
    <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
      <DocumentUploadForm onUploaded={onUploaded} />
    </BeneficiaryFieldProvider>,
  );
  const fileInput = screen.getByLabelText("Document file");
  return { ...view, fetch, onUploaded, fileInput };
}

describe("the new document's form", () => {
  it("asks for a file and a title before anything is sent", async () => {
    const { user, fetch, onUploaded } = renderForm();
    await user.click(screen.getByRole("button", { name: "Upload Document" }));
    expect(await screen.findByText(DOCUMENT_MSG.titleRequired)).toBeTruthy();
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toContain(FILE_MSG.selectFile);
    expect(alerts).toContain(DOCUMENT_MSG.titleRequired);
    expect(fetchedPaths(fetch)).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("refuses an .exe renamed .pdf by its content and a PDF over 2 GB by its size, sending nothing", async () => {
    const { user, fetch, fileInput } = renderForm();
    expect(fileInput.getAttribute("type")).toBe("file");

    await user.upload(fileInput, new File([exe()], "setup.pdf", { type: "application/pdf" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      unsupportedFileTypeMessage("document"),
    );
    expect(fileInput.getAttribute("aria-invalid")).toBe("true");

    // uploaded in encrypted chunks (docs/decisions/108): any allowed type up to 2 GB
    const huge = new File([pdfOf(1024)], "huge.pdf", { type: "application/pdf" });
    Object.defineProperty(huge, "size", { value: CHUNKED_FILE_MAX_BYTES + 1 });
    await user.upload(fileInput, huge);
    await vi.waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(FILE_UPLOAD_MSG.tooLarge),
    );
    expect(screen.queryByText("huge.pdf")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveProperty("value", "");
    expect(fetchedPaths(fetch)).toEqual([]);
  });

  it("takes a PDF past the single-body limit of 10 MB, naming the title after the file", async () => {
    const { user, fetch, fileInput } = renderForm();
    await user.upload(
      fileInput,
      new File([pdfOf(10 * MB + 1)], "Last Will.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Last Will.pdf")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveProperty("value", "Last Will");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetchedPaths(fetch)).toEqual([]);
  });
});
