/** What an island shows when its request or the answer fails. */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** Posts a form's fields and reads the JSON answer; null when the network or the answer fails. */
export async function postForJson<Answer>(url: string, body: FormData | URLSearchParams): Promise<Answer | null> {
  try {
    const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
    return (await response.json()) as Answer;
  } catch {
    return null;
  }
}
