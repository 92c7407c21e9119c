import { ChevronsUpDown, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";

import { cn } from "#app/lib/cn";

// A searchable choice of one row among many (a store among thousands): the matches come from the server
// as the user types, so the page never carries the whole table. It follows the ARIA combobox pattern:
// the text box keeps focus, arrow keys move through the list (announced by aria-activedescendant), Enter
// picks, Escape closes and restores the current choice.

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second line: a store and a price, a parent. */
  detail?: string;
  image?: string | null;
}

export interface ComboboxProps {
  id: string;
  /** GET endpoint answering `{ options: ComboboxOption[] }` for `?q=` (extra parameters may be in the URL). */
  optionsUrl: string;
  selected: ComboboxOption | null;
  onSelect(option: ComboboxOption | null): void;
  placeholder?: string;
  /** Whether "no choice" is allowed: emptying the box clears the choice. */
  clearable?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** An accessible name when no <label for> names the box. */
  ariaLabel?: string;
  /** How one option looks in the list (the label by default). */
  renderOption?: (option: ComboboxOption) => ReactNode;
  /** Escape with the list closed (a picker in a panel closes itself). */
  onEscape?: () => void;
  autoFocus?: boolean;
  className?: string;
}

const DEBOUNCE_MS = 150;

export function Combobox({
  id,
  optionsUrl,
  selected,
  onSelect,
  placeholder,
  clearable,
  invalid,
  describedBy,
  ariaLabel,
  renderOption,
  onEscape,
  autoFocus,
  className,
}: ComboboxProps) {
  const listId = useId();
  const fetcher = useFetcher<{ options: ComboboxOption[] }>();
  const [text, setText] = useState(selected?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = fetcher.data?.options ?? [];
  const loading = fetcher.state !== "idle";

  useEffect(() => () => clearTimeout(timer.current), []);

  function load(query: string) {
    clearTimeout(timer.current);
    const separator = optionsUrl.includes("?") ? "&" : "?";
    timer.current = setTimeout(
      () => void fetcher.load(`${optionsUrl}${separator}q=${encodeURIComponent(query)}`),
      DEBOUNCE_MS,
    );
  }

  function openList(query: string) {
    setOpen(true);
    setActive(-1);
    load(query);
  }

  function choose(option: ComboboxOption | null) {
    onSelect(option);
    setText(option?.label ?? "");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList(selected && text === selected.label ? "" : text);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === "Enter" && open) {
      // Enter picks the highlighted match instead of submitting the form.
      event.preventDefault();
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setText(selected?.label ?? "");
    } else if (event.key === "Escape" && onEscape) {
      event.preventDefault();
      onEscape();
    }
  }

  function onBlur() {
    setOpen(false);
    if (clearable && text.trim() === "") {
      if (selected) onSelect(null);
      return;
    }
    // Typed text that was never picked does not count as a choice.
    setText(selected?.label ?? "");
  }

  const activeId = open && options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className={cn("relative", className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={ariaLabel}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          openList(event.target.value);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => (open ? null : openList(""))}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={cn(
          "h-10 w-full rounded-lg border border-gray-300 bg-white pl-3 pr-16 text-sm text-gray-900",
          "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500",
        )}
      />
      <span className="pointer-events-none absolute inset-y-0 right-2 flex items-center gap-1 text-gray-400">
        <ChevronsUpDown className="h-4 w-4" aria-hidden />
      </span>
      {clearable && selected ? (
        <button
          type="button"
          aria-label={`Clear ${selected.label}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(null)}
          className="absolute inset-y-0 right-7 flex items-center px-1 text-gray-400 hover:text-gray-700"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
      <div
        hidden={!open}
        className="absolute z-30 mt-1 w-full min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
      >
        <ul id={listId} role="listbox" aria-label={ariaLabel} className="max-h-72 overflow-y-auto">
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep focus in the box while the pointer picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
              className={cn(
                "cursor-pointer rounded-md px-3 py-2 text-sm",
                index === active && "bg-brand-50 text-brand-900",
                selected?.id === option.id && "font-semibold",
              )}
            >
              {renderOption ? renderOption(option) : option.label}
            </li>
          ))}
        </ul>
        {options.length === 0 ? (
          <p className="px-3 py-2 text-sm text-gray-500">{loading || !fetcher.data ? "Searching…" : "No matches"}</p>
        ) : null}
      </div>
    </div>
  );
}
