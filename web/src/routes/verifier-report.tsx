import { AuthLayout } from "@/features/auth/components/auth-layout";
import { VerifierDesk } from "@/features/verifier-reports/components/verifier-desk";

/** /verifier/report: a verifier reports a death or incapacity, confirms a report, or says they have heard from the person. Public; a code proves the address. */
export default function VerifierReportScreen() {
  return (
    <AuthLayout
      title="For verifiers"
      description="Report, confirm, or tell us you have heard from them."
    >
      <VerifierDesk />
    </AuthLayout>
  );
}
