import escapeHtml from "escape-html";

// Every message in one plain shape, as text and as HTML with the same words: a heading, paragraphs, optional
// sections of links (a digest's deals, coupons and guides), one button, and a footer saying why it came.

export interface MailContent {
  heading: string;
  paragraphs: string[];
  sections?: Array<{ heading: string; links: Array<{ label: string; url: string; note?: string }> }>;
  action?: { label: string; url: string };
  footer: string[];
}

export function mailBody(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.sections ?? []).flatMap((section) => [
      section.heading.toUpperCase(),
      ...section.links.flatMap((link) => [`- ${link.label}${link.note ? ` (${link.note})` : ""}`, `  ${link.url}`]),
      "",
    ]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    ...content.footer,
  ].join("\n");
  const paragraph = (words: string) => `<p style="margin:0 0 16px">${escapeHtml(words)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    ...(content.sections ?? []).flatMap((section) => [
      `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>`,
      '<ul style="padding-left:20px;margin:0 0 16px">',
      ...section.links.map(
        (link) =>
          `<li style="margin-bottom:8px"><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>${link.note ? ` ${escapeHtml(link.note)}` : ""}</li>`,
      ),
      "</ul>",
    ]),
    ...(content.action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#ea580c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`,
        ]
      : []),
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><div style="font-size:12px;color:#6b7280">${content.footer.map(paragraph).join("")}</div>`,
    "</body></html>",
  ].join("\n");
  return { text, html };
}
