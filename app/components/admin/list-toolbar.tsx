import { type FormEvent, useRef } from "react";
import { Link, useNavigate } from "react-router";

import { Button } from "#app/components/ui/button";
import { SearchInput } from "#app/components/ui/search-input";
import { Select } from "#app/components/ui/select";
import { contentStatuses } from "#app/lib/validation";
import { isFiltered, type ListParams } from "#app/modules/content-types/list-params";

import { ComboboxFilter } from "./combobox-filter";
import type { ContentListView } from "./content-list-view";

const sentence = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const stateLabels = { live: "Live", expired: "Expired", scheduled: "Scheduled" } as const;

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
        <Select
          name="status"
          aria-label="Filter by status"
          defaultValue={params.status ?? ""}
          key={`status-${params.status ?? ""}`}
          onChange={submit}
          options={contentStatuses.map((status) => ({ value: status, label: sentence(status) }))}
          placeholder="All statuses"
          className="w-40"
        />
      ) : null}
      {filters.featured ? (
        <Select
          name="featured"
          aria-label="Filter by featured"
          defaultValue={params.featured ?? ""}
          key={`featured-${params.featured ?? ""}`}
          onChange={submit}
          options={[
            { value: "yes", label: "Featured" },
            { value: "no", label: "Not featured" },
          ]}
          placeholder="Featured or not"
          className="w-40"
        />
      ) : null}
      {filters.states.length > 0 ? (
        <Select
          name="state"
          aria-label="Filter by dates"
          defaultValue={params.state ?? ""}
          key={`state-${params.state ?? ""}`}
          onChange={submit}
          options={filters.states.map((state) => ({ value: state, label: stateLabels[state] }))}
          placeholder="Any dates"
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
