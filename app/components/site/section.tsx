import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A home-page section: heading, optional "view all" link, content; nothing at all when it has nothing to show. */
export function Section({
  title,
  link,
  children,
  className,
  empty = false,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
  className?: string;
  empty?: boolean;
}) {
  if (empty) return null;
  return (
    <section className={className} aria-labelledby={`section-${title.replace(/\W+/g, "-").toLowerCase()}`}>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
        <div className="mb-4 flex items-end justify-between gap-4 sm:mb-6">
          <h2
            id={`section-${title.replace(/\W+/g, "-").toLowerCase()}`}
            className="text-2xl font-extrabold tracking-tight text-gray-900 sm:text-3xl"
          >
            {title}
          </h2>
          {link ? (
            <Link
              to={link.to}
              className="flex items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700"
            >
              {link.label} <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}
