// PostgreSQL error codes we turn into messages (both drivers report them; Drizzle wraps them in `cause`).
export const PG_UNIQUE_VIOLATION = "23505";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_CHECK_VIOLATION = "23514";
/** ON DELETE RESTRICT reports this instead of 23503. */
export const PG_RESTRICT_VIOLATION = "23001";

export interface PgErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

/** The PostgreSQL error inside a thrown value, or null if it is not one. */
export function pgError(error: unknown): PgErrorInfo | null {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const candidate = current as Partial<PgErrorInfo>;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: candidate.constraint,
        table: candidate.table,
        detail: candidate.detail,
      };
    }
  }
  return null;
}

/**
 * The column of a foreign key whose target row does not exist, from the violated constraint's name
 * (`<table>_<column>_<target table>_id_fk`, Drizzle's naming; every reference column ends in `_id`).
 */
export function missingReferenceColumn(info: PgErrorInfo): string | null {
  if (info.code !== PG_FOREIGN_KEY_VIOLATION || !info.table || !info.constraint) return null;
  const prefix = `${info.table}_`;
  if (!info.constraint.startsWith(prefix) || !info.constraint.endsWith("_id_fk")) return null;
  return info.constraint.slice(prefix.length, -"_id_fk".length).match(/^(.+_id)_[a-z_]+$/)?.[1] ?? null;
}

/** True when a delete failed because other rows still point at the row. */
export function isStillReferenced(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
}
