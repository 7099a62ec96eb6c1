import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { ASSET_SORTS, isAssetSort, type AssetSort } from "../sort-assets";

/** "Sort by": name, recently used, recently changed (favourites always come first). */
export function SortSelect({
  value,
  onChange,
}: {
  value: AssetSort;
  onChange: (sort: AssetSort) => void;
}) {
  return (
    <div className="w-full sm:w-48">
      <FormField label="Sort by">
        <NativeSelect
          value={value}
          onChange={(e) => {
            if (isAssetSort(e.target.value)) onChange(e.target.value);
          }}
        >
          {ASSET_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}
