import { describe, expect, it } from "vitest";
import { readAnalyticsView } from "./analytics-view";

describe("the analytics view", () => {
  it("refuses a custom range that ends before it starts, lies ahead or spans more than a year, at its field", () => {
    const view = (search: Record<string, string>) => readAnalyticsView(new URLSearchParams(search), "2026-06-15", ["deal"]);
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-01" }).errors.to).toBe("The end date must be on or after the start date.");
    expect(view({ range: "custom", from: "2026-06-10", to: "2026-06-16" }).errors.to).toBe("The end date cannot be in the future.");
    expect(view({ range: "custom", from: "2025-01-01", to: "2026-06-01" }).errors.from).toBe("A range can span at most 366 days.");
    expect(view({ range: "custom", from: "2026-02-30", to: "2026-06-01" }).errors.from).toBe("Enter a start date.");
    expect(view({ range: "custom", from: "2026-06-01", to: "2026-06-15" })).toMatchObject({
      from: "2026-06-01",
      to: "2026-06-15",
      days: 15,
      preset: null,
      errors: {},
    });
    expect(view({ range: "7", kind: "nope", store: "x" })).toMatchObject({ from: "2026-06-09", days: 7, preset: 7, kind: null, store: null });
  });
});
