import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testContext } from "../../../tests/support/test-context";
import { closedTestDatabase, createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { loader } from "./healthz";

describe("/healthz", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  const check = (context: ReturnType<typeof testContext>) =>
    loader({ context, request: new Request("http://localhost/healthz"), params: {} } as never);

  it("answers 200 with JSON when the database answers", async () => {
    const response = await check(testContext(t));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: t.driver });
  });

  it("answers 503 when the database does not", async () => {
    const response = await check(testContext(await closedTestDatabase()));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });
});
