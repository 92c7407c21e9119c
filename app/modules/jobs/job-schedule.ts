import cronParser from "cron-parser";

// The admin reads a job's schedule in words, and when it next runs, from its cron expression (UTC).

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * "Every minute", "Every 10 minutes", "Every 6 hours, at :17", "Daily at 03:29 UTC", "Mondays at 09:00 UTC";
 * any other expression as it is.
 */
export function describeSchedule(cron: string): string {
  const [minute, hour, day, month, weekday] = cron.split(" ");
  const at =
    /^\d+$/.test(hour ?? "") && /^\d+$/.test(minute ?? "")
      ? `${hour!.padStart(2, "0")}:${minute!.padStart(2, "0")} UTC`
      : null;
  if (day === "*" && month === "*" && at && /^[0-6]$/.test(weekday ?? ""))
    return `${WEEKDAYS[Number(weekday)]}s at ${at}`;
  if (day !== "*" || month !== "*" || weekday !== "*") return `${cron} (UTC)`;
  if (hour === "*" && minute === "*") return "Every minute";
  const minuteStep = /^\*\/(\d+)$/.exec(minute ?? "");
  if (hour === "*" && minuteStep) return `Every ${minuteStep[1]} minutes`;
  const hourStep = /^\*\/(\d+)$/.exec(hour ?? "");
  if (hourStep && /^\d+$/.test(minute ?? "")) return `Every ${hourStep[1]} hours, at :${minute!.padStart(2, "0")}`;
  if (at) return `Daily at ${at}`;
  return `${cron} (UTC)`;
}

/** The first time after `now` the expression names. */
export function nextRunAfter(cron: string, now: Date): Date {
  return cronParser.parseExpression(cron, { tz: "UTC", currentDate: now }).next().toDate();
}
