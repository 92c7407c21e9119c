import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PriceChart } from "./price-history";

/** The dates written under a chart's axis. */
const axisDates = (markup: string) =>
  [...markup.matchAll(/<text[^>]*text-anchor="middle"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);

describe("the price chart's axis", () => {
  it("names each date once, also over a span of two days", () => {
    const markup = renderToStaticMarkup(
      <PriceChart
        steps={[
          { at: new Date("2026-11-20T06:00:00.000Z"), price: 50 },
          { at: new Date("2026-11-21T09:00:00.000Z"), price: 45 },
          { at: new Date("2026-11-22T03:00:00.000Z"), price: 40 },
        ]}
      />,
    );
    const dates = axisDates(markup);
    expect(dates.length).toBeGreaterThan(1);
    expect(new Set(dates).size).toBe(dates.length);
  });
});
