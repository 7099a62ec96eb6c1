import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { encryptBytes, newContentKey } from "@/lib/crypto/vault-crypto";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { DocumentFileActions } from "./document-file-actions";

/**
 * A document's Download (decision 078): on a slow line the progress bar says how far the
 * ciphertext has come (role="progressbar", aria-valuenow), then the file is saved decrypted
 * under its original name. The journey (e2e/vault-files.e2e.ts) keeps a 10 MB file's real bytes
 * through the browser's download.
 */

const URL_PATH = "/api/assets/a1/files/document";

/** A body that arrives in the parts the test lets through, one `next()` each. */
function slowBody(ciphertext: Uint8Array, parts: number) {
  const size = Math.ceil(ciphertext.length / parts);
  let sent = 0;
  let release: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(ciphertext.slice(sent, sent + size));
      sent += size;
      if (sent >= ciphertext.length) controller.close();
    },
  });
  const next = async () => {
    await vi.waitFor(() => expect(release).toBeDefined());
    const go = release;
    release = undefined;
    go?.();
  };
  return { body, next };
}

describe("a document's Download", () => {
  it("shows how far the download is, then saves the decrypted file under its name", async () => {
    const plaintext = new TextEncoder().encode("%PDF-1.4\n" + "A".repeat(4000));
    const contentKey = await newContentKey();
    const ciphertext = await encryptBytes(contentKey, plaintext);
    const { body, next } = slowBody(ciphertext, 4);
    const fetch = stubFetch(
      async () =>
        new Response(body, {
          headers: { "content-length": String(ciphertext.length) },
        }),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:saved";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
    });

    const { user } = renderScreen(
      <DocumentFileActions
        url={URL_PATH}
        contentKey={contentKey}
        content={{
          fileName: "Last Will.pdf",
          contentType: "application/pdf",
          fileSize: 4009,
          notes: "",
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Download" }));
    const bar = await screen.findByRole("progressbar", { name: "Downloading document..." });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    await next();
    await vi.waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("25"));
    await next();
    await vi.waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("50"));
    expect(screen.getByRole("button", { name: "Download" })).toHaveProperty("disabled", true);
    await next();
    await next();

    await vi.waitFor(() =>
      expect(clicked).toEqual([{ href: "blob:saved", download: "Last Will.pdf" }]),
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([URL_PATH]);
    const [blob] = saved;
    expect(blob?.type).toBe("application/pdf");
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(plaintext);
  });
});
