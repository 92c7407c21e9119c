import { formatDateTime } from "./dates";
import { isExpired, isScheduled } from "./expiry";
import type { ContentStatus } from "./validation";

// The admin screens as data: the server builds these from the content types, and the components render
// them. A cell says what it shows, not how.

/** A sidebar entry. */
export interface AdminNavItem {
  to: string;
  label: string;
  /** Lucide icon name (components/admin/admin-icon.tsx). */
  icon: string;
  /** Shown while the screen's data loads. */
  loading?: string;
  /** A figure shown beside the label (rows waiting in Needs attention). */
  count?: number;
}

export type AdminCell =
  | { kind: "title"; text: string; detail?: string }
  | { kind: "text"; text: string; tone?: "muted" | "strong" }
  | { kind: "code"; code: string | null; empty: string }
  | {
      kind: "status";
      status: ContentStatus;
      expired?: boolean;
      scheduled?: boolean;
      unpublished?: boolean;
      note?: string;
    }
  | { kind: "featured"; featured: boolean }
  | { kind: "badge"; text: string }
  | { kind: "image"; src: string | null }
  | { kind: "price"; current: string; original: string | null; discount: string | null }
  | { kind: "link"; to: string; text: string }
  | {
      kind: "intent";
      intent: string;
      text: string;
      busyText: string;
      note: string;
      icon: "refresh" | "check";
      testId?: string;
    }
  /** Cells shown one above the other in one column (a coupon's code and whether it was seen to work). */
  | { kind: "stack"; cells: AdminCell[] }
  | { kind: "empty" };

export interface AdminListRow {
  id: string;
  /** Names the row for screen readers ("Edit Wireless Headphones") and the delete dialog. */
  label: string;
  /** One cell per column heading, in order. */
  cells: AdminCell[];
}

type Instant = Date | string | null | undefined;

/**
 * A row's status cell: its status, Scheduled before its publish time (or window start), Unpublished once
 * its unpublish time has passed (it is off the site, whatever its status says), Expired after its window's
 * end (a deal's expiry, a coupon's last day), and the schedule still to come in words.
 */
export function statusCell(
  row: { status: ContentStatus; publishAt: Instant; unpublishAt: Instant },
  window: { startsAt?: Instant; endsAt?: Instant } = {},
  now: Date = new Date(),
): AdminCell {
  const upcoming = [
    isScheduled(row.publishAt, now) ? `Publishes ${formatDateTime(row.publishAt!)}` : null,
    isScheduled(row.unpublishAt, now) ? `Unpublishes ${formatDateTime(row.unpublishAt!)}` : null,
  ].filter((part) => part !== null);
  if (row.status === "published" && isExpired(row.unpublishAt, now)) {
    return {
      kind: "status",
      status: row.status,
      unpublished: true,
      note: `Unpublished ${formatDateTime(row.unpublishAt!)}`,
    };
  }
  return {
    kind: "status",
    status: row.status,
    scheduled: isScheduled(row.publishAt, now) || isScheduled(window.startsAt, now),
    expired: isExpired(window.endsAt, now),
    ...(upcoming.length ? { note: upcoming.join(" · ") } : {}),
  };
}
