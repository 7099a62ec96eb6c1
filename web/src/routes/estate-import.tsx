import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { EstateImport } from "@/features/assets/estate/components/estate-import";

/** /estate/import: add entries to the estate inventory from a spreadsheet (CSV). */
export default function EstateImportScreen() {
  return (
    <AssetNewScreen
      title="Import your inventory"
      description="The file is read and encrypted in your browser; only the encrypted entries are sent."
      back={{ to: "/estate", label: "Back to the inventory" }}
    >
      <EstateImport />
    </AssetNewScreen>
  );
}
