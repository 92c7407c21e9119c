import { Plus } from "lucide-react";
import { Link } from "react-router";

import { Button } from "#app/components/ui/button";

/** What a list shows when it has no rows, with the way to add the first one. */
export function EmptyState({ message, action }: { message: string; action: { to: string; label: string } }) {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 bg-white p-12 text-center">
      <p className="text-gray-600">{message}</p>
      <Button asChild className="mt-4">
        <Link to={action.to}>
          <Plus className="h-4 w-4" aria-hidden /> {action.label}
        </Link>
      </Button>
    </div>
  );
}
