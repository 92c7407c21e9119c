import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";

import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";

/**
 * A growing list of short values (tags, extra image URLs): added with the button or Enter, trimmed,
 * never empty, never twice; each removable. Submitted as `name[0]`, `name[1]`… for the form's schema.
 */
export function ListInput({
  id,
  name,
  label,
  initial,
  placeholder,
  addLabel,
  errors,
  check,
}: {
  id: string;
  name: string;
  label: string;
  initial: readonly string[];
  placeholder?: string;
  addLabel: string;
  errors?: string[];
  /** Returns a message when a value may not be added. */
  check?: (value: string) => string | null;
}) {
  const [items, setItems] = useState<string[]>([...initial]);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    const value = draft.trim();
    if (!value) return;
    const message = check?.(value) ?? null;
    setProblem(message);
    if (message) return;
    if (!items.some((item) => item.toLowerCase() === value.toLowerCase())) setItems([...items, value]);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  const error = problem ?? errors?.[0];
  return (
    <div className="flex flex-col gap-1.5 md:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={Boolean(error) || undefined}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden /> {addLabel}
        </Button>
      </div>
      {error ? (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={item}
              className="flex max-w-full items-center gap-1 rounded-full bg-gray-100 py-1 pl-3 pr-1 text-sm"
            >
              <span className="truncate">{item}</span>
              <button
                type="button"
                onClick={() => setItems(items.filter((other) => other !== item))}
                aria-label={`Remove ${item}`}
                className="rounded-full p-1 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
              <input type="hidden" name={`${name}[${index}]`} value={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
