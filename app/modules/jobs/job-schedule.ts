import cronParser from "cron-parser";

// The admin reads a job's schedule in words, and when it next runs, from its cron expression (UTC).

/** "Every minute", "Every 10 minutes", "Every 6 hours, at :17"; any other expression as it is. */
export function describeSchedule(cron: string): string {
  const [minute, hour, day, month, weekday] = cron.split(" ");
  if (day !== "*" || month !== "*" || weekday !== "*") return `${cron} (UTC)`;
  if (hour === "*" && minute === "*") return "Every minute";
  const minuteStep = /^\*\/(\d+)$/.exec(minute ?? "");
  if (hour === "*" && minuteStep) return `Every ${minuteStep[1]} minutes`;
  const hourStep = /^\*\/(\d+)$/.exec(hour ?? "");
  if (hourStep && /^\d+$/.test(minute ?? "")) return `Every ${hourStep[1]} hours, at :${minute!.padStart(2, "0")}`;
  return `${cron} (UTC)`;
}

/** The first time after `now` the expression names. */
export function nextRunAfter(cron: string, now: Date): Date {
  return cronParser.parseExpression(cron, { tz: "UTC", currentDate: now }).next().toDate();
}
