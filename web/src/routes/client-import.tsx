import { ClientImportScreen } from "@/features/client-imports/components/client-import-screen";

/** /clients/import: bring a practice's clients in from a CSV file (firm admins and staff). */
export default function ClientImport() {
  return <ClientImportScreen />;
}
