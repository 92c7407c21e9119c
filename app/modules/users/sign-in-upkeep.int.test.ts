import { describe, expect, it } from "vitest";

import { loginAttempts, sessions, users, verifications } from "#app/db/schema";

import { testDatabasePerFile } from "../../../tests/support/test-database";
import { deleteStaleSignInRecords } from "./sign-in-upkeep.server";

const db = testDatabasePerFile();
const now = new Date("2026-11-27T12:00:00Z");
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe("sign-in upkeep", () => {
  it("deletes expired sessions and verifications and week-old attempts, and keeps what is still in use", async () => {
    const [person] = await db()
      .db.insert(users)
      .values({ name: "Owner", email: "owner@example.com", role: "owner" })
      .returning({ id: users.id });
    await db()
      .db.insert(sessions)
      .values([
        { token: "ended", userId: person!.id, expiresAt: hoursFromNow(-1) },
        { token: "live", userId: person!.id, expiresAt: hoursFromNow(1) },
      ]);
    await db()
      .db.insert(verifications)
      .values([
        { identifier: "passkey-challenge-old", value: "x", expiresAt: hoursFromNow(-0.1) },
        { identifier: "passkey-challenge-new", value: "y", expiresAt: hoursFromNow(0.1) },
      ]);
    // An attack's worth of failures from eight days ago, and today's attempts the limits still count.
    await db()
      .db.insert(loginAttempts)
      .values([
        ...Array.from({ length: 25 }, (_, n) => ({
          email: "owner@example.com",
          ip: `203.0.113.${n}`,
          succeeded: false,
          createdAt: hoursFromNow(-8 * 24),
        })),
        { email: "owner@example.com", ip: "203.0.113.1", succeeded: false, createdAt: hoursFromNow(-6 * 24) },
        { email: "owner@example.com", ip: "198.51.100.7", succeeded: true, createdAt: hoursFromNow(-0.1) },
      ]);

    expect(await deleteStaleSignInRecords(db().db, now)).toEqual({ sessions: 1, verifications: 1, attempts: 25 });
    expect((await db().db.select({ token: sessions.token }).from(sessions)).map((row) => row.token)).toEqual(["live"]);
    expect(
      (await db().db.select({ identifier: verifications.identifier }).from(verifications)).map((row) => row.identifier),
    ).toEqual(["passkey-challenge-new"]);
    expect((await db().db.select({ ip: loginAttempts.ip }).from(loginAttempts)).map((row) => row.ip).sort()).toEqual([
      "198.51.100.7",
      "203.0.113.1",
    ]);
    // A second run finds nothing more.
    expect(await deleteStaleSignInRecords(db().db, now)).toEqual({ sessions: 0, verifications: 0, attempts: 0 });
  });
});
