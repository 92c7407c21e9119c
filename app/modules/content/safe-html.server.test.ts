import { describe, expect, it } from "vitest";

import { isBlankHtml } from "#app/lib/html-text";

import { sanitizeRichText } from "./safe-html.server";

// Payloads from the usual XSS cheat sheets: tags, handlers, URL schemes, encodings, SVG, broken markup.
const payloads = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=http://evil.example/xss.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="https://ok.example/a.png" onload="alert(1)">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<style>body{background:url("javascript:alert(1)")}</style>`,
  `<p style="background-image:url(javascript:alert(1))">styled</p>`,
  `<div onclick="alert(1)">click</div>`,
  `<body onload=alert(1)>`,
  `<form action="javascript:alert(1)"><input type=submit></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<img src=x onerror=alert(1)//`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<<script>alert(1);//<</script>`,
  `<a href="//evil.example/steal">protocol-relative</a>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)"></video>`,
  `"><img src=x onerror=alert(document.cookie)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><script>alert(1)</script></template>`,
];

const dangerous = [
  /<script/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /\son\w+\s*=/i,
  /<iframe/i,
  /<svg/i,
  /<object/i,
  /<embed/i,
  /<style/i,
  /style=/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /href="\/\//i,
  /<math/i,
];

describe("sanitizeRichText", () => {
  it("has a corpus of at least 30 payloads", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(payloads)("leaves nothing executable of %s, even after a second pass", (payload) => {
    const once = sanitizeRichText(payload);
    const twice = sanitizeRichText(once);
    for (const html of [once, twice]) {
      for (const pattern of dangerous) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
    }
  });

  it("keeps ordinary formatting and tokens", () => {
    const html =
      "<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p><strong>Bold</strong> and <em>italic</em></p>" +
      "<ul><li>one</li></ul><ol><li>first</li></ol><p>[deal:123e4567-e89b-42d3-a456-426614174000]</p>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps http(s) links and images, marking links as sponsored and opening them in a new tab", () => {
    expect(sanitizeRichText('<a href="https://shop.example/x">buy</a>')).toBe(
      '<a href="https://shop.example/x" rel="sponsored nofollow noopener" target="_blank">buy</a>',
    );
    expect(sanitizeRichText('<img src="https://img.example/a.png" alt="A">')).toBe(
      '<img src="https://img.example/a.png" alt="A" />',
    );
  });

  it("drops images without an http(s) or site address and unwraps links without one", () => {
    expect(sanitizeRichText('<p><img src="x"><img src="/demo/tablet.svg" alt="T"></p>')).toBe(
      '<p><img src="/demo/tablet.svg" alt="T" /></p>',
    );
    expect(sanitizeRichText('<p><a href="/relative">read</a> and <a href="javascript:alert(1)">more</a></p>')).toBe(
      "<p>read and more</p>",
    );
  });

  it("knows an empty editor document from content", () => {
    expect(isBlankHtml("<p></p>")).toBe(true);
    expect(isBlankHtml("<p> &nbsp; </p>")).toBe(true);
    expect(isBlankHtml("<p>Hi</p>")).toBe(false);
  });
});
