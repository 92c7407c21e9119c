import { describe, expect, it } from "vitest";

import { describeSchedule, nextRunAfter } from "./job-schedule";

describe("a job's schedule in words", () => {
  it("reads the schedules the jobs use, and shows any other expression as it is", () => {
    expect(describeSchedule("* * * * *")).toBe("Every minute");
    expect(describeSchedule("*/15 * * * *")).toBe("Every 15 minutes");
    expect(describeSchedule("7 */6 * * *")).toBe("Every 6 hours, at :07");
    expect(describeSchedule("29 3 * * *")).toBe("Daily at 03:29 UTC");
    expect(describeSchedule("0 9 * * 1")).toBe("Mondays at 09:00 UTC");
    expect(describeSchedule("0 9 1 * *")).toBe("0 9 1 * * (UTC)");
  });

  it("finds the next run in UTC", () => {
    const now = new Date("2026-11-23T10:59:30Z");
    expect(nextRunAfter("*/15 * * * *", now).toISOString()).toBe("2026-11-23T11:00:00.000Z");
    expect(nextRunAfter("17 */6 * * *", now).toISOString()).toBe("2026-11-23T12:17:00.000Z");
  });
});
