import { type FormEvent, useRef } from "react";
import { Link, useNavigate } from "react-router";

import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { Select, type SelectOption } from "#app/components/ui/select";
import { contentStatuses } from "#app/lib/validation";
import { isFiltered, type ListParams } from "#app/modules/content-types/list-params";

import { ComboboxFilter } from "./combobox-filter";
import type { ContentListView } from "./content-list-view";

const sentence = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const stateLabels = { live: "Live", expired: "Expired", scheduled: "Scheduled" } as const;
const featuredChoices = [
  { value: "yes", label: "Featured" },
  { value: "no", label: "Not featured" },
];

/** One of the toolbar's choices: it applies as soon as it is picked (a new key when the URL changes it). */
function FilterSelect({
  name,
  label,
  value,
  className = "w-40",
  ...select
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: SelectOption[];
  placeholder: string;
  onChange(): void;
  className?: string;
}) {
  return (
    <Select
      name={name}
      aria-label={label}
      defaultValue={value ?? ""}
      key={`${name}-${value ?? ""}`}
      className={className}
      {...select}
    />
  );
}

/**
 * The list's search box and filters. Submitting puts the view in the URL (empty fields left out, page back
 * to 1, sort and page size kept), so every change is a history entry the Back button returns to.
 */
export function ListToolbar({
  view,
  params,
  refLabels,
}: {
  view: ContentListView;
  params: ListParams;
  refLabels: Record<string, string>;
}) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const submit = () => form.current?.requestSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim()) search.set(name, value.trim());
    }
    const query = search.toString();
    navigate(query ? `?${query}` : ".", { preventScrollReset: true });
  }

  const { filters } = view;
  return (
    <form ref={form} role="search" onSubmit={onSubmit} className="mb-4 flex flex-wrap items-center gap-2">
      <SearchInput
        className="w-full sm:w-64"
        name="q"
        defaultValue={params.q}
        key={params.q}
        aria-label={`Search ${view.noun.many}`}
        placeholder={`Search ${view.noun.many}…`}
      />
      {filters.status ? (
        <FilterSelect
          name="status"
          label="Filter by status"
          value={params.status}
          options={contentStatuses.map((status) => ({ value: status, label: sentence(status) }))}
          placeholder="All statuses"
          onChange={submit}
        />
      ) : null}
      {filters.featured ? (
        <FilterSelect
          name="featured"
          label="Filter by featured"
          value={params.featured}
          options={featuredChoices}
          placeholder="Featured or not"
          onChange={submit}
        />
      ) : null}
      {filters.states.length > 0 ? (
        <FilterSelect
          name="state"
          label="Filter by dates"
          value={params.state}
          options={filters.states.map((state) => ({ value: state, label: stateLabels[state] }))}
          placeholder="Any dates"
          onChange={submit}
          className="w-36"
        />
      ) : null}
      {filters.refs.map((filter) => (
        <ComboboxFilter
          key={`${filter.param}-${params.refs[filter.param] ?? ""}`}
          param={filter.param}
          label={filter.label}
          optionsKey={filter.to}
          id={params.refs[filter.param]}
          selectedLabel={refLabels[filter.param]}
          onChange={submit}
        />
      ))}
      {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
      {params.dir ? <input type="hidden" name="dir" value={params.dir} /> : null}
      {params.size !== 50 ? <input type="hidden" name="size" value={params.size} /> : null}
      <Button type="submit" variant="outline">
        Search
      </Button>
      {isFiltered(params) ? (
        <Link to="." className="text-sm font-medium text-brand-700 hover:underline">
          Reset filters
        </Link>
      ) : null}
    </form>
  );
}
