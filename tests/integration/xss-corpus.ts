import { expect } from "vitest";

/** Stored-XSS payloads for every rich-text and text field, and what "inert" means for their output. */
/** Each payload must lose every way of running script; the harmless text around it stays. */
export const XSS_CORPUS: { name: string; html: string; keep?: string }[] = [
  { name: "script element", html: "<p>before</p><script>alert(1)</script><p>after</p>", keep: "after" },
  { name: "script with odd casing", html: "<ScRiPt src=//evil.example/x.js></sCrIpT><p>ok</p>", keep: "ok" },
  { name: "img onerror", html: '<img src="x" onerror="alert(1)"><p>ok</p>', keep: "ok" },
  { name: "body onload", html: '<body onload="alert(1)"><p>ok</p></body>', keep: "ok" },
  { name: "mouse handler on text", html: '<p onmouseover="alert(1)">hover</p>', keep: "hover" },
  { name: "javascript link", html: '<a href="javascript:alert(1)">click</a>', keep: "click" },
  { name: "javascript link with entities and spaces", html: '<a href="  jav&#x09;ascript:alert(1)">click</a>', keep: "click" },
  { name: "data URL link", html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>', keep: "click" },
  { name: "data URL image", html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">' },
  { name: "svg with script", html: "<svg><script>alert(1)</script><circle r=5 /></svg><p>ok</p>", keep: "ok" },
  { name: "svg onload", html: '<svg onload="alert(1)"></svg><p>ok</p>', keep: "ok" },
  { name: "foreign iframe", html: '<iframe src="https://evil.example/embed"></iframe><p>ok</p>', keep: "ok" },
  { name: "javascript iframe", html: '<iframe src="javascript:alert(1)"></iframe><p>ok</p>', keep: "ok" },
  { name: "srcdoc iframe", html: '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe>' },
  { name: "css expression", html: '<p style="width: expression(alert(1)); background:url(javascript:alert(1))">styled</p>', keep: "styled" },
  { name: "style element", html: "<style>body{background:url(javascript:alert(1))}</style><p>ok</p>", keep: "ok" },
  { name: "object and embed", html: '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', keep: "ok" },
  { name: "form action", html: '<form action="javascript:alert(1)"><button>go</button></form><p>ok</p>', keep: "ok" },
  { name: "meta refresh", html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>ok</p>', keep: "ok" },
  { name: "broken markup", html: '<p>ok<img src=x onerror=alert(1)//<a href="javascript:alert(1)">x', keep: "ok" },
  { name: "unclosed attribute", html: '<p title="a><img src=x onerror=alert(1)>">ok</p>', keep: "ok" },
  { name: "comment trick", html: '<!--<img src="--><img src=x onerror=alert(1)//">--><p>ok</p>', keep: "ok" },
];

export function assertInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toMatch(/expression\(/i);
  expect(html).not.toMatch(/<(svg|object|embed|form|meta|body)\b/i);
  expect(html).not.toMatch(/srcdoc/i);
  for (const m of html.matchAll(/<iframe[^>]*src="([^"]*)"/gi)) {
    expect(new URL(m[1]).hostname).toMatch(/^(www\.youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)$/);
  }
}
