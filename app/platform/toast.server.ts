import { redirect } from "react-router";

import { readCookie } from "#app/lib/cookies";
import { type Toast, toastSchema } from "#app/lib/toast";

// A toast that survives a redirect: set on the redirect, read and cleared by the next page load.
const COOKIE = "dealdash_toast";

export function toastCookie(toast: Toast): string {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

const clearCookie = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/** The pending toast, and the Set-Cookie that clears it once shown. */
export function takeToast(request: Request): { toast: Toast | null; headers: HeadersInit } {
  const raw = readCookie(request.headers.get("cookie"), COOKIE);
  if (!raw) return { toast: null, headers: {} };
  let toast: Toast | null = null;
  try {
    toast = toastSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    // A mangled cookie is dropped.
  }
  return { toast, headers: { "Set-Cookie": clearCookie } };
}

/** Redirects and shows the toast on the next page; `cookies` are further Set-Cookie values (a session). */
export function redirectWithToast(url: string, toast: Toast, cookies: string[] = []): Response {
  return redirectSettingCookies(url, [...cookies, toastCookie(toast)]);
}

/** Redirects with these Set-Cookie values. */
export function redirectSettingCookies(url: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

/** A JSON answer with these Set-Cookie values (a ceremony's challenge, a session). */
export function jsonSettingCookies(body: unknown, status = 200, cookies: string[] = []): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}
