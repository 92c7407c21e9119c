import { Form, useNavigation } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { RowAction } from "#app/components/admin/row-action";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select, SelectField } from "#app/components/ui/select";
import { formatDate, formatDateTime } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { wakeMailSender } from "#app/modules/mail/outbox.server";
import { INVITATION_DAYS, invite, openInvitations, revokeInvitation } from "#app/modules/users/invitations.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, roles } from "#app/modules/users/roles";
import { readRequiredRoles, saveRequiredRoles } from "#app/modules/users/step-up.server";
import { teamActionSchema } from "#app/modules/users/team.schema";
import { changeRole, removeUser, resetTwoFactor, teamMembers } from "#app/modules/users/team.server";

import type { Route } from "./+types/users";
import { toastAnswer } from "./content/list.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const [team, invitations, requiredRoles] = await Promise.all([
    teamMembers(context.db),
    openInvitations(context.db, context),
    readRequiredRoles(context.db),
  ]);
  return { ...team, invitations, requiredRoles, me: admin.user.id, invitationDays: INVITATION_DAYS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = teamActionSchema.safeParse({ ...Object.fromEntries(form), roles: form.getAll("roles") });
  if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
  const input = parsed.data;
  switch (input.intent) {
    case "invite": {
      const invited = await invite(context.db, context, admin.user, input);
      if (!invited.ok) return toastAnswer(errorToast(invited.message));
      wakeMailSender(context.jobs);
      return toastAnswer(successToast(`Invitation sent to ${input.email}`));
    }
    case "role": {
      const changed = await changeRole(context.db, admin.user, input.userId, input.role);
      if (!changed.ok) return toastAnswer(errorToast(changed.message));
      return toastAnswer(successToast(`${changed.email} is now ${ROLE_LABELS[input.role].toLowerCase()}`));
    }
    case "remove": {
      const removed = await removeUser(context.db, admin.user, input.userId);
      if (!removed.ok) return toastAnswer(errorToast(removed.message));
      return toastAnswer(successToast(`${removed.email} removed`));
    }
    case "reset-two-factor": {
      const reset = await resetTwoFactor(context.db, admin.user, input.userId);
      if (!reset.ok) return toastAnswer(errorToast(reset.message));
      return toastAnswer(successToast(`${reset.email} signs in with a password until they set up an app again`));
    }
    case "require-two-factor": {
      await saveRequiredRoles(context.db, input.roles, admin.user);
      return toastAnswer(successToast("Saved who must sign in with two factors"));
    }
    case "revoke": {
      const revoked = await revokeInvitation(context.db, admin.user, input.invitationId);
      return toastAnswer(
        revoked ? successToast("Invitation revoked") : errorToast("That invitation is no longer open"),
      );
    }
  }
}

const roleOptions = roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export default function Users({
  loaderData: { members, total, invitations, requiredRoles, me, invitationDays },
}: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <AdminPageHeader title="Users" description="Who can sign in to the admin, and what each may do." />
      <ul className="grid gap-3 text-sm sm:grid-cols-3">
        {roles.map((role) => (
          <li key={role} className="rounded-xl border border-gray-200 bg-white p-4">
            <p className="font-semibold text-gray-900">{ROLE_LABELS[role]}</p>
            <p className="mt-1 text-gray-600">{ROLE_DESCRIPTIONS[role]}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="invite" className="rounded-xl border border-gray-200 bg-white p-6">
        <h3 id="invite" className="font-semibold">
          Invite someone
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          They get an email with a link to choose their password. It works once, for {invitationDays} days.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <label className="flex min-w-64 flex-1 flex-col gap-1.5 text-sm">
            <span className="font-medium text-gray-900">Email</span>
            <Input name="email" type="email" required maxLength={254} autoComplete="off" />
          </label>
          <SelectField label="Role" className="w-44" name="role" defaultValue="contributor" options={roleOptions} />
          <Button type="submit" disabled={busy}>
            Send invitation
          </Button>
        </Form>
      </section>

      <section aria-labelledby="two-factor" className="rounded-xl border border-gray-200 bg-white p-6">
        <h3 id="two-factor" className="font-semibold">
          Two-factor sign-in
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          Whoever has a ticked role must set up an authenticator app before they can use the admin.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="require-two-factor" />
          {roles.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="roles" value={role} defaultChecked={requiredRoles.includes(role)} />
              Require it of {ROLE_LABELS[role].toLowerCase()}s
            </label>
          ))}
          <Button type="submit" variant="outline" disabled={busy}>
            Save
          </Button>
        </Form>
      </section>

      <section aria-labelledby="members" className="rounded-xl border border-gray-200 bg-white">
        <h3 id="members" className="border-b border-gray-200 px-5 py-4 font-semibold">
          {total > members.length
            ? `The first ${members.length} of ${total} users`
            : `${total} ${total === 1 ? "user" : "users"}`}
        </h3>
        <ul className="divide-y divide-gray-100">
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-3 px-5 py-3 text-sm" data-testid="user-row">
              <div className="min-w-56 flex-1">
                <p className="font-medium text-gray-900">
                  {member.name} {member.id === me ? <span className="text-gray-500">(you)</span> : null}
                </p>
                <p className="text-gray-600">
                  {member.email} · since {formatDate(member.createdAt)} ·{" "}
                  {member.twoFactor ? "two-factor on" : "password only"}
                </p>
              </div>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="userId" value={member.id} />
                <Select
                  name="role"
                  defaultValue={member.role}
                  key={member.role}
                  options={roleOptions}
                  aria-label={`Role of ${member.email}`}
                  className="w-40"
                />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  Change role
                </Button>
              </Form>
              {member.id === me ? null : (
                <RowAction
                  intent="remove"
                  fields={{ userId: member.id }}
                  label="Remove"
                  ariaLabel={`Remove ${member.email}`}
                  confirmText={`Remove ${member.email}? They are signed out at once.`}
                  busy={busy}
                />
              )}
              {member.id !== me && member.twoFactor ? (
                <RowAction
                  intent="reset-two-factor"
                  fields={{ userId: member.id }}
                  label="Reset two-factor"
                  ariaLabel={`Reset two-factor sign-in of ${member.email}`}
                  confirmText={`Reset ${member.email}'s two-factor sign-in? Do it only when you know it is them.`}
                  busy={busy}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {invitations.length > 0 ? (
        <section aria-labelledby="open-invitations" className="rounded-xl border border-gray-200 bg-white">
          <h3 id="open-invitations" className="border-b border-gray-200 px-5 py-4 font-semibold">
            Open invitations
          </h3>
          <ul className="divide-y divide-gray-100">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="space-y-2 px-5 py-3 text-sm" data-testid="invitation-row">
                <div className="flex flex-wrap items-center gap-3">
                  <p className="flex-1 text-gray-900">
                    {invitation.email} · {ROLE_LABELS[invitation.role]} · until {formatDateTime(invitation.expiresAt)}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy}>
                      Revoke
                    </Button>
                  </Form>
                </div>
                <label className="flex flex-col gap-1 text-gray-600">
                  <span>Its link, to hand over another way:</span>
                  <Input readOnly value={invitation.url} onFocus={(event) => event.currentTarget.select()} />
                </label>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
