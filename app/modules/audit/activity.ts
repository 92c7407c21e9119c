import { auditActionLabels } from "#app/lib/activity";
import { isUuid } from "#app/lib/uuid";

// Admin → Activity's view, held in the URL: whose rows, of what type, which action, and where the page
// starts (the last row of the page before: newest first, a time and an id).

export const ACTIVITY_PAGE_SIZE = 50;
/** Rows no person made (a job, the Amazon price refresh). */
export const NO_PERSON = "jobs";

export interface ActivityView {
  person: string | null;
  type: string | null;
  action: string | null;
  before: { at: string; id: string } | null;
}

/** A time as the page before wrote it: UTC to the microsecond. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether a written time exists (not the 30th of February), to the second. */
function realTime(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The view a URL asks for; anything it cannot read is left out (the whole log). */
export function readActivityView(search: URLSearchParams, types: readonly string[]): ActivityView {
  const person = search.get("person");
  const type = search.get("type");
  const action = search.get("action");
  const [at, id] = (search.get("before") ?? "").split("_");
  return {
    person: person === NO_PERSON || isUuid(person) ? person : null,
    type: type && types.includes(type) ? type : null,
    action: action && action in auditActionLabels ? action : null,
    before: at && isUuid(id) && CURSOR_TIME.test(at) && realTime(at) ? { at, id } : null,
  };
}

/** The URL query of a view (`before` for the next page). */
export function activitySearch(view: ActivityView): string {
  const query = new URLSearchParams();
  if (view.person) query.set("person", view.person);
  if (view.type) query.set("type", view.type);
  if (view.action) query.set("action", view.action);
  if (view.before) query.set("before", `${view.before.at}_${view.before.id}`);
  return query.toString();
}
