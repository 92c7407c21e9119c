import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads flags and derives the public URL from the port", () => {
    const env = parseEnv({ SEED_DEMO: "false", PORT: "8080" });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PUBLIC_URL).toBe("http://localhost:8080");
  });

  it("rejects a bad value with a message naming the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT: must be a number/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO: must be true or false/);
  });
});
