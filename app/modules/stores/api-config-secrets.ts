// Secret values in a store's api_config never reach the browser: the form shows them masked, and a
// masked value that comes back unchanged keeps the stored secret. Keys are judged by name at any depth,
// and everything under a secret-looking key (an object of credentials, say) counts as secret.

const SECRET_WORDS = /secret|passw(or)?d|token|private|credential|signature|key$/i;
const MASK = "••••";

export const isSecretKey = (key: string) => SECRET_WORDS.test(key);

/** "••••" and, for values long enough that it gives nothing away, their last four characters. */
export function maskSecret(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length >= 12 ? MASK + text.slice(-4) : MASK;
}

type Json = unknown;

function mask(value: Json, secret: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => mask(item, secret));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mask(item, secret || isSecretKey(key))]),
    );
  }
  const maskable = (typeof value === "string" && value !== "") || typeof value === "number";
  return secret && maskable ? maskSecret(value) : value;
}

function restore(submitted: Json, stored: Json, secret: boolean): Json {
  if (Array.isArray(submitted)) {
    return submitted.map((item, index) => restore(item, Array.isArray(stored) ? stored[index] : undefined, secret));
  }
  if (submitted && typeof submitted === "object") {
    const storedObject =
      stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, Json>) : {};
    return Object.fromEntries(
      Object.entries(submitted).map(([key, item]) => [
        key,
        restore(item, storedObject[key], secret || isSecretKey(key)),
      ]),
    );
  }
  const storedLeaf = stored !== undefined && stored !== null && typeof stored !== "object";
  return secret && storedLeaf && submitted === maskSecret(stored) ? stored : submitted;
}

/** api_config for display: secret values replaced by their mask. */
export function maskApiConfig(config: Record<string, unknown>): Record<string, unknown> {
  return mask(config, false) as Record<string, unknown>;
}

/** The config to store: where a secret still shows its own mask, the stored secret is kept. */
export function restoreSecrets(
  submitted: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  return restore(submitted, stored, false) as Record<string, unknown>;
}
