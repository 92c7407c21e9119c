import { expect } from "vitest";

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

export async function getAnswer(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * Requests the page until the page cache answers it, and returns that answer: after a change, a page is
 * kept only once the cache has asked the database when the next scheduled change is, just after the render.
 */
export async function cachedAnswer(url: string): Promise<Answer> {
  let answer = await getAnswer(url);
  for (let tries = 0; tries < 5 && answer.headers.get("x-cache") !== "hit"; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer = await getAnswer(url);
  }
  expect(answer.headers.get("x-cache")).toBe("hit");
  return answer;
}
