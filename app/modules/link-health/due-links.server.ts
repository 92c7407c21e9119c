import { and, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";

import type { Executor } from "#app/db/client.server";
import { linkChecks, type LinkTarget } from "#app/db/schema";
import { checkedTypes } from "#app/modules/catalogue/click-out.server";
import type { AnyContentType } from "#app/modules/content-types/content-type";
import { publicRows } from "#app/modules/content-types/public-read.server";

import type { DueLink } from "./link-check-record.server";

// Which links a run checks, found without reading every item: links that failed once come from their own
// index when their retry is due, and each type's live items are swept by id, a window of them a run (a range
// of the primary key), for links never checked, checked a cycle ago, or changed since.

export interface DueSettings {
  /** Each link is checked again after this long… */
  cycleMs: number;
  /** …and one that failed once after this long, to confirm or clear it. */
  retryMs: number;
  /** Checks per run. */
  perRun: number;
}

/** Live items a run looks through per type when few of them are due. */
const SWEEP_STEP = 2_000;

/**
 * How far the checks have come through each type's live items, by id. A run looks at the next `step` items
 * after `after` and moves on as far as it checked; past the last item it starts again from the first. It is
 * kept in memory: after a restart the sweep starts from the first item again.
 */
export interface LinkSweep {
  step: number;
  /** The last id swept, per type; none: from the first. */
  after: Map<string, string>;
}

export const newLinkSweep = (step = SWEEP_STEP): LinkSweep => ({ step, after: new Map() });

/** This process's sweep, moved on by every run of the job. */
const processSweep = newLinkSweep();

interface Checked {
  target: LinkTarget;
  url: NonNullable<AnyContentType["clickOut"]>["url"];
}

/** A type's outbound link and its picture where it has one (an Amazon item's picture is Amazon's, not requested). */
const checkedOf = (type: AnyContentType): Checked[] => [
  ...(type.clickOut ? [{ target: "link" as const, url: type.clickOut.url }] : []),
  ...(type.picture ? [{ target: "image" as const, url: type.picture }] : []),
];

/** A row with nowhere to send shoppers (a store without an affiliate URL) has no link to check. */
const present = (url: Checked["url"]) => sql`${url} IS NOT NULL AND ${url} <> ''`;

const checkJoin = (type: AnyContentType, target: LinkTarget) =>
  and(eq(linkChecks.kind, type.key), eq(linkChecks.itemId, type.table.id), eq(linkChecks.target, target));

/**
 * The links due now, at most `perRun`: those that failed once and are due for their retry first (oldest
 * first), then the sweep's, a link of each type in turn.
 */
export async function dueLinks(
  db: Executor,
  settings: DueSettings,
  now = new Date(),
  sweep = processSweep,
): Promise<DueLink[]> {
  const dueBefore = new Date(now.getTime() - settings.cycleMs);
  const retryBefore = new Date(now.getTime() - settings.retryMs);
  const [retries, windows] = await Promise.all([
    Promise.all(checkedTypes.map((type) => retriesDue(db, type, retryBefore, settings.perRun))),
    Promise.all(checkedTypes.map((type) => dueInWindow(db, type, sweep, dueBefore, retryBefore, settings.perRun))),
  ]);
  const taken = new Map<string, DueLink>();
  const take = (link: DueLink) => taken.set(`${link.kind}/${link.id}/${link.target}`, link);
  for (const link of retries.flat().sort((a, b) => a.at - b.at)) {
    if (taken.size >= settings.perRun) break;
    take({ kind: link.kind, id: link.id, target: link.target, url: link.url });
  }
  // Each window's links in id order, so its sweep moves on past exactly what was taken.
  const next = windows.map(() => 0);
  for (let more = true; more && taken.size < settings.perRun;) {
    more = false;
    windows.forEach((window, i) => {
      const link = window.links[next[i]!];
      if (!link || taken.size >= settings.perRun) return;
      take(link);
      next[i]!++;
      more = true;
    });
  }
  windows.forEach((window, i) => moveSweep(sweep, window, next[i]!));
  return [...taken.values()];
}

/** A type's links that failed once and whose retry is due, by their own index (link_checks_retry_idx). */
async function retriesDue(db: Executor, type: AnyContentType, retryBefore: Date, perRun: number) {
  const perTarget = await Promise.all(
    checkedOf(type).map(async ({ target, url }) => {
      const rows = await db
        .select({ id: type.table.id, url: sql<string>`${url}`, checkedAt: linkChecks.checkedAt })
        .from(linkChecks)
        .innerJoin(publicRows(type, { live: true }), checkJoin(type, target))
        .where(
          and(
            eq(linkChecks.kind, type.key),
            eq(linkChecks.target, target),
            eq(linkChecks.failures, 1),
            lt(linkChecks.checkedAt, retryBefore),
            present(url),
          ),
        )
        .orderBy(linkChecks.checkedAt)
        .limit(perRun);
      return rows.map((row) => ({
        kind: type.key,
        id: String(row.id),
        target,
        url: String(row.url),
        at: new Date(row.checkedAt).getTime(),
      }));
    }),
  );
  return perTarget.flat();
}

interface SweepWindow {
  type: string;
  /** The window's due links, in id order (an item's picture before its link). */
  links: DueLink[];
  /** Where the sweep may move on to once every link is taken: the last id known; null past the last item. */
  through: string | null;
}

/** A type's due links among the next `step` live items after the sweep's place. */
async function dueInWindow(
  db: Executor,
  type: AnyContentType,
  sweep: LinkSweep,
  dueBefore: Date,
  retryBefore: Date,
  perRun: number,
): Promise<SweepWindow> {
  const after = sweep.after.get(type.key);
  const fromAfter = after ? gt(type.table.id, after) : undefined;
  // The window ends at the step-th live item after the sweep's place, or with the last one.
  const [end] = await db
    .select({ id: type.table.id })
    .from(publicRows(type, { live: true }))
    .where(fromAfter)
    .orderBy(type.table.id)
    .offset(sweep.step - 1)
    .limit(1);
  const inWindow = and(fromAfter, end ? lte(type.table.id, end.id) : undefined);
  const perTarget = await Promise.all(
    checkedOf(type).map(async ({ target, url }) => {
      const rows = await db
        .select({ id: type.table.id, url: sql<string>`${url}` })
        .from(publicRows(type, { live: true }))
        .leftJoin(linkChecks, checkJoin(type, target))
        .where(
          and(
            inWindow,
            present(url),
            or(
              isNull(linkChecks.itemId),
              lt(linkChecks.checkedAt, dueBefore),
              and(eq(linkChecks.failures, 1), lt(linkChecks.checkedAt, retryBefore)),
              ne(linkChecks.url, sql`${url}`),
            ),
          ),
        )
        .orderBy(type.table.id)
        .limit(perRun);
      const links = rows.map((row) => ({ kind: type.key, id: String(row.id), target, url: String(row.url) }));
      return { links, full: links.length > 0 && links.length === perRun };
    }),
  );
  // A full list may go on past its last link: what is known runs to the shortest full list's last id.
  const lastOfFull = perTarget.filter((list) => list.full).map((list) => list.links.at(-1)!.id);
  const through = lastOfFull.length > 0 ? lastOfFull.sort()[0]! : end ? String(end.id) : null;
  const links = perTarget
    .flatMap((list) => list.links)
    .filter((link) => through === null || link.id <= through)
    .sort((a, b) => (a.id === b.id ? a.target.localeCompare(b.target) : a.id < b.id ? -1 : 1));
  return { type: type.key, links, through };
}

/**
 * Moves a type's sweep past what a run took: to the window's known end when it took every link, else to the
 * last item all of whose due links it took (ids compare as their lowercase text does in PostgreSQL).
 */
function moveSweep(sweep: LinkSweep, window: SweepWindow, taken: number) {
  if (taken === window.links.length) {
    if (window.through === null) sweep.after.delete(window.type);
    else sweep.after.set(window.type, window.through);
    return;
  }
  const firstLeft = window.links[taken]!.id;
  const done = window.links.slice(0, taken).filter((link) => link.id < firstLeft);
  if (done.length > 0) sweep.after.set(window.type, done.at(-1)!.id);
}
