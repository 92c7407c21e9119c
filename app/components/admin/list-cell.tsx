import { Link, useFetcher } from "react-router";

import { Badge } from "#app/components/ui/badge";
import type { AdminCell } from "#app/lib/admin-list";
import { cn } from "#app/lib/cn";

import { ListIcon } from "./list-icons";
import { StatusBadge } from "./status-badge";

/** A row action that posts its intent to the list's action (the deal list's price refresh). */
function IntentButton({ cell, id }: { cell: Extract<AdminCell, { kind: "intent" }>; id: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex items-center gap-1 text-xs">
      <input type="hidden" name="intent" value={cell.intent} />
      <input type="hidden" name="id" value={id} />
      <span data-testid={cell.testId}>{cell.note}</span>
      {/* An icon beside the note, named by its words (and showing them on hover): the column stays narrow. */}
      <button
        type="submit"
        className="row-action shrink-0"
        disabled={busy}
        aria-label={busy ? cell.busyText : cell.text}
        title={cell.text}
      >
        <ListIcon name={cell.icon} className="h-4 w-4" />
      </button>
    </fetcher.Form>
  );
}

/** One cell of an admin list, as its kind says. */
export function ListCell({ cell, rowId, titleId }: { cell: AdminCell; rowId: string; titleId?: string }) {
  switch (cell.kind) {
    case "title":
      return (
        <div className="min-w-0">
          <p id={titleId} className="font-medium text-gray-900">
            {cell.text}
          </p>
          {cell.detail ? <p className="line-clamp-2 text-xs text-gray-500">{cell.detail}</p> : null}
        </div>
      );
    case "text":
      return (
        <span
          className={cn(
            cell.tone === "muted" && "text-gray-600",
            cell.tone === "strong" && "font-semibold",
            "line-clamp-2",
          )}
        >
          {cell.text}
        </span>
      );
    case "code":
      return cell.code ? (
        <code className="rounded bg-gray-100 px-2 py-0.5">{cell.code}</code>
      ) : (
        <span className="text-gray-500">{cell.empty}</span>
      );
    case "status":
      return (
        <>
          {cell.unpublished ? <Badge tone="gray">Unpublished</Badge> : <StatusBadge status={cell.status} />}
          {cell.expired ? <Badge tone="red">Expired</Badge> : null}
          {cell.scheduled ? <Badge tone="blue">Scheduled</Badge> : null}
          {cell.note ? <span className="mt-1 block text-xs text-gray-600">{cell.note}</span> : null}
        </>
      );
    case "featured":
      return cell.featured ? (
        <span role="img" aria-label="Featured">
          <ListIcon name="star" className="fill-yellow-400 text-yellow-500" />
        </span>
      ) : null;
    case "badge":
      return <Badge tone="blue">{cell.text}</Badge>;
    case "image":
      return cell.src ? (
        <img src={cell.src} alt="" loading="lazy" className="h-12 w-12 rounded-lg object-cover" />
      ) : (
        <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-gray-100 text-gray-400">
          <ListIcon name="image" className="h-5 w-5" />
        </span>
      );
    case "price":
      return (
        <span className="flex flex-wrap items-baseline gap-2 whitespace-nowrap">
          <span className="font-bold text-gray-900">{cell.current}</span>
          {cell.original ? <s className="text-xs text-gray-500">{cell.original}</s> : null}
          {cell.discount ? <span className="text-xs font-semibold text-green-700">{cell.discount}</span> : null}
        </span>
      );
    case "link":
      return (
        <Link
          to={cell.to}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <ListIcon name="external" /> {cell.text}
        </Link>
      );
    case "intent":
      return <IntentButton cell={cell} id={rowId} />;
    case "stack":
      return (
        <div className="flex flex-col items-start gap-1">
          {cell.cells.map((part, index) => (
            <ListCell key={index} cell={part} rowId={rowId} titleId={titleId} />
          ))}
        </div>
      );
    case "empty":
      return null;
  }
}
