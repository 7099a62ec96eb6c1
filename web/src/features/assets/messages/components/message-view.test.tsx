import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { MessageView } from "./message-view";

/** A message as its owner and, on its day, its recipient read it (decision 089). */
describe("MessageView", () => {
  it("shows a letter's paragraphs and bold words as text, never as HTML", () => {
    renderScreen(
      <MessageView
        content={{
          format: "letter",
          letter: "Dear Emma,\n\nI am **so** proud.\n<img src=x onerror=alert(1)>",
          transcript: "",
          occasion: "For your 18th birthday",
          media: null,
        }}
        source={null}
      />,
    );
    expect(screen.getByText("For your 18th birthday")).toBeTruthy();
    expect(screen.getByText("so").tagName).toBe("STRONG");
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(document.querySelector("img")).toBeNull();
    expect(screen.queryByRole("button", { name: /Download/ })).toBeNull();
  });

  it("names a video's captions and transcript, or says there is none", () => {
    const { unmount } = renderScreen(
      <MessageView
        content={{
          format: "video",
          letter: "",
          transcript: "Happy birthday, Emma.",
          occasion: "",
          media: { name: "birthday.mp4", type: "video/mp4" },
        }}
        source={null}
      />,
    );
    expect(screen.getByRole("heading", { name: "Captions and transcript" })).toBeTruthy();
    expect(screen.getByText("Happy birthday, Emma.")).toBeTruthy();
    unmount();
    renderScreen(
      <MessageView
        content={{ format: "voice", letter: "", transcript: " ", occasion: "", media: null }}
        source={null}
      />,
    );
    expect(screen.getByRole("heading", { name: "Transcript" })).toBeTruthy();
    expect(screen.getByText("No transcript")).toBeTruthy();
  });
});
