/** The title block every public list page opens with. */
export function PageHeader({ title, tagline }: { title: string; tagline?: string }) {
  return (
    <div className="bg-gradient-to-br from-brand-600 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {tagline ? <p className="mt-2 max-w-2xl text-brand-100">{tagline}</p> : null}
      </div>
    </div>
  );
}
