import { describe, expect, it } from "vitest";

import { describeActivity, whoActed } from "./activity";

describe("describeActivity", () => {
  it("words sign-ins and content changes", () => {
    expect(describeActivity({ action: "sign_in", entity: null, detail: null })).toBe("Signed in");
    expect(describeActivity({ action: "create", entity: "deal", detail: { title: "Tablet" } })).toBe(
      'Created deal "Tablet"',
    );
    expect(describeActivity({ action: "sign_in_failed", entity: null, detail: { reason: "rate_limited" } })).toBe(
      "Sign-in blocked (too many attempts)",
    );
    expect(
      describeActivity({ action: "sourcing", entity: null, detail: { did: "reject", title: "Drone", reason: "Old" } }),
    ).toBe('Rejected the candidate "Drone"');
    expect(describeActivity({ action: "sourcing", entity: null, detail: { did: "approve", title: "Drone" } })).toBe(
      'Approved the candidate "Drone"',
    );
    expect(describeActivity({ action: "sourcing", entity: null, detail: { did: "add-source", title: "Feed" } })).toBe(
      'Added the source "Feed"',
    );
    expect(describeActivity({ action: "earnings", entity: null, detail: { did: "add-source", title: "Awin" } })).toBe(
      'Added the earnings source "Awin"',
    );
    expect(
      describeActivity({
        action: "earnings",
        entity: null,
        detail: { did: "upload", title: "rakuten", counts: { create: 3, update: 1, unchanged: 0, refuse: 2 } },
      }),
    ).toBe('Uploaded a "rakuten" report: 3 new, 1 updated');
  });

  it("names the people a team change was about", () => {
    const row = (action: string, detail: Record<string, unknown>) =>
      describeActivity({ action, entity: "user", detail });
    expect(row("user_invite", { email: "a@example.com", role: "editor" })).toBe("Invited a@example.com as editor");
    expect(row("user_role", { email: "a@example.com", from: "editor", to: "owner" })).toBe(
      "Changed the role of a@example.com from editor to owner",
    );
    expect(row("user_remove", { email: "a@example.com" })).toBe("Removed a@example.com");
    expect(row("invitation_accept", { via: "invitation", role: "contributor" })).toBe(
      "Joined as contributor through an invitation",
    );
  });
});

describe("whoActed", () => {
  it("names the person, a job where none asked, and nobody for a failed sign-in of no known person", () => {
    expect(whoActed({ action: "sign_in_failed", actorEmail: "owner@example.com" })).toBe("owner@example.com");
    expect(whoActed({ action: "update", actorEmail: null })).toBe("A job");
    expect(whoActed({ action: "sign_in_failed", actorEmail: null })).toBe("Someone unknown");
  });
});
