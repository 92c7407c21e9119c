import type { ComponentProps, ReactNode } from "react";
import { Form, Link, useActionData } from "react-router";

import { cn } from "#app/lib/cn";
import { formatDateTime } from "#app/lib/dates";

import { AdminPageHeader } from "./admin-page-header";
import { FormActions } from "./form-actions";
import { PreviewLinks, type PreviewLinksView } from "./preview-links";
import { MayPublish } from "./status-select";

/** The words around a content form (sent by the loader). */
export interface ContentFormView {
  title: string;
  submitLabel: string;
  listPath: string;
  backLabel: string;
  /** False for a contributor: the status stays Draft, and "Submit for review" asks an editor to publish. */
  canPublish?: boolean;
  /** When the row was last submitted for review, while it waits. */
  submittedAt?: string | null;
  /** When the edited row was read (its `updated_at`): sent back, so a save after someone else's is refused. */
  savedAt?: string | null;
  /** The edited item's revisions page. */
  revisionsPath?: string | null;
  /** The edited item's preview links, for a type whose items have a public page. */
  previews?: PreviewLinksView | null;
}

/** What a refused save tells of the other person's (the action's `conflict`). */
interface SaveConflict {
  savedAt: string;
  savedBy: string | null;
  differs: Array<{ field: string; theirs: string }>;
}

/** "salePrice" → "Sale price". */
const fieldWords = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The intent of a contributor's "Submit for review". */
export const SUBMIT_FOR_REVIEW = "submit-for-review";

const widths = { narrow: "max-w-3xl", normal: "max-w-4xl", wide: "max-w-5xl" } as const;

/**
 * An add or edit page: back link and title, the form's own sections, then Save and Cancel. A new item made
 * from a sourcing candidate (`candidateId`) says so, and its save approves the candidate.
 */
export function ContentFormFrame({
  view,
  formProps,
  width = "normal",
  candidateId,
  children,
}: {
  view: ContentFormView;
  formProps: ComponentProps<typeof Form>;
  width?: keyof typeof widths;
  candidateId?: string | null;
  children: ReactNode;
}) {
  const conflict = (useActionData() as { conflict?: SaveConflict } | undefined)?.conflict;
  return (
    <div className={cn("mx-auto", widths[width])}>
      <AdminPageHeader
        title={view.title}
        back={{ to: view.listPath, label: view.backLabel }}
        actions={
          view.revisionsPath ? (
            <Link to={view.revisionsPath} className="text-sm font-medium text-brand-700 hover:underline">
              Revisions
            </Link>
          ) : null
        }
      />
      <Form method="post" {...formProps} className="space-y-6">
        {view.savedAt ? <input type="hidden" name="savedAt" value={view.savedAt} /> : null}
        {conflict ? <ConflictNotice conflict={conflict} revisionsPath={view.revisionsPath} /> : null}
        {candidateId ? (
          <p className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-gray-800">
            <input type="hidden" name="sourcingCandidate" value={candidateId} />
            From the review queue: saving approves the candidate. Complete what it lacks first.
          </p>
        ) : null}
        {view.submittedAt ? (
          <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-gray-800">
            Submitted for review on {formatDateTime(view.submittedAt)}: an editor publishes it.
          </p>
        ) : null}
        <MayPublish.Provider value={view.canPublish ?? true}>{children}</MayPublish.Provider>
        <FormActions
          submitLabel={view.submitLabel}
          cancelTo={view.listPath}
          also={view.canPublish === false ? { intent: SUBMIT_FOR_REVIEW, label: "Submit for review" } : undefined}
        />
      </Form>
      {view.previews ? (
        <div className="mt-6">
          <PreviewLinks view={view.previews} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A save refused because someone else saved first: who and when, and where their version differs from
 * what this form sends. What was typed stays in the form; reloading opens their version.
 */
function ConflictNotice({ conflict, revisionsPath }: { conflict: SaveConflict; revisionsPath?: string | null }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-gray-800">
      <p className="font-semibold text-red-800">
        {conflict.savedBy ?? "Someone"} saved this on {formatDateTime(conflict.savedAt)}, after you opened it. Nothing
        of yours was saved.
      </p>
      {conflict.differs.length > 0 ? (
        <>
          <p className="mt-2">Their version differs from yours in:</p>
          <ul className="mt-1 list-disc pl-5" data-testid="conflict-differences">
            {conflict.differs.map(({ field, theirs }) => (
              <li key={field}>
                {fieldWords(field)}: theirs is <span className="font-mono">{theirs}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-2">
        Your changes are still below. Copy what you need, then{" "}
        <a href="" className="font-medium text-brand-700 underline">
          open their version
        </a>{" "}
        and make your changes to it.
        {revisionsPath ? (
          <>
            {" "}
            <Link to={revisionsPath} className="font-medium text-brand-700 underline">
              See what they changed
            </Link>{" "}
            in the revisions.
          </>
        ) : null}
      </p>
    </div>
  );
}
