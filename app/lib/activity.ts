/** Every action an audit row may name, as the activity view's filter calls it. */
export const auditActionLabels = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  setup: "First account",
  user_create: "Account created",
  user_invite: "Invited",
  invitation_revoke: "Invitation revoked",
  invitation_accept: "Joined",
  user_role: "Role changed",
  user_remove: "User removed",
  two_factor: "Two-factor sign-in",
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  verify: "Verified",
  attention: "Needs attention",
  newsletter: "Newsletter",
  sourcing: "Sourcing",
  earnings: "Earnings",
  preview: "Preview link",
} as const;
export type AuditAction = keyof typeof auditActionLabels;

const attentionVerbs: Record<string, string> = {
  expire: "Expired",
  unpublish: "Unpublished",
  snooze: "Snoozed",
  dismiss: "Dismissed",
  fallback: "Set a fallback URL for",
};

/** What was done to a scheduled source (sourcing's or earnings'). */
const sourceVerbs: Record<string, string> = {
  "add-source": "Added",
  "change-source": "Changed",
  "delete-source": "Deleted",
};

const sourcingWords: Record<string, string> = {
  reject: "Rejected the candidate",
  approve: "Approved the candidate",
  ...Object.fromEntries(Object.entries(sourceVerbs).map(([did, verb]) => [did, `${verb} the source`])),
};

/** An earnings source added, changed or deleted, or a network's report uploaded. */
function earningsActivity(detail: Record<string, unknown> | null, title: string): string {
  if (detail?.did === "rate")
    return detail.rate === null ? `Removed the fixed rate of${title}` : `Set the fixed rate of${title}`;
  if (detail?.did === "rates") {
    const counts = (detail.counts ?? {}) as Record<string, number>;
    return `Uploaded currency rates: ${counts.create ?? 0} new, ${counts.update ?? 0} updated`;
  }
  if (detail?.did !== "upload") return `${sourceVerbs[String(detail?.did)] ?? "Changed"} the earnings source${title}`;
  const counts = (detail.counts ?? {}) as Record<string, number>;
  return `Uploaded a${title} report: ${counts.create ?? 0} new, ${counts.update ?? 0} updated`;
}

const twoFactorWords: Record<string, string> = {
  on: "Turned on two-factor sign-in",
  off: "Turned off two-factor sign-in",
  "backup-codes": "Made new backup codes",
  confirm: "Confirmed it was them",
};
const passkeyWords: Record<string, string> = {
  "passkey-add": "Added the passkey",
  "passkey-remove": "Removed the passkey",
};

function twoFactorActivity(detail: Record<string, unknown> | null): string {
  if (detail?.did === "require") {
    const roles = Array.isArray(detail.roles) ? detail.roles.map(String) : [];
    return roles.length
      ? `Required two-factor sign-in of ${roles.map((role) => `${role}s`).join(", ")}`
      : "Stopped requiring two-factor sign-in";
  }
  if (detail?.did === "reset") return `Reset the two-factor sign-in of ${String(detail.email)}`;
  const passkey = passkeyWords[String(detail?.did)];
  if (passkey) return `${passkey} "${String(detail?.name)}"`;
  return twoFactorWords[String(detail?.did)] ?? "Changed two-factor sign-in";
}

/**
 * Who a row is under: the person, or for a row without one a job acting on its own, except a failed
 * sign-in, which no job makes (a passkey the site does not know names nobody).
 */
export function whoActed(row: { action: string; actorEmail: string | null }): string {
  return row.actorEmail ?? (row.action === "sign_in_failed" ? "Someone unknown" : "A job");
}

/** The dashboard's wording for one audit row. */
export function describeActivity(row: {
  action: string;
  entity: string | null;
  detail: Record<string, unknown> | null;
}): string {
  const title = typeof row.detail?.title === "string" ? ` "${row.detail.title}"` : "";
  const entity = (row.entity ?? "item").replace(/_/g, " ");
  switch (row.action) {
    case "sign_in":
      return "Signed in";
    case "sign_in_failed":
      return row.detail?.reason === "rate_limited" ? "Sign-in blocked (too many attempts)" : "Failed sign-in";
    case "sign_out":
      return "Signed out";
    case "two_factor":
      return twoFactorActivity(row.detail);
    case "setup":
      return "Created the first admin account";
    case "user_create":
      return "Created an admin account";
    case "user_invite":
      return `Invited ${String(row.detail?.email)} as ${String(row.detail?.role)}`;
    case "invitation_revoke":
      return `Revoked the invitation of ${String(row.detail?.email)}`;
    case "invitation_accept":
      return `Joined as ${String(row.detail?.role)} through an invitation`;
    case "user_role":
      return `Changed the role of ${String(row.detail?.email)} from ${String(row.detail?.from)} to ${String(row.detail?.to)}`;
    case "user_remove":
      return `Removed ${String(row.detail?.email)}`;
    case "create":
      return `Created ${entity}${title}`;
    case "update":
      return row.detail?.restoredFrom
        ? `Restored ${entity}${title} to an earlier version`
        : `Updated ${entity}${title}`;
    case "delete":
      return `Deleted ${entity}${title}`;
    case "verify":
      return `Marked ${entity}${title} as verified`;
    case "attention":
      return `${attentionVerbs[String(row.detail?.did)] ?? "Handled"} ${entity}${title} from Needs attention`;
    case "sourcing":
      return `${sourcingWords[String(row.detail?.did)] ?? "Reviewed the candidate"}${title}`;
    case "earnings":
      return earningsActivity(row.detail, title);
    case "preview":
      return row.detail?.did === "revoke"
        ? `Revoked a preview link of ${entity}${title}`
        : `Shared a preview of ${entity}${title} for ${String(row.detail?.days)} days`;
    default:
      return row.action;
  }
}
