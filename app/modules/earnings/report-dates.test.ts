import { describe, expect, it } from "vitest";

import { statusOfWord } from "./earnings-csv.server";
import { reportDateOf } from "./report-dates";

describe("a report's dates and statuses", () => {
  it("reads year-first dates, and month- or day-first ones in the order the owner says", () => {
    const read = (text: string, order: "mdy" | "dmy" = "mdy") => reportDateOf(text, order, "UTC")?.toISOString();
    expect(read("2026-11-24")).toBe("2026-11-24T00:00:00.000Z");
    expect(read("2026-11-24 09:30:15")).toBe("2026-11-24T09:30:15.000Z");
    expect(read("2026-11-24T09:30:00-05:00")).toBe("2026-11-24T14:30:00.000Z");
    expect(read("03/04/26")).toBe("2026-03-04T00:00:00.000Z");
    expect(read("03/04/2026", "dmy")).toBe("2026-04-03T00:00:00.000Z");
    expect(read("11/24/2026 12:15 AM")).toBe("2026-11-24T00:15:00.000Z");
    expect(read("11/24/2026 12:15 PM")).toBe("2026-11-24T12:15:00.000Z");
    for (const wrong of ["2026-02-30", "24/11/2026", "11/24/2026 13:00 PM", "2026-11-24 24:00", "yesterday", ""])
      expect(read(wrong), wrong).toBeUndefined();
    expect(reportDateOf("2026-07-01 12:00", "mdy", "America/New_York")?.toISOString()).toBe("2026-07-01T16:00:00.000Z");
  });

  it("knows the networks' words for each status, in any case and spacing", () => {
    expect(["Approved", "LOCKED", "confirmed"].map(statusOfWord)).toEqual(["approved", "approved", "approved"]);
    expect(["on-hold", "Extended", "new"].map(statusOfWord)).toEqual(["pending", "pending", "pending"]);
    expect(["Reversed", "void", "Cancelled"].map(statusOfWord)).toEqual(["declined", "declined", "declined"]);
    expect(["Paid to publisher", "closed"].map(statusOfWord)).toEqual(["paid", "paid"]);
    expect(statusOfWord("maybe")).toBeNull();
  });
});
