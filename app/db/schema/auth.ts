import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { createdAt, id, updatedAt } from "./common";

// better-auth's core tables (its CLI needs Node 22, so they are written here by hand).
// Property names are the ones better-auth expects; columns are snake_case.

export const users = pgTable("users", {
  id: id(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  /** owner, editor or contributor (modules/users/roles.ts); the migration made every earlier admin an owner. */
  role: text().notNull().default("contributor"),
  /** better-auth's two-factor plugin: set once an authenticator app's first code is confirmed. */
  twoFactorEnabled: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * When this session's person last proved who they are (ours, not better-auth's): a session is made by a
     * sign-in, so it starts now; confirming again (modules/users/step-up.server.ts) moves it on.
     */
    confirmedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    // The daily upkeep deletes expired ones (modules/users/sign-in-upkeep.server.ts).
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("verifications_identifier_idx").on(t.identifier),
    // The daily upkeep deletes expired ones (anonymous passkey sign-ins write them).
    index("verifications_expires_idx").on(t.expiresAt),
  ],
);

/** better-auth's two-factor plugin: a user's authenticator secret and backup codes, both encrypted with the app secret. */
export const twoFactors = pgTable("two_factors", {
  id: id(),
  secret: text().notNull(),
  backupCodes: text().notNull(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  verified: boolean().notNull().default(true),
  failedVerificationCount: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * Authenticator codes already accepted, kept past the window in which a code is valid (the plugin itself
 * accepts a code again until its 30-second step and the next have passed): a code works once.
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text().notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** better-auth's passkey plugin: each registered passkey (WebAuthn credential) with its public key. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    name: text(),
    publicKey: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer().notNull().default(0),
    deviceType: text().notNull(),
    backedUp: boolean().notNull(),
    transports: text(),
    aaguid: text(),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);
