import type { ReportDeskView } from "../../common/verifier-reports.js";
import type { VerifiersView } from "../../common/verifiers.js";
import { TestClient, lastMailTo, linkFromMail, uniqueEmail, type TestContext } from "../harness.js";

async function mailedCode(ctx: TestContext, to: string) {
  const code = (await lastMailTo(ctx, to)).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A person verifier of `owner`, accepted through the invitation link and code (decision 081). */
export async function buildAcceptedVerifier(ctx: TestContext, owner: TestClient, name: string) {
  const email = uniqueEmail("verifier");
  const added = await owner.json<VerifiersView>("POST", "/api/verifiers", {
    kind: "person",
    name,
    email,
  });
  if (added.status !== 201) throw new Error(`add -> ${added.status}`);
  const token =
    (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token") ?? "";
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/code", { token });
  const code = await mailedCode(ctx, email);
  const ok = await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
  if (ok.status !== 200) throw new Error(`accept -> ${ok.status}`);
  const id = added.body.verifiers.find((v) => v.email === email)?.id ?? "";
  return { email, name, id };
}

/** A person on /verifier/report: the address, the e-mailed code, then a session (decision 082). */
export async function buildVerifierSession(ctx: TestContext, email: string) {
  const browser = new TestClient(ctx);
  if ((await browser.post("/api/verifier/report/code", { email })).status !== 200)
    throw new Error("code request failed");
  const code = await mailedCode(ctx, email);
  const signed = await browser.json<{ session: string }>("POST", "/api/verifier/report/sign-in", {
    email,
    code,
  });
  if (signed.status !== 200) throw new Error(`sign-in -> ${signed.status}`);
  const session = signed.body.session;
  return {
    browser,
    session,
    desk: () => browser.json<ReportDeskView>("POST", "/api/verifier/report/desk", { session }),
    /** "I reached them" or "I could not reach them" (decision 085). */
    answer: (verifierId: string, escalationId: string, answer: "reached" | "unreachable") =>
      browser.post("/api/verifier/report/escalation", {
        session,
        verifierId,
        escalationId,
        answer,
      }),
  };
}
