import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { setDatabase } from "#app/db/database.server";
import { loader } from "./healthz";

describe("/healthz", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await t.close();
  });

  it("answers 200 with JSON when the database answers", async () => {
    setDatabase({ db: t.db, driver: t.driver, migrate: async () => {}, close: async () => {} });
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: t.driver });
  });

  it("answers 503 when the database does not", async () => {
    const failing = { execute: () => Promise.reject(new Error("connection refused")) };
    setDatabase({ db: failing as never, driver: t.driver, migrate: async () => {}, close: async () => {} });
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });
});
