// Secret values in a store's api_config never reach the browser: the form shows them masked, and a
// masked value that comes back unchanged keeps the stored secret.

const SECRET_KEY = /secret|password|token|private/i;
const MASK = "••••";

export const isSecretKey = (key: string) => SECRET_KEY.test(key);

export function maskSecret(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return MASK + text.slice(-4);
}

/** api_config for display: secret values replaced by their mask. */
export function maskApiConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([key, value]) => [key, isSecretKey(key) && value ? maskSecret(value) : value]));
}

/** The config to store: where a secret still shows its own mask, the stored secret is kept. */
export function restoreSecrets(submitted: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(submitted).map(([key, value]) => {
      const unchanged = isSecretKey(key) && key in stored && value === maskSecret(stored[key]);
      return [key, unchanged ? stored[key] : value];
    }),
  );
}
