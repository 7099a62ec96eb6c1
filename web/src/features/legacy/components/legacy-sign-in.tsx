import { useState } from "react";
import { RequestCodeForm } from "./request-code-form";
import { VerifyCodeForm } from "./verify-code-form";

/** Steps 1 and 2 of /legacy: the address (pre-filled from the e-mail's link), then the code mailed to it. */
export function LegacySignIn({ defaultEmail }: { defaultEmail: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [isSent, setIsSent] = useState(false);
  const onSent = (to: string) => {
    setEmail(to);
    setIsSent(true);
  };
  return (
    <section
      aria-labelledby="legacy-sign-in-title"
      className="mx-auto w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <h1
        id="legacy-sign-in-title"
        className="text-2xl font-semibold tracking-tight text-foreground"
      >
        Sign in to see what was left to you
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {isSent
          ? "Enter the code we e-mailed you. You will not need a password or an account."
          : "Enter the e-mail address the release message was sent to, and we will e-mail you a 6-digit code."}
      </p>
      <div className="mt-6">
        {isSent ? (
          <VerifyCodeForm email={email} onChangeEmail={() => setIsSent(false)} />
        ) : (
          <RequestCodeForm defaultEmail={email} onSent={onSent} />
        )}
      </div>
    </section>
  );
}
