// The admin as a browser without JavaScript drives it: form posts and a session cookie.

/** Signs in through the login form; returns the Cookie header of the session. */
export async function signInOverHttp(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(credentials),
  });
  if (response.status !== 302) throw new Error(`Sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Creates a store through the admin form; true once the server acknowledged it (redirect to the list). */
export async function createStoreOverHttp(baseUrl: string, cookie: string, name: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/admin/stores/add`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie },
    body: new URLSearchParams({ name, apiType: "manual" }),
  });
  await response.arrayBuffer();
  return response.status === 302 && response.headers.get("location") === "/admin/stores";
}
