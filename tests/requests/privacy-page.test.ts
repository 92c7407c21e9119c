import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";

import { TIP_LIMIT } from "#app/modules/rate-limit/rate-limit.server";

import { servedInProcessApp } from "../support/in-process-server";

// The privacy page tells a shopper everything the site keeps or passes on: besides clicks and mail, the
// click's code the networks get, the sales reports joined to clicks, and what a sent deal keeps and how
// many may be sent (the site's own limit, not a figure written twice).

const served = servedInProcessApp();

describe("the privacy page", () => {
  it("names the click's code sent to networks, the sales reports and what a sent deal keeps, with its limit", async () => {
    const response = await fetch(`${served().url}/privacy`);
    expect(response.status).toBe(200);
    const text = DomUtils.textContent(parseDocument(await response.text())).replace(/\s+/g, " ");
    expect(text).toContain("we add the click's code to it");
    expect(text).toContain("the network can tell us which click a sale came from");
    expect(text).toContain("We join a report to its click");
    expect(text).toContain("the link, title, price and note you typed");
    expect(text).toContain(`You can send ${TIP_LIMIT.max} an hour.`);
  });
});
