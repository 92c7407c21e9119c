import type { ReactNode } from "react";

/** A titled card grouping related fields in an admin form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-6" aria-labelledby={`section-${title}`}>
      <h3 id={`section-${title}`} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </section>
  );
}
