import { Link } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { RevisionList } from "#app/components/admin/revision-list";

import type { Route } from "./+types/content-revisions";
import { loadRevisions, restoreAction } from "./revisions.server";

// Every content type's revisions page; which type comes from the URL (/admin/<segment>/revisions/:id).

export const loader = (args: Route.LoaderArgs) => loadRevisions(args);

export const action = (args: Route.ActionArgs) => restoreAction(args);

export default function ContentRevisions({
  loaderData: { title, noun, editPath, firstPage, revisions, olderSearch },
}: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminPageHeader
        title={`Revisions of "${title}"`}
        description={`Every save keeps a version of the ${noun}: the newest 50, and one a day past 30 days. Amazon's price, picture and rating leave a version after 24 hours.`}
        back={{ to: editPath, label: `Back to the ${noun}` }}
      />
      {revisions.length === 0 ? (
        <p className="rounded-xl border border-gray-200 bg-white px-5 py-10 text-center text-gray-600">
          No versions yet: the next save keeps the first.
        </p>
      ) : (
        <RevisionList revisions={revisions} newestFirst={firstPage} />
      )}
      {olderSearch ? (
        <Link to={olderSearch} className="inline-block font-medium text-brand-700 hover:underline">
          Older versions
        </Link>
      ) : null}
    </div>
  );
}
