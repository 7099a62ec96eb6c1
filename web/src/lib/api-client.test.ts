import { describe, expect, it } from "vitest";
import { APP_MSG } from "@common/app";
import { errorMessage } from "./api-client";
import { toApiError } from "./upload";

const REQUEST_ID = "1e868d80-def8-4667-be35-6314b8180f9e";
const body = (code: string, message: string) =>
  JSON.stringify({ error: { code, message, requestId: REQUEST_ID } });

describe("error messages", () => {
  it("a server error's names its request id, for support", () => {
    const err = toApiError(500, body("INTERNAL", APP_MSG.unexpected));
    expect(err.requestId).toBe(REQUEST_ID);
    expect(errorMessage(err, "fallback")).toBe(
      `${APP_MSG.unexpected} ${APP_MSG.errorReference(REQUEST_ID)}`,
    );
  });

  it("a refusal (4xx) shows the server's message alone", () => {
    expect(
      errorMessage(
        toApiError(400, body("VALIDATION", "Please enter a valid email address")),
        "fallback",
      ),
    ).toBe("Please enter a valid email address");
  });
});
