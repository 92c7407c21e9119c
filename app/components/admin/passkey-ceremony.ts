// A passkey ceremony from the page: ask the server for options, let the browser make or use a passkey, send
// its answer back. The browser part loads on first use (most pages never need it).

export type CeremonyResult = { ok: true; body: Record<string, unknown> } | { ok: false; error: string };

const NOT_USED = "The passkey was not used. Try again when your device asks.";

async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, body };
}

/**
 * `kind` "register" adds a passkey, "authenticate" uses one; `intents` name the server's two steps, and
 * `fields` go with the second (a passkey's name, where to go next).
 */
export async function passkeyCeremony(
  url: string,
  kind: "register" | "authenticate",
  intents: [options: string, finish: string],
  fields: Record<string, string> = {},
): Promise<CeremonyResult> {
  const options = await post(url, { intent: intents[0] });
  if (!options.ok) return { ok: false, error: String(options.body.error ?? NOT_USED) };
  const { startAuthentication, startRegistration } = await import("@simplewebauthn/browser");
  let response: unknown;
  try {
    response =
      kind === "register"
        ? await startRegistration({ optionsJSON: options.body as never })
        : await startAuthentication({ optionsJSON: options.body as never });
  } catch {
    return { ok: false, error: NOT_USED };
  }
  const finished = await post(url, { intent: intents[1], response: JSON.stringify(response), ...fields });
  return finished.ok
    ? { ok: true, body: finished.body }
    : { ok: false, error: String(finished.body.error ?? NOT_USED) };
}

/** Whether this browser can use passkeys at all (an older one, or a page outside HTTPS, cannot). */
export const passkeysSupported = () => typeof window !== "undefined" && "PublicKeyCredential" in window;
