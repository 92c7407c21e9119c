import { Link, useNavigation } from "react-router";

import { Button } from "#app/components/ui/button";

/** Save and Cancel at the foot of an admin form; the save button reads 'Saving...' while busy. */
export function FormActions({ submitLabel, cancelTo }: { submitLabel: string; cancelTo: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  return (
    <div className="flex justify-end gap-3">
      <Button asChild variant="outline">
        <Link to={cancelTo}>Cancel</Link>
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? "Saving..." : submitLabel}
      </Button>
    </div>
  );
}
