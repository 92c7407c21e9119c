import { Link } from "react-router";

import { SpriteIcon } from "#app/components/site/sprite-icon";
import { cn } from "#app/lib/cn";
import { guideDate } from "#app/lib/guide-date";
import { guidePath } from "#app/lib/public-paths";

import { CardImage } from "./card-image";

export interface GuideCardData {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  coverImageUrl: string;
  readTime: number | null;
  createdAt: Date | string;
}

/** A buying guide in a list; `large` is the featured guide's layout. */
export function GuideCard({ guide, large = false }: { guide: GuideCardData; large?: boolean }) {
  return (
    <article
      data-testid="guide-card"
      className={cn(
        "group overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm",
        large && "md:grid md:grid-cols-2",
      )}
    >
      <Link to={guidePath(guide)} className="block" tabIndex={-1} aria-hidden>
        <CardImage
          src={guide.coverImageUrl}
          width={640}
          height={360}
          loading={large ? "first" : "lazy"}
          fallback={<SpriteIcon name="book-open" className="h-10 w-10" />}
          className={cn("w-full", large ? "aspect-video md:h-full" : "aspect-video")}
        />
      </Link>
      <div className={cn("flex flex-col gap-2 p-5", large && "md:justify-center md:p-8")}>
        <h3 className={cn("font-bold text-gray-900 group-hover:text-brand-700", large ? "text-2xl" : "text-lg")}>
          <Link to={guidePath(guide)}>{guide.title}</Link>
        </h3>
        {guide.excerpt ? <p className="line-clamp-3 text-sm text-gray-600">{guide.excerpt}</p> : null}
        <GuideMeta guide={guide} className="gap-3 text-xs" />
      </div>
    </article>
  );
}

/** A guide's read time and age ("8 min read · 3 days ago"). */
export function GuideMeta({
  guide,
  className,
}: {
  guide: { readTime: number | null; createdAt: Date | string };
  className: string;
}) {
  return (
    <p className={cn("flex items-center text-gray-500", className)}>
      {guide.readTime ? (
        <span className="flex items-center gap-1">
          <SpriteIcon name="clock" className="h-[1em] w-[1em]" /> {guide.readTime} min read
        </span>
      ) : null}
      <time dateTime={new Date(guide.createdAt).toISOString()}>{guideDate(guide.createdAt)}</time>
    </p>
  );
}
