import { afterEach, describe, expect, it } from "vitest";

import {
  endOfDay,
  formatDate,
  formatDateTime,
  instantIn,
  setSiteTimeZone,
  startOfDay,
  toDateInput,
  toDateTimeInput,
} from "./dates";

// Unit files share their worker (isolate: false): put the zone back for the next file.
afterEach(() => setSiteTimeZone("UTC"));

describe("dates", () => {
  it("in UTC, cuts a stored timestamp to the YYYY-MM-DD a date input shows", () => {
    expect(toDateInput(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31");
    expect(toDateInput("2026-01-05T00:00:00.000Z")).toBe("2026-01-05");
    expect(toDateInput(null)).toBe("");
    expect(startOfDay("2026-12-01").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(endOfDay("2026-12-01").toISOString()).toBe("2026-12-01T23:59:59.999Z");
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("Nov 21, 2026");
  });

  it("in the owner's zone, types, stores and shows the same wall-clock times", () => {
    setSiteTimeZone("America/New_York");
    // 09:00 in New York in winter is 14:00 UTC; in summer, 13:00.
    expect(instantIn("2026-11-24T09:00").toISOString()).toBe("2026-11-24T14:00:00.000Z");
    expect(instantIn("2026-07-01T09:00").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(toDateTimeInput(new Date("2026-11-24T14:00:00Z"))).toBe("2026-11-24T09:00");
    expect(formatDateTime("2026-11-24T14:00:00Z")).toBe("Nov 24, 2026, 9:00 AM EST");
    // A coupon valid until Nov 30 is valid all of Nov 30 in New York, and shows as Nov 30.
    expect(endOfDay("2026-11-30").toISOString()).toBe("2026-12-01T04:59:59.999Z");
    expect(toDateInput(endOfDay("2026-11-30"))).toBe("2026-11-30");
    expect(formatDate(endOfDay("2026-11-30"))).toBe("Nov 30, 2026");
    expect(startOfDay("2026-11-30").toISOString()).toBe("2026-11-30T05:00:00.000Z");
  });

  it("reads a time a clock change skips as the hour after, and a time that happens twice as its first", () => {
    setSiteTimeZone("America/New_York");
    // 2026-03-08 02:30 does not exist in New York (clocks go from 2:00 to 3:00).
    expect(instantIn("2026-03-08T02:30").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01 01:30 happens twice: first in EDT (UTC-4).
    expect(instantIn("2026-11-01T01:30").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    setSiteTimeZone("Asia/Kolkata");
    expect(instantIn("2026-11-24T09:00").toISOString()).toBe("2026-11-24T03:30:00.000Z");
    expect(() => setSiteTimeZone("Mars/Olympus")).toThrow(RangeError);
  });
});
