import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/form-field";
import type { InboxFilter } from "@/shared/desk-schema";
import { requestSources } from "@/shared/location";
import { serviceNames } from "@/shared/services";
import { DeskField } from "./DeskField";
import { StatusOptions } from "./StatusBadge";
import { sourceLabels } from "./source-labels";

type FormSubmit = NonNullable<ComponentProps<"form">["onSubmit"]>;
type SetFilter = (patch: Partial<InboxFilter>) => void;

const selectClass = cn(inputClass, "pr-8");

/** The two ends of the date range filter, in the order they sit on screen. */
const dateFilters = [
  { key: "from", label: "From" },
  { key: "to", label: "To" },
] as const;

/** The free-text search over name, phone, e-mail and place. */
export function InboxSearch({ id, filter, setFilter }: { id: string; filter: InboxFilter; setFilter: SetFilter }) {
  const onSearch: FormSubmit = (event) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setFilter({ q: q || undefined });
  };
  return (
    <search>
      <form onSubmit={onSearch} className="flex gap-2" key={filter.q ?? ""}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Search
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={filter.q ?? ""}
          placeholder="Name, phone, email or place"
          className={inputClass}
        />
        <Button type="submit" variant="dark">
          Search
        </Button>
      </form>
    </search>
  );
}

/** One select filter: "All" first, then the given options. */
function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[] | "statuses";
  onChange: (value: string | undefined) => void;
}) {
  return (
    <DeskField label={label} className="space-y-1">
      {(fieldId) => (
        <select
          id={fieldId}
          className={selectClass}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">All</option>
          {options === "statuses" ? (
            <StatusOptions />
          ) : (
            options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))
          )}
        </select>
      )}
    </DeskField>
  );
}

const serviceOptions = serviceNames.map((s) => ({ value: s, label: s }));
const sourceOptions = requestSources.map((s) => ({ value: s, label: sourceLabels[s] }));

/** Status, service, source and the date range. */
export function InboxFilters({ filter, setFilter }: { filter: InboxFilter; setFilter: SetFilter }) {
  return (
    <fieldset className="grid min-w-0 grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-3 md:grid-cols-4">
      <legend className="sr-only">Filters</legend>
      <SelectFilter
        label="Status"
        value={filter.status}
        options="statuses"
        onChange={(v) => setFilter({ status: v as InboxFilter["status"] })}
      />
      <SelectFilter
        label="Service"
        value={filter.service}
        options={serviceOptions}
        onChange={(v) => setFilter({ service: v as InboxFilter["service"] })}
      />
      <SelectFilter
        label="Source"
        value={filter.source}
        options={sourceOptions}
        onChange={(v) => setFilter({ source: v as InboxFilter["source"] })}
      />
      {dateFilters.map(({ key, label }) => (
        <DeskField key={key} label={label} className="space-y-1">
          {(fieldId) => (
            <input
              id={fieldId}
              type="date"
              className={inputClass}
              value={filter[key] ?? ""}
              onChange={(e) => setFilter({ [key]: e.target.value || undefined })}
            />
          )}
        </DeskField>
      ))}
    </fieldset>
  );
}
