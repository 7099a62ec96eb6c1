import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { NoteContent } from "@common/assets/notes";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { newContentKey } from "@/lib/crypto/vault-crypto";
import { openedAssetView } from "@/testing/asset-views";
import { renderScreen } from "@/testing/render-screen";
import { NoteReading } from "./note-reading";

/**
 * /notes/{id} read as a letter (issue 16, point 4): the dates, the beneficiary, the text in
 * paragraphs, no form. e2e/vault-forms.e2e.ts walks writing, reading, editing and going back.
 */
const TEXT = "Dear Sam,\n\n\n\nThe keys to the cabin are with Mrs Ellis next door.\n\nWith love";

async function opened(
  asset: Partial<OpenedAssetView>,
  content: Partial<NoteContent>,
): Promise<OpenedAsset<"note">> {
  return {
    asset: openedAssetView({
      id: "00000000-0000-4000-8000-000000000001",
      type: "note",
      title: "Letter to Sam",
      createdAt: "2026-03-01T10:00:00.000Z",
      updatedAt: "2026-03-01T10:00:00.000Z",
      ...asset,
    }),
    contentKey: await newContentKey(),
    wrappedKey: new Uint8Array(),
    content: { text: TEXT, audioRecording: null, attachment: null, ...content },
  };
}

describe("a note's reading view", () => {
  it("shows the text in paragraphs (a run of blank lines is one break), when it was written, and no form", async () => {
    renderScreen(<NoteReading opened={await opened({}, {})} />);
    const paragraphs = within(screen.getByTestId("note-text")).getAllByRole("paragraph");
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      "Dear Sam,",
      "The keys to the cabin are with Mrs Ellis next door.",
      "With love",
    ]);
    expect(screen.getByText("Written")).toBeTruthy();
    expect(screen.getByText("none yet")).toBeTruthy();
    expect(screen.queryByText("Last updated")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("adds when it was last updated, once changed on another day", async () => {
    renderScreen(
      <NoteReading opened={await opened({ updatedAt: "2026-04-02T10:00:00.000Z" }, {})} />,
    );
    expect(screen.getByText("Last updated")).toBeTruthy();
  });

  it("says so when the note has no text", async () => {
    renderScreen(<NoteReading opened={await opened({}, { text: "  \n" })} />);
    expect(screen.getByText("This note has no text.")).toBeTruthy();
    expect(screen.queryByTestId("note-text")).toBeNull();
  });
});
