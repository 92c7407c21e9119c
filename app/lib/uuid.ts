const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID: row ids in URLs and forms are checked before they reach a query. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);
