import { AUTH_MSG } from "@common/auth";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { checkRegisterForm, registerRefusal } from "./register-form-schema";

const filled = {
  name: " Ada Lovelace ",
  email: " ada@example.com ",
  password: "Saffron-Tunnel-19",
  confirmPassword: "Saffron-Tunnel-19",
  firmCode: " AB12 ",
};

describe("/register's checks (a plain form since decision 077)", () => {
  it("gives the values to send, trimmed, when every field passes", () => {
    expect(checkRegisterForm(filled)).toEqual({
      values: { ...filled, name: "Ada Lovelace", email: "ada@example.com", firmCode: "AB12" },
    });
  });

  it("says 'fill out all required fields' for each empty required field, and nothing else", () => {
    const empty = { name: "", email: "", password: "", confirmPassword: "", firmCode: "" };
    expect(checkRegisterForm(empty)).toEqual({
      errors: {
        name: AUTH_MSG.registerMissing,
        email: AUTH_MSG.registerMissing,
        password: AUTH_MSG.registerMissing,
      },
    });
  });

  it("gives a failing field its message, the others none: the address, the length, the match", () => {
    expect(checkRegisterForm({ ...filled, email: "nope" }).errors).toEqual({
      email: AUTH_MSG.invalidEmail,
    });
    expect(
      checkRegisterForm({ ...filled, password: "short", confirmPassword: "short" }).errors,
    ).toEqual({ password: AUTH_MSG.passwordTooShort });
    expect(checkRegisterForm({ ...filled, confirmPassword: "Saffron-Tunnel-91" }).errors).toEqual({
      confirmPassword: AUTH_MSG.passwordsDoNotMatch,
    });
  });
});

describe("/register's refusals from the server", () => {
  it("puts the server's messages on the form's own fields, the first of them to focus", () => {
    const err = new ApiError(400, "VALIDATION", "Invalid", undefined, {
      firmCode: "Unknown firm code",
      email: "Already taken",
      role: "not a field of this form",
    });
    expect(registerRefusal(err)).toEqual({
      fields: { email: "Already taken", firmCode: "Unknown firm code" },
      first: "email",
    });
  });

  it("says the server's message, or the form's own, when it names no field of the form", () => {
    expect(registerRefusal(new ApiError(409, "CONFLICT", "Try again later"))).toEqual({
      fields: {},
      form: "Try again later",
    });
    expect(registerRefusal(new TypeError("Failed to fetch"))).toEqual({
      fields: {},
      form: AUTH_MSG.registerFormError,
    });
  });
});
