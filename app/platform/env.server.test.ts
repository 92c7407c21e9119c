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

  it("trusts no proxy unless told which ones", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,2001:db8::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
  });

  it.each(["true", "everyone", "10.0.0.0/33", "300.1.1.1", "loopback,,nope"])("refuses TRUST_PROXY=%s", (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a hop count/);
  });
});
