import escapeHtml from "escape-html";
import sanitizeHtml from "sanitize-html";

// Stored rich text (buying-guide content) is cleaned with one allowlist on every save and again on every
// render, so neither an old row nor a bypassed form can put script into a page.

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "s",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height"],
  },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: { a: ["http", "https"], img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Content of dropped elements that can only hold code or markup is dropped with them.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
  ],
  transformTags: {
    // Links must be absolute http(s); every link leaves the site: sponsored, in a new tab.
    // A link without a usable address keeps its text and loses the link.
    a: (tagName, attribs) =>
      isAbsoluteHttp(attribs.href)
        ? { tagName, attribs: { ...attribs, rel: "sponsored nofollow noopener", target: "_blank" } }
        : { tagName: "unwrap", attribs: {} },
  },
  // Images must be http(s) or served by this site.
  exclusiveFilter: (frame) =>
    frame.tag === "img" && !(isAbsoluteHttp(frame.attribs.src) || isSitePath(frame.attribs.src)),
};

const isAbsoluteHttp = (value: string | undefined) => /^https?:\/\/[^\s]/i.test(value?.trim() ?? "");
const isSitePath = (value: string | undefined) => /^\/(?![/\\])/.test(value?.trim() ?? "");

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Plain text made safe to place in HTML we build (an item's title inside a link). */
export const escapeText = (text: string): string => escapeHtml(text);
