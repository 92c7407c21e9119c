/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`), typed as the query selects them. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
