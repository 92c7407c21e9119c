import { afterEach, describe, expect, it } from "vitest";

import { couponDiscountLabel, currencySymbol, DEFAULT_MONEY, formatPrice, plainNumber, setSiteMoney } from "./money";

afterEach(() => setSiteMoney(DEFAULT_MONEY));

describe("formatPrice", () => {
  it("shows dollars with two decimals until the site chooses otherwise", () => {
    expect(formatPrice(80)).toBe("$80.00");
    expect(formatPrice(1096.99)).toBe("$1,096.99");
  });

  it("writes the site's currency as its locale does", () => {
    setSiteMoney({ currency: "EUR", locale: "de-DE" });
    expect(formatPrice(1096.99)).toBe("1.096,99\u00a0€");
    expect(currencySymbol()).toBe("€");
    setSiteMoney({ currency: "GBP", locale: "en-GB" });
    expect(formatPrice(20)).toBe("£20.00");
    setSiteMoney({ currency: "JPY", locale: "ja-JP" });
    expect(formatPrice(1500)).toBe("￥1,500");
  });

  it("refuses a currency or locale the runtime does not know", () => {
    expect(() => setSiteMoney({ currency: "XYZ", locale: "en-US" })).toThrow(RangeError);
    expect(() => setSiteMoney({ currency: "EUR", locale: "not a locale!" })).toThrow(RangeError);
    expect(formatPrice(1)).toBe("$1.00");
  });
});

describe("couponDiscountLabel", () => {
  it("writes an amount off in the site's currency, whole amounts without decimals", () => {
    expect(couponDiscountLabel("fixed", 20)).toBe("$20 OFF");
    expect(couponDiscountLabel("fixed", 7.5)).toBe("$7.50 OFF");
    expect(couponDiscountLabel("percentage", 15)).toBe("15% OFF");
    setSiteMoney({ currency: "EUR", locale: "de-DE" });
    expect(couponDiscountLabel("fixed", 20)).toBe("20\u00a0€ OFF");
  });
});

describe("plainNumber", () => {
  it("reads figures as a spreadsheet writes them, and refuses what is no number", () => {
    expect(
      ["$1,099.99", "1,099.99", " 1099.99 ", "USD 1,099.99", "1,099.99 USD", "$20", "-3"].map(plainNumber),
    ).toEqual(["1099.99", "1099.99", "1099.99", "1099.99", "1099.99", "20", "-3"]);
    expect(["abc", "", "1.2.3", "12abc", "$"].map(plainNumber)).toEqual([null, null, null, null, null]);
  });

  it("reads a German spreadsheet's figures on a German site, and plain digits as the export writes them", () => {
    setSiteMoney({ currency: "EUR", locale: "de-DE" });
    expect(["1.099,99 €", "1.099", "EUR 20,5", "1099.99", "12.5", "1099,99"].map(plainNumber)).toEqual([
      "1099.99",
      "1099",
      "20.5",
      "1099.99",
      "12.5",
      "1099.99",
    ]);
  });
});
