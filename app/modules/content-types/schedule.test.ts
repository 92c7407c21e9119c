import { describe, expect, it } from "vitest";
import { z } from "zod";

import { INVALID_DATE_TIME } from "#app/lib/validation";

import { SCHEDULE_ORDER_MESSAGE, scheduleFields, scheduleInOrder, scheduleInputs } from "./schedule";

const schedule = z.object(scheduleFields).superRefine(scheduleInOrder);
const messagesOf = (input: Record<string, string>) => {
  const parsed = schedule.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the schedule fields", () => {
  it("read a datetime-local value as that instant in UTC, the site's time zone", () => {
    expect(schedule.parse({ publishAt: "2026-12-01T09:30" }).publishAt?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(schedule.parse({ unpublishAt: "2026-12-01" }).unpublishAt?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(schedule.parse({})).toEqual({});
  });

  it("refuse impossible times and an unpublish time not after the publish time, at the field", () => {
    expect(messagesOf({ publishAt: "2026-02-30T09:00" })).toEqual({ publishAt: INVALID_DATE_TIME });
    expect(messagesOf({ publishAt: "2026-12-01T25:00" })).toEqual({ publishAt: INVALID_DATE_TIME });
    expect(messagesOf({ publishAt: "tomorrow" })).toEqual({ publishAt: INVALID_DATE_TIME });
    expect(messagesOf({ publishAt: "2026-12-01T09:00", unpublishAt: "2026-12-01T09:00" })).toEqual({
      unpublishAt: SCHEDULE_ORDER_MESSAGE,
    });
    expect(messagesOf({ publishAt: "2026-12-01T09:00", unpublishAt: "2026-12-01T09:01" })).toEqual({});
  });

  it("show a stored schedule as the inputs write it, and round-trip", () => {
    const shown = scheduleInputs({ title: "x", publishAt: new Date("2026-12-01T09:30:00Z"), unpublishAt: null });
    expect(shown).toEqual({ title: "x", publishAt: "2026-12-01T09:30", unpublishAt: "" });
    expect(schedule.parse({ publishAt: shown.publishAt }).publishAt?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
  });
});
