/** The title block every public list page opens with. */
export function PageHeader({ title, tagline }: { title: string; tagline?: string }) {
  return (
    <div className="bg-gradient-to-br from-brand-600 to-brand-700 text-white">
      {/* Low on a phone, so the list starts on the first screen. */}
      <div className="mx-auto max-w-7xl px-4 py-5 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {tagline ? <p className="mt-1 max-w-2xl text-sm text-brand-100 sm:mt-2 sm:text-base">{tagline}</p> : null}
      </div>
    </div>
  );
}
