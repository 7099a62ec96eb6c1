import { AuthLayout } from "@/features/auth/components/auth-layout";
import { VerifyEvidencePanel } from "@/features/release-evidence/components/verify-evidence-panel";

/** /verify-evidence: public; checks a downloaded release evidence file in the browser (decision 079). */
export default function VerifyEvidenceScreen() {
  return (
    <AuthLayout
      title="Check release evidence"
      description="Choose a release evidence file downloaded from Legacy Vault. It is checked here, in your browser, against the server's public key: nothing is uploaded."
    >
      <VerifyEvidencePanel />
    </AuthLayout>
  );
}
