import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";

import { cn } from "#app/lib/cn";
import { formatDateTime } from "#app/lib/dates";

import { AdminPageHeader } from "./admin-page-header";
import { FormActions } from "./form-actions";
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
}

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
  return (
    <div className={cn("mx-auto", widths[width])}>
      <AdminPageHeader title={view.title} back={{ to: view.listPath, label: view.backLabel }} />
      <Form method="post" {...formProps} className="space-y-6">
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
    </div>
  );
}
