import { Link } from "react-router";

import { PageHeader } from "./page-header";

/** A text page (about, disclaimer, privacy…) in the site frame. */
export function InfoPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main>
      <PageHeader title={title} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 leading-relaxed text-gray-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </main>
  );
}

/** The site's way home at the end of a short page. */
export function ReturnHomeLink() {
  return (
    <p>
      <Link to="/" className="font-medium text-brand-600 underline">
        Return to Home
      </Link>
    </p>
  );
}
