import { describe, expect, it } from "vitest";
import { endOfDay, formatDate, startOfDay, toDateInput } from "./dates";

describe("dates", () => {
  it("cuts a stored timestamp to the YYYY-MM-DD a date input shows", () => {
    expect(toDateInput(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31");
    expect(toDateInput("2026-01-05T00:00:00.000Z")).toBe("2026-01-05");
    expect(toDateInput(null)).toBe("");
    expect(startOfDay("2026-12-01").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(endOfDay("2026-12-01").toISOString()).toBe("2026-12-01T23:59:59.999Z");
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("Nov 21, 2026");
  });
});
