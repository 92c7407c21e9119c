import { Link } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { Badge } from "#app/components/ui/badge";
import { addCalendarDays, formatTime, formatWeekday, siteTimeZone, startOfDay, toDateInput } from "#app/lib/dates";
import { type CalendarHappening, calendarWeek } from "#app/modules/calendar/calendar.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";

import type { Route } from "./+types/calendar";

/** The Monday of the week a YYYY-MM-DD day is in. */
const mondayOf = (day: string) => addCalendarDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** `?week=` (any day of it), else this week, in the site's time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("week") ?? "";
  const today = toDateInput(new Date());
  const monday = mondayOf(/^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today);
  const week = await calendarWeek(context.db, startOfDay(monday), startOfDay(addCalendarDays(monday, 7)));
  return { monday, today, ...week };
}

const tones: Record<CalendarHappening, "green" | "gray" | "red"> = {
  "goes live": "green",
  leaves: "gray",
  ends: "red",
};
const words: Record<CalendarHappening, string> = { "goes live": "Goes live", leaves: "Unpublished", ends: "Ends" };

export default function Calendar({ loaderData: { monday, today, entries, more } }: Route.ComponentProps) {
  const days = Array.from({ length: 7 }, (_, index) => addCalendarDays(monday, index));
  return (
    <div className="min-w-0">
      <AdminPageHeader
        title="Calendar"
        description={`What goes live, is unpublished and ends, day by day (${siteTimeZone()}).`}
      />
      <nav aria-label="Weeks" className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Link to={`?week=${addCalendarDays(monday, -7)}`} className="font-medium text-brand-700 hover:underline">
          Previous week
        </Link>
        <span className="font-semibold text-gray-900">Week of {formatWeekday(monday)}</span>
        <Link to={`?week=${addCalendarDays(monday, 7)}`} className="font-medium text-brand-700 hover:underline">
          Next week
        </Link>
        {days.includes(today) ? null : (
          <Link to="." className="font-medium text-brand-700 hover:underline">
            This week
          </Link>
        )}
      </nav>
      <ol className="grid gap-3 lg:grid-cols-7">
        {days.map((day) => {
          const onDay = entries.filter((entry) => toDateInput(entry.at) === day);
          return (
            <li
              key={day}
              className={`min-w-0 rounded-xl border bg-white p-3 ${day === today ? "border-brand-500" : "border-gray-200"}`}
              data-testid="calendar-day"
            >
              <h2 className="mb-2 text-sm font-semibold text-gray-900">
                {formatWeekday(day)}
                {day === today ? <span className="ml-1 text-brand-700">(today)</span> : null}
              </h2>
              {onDay.length === 0 ? (
                <p className="text-xs text-gray-500">Nothing scheduled.</p>
              ) : (
                <ul className="space-y-2">
                  {onDay.map((entry) => (
                    <li key={`${entry.href}-${entry.happening}`} className="text-sm" data-testid="calendar-entry">
                      <p className="flex flex-wrap items-center gap-1 text-xs text-gray-600">
                        <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>
                        <Badge tone={tones[entry.happening]}>{words[entry.happening]}</Badge>
                        {entry.noun}
                      </p>
                      <Link to={entry.href} className="font-medium break-words text-brand-700 hover:underline">
                        {entry.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {more.length > 0 ? (
        <p className="mt-4 text-sm text-gray-600">
          Not shown:{" "}
          {more
            .map(
              (item) =>
                `${item.count} more ${item.noun.toLowerCase()} that ${item.happening === "ends" ? "end" : item.happening === "leaves" ? "are unpublished" : "go live"}`,
            )
            .join("; ")}{" "}
          this week.
        </p>
      ) : null}
    </div>
  );
}
