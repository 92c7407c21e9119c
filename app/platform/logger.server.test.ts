import { Writable } from "node:stream";

import { describe, expect, it } from "vitest";

import { createLogger } from "./logger.server";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger("info", stream), output: () => lines.join("") };
}

/** What Drizzle throws when a write fails: the SQL and its parameters in the message, PostgreSQL's error as the cause. */
function failedWrite(secret: string) {
  const cause = Object.assign(
    new Error('new row for relation "stores" violates check constraint "stores_name_check"'),
    {
      code: "23514",
      constraint: "stores_name_check",
      table: "stores",
      detail: `Failing row contains (Acme, {"secret_key": "${secret}"}).`,
    },
  );
  return Object.assign(
    new Error(
      `Failed query: insert into "stores" ("name", "api_config") values ($1, $2)\nparams: Acme,{"secret_key":"${secret}"}`,
    ),
    {
      query: 'insert into "stores" ("name", "api_config") values ($1, $2)',
      params: ["Acme", { secret_key: secret }],
      cause,
    },
  );
}

describe("the logger", () => {
  it("logs a failed save's error code and statement, never its parameters or row", async () => {
    const { logger, output } = capture();
    logger.error({ err: failedWrite("sk-live-0123456789") }, "save failed");
    logger.flush();
    const text = output();
    expect(text).not.toContain("sk-live-0123456789");
    const line = JSON.parse(text) as { err: { code: string; message: string; stack: string } };
    expect(line.err.code).toBe("23514");
    expect(line.err.message).toContain('insert into "stores"');
    expect(line.err.stack).toMatch(/^\s+at /);
  });
});
