// The admin's three roles, from most to least trusted. What each may open is in admin-access.ts; what a
// contributor may do to a row (their own drafts only) is checked where rows are saved.

export const roles = ["owner", "editor", "contributor"] as const;
export type Role = (typeof roles)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", editor: "Editor", contributor: "Contributor" };

/** What each role is for, as the users page explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything: users, settings, credentials, webhooks, sourcing sources and revenue.",
  editor: "All content, publishing, Needs attention, sourcing review and analytics (without revenue).",
  contributor: "Writes drafts and submits them for review; cannot publish or see settings and revenue.",
};

const RANK: Record<Role, number> = { contributor: 1, editor: 2, owner: 3 };

export const isRole = (value: unknown): value is Role => roles.includes(value as Role);

/** Whether `role` may do what `needed` may. */
export const atLeast = (role: Role, needed: Role) => RANK[role] >= RANK[needed];

/** A stored role as the code reads it; anything unknown is treated as the least trusted. */
export const roleOf = (value: unknown): Role => (isRole(value) ? value : "contributor");
