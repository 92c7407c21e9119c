import escapeHtml from "escape-html";

// Every message in one plain shape, as text and as HTML with the same words: a heading, paragraphs, optional
// sections of items (a digest's deals, coupons and guides; an alert's deals), one button, and a footer
// saying why it came. The HTML is laid out as mail clients read it: tables, inline styles, a width of 600,
// each item a card with its picture, its price in bold and a button. Items link to DealDash's own pages:
// Amazon forbids its links in mail, and its pictures and prices are left out (they may be shown for 24
// hours only, and a message is kept for good).

export interface MailItem {
  label: string;
  url: string;
  /** Price and store, a discount, or an excerpt. */
  note?: string;
  /** A picture at a public address (none for Amazon's). */
  image?: string | null;
  /** The item's own button ("See the deal"). */
  button?: string;
}

export interface MailContent {
  heading: string;
  paragraphs: string[];
  sections?: Array<{ heading: string; links: MailItem[] }>;
  action?: { label: string; url: string };
  footer: string[];
}

const BRAND = "#2563eb";
const ACCENT = "#c2410c";
const FONT = "font-family:Arial,Helvetica,sans-serif";

/** A button mail clients show as one: a link styled as a block (no script, no external CSS). */
const button = (label: string, url: string, color: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold;${FONT};font-size:14px">${escapeHtml(label)}</a>`;

function itemCard(item: MailItem): string {
  const picture = item.image
    ? `<td width="112" valign="top" style="padding:0 16px 0 0"><a href="${escapeHtml(item.url)}"><img src="${escapeHtml(item.image)}" width="112" height="84" alt="" style="display:block;width:112px;height:84px;object-fit:cover;border-radius:8px;border:0"></a></td>`
    : "";
  return [
    '<tr><td style="padding:0 0 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e5e7eb;border-radius:12px"><tr><td style="padding:16px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>',
    picture,
    '<td valign="top">',
    `<a href="${escapeHtml(item.url)}" style="color:#111827;font-weight:bold;font-size:16px;text-decoration:none;${FONT}">${escapeHtml(item.label)}</a>`,
    item.note
      ? `<p style="margin:6px 0 0;color:#374151;font-size:14px;${FONT}"><strong>${escapeHtml(item.note)}</strong></p>`
      : "",
    item.button ? `<p style="margin:12px 0 0">${button(item.button, item.url, ACCENT)}</p>` : "",
    "</td></tr></table>",
    "</td></tr></table></td></tr>",
  ].join("");
}

/** Words with their web addresses as links (a footer's 'Unsubscribe: https://…'). */
const linkified = (words: string) =>
  words
    .split(/(https?:\/\/\S+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:${BRAND}">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join("");

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
  const paragraph = (words: string, style = "margin:0 0 16px;font-size:15px;line-height:1.5") =>
    `<p style="${style};${FONT}">${linkified(words)}</p>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;color:#111827">',
    `<tr><td style="background:${BRAND};border-radius:12px 12px 0 0;padding:16px 24px;color:#ffffff;font-weight:bold;font-size:18px;${FONT}">DealDash</td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="font-size:22px;margin:0 0 16px;${FONT}">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((words) => paragraph(words)),
    ...(content.sections ?? []).flatMap((section) => [
      `<h2 style="font-size:17px;margin:24px 0 12px;${FONT}">${escapeHtml(section.heading)}</h2>`,
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0">',
      ...section.links.map(itemCard),
      "</table>",
    ]),
    ...(content.action
      ? [`<p style="margin:24px 0">${button(content.action.label, content.action.url, BRAND)}</p>`]
      : []),
    "</td></tr>",
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">${content.footer.map((words) => paragraph(words, "margin:0 0 8px;font-size:12px;color:#6b7280;line-height:1.5")).join("")}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");
  return { text, html };
}
