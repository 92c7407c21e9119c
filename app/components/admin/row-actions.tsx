import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { ConfirmDelete } from "./confirm-delete";

/** Edit and delete for one row of an admin list. */
export function RowActions({ editTo, id, label, question }: { editTo: string; id: string; label: string; question: string }) {
  return (
    <div className="flex items-center gap-1">
      <Button asChild variant="ghost" size="sm" aria-label={`Edit ${label}`}>
        <Link to={editTo}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Link>
      </Button>
      <ConfirmDelete id={id} label={label} question={question} />
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
