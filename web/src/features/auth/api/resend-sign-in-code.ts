import { useMutation } from "@tanstack/react-query";
import { sendSignInCode } from "./send-sign-in-code";

/** /mfa's Resend: a new code for the same sign-in; the newest code is the one that works. */
export const useResendSignInCode = () => useMutation({ mutationFn: sendSignInCode });
