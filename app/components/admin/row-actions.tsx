import { Plus } from "lucide-react";
import { Form, Link } from "react-router";

import { Button } from "#app/components/ui/button";

import type { DeleteTarget } from "./confirm-delete";
import { ListIcon } from "./list-icons";

const DUPLICATE_FORM = "duplicate-row";

/** The accessible name of a row's control: "Edit Wireless Headphones". */
export type RowNamer = (
  verb: "Select" | "Edit" | "Duplicate" | "Delete",
) => { "aria-label": string } | { "aria-labelledby": string };

export const rowVerbs = ["Select", "Edit", "Duplicate", "Delete"] as const;

/**
 * Names a row's controls by pointing at the verb (drawn once per list by RowVerbLabels) and at the row's
 * own title, so a long title is not repeated four times per row; rows without a title cell say it outright.
 */
export function rowNamer(label: string, titleId: string | undefined): RowNamer {
  return (verb) =>
    titleId ? { "aria-labelledby": `row-verb-${verb.toLowerCase()} ${titleId}` } : { "aria-label": `${verb} ${label}` };
}

export function RowVerbLabels() {
  return rowVerbs.map((verb) => (
    <span key={verb} id={`row-verb-${verb.toLowerCase()}`} hidden>
      {verb}
    </span>
  ));
}

/**
 * The one form every row's Duplicate button submits (with its row's id): the copy is made as a draft and
 * its form opens (the action redirects there). Render once per list.
 */
export function DuplicateForm() {
  return (
    <Form id={DUPLICATE_FORM} method="post" hidden>
      <input type="hidden" name="intent" value="duplicate" />
    </Form>
  );
}

/**
 * Edit, duplicate and delete for one row of an admin list. Its icons come from the list's sprite and its
 * delete opens the list's one confirmation, so a row adds little to the page.
 */
export function RowActions({
  editTo,
  id,
  label,
  named,
  onDelete,
}: {
  editTo: string;
  id: string;
  label: string;
  named: RowNamer;
  onDelete(target: DeleteTarget): void;
}) {
  return (
    <div className="flex items-center gap-1">
      <Link to={editTo} className="row-action" discover="none" {...named("Edit")}>
        <ListIcon name="pencil" />
      </Link>
      <button type="submit" form={DUPLICATE_FORM} name="id" value={id} className="row-action" {...named("Duplicate")}>
        <ListIcon name="copy" />
      </button>
      <button
        type="button"
        className="row-action row-action-danger"
        {...named("Delete")}
        onClick={() => onDelete({ id, label })}
      >
        <ListIcon name="trash" />
      </button>
    </div>
  );
}

/** The "Add …" button of a list header. */
export function AddButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild>
      <Link to={to}>
        <Plus className="h-4 w-4" aria-hidden /> {label}
      </Link>
    </Button>
  );
}

/** A small submit button in a table row (Needs attention's actions, a job's 'Run now'). */
export function RowSubmitButton(props: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className">) {
  return (
    <button
      type="submit"
      className="rounded-md border border-gray-300 px-2 py-1 text-xs font-medium text-gray-800 hover:border-brand-500 hover:text-brand-700 disabled:opacity-50"
      {...props}
    />
  );
}
