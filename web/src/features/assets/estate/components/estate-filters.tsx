import { ESTATE_ACTIONS, ESTATE_CATEGORIES, ESTATE_NO_ACTION } from "@common/assets/estate";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { AssetSearch } from "../../components/asset-search";
import { isEstateActionFilter, isEstateCategory, type EstateFilter } from "../filter-estate";

/** The inventory's search and its two filters: the kind of entry and what should happen. */
export function EstateFilters({
  filter,
  onChange,
}: {
  filter: EstateFilter;
  onChange: (next: Partial<EstateFilter>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_minmax(0,12rem)] sm:items-end">
      <AssetSearch
        label="Search the inventory"
        value={filter.search}
        onChange={(search) => onChange({ search })}
        placeholder="Name, organisation, reference..."
      />
      <FormField label="Kind">
        <NativeSelect
          value={filter.category}
          onChange={(e) =>
            onChange({ category: isEstateCategory(e.target.value) ? e.target.value : "" })
          }
        >
          <option value="">All kinds</option>
          {Object.entries(ESTATE_CATEGORIES).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="What should happen">
        <NativeSelect
          value={filter.action}
          onChange={(e) =>
            onChange({ action: isEstateActionFilter(e.target.value) ? e.target.value : "" })
          }
        >
          <option value="">Anything</option>
          {Object.entries(ESTATE_ACTIONS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
          <option value="none">{ESTATE_NO_ACTION}</option>
        </NativeSelect>
      </FormField>
    </div>
  );
}
