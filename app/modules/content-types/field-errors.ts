/** Thrown inside a save to refuse it with messages at fields (the transaction rolls back). */
export class FieldErrors extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super("invalid input");
  }
}
