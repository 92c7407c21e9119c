import { describe, expect } from "vitest";

import { formsHydrated, saveForm, test, toastWith } from "./support/browser";

const unique = Date.now().toString(36);

describe("admin content, part 2", () => {
  test("writes a guide with every toolbar button and a deal token, publishes it, and lists it with a View link", async ({
    adminPage: page,
  }) => {
    const title = `Travel Audio Guide ${unique}`;
    await page.goto("/admin/buying-guides/add");
    await formsHydrated(page);
    await page.getByRole("button", { name: "Create Guide" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Cover image is required").waitFor();
    await page.getByText("Content is required").waitFor();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Excerpt").fill("What to pack for long flights.");
    await page.getByLabel("Cover image URL").fill("https://example.com/cover.png");
    await page.getByLabel("Tags").fill("audio, travel, , audio");

    const editor = page.getByRole("textbox", { name: "Guide content" });
    await editor.click();
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    // Click a toolbar button and wait until the caret is back in the editor before typing on.
    const press = async (button: string) => {
      await toolbar.getByRole("button", { name: button }).click();
      await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    };
    const typeLine = async (button: string, text: string) => {
      await press(button);
      await page.keyboard.type(text);
      await page.keyboard.press("Enter");
    };
    await typeLine("Heading 1", "Big title");
    await typeLine("Heading 2", "Section");
    await typeLine("Heading 3", "Subsection");
    await press("Bold");
    await page.keyboard.type("bold words");
    await press("Bold");
    expect(await toolbar.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("false");
    await press("Italic");
    await page.keyboard.type(" italic words");
    await press("Italic");
    await page.keyboard.press("Enter");
    await typeLine("Bullet list", "bullet item");
    await page.keyboard.press("Enter");
    await typeLine("Numbered list", "numbered item");
    await page.keyboard.press("Enter");
    await page.keyboard.type("typo");
    await press("Undo");
    await press("Redo");

    // A deal inserted in the middle of a sentence: searched on the server, shown as a chip, and the
    // caret is back in the editor to type on.
    await page.keyboard.type("Our pick is ");
    await toolbar.getByRole("button", { name: "+ Deal" }).click();
    await page.getByRole("combobox", { name: "Search deals" }).fill("noise-cancelling");
    await page.getByRole("option", { name: /Wireless Noise-Cancelling Headphones/ }).click();
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.type("for long flights.");
    await editor.getByTestId("token-chip").filter({ hasText: "Wireless Noise-Cancelling Headphones" }).waitFor();
    const html = await editor.innerHTML();
    for (const tag of ["<h1>", "<h2>", "<h3>", "<strong>", "<em>", "<ul>", "<ol>"]) expect(html).toContain(tag);
    expect(await page.locator('input[name="content"]').inputValue()).toMatch(
      /Our pick is \[deal:[0-9a-f-]{36}\] for long flights\./,
    );

    await page.getByLabel("Status").selectOption("published");
    await saveForm(page, "Create Guide", "/admin/buying-guides", "Buying guide created successfully");
    const card = page.getByTestId("guide-row").filter({ hasText: title });
    const view = card.getByRole("link", { name: "View" });
    const path = `/buying-guides/travel-audio-guide-${unique}`;
    expect(await view.getAttribute("href")).toBe(path);

    // Edit keeps the stored content (the token still a chip) and tags.
    await card.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("textbox", { name: "Guide content" }).getByText("Big title").waitFor();
    await page.getByTestId("token-chip").filter({ hasText: "Wireless Noise-Cancelling Headphones" }).waitFor();
    expect(await page.getByLabel("Tags").inputValue()).toBe("audio, travel");

    // Shoppers see the token where it was put: a link to the deal inside the sentence.
    await page.goto(path);
    const sentence = page.locator(".guide-content p").filter({ hasText: "Our pick is" });
    await sentence.getByRole("link", { name: /Wireless Noise-Cancelling Headphones/ }).waitFor();
    expect(await sentence.textContent()).toMatch(
      /Our pick is .*Wireless Noise-Cancelling Headphones for long flights\.$/,
    );

    await page.goto("/admin/buying-guides");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByText("Are you sure you want to delete this buying guide?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toastWith(page, "Buying guide deleted successfully").waitFor();
  });

  test("creates a gift idea with tags (Enter, button, duplicate ignored) and removes an extra image", async ({
    adminPage: page,
  }) => {
    const title = `Noise Machine ${unique}`;
    await page.goto("/admin/gift-ideas/add");
    await formsHydrated(page);
    await page.getByRole("button", { name: "Create Gift Idea" }).click();
    await toastWith(page, "Please fill in all required fields").waitFor();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Short description").fill("Sleep better anywhere.");
    await page.getByLabel("Product URL").fill("https://example.com/noise");
    await page.getByLabel("Main image URL").fill("https://example.com/noise.png");
    await page.getByLabel("Price ($)").fill("29.99");

    const extra = page.getByLabel("Additional images", { exact: true }).first();
    for (const url of ["https://example.com/extra-1.png", "https://example.com/extra-2.png"]) {
      await page.locator("input#" + (await extra.getAttribute("id"))).fill(url);
      await page.getByRole("button", { name: "Add Image" }).click();
    }
    await page.getByRole("button", { name: "Remove https://example.com/extra-1.png" }).click();

    const tagInput = page.getByLabel("Tags", { exact: true }).first();
    await tagInput.fill("sleep");
    await tagInput.press("Enter");
    await tagInput.fill("travel");
    await page.getByRole("button", { name: "Add Tag" }).click();
    await tagInput.fill(" Sleep ");
    await tagInput.press("Enter");
    expect(await page.getByRole("list", { name: "Tags" }).getByRole("listitem").allTextContents()).toEqual([
      "sleep",
      "travel",
    ]);

    await page.getByRole("checkbox", { name: "This is an Amazon product" }).check();
    await page.getByRole("button", { name: "Fetch Details" }).click();
    await toastWith(page, "Please enter an ASIN first").waitFor();
    await page.getByRole("checkbox", { name: "This is an Amazon product" }).uncheck();

    await saveForm(page, "Create Gift Idea", "/admin/gift-ideas", "Gift idea created successfully");
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("button", { name: "Update Gift Idea" }).waitFor();
    expect(await page.getByRole("list", { name: "Additional images" }).getByRole("listitem").allTextContents()).toEqual(
      ["https://example.com/extra-2.png"],
    );
    expect(await page.getByRole("list", { name: "Tags" }).getByRole("listitem").allTextContents()).toEqual([
      "sleep",
      "travel",
    ]);

    await page.goto("/admin/gift-ideas");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByText("Are you sure you want to delete this gift idea?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toastWith(page, "Gift idea deleted successfully").waitFor();
  });
});
