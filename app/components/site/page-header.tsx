import { FeedLink } from "./feed-link";

/** The title block every public list page opens with, with the list's feed (`feedOf`: the page's path). */
export function PageHeader({ title, tagline, feedOf }: { title: string; tagline?: string; feedOf?: string }) {
  return (
    <div className="bg-gradient-to-br from-brand-600 to-brand-700 text-white">
      {/* Low on a phone, so the list starts on the first screen. */}
      <div className="mx-auto max-w-7xl px-4 py-5 sm:py-12">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          {feedOf ? <FeedLink pagePath={feedOf} className="text-brand-100 hover:text-white" /> : null}
        </div>
        {tagline ? <p className="mt-1 max-w-2xl text-sm text-brand-100 sm:mt-2 sm:text-base">{tagline}</p> : null}
      </div>
    </div>
  );
}
