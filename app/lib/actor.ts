// Who makes a change: audit rows name them.

/** The signed-in admin. */
export interface Actor {
  id: string;
  email: string;
}

/** A job acting on its own (the Amazon price refresh), where no person asked. */
export interface Service {
  id: null;
  /** Shown where a person's email would be ("Amazon price refresh updated…"). */
  email: string;
}
