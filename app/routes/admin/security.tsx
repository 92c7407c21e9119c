import QRCode from "qrcode";
import { useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";

import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { BackupCodes } from "#app/components/admin/backup-codes";
import { PasskeyButton, PasskeysUnavailable } from "#app/components/admin/passkey-button";
import { passkeyCeremony } from "#app/components/admin/passkey-ceremony";
import { RowAction } from "#app/components/admin/row-action";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { showToast } from "#app/components/ui/toaster";
import type { Database } from "#app/db/client.server";
import { formatDate } from "#app/lib/dates";
import { readFormData } from "#app/lib/form-data";
import { errorToast, successToast } from "#app/lib/toast";
import { recordAudit } from "#app/modules/audit/audit.server";
import { whyNoPasskeys } from "#app/modules/users/passkey-reach.server";
import { hasPasskey, passkeysOf, removePasskey } from "#app/modules/users/passkeys.server";
import { requireAdmin } from "#app/modules/users/require-admin.server";
import type { Role } from "#app/modules/users/roles";
import { readRequiredRoles, recentlyConfirmed } from "#app/modules/users/step-up.server";
import { securitySchema } from "#app/modules/users/two-factor.schema";
import {
  checkCode,
  type Enrolment,
  newBackupCodes,
  startEnrolment,
  turnOff,
  WRONG_PASSWORD,
} from "#app/modules/users/two-factor.server";
import { auth } from "#app/platform/auth.server";
import { redirectWithToast } from "#app/platform/toast.server";

import type { Route } from "./+types/security";
import { toastAnswer } from "./content/list.server";

// Each person's own sign-in: setting up an authenticator app (QR code, then its first code), backup codes,
// turning it off where the role allows. docs/two-factor.md says how to recover a lost phone.

export const meta = () => [{ title: "Security | DealDash Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const on = admin.user.twoFactorEnabled;
  const [required, keys, confirmed] = await Promise.all([
    readRequiredRoles(context.db).then((roles) => roles.includes(admin.user.role)),
    passkeysOf(context.db, admin.user.id),
    recentlyConfirmed(context.db, admin.sessionId),
  ]);
  return { on, required, passkeys: keys, confirmed, noPasskeys: whyNoPasskeys(context.env.PUBLIC_URL, request.url) };
}

const MUST_KEEP_ONE = "Your role must sign in with two factors: keep a passkey or an authenticator app.";

const mustKeepOne = async (db: Database, user: { role: Role }) => (await readRequiredRoles(db)).includes(user.role);

type EnrolmentView = Enrolment & { qr: string };

/** What a post shows besides its toast: the setup's steps, or new backup codes (once, never stored readable). */
interface Shown {
  enrolment?: EnrolmentView;
  backupCodes?: string[];
  message?: string;
}
const show = (shown: Shown, status = 200) => data<Shown>(shown, { status });

/** The QR code, the secret, and the backup codes, shown while setting up. */
async function enrolmentView(enrolment: Enrolment): Promise<EnrolmentView> {
  return { ...enrolment, qr: await QRCode.toDataURL(enrolment.uri, { margin: 1, width: 220 }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = securitySchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return toastAnswer(errorToast(parsed.error.issues[0]!.message));
  const input = parsed.data;
  const authApi = await auth();
  switch (input.intent) {
    case "start": {
      const enrolment = await startEnrolment(authApi, request.headers, input.password);
      if (!enrolment) return toastAnswer(errorToast(WRONG_PASSWORD));
      return show({ enrolment: await enrolmentView(enrolment) });
    }
    case "confirm": {
      const checked = await checkCode(context.db, authApi, {
        kind: "totp",
        code: input.code,
        headers: request.headers,
        userId: admin.user.id,
      });
      if (!checked.ok) {
        const secret = new URL(input.uri).searchParams.get("secret") ?? "";
        const enrolment = await enrolmentView({ uri: input.uri, secret, backupCodes: input.backupCodes.split(" ") });
        return show({ enrolment, message: checked.message }, 400);
      }
      await recordAudit(context.db, { action: "two_factor", actor: admin.user, detail: { did: "on" } });
      return redirectWithToast("/admin/security", successToast("Two-factor sign-in is on"), checked.cookies);
    }
    case "backup-codes": {
      const codes = await newBackupCodes(authApi, request.headers, input.password);
      if (!codes) return toastAnswer(errorToast(WRONG_PASSWORD));
      await recordAudit(context.db, { action: "two_factor", actor: admin.user, detail: { did: "backup-codes" } });
      return show({ backupCodes: codes });
    }
    case "turn-off": {
      if ((await mustKeepOne(context.db, admin.user)) && !(await hasPasskey(context.db, admin.user.id)))
        return toastAnswer(errorToast(MUST_KEEP_ONE));
      const cookies = await turnOff(authApi, request.headers, input.password);
      if (!cookies) return toastAnswer(errorToast(WRONG_PASSWORD));
      await recordAudit(context.db, { action: "two_factor", actor: admin.user, detail: { did: "off" } });
      return redirectWithToast("/admin/security", successToast("Two-factor sign-in is off"), cookies);
    }
    case "remove-passkey": {
      const keys = await passkeysOf(context.db, admin.user.id);
      const last = keys.length === 1 && keys[0]!.id === input.passkeyId;
      if (last && (await mustKeepOne(context.db, admin.user)) && !admin.user.twoFactorEnabled)
        return toastAnswer(errorToast(MUST_KEEP_ONE));
      const removed = await removePasskey(context.db, admin.user, input.passkeyId);
      return toastAnswer(removed ? successToast("Passkey removed") : errorToast("That passkey is already gone"));
    }
  }
}

export default function Security({
  loaderData: { on, required, passkeys, confirmed, noPasskeys },
  actionData,
}: Route.ComponentProps) {
  const { enrolment, backupCodes, message } = (actionData ?? {}) as Shown;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <AdminPageHeader title="Security" description="How you sign in: your password, and a second factor." />
      {required && !on && passkeys.length === 0 ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          Your role must sign in with two factors. Add a passkey or set up an authenticator app to go on using the
          admin.
        </p>
      ) : null}
      <section aria-labelledby="totp" className="rounded-xl border border-gray-200 bg-white p-6">
        <h3 id="totp" className="font-semibold">
          Authenticator app
        </h3>
        <p className="mt-1 text-sm text-gray-600" data-testid="two-factor-status">
          {on
            ? "On: signing in asks for a code from your app, or one of your backup codes."
            : "Off: signing in asks for your password only."}
        </p>
        {enrolment ? (
          <EnrolmentSteps enrolment={enrolment} message={message} />
        ) : on ? (
          <div className="mt-4 space-y-4">
            {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
            <PasswordAction intent="backup-codes" label="Make new backup codes" />
            {required && passkeys.length === 0 ? null : (
              <PasswordAction intent="turn-off" label="Turn off" variant="outline" />
            )}
          </div>
        ) : (
          <div className="mt-4">
            <PasswordAction intent="start" label="Set up an authenticator app" />
          </div>
        )}
      </section>
      <PasskeysSection passkeys={passkeys} confirmed={confirmed} unavailable={noPasskeys} />
    </div>
  );
}

/** Adding a passkey asks for a recent confirmation (/admin/passkey checks it): until then, the way to it. */
function PasskeysSection({
  passkeys,
  confirmed,
  unavailable,
}: {
  passkeys: Array<{ id: string; name: string | null; createdAt: Date }>;
  confirmed: boolean;
  unavailable: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  return (
    <section aria-labelledby="passkeys" className="rounded-xl border border-gray-200 bg-white p-6">
      <h3 id="passkeys" className="font-semibold">
        Passkeys
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        A passkey signs you in with your device's fingerprint, face or PIN: no password, no code, and it cannot be
        phished. It is your second factor too: once you have one, signing in with your password asks for it.
      </p>
      {passkeys.length > 0 ? (
        <ul className="mt-4 divide-y divide-gray-100 text-sm" data-testid="passkey-list">
          {passkeys.map((key) => (
            <li key={key.id} className="flex items-center gap-3 py-2">
              <span className="flex-1">
                {key.name ?? "Passkey"} · added {formatDate(key.createdAt)}
              </span>
              <RowAction
                intent="remove-passkey"
                fields={{ passkeyId: key.id }}
                label="Remove"
                ariaLabel={`Remove ${key.name ?? "passkey"}`}
                busy={busy}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {unavailable ? (
        <PasskeysUnavailable why={unavailable} className="mt-4" />
      ) : confirmed ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="flex min-w-56 flex-col gap-1.5 text-sm">
            <span className="font-medium text-gray-900">Passkey name</span>
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={60}
              placeholder="My laptop"
            />
          </label>
          <PasskeyButton
            label="Add a passkey"
            run={() =>
              passkeyCeremony("/admin/passkey", "register", ["register-options", "register"], {
                name: name || "Passkey",
              })
            }
            onDone={() => {
              setName("");
              showToast(successToast("Passkey added"));
              void revalidator.revalidate();
            }}
            unavailable={null}
          />
        </div>
      ) : (
        <p className="mt-4 text-sm">
          <Link to="/admin/confirm?redirectTo=%2Fadmin%2Fsecurity" className="font-medium text-brand-700 underline">
            Confirm it's you to add a passkey
          </Link>
        </p>
      )}
    </section>
  );
}

function PasswordAction({ intent, label, variant }: { intent: string; label: string; variant?: "outline" }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <label className="flex min-w-64 flex-col gap-1.5 text-sm">
        <span className="font-medium text-gray-900">Your password</span>
        <Input name="password" type="password" required maxLength={128} autoComplete="current-password" />
      </label>
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

function EnrolmentSteps({ enrolment, message }: { enrolment: EnrolmentView; message?: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mt-4 space-y-5 text-sm">
      <div className="flex flex-wrap items-start gap-5">
        <img src={enrolment.qr} alt="QR code to scan with your authenticator app" width={220} height={220} />
        <div className="min-w-56 flex-1 space-y-2">
          <p>1. Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</p>
          <p>
            No camera? Type this key instead:{" "}
            <code className="rounded bg-gray-100 px-1 break-all" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
        </div>
      </div>
      <div>
        <p>2. Keep these backup codes somewhere safe. Each signs you in once if you lose your phone.</p>
        <BackupCodes codes={enrolment.backupCodes} />
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(" ")} />
        <label className="flex w-56 flex-col gap-1.5">
          <span className="font-medium text-gray-900">3. The code your app shows</span>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={10}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "code-error" : undefined}
          />
        </label>
        <Button type="submit" disabled={busy}>
          Turn on
        </Button>
        {message ? (
          <p id="code-error" role="alert" className="w-full text-red-600">
            {message}
          </p>
        ) : null}
      </Form>
    </div>
  );
}
