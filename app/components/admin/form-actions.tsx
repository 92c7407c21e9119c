import { Link, useNavigation } from "react-router";

import { Button } from "#app/components/ui/button";

/**
 * Save and Cancel at the foot of an admin form; the save button reads 'Saving...' while busy. `also`: a
 * second way to save (a contributor's "Submit for review"), sent as the form's `intent`.
 */
export function FormActions({
  submitLabel,
  cancelTo,
  also,
}: {
  submitLabel: string;
  cancelTo: string;
  also?: { intent: string; label: string };
}) {
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
      {also ? (
        <Button type="submit" name="intent" value={also.intent} variant="outline" disabled={saving}>
          {also.label}
        </Button>
      ) : null}
    </div>
  );
}
