import { useNavigation } from "react-router";

import { formatMoment } from "#app/lib/dates";

import { RowAction } from "./row-action";

/** The intent of "Restore this version". */
export const RESTORE = "restore";

/** A version as the revisions page shows it (modules/revisions/revisions.server.ts, dates as text). */
export interface RevisionView {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  kind: "created" | "earlier" | "kept" | "restore" | "bulk" | "import" | "save";
  restoredAt: string | null;
  bulk: string | null;
  amazonDropped: boolean;
  changes: Array<{ field: string; label: string; before: string; after: string }>;
}

/** What made a version, in words. */
function headlineOf(revision: RevisionView): string {
  switch (revision.kind) {
    case "created":
      return "Created";
    case "earlier":
      return "As it was before revisions were kept";
    case "kept":
      return "Kept before a restore";
    case "restore":
      return `Restored the version of ${revision.restoredAt ? formatMoment(revision.restoredAt) : "an earlier time"}`;
    case "bulk":
      return `Bulk action: ${revision.bulk}`;
    case "import":
      return "Imported from a CSV file";
    default:
      return "Saved";
  }
}

/**
 * An item's versions, newest first: what made each, who and when, its changes field by field, and
 * "Restore this version" on all but the newest.
 */
export function RevisionList({ revisions, newestFirst }: { revisions: RevisionView[]; newestFirst: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <ol className="space-y-4">
      {revisions.map((revision, index) => {
        const newest = newestFirst && index === 0;
        // To the second: two saves within a minute are two versions, and must not read as one.
        const when = formatMoment(revision.createdAt);
        return (
          <li
            key={revision.id}
            id={`revision-${revision.id}`}
            data-testid="revision"
            aria-label={`Version of ${when}`}
            className="rounded-xl border border-gray-200 bg-white"
          >
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 px-5 py-3">
              <div className="text-sm">
                <p className="font-semibold text-gray-900">{headlineOf(revision)}</p>
                <p className="text-gray-600">
                  <time dateTime={revision.createdAt}>{when}</time>
                  {revision.kind === "earlier" ? null : ` · ${revision.actorEmail ?? "A job"}`}
                </p>
              </div>
              {newest ? (
                <span className="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-700">Newest</span>
              ) : (
                <RowAction
                  intent={RESTORE}
                  fields={{ revision: revision.id }}
                  label="Restore this version"
                  ariaLabel={`Restore the version of ${when}`}
                  confirmText={`Restore the version of ${when}? The current version is kept in the revisions.`}
                  busy={busy}
                />
              )}
            </div>
            {revision.changes.length > 0 ? (
              <ChangesTable changes={revision.changes} />
            ) : revision.amazonDropped ? (
              <p className="px-5 py-3 text-sm text-gray-600">
                Amazon&apos;s price, picture or rating changed: Amazon lets a site keep them 24 hours.
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function ChangesTable({ changes }: { changes: RevisionView["changes"] }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-xs uppercase tracking-wide text-gray-500">
        <tr>
          <th scope="col" className="w-1/5 px-5 py-2 font-medium">
            Field
          </th>
          <th scope="col" className="px-5 py-2 font-medium">
            Before
          </th>
          <th scope="col" className="px-5 py-2 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100" data-testid="revision-changes">
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row" className="px-5 py-2 align-top font-medium text-gray-900">
              {change.label}
            </th>
            <td className="break-words px-5 py-2 align-top text-gray-500 line-through decoration-red-300">
              {change.before}
            </td>
            <td className="break-words px-5 py-2 align-top text-gray-900">{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
