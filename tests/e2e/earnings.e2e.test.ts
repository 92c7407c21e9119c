import { describe, expect } from "vitest";

import { test } from "./support/browser";

// Earnings in the admin: a network's report uploaded as CSV through its column mapping.

describe("earnings", () => {
  test("uploads a network's report: guesses its columns, checks it without a write, imports the good lines", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/earnings");
    await page.getByRole("button", { name: "Upload a report" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "rakuten-november.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Order ID,Transaction Status,Sales,Commissions,Transaction Date,Member ID (U1)",
          "E2E-1,Approved,200.00,12.00,25/11/2026,newsletter",
          "E2E-2,Pending,50.00,2.50,26/11/2026,",
          "E2E-3,Unknown,50.00,2.50,26/11/2026,",
        ].join("\n"),
      ),
    });
    // Guessed from the header and the first lines: a day past 12 comes first.
    await expect.poll(() => dialog.getByLabel("Transaction ID (required)").inputValue()).toBe("Order ID");
    expect(await dialog.getByLabel("Sub-ID").inputValue()).toBe("Member ID (U1)");
    expect(await dialog.getByLabel("Dates like 03/04/2026 are").inputValue()).toBe("dmy");
    // "Commissions" is no name the guess knows: the owner chooses it, and names the network.
    await expect.poll(() => dialog.getByRole("button", { name: "Check file" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Commission (required)").selectOption("Commissions");
    await dialog.getByText("e.g. 12.00").waitFor();
    await dialog.getByLabel("Network").fill("Rakuten E2E");
    await dialog.getByLabel("Currency of every line").fill("EUR");

    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 2, update 0, leave 0 unchanged, refuse 1.").waitFor();
    await dialog
      .getByText("2 of the new or changed transactions name no click of ours: they would count as unattributed.")
      .waitFor();
    await dialog
      .getByTestId("import-line-refuse")
      .getByText('Transaction Status: "Unknown" is not a status we know (pending, approved, declined or paid).')
      .waitFor();

    await dialog.getByRole("button", { name: "Import 2 lines" }).click();
    await dialog.getByText("Done: created 2, updated 0, left 0 unchanged, refused 1.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // The same report again changes nothing: a transaction is counted once.
    await page.getByRole("button", { name: "Upload a report" }).click();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "rakuten-november-again.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Order ID,Transaction Status,Sales,Commissions,Transaction Date,Member ID (U1)",
          "E2E-1,Approved,200.00,12.00,25/11/2026,newsletter",
        ].join("\n"),
      ),
    });
    await expect.poll(() => dialog.getByLabel("Network").isVisible()).toBe(true);
    await dialog.getByLabel("Commission (required)").selectOption("Commissions");
    await dialog.getByLabel("Network").fill("rakuten e2e");
    await dialog.getByLabel("Currency of every line").fill("EUR");
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText("This file would create 0, update 0, leave 1 unchanged, refuse 0.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The report was in euros: its transactions wait for a rate into the site's dollars, then count.
    const euro = page.getByTestId("currency-rate-row").filter({ hasText: "EUR" });
    await euro.getByText("2 transactions").waitFor();
    await euro.getByLabel("Fixed rate of EUR in USD").fill("1.10");
    await euro.getByRole("button", { name: "Save" }).click();
    await page.getByText("Rate saved: transactions converted").waitFor();
    await euro.getByRole("cell", { name: "None" }).last().waitFor();
    await page.reload();
    expect(await euro.getByLabel("Fixed rate of EUR in USD").inputValue()).toBe("1.1");
  });
});
