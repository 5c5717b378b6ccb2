import { CODE_OK } from '@shop/contracts';
import { mayGrantRole, ROLE_LABELS, roleMay, STAFF_ROLES, type StaffRoleName } from '@shop/contracts/permissions';
import type { TStaffOverview } from '@shop/contracts/staff';
import { type FormEvent, useState } from 'react';
import { type Answer, failed, fieldsOf } from '../../components/office/answers';
import { day } from '../../components/office/date-time';
import { LoadFailed } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { Members } from './staff-members';

/**
 * /office/staff: the team — invite, change roles, deactivate, set each agent's cap on open
 * conversations; only roles within one's own permissions are offered.
 */
export function StaffPage() {
  const me = useOfficeStaff();
  const allowed = roleMay(me.role, 'staff.manage');
  const { load, reload, retry } = useLoad(allowed ? 'staff' : null, () =>
    staffApi.get<TStaffOverview>('/admin/staff/list', { silent: true }),
  );
  const grantable = STAFF_ROLES.filter((role) => mayGrantRole(me.role, role));

  if (!allowed) return <NotAllowed what="managing staff" />;
  return (
    <section aria-labelledby="staff-title" className="flex flex-col gap-6">
      <h1 id="staff-title" className="text-2xl font-semibold text-gray-900">
        Staff
      </h1>
      <InviteForm roles={grantable} onInvited={reload} />
      {load.status === 'loading' ? (
        <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600" role="status">
          Loading the team…
        </p>
      ) : load.status !== 'ready' ? (
        <LoadFailed
          text="The team could not be loaded."
          retry={retry}
          className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center"
          buttonClassName="mt-3"
        />
      ) : (
        <>
          <Members members={load.value.members} meId={me.id} myRole={me.role} onChanged={reload} />
          <section aria-labelledby="invitations-title" className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 id="invitations-title" className="text-lg font-semibold text-gray-900">
              Open invitations
            </h2>
            {load.value.invitations.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">No invitation is waiting for an answer.</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100 text-sm">
                {load.value.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap justify-between gap-2 py-2 [overflow-wrap:anywhere]">
                    <span className="min-w-0">
                      <span className="font-medium text-gray-900">{invitation.nickname}</span> · {invitation.email} ·{' '}
                      {ROLE_LABELS[invitation.role]}
                    </span>
                    <span className="min-w-0 text-gray-600">
                      by {invitation.invited_by}, good until {day(invitation.expires_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}

/** Invites a new member of staff by e-mail, with one of the roles one may grant. */
function InviteForm({ roles, onInvited }: { roles: StaffRoleName[]; onInvited: () => void }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setErrors({});
    setMessage(null);
    const answer: Answer = await staffApi
      .post(
        '/admin/staff/invite',
        { email: data.get('email'), nickname: data.get('nickname'), role: data.get('role') },
        { silent: true },
      )
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setMessage({ ok: true, text: `Invitation sent to ${String(data.get('email'))}` });
      form.reset();
      onInvited();
    } else if (fieldsOf(answer)) {
      setErrors(fieldsOf(answer) ?? {});
    } else {
      setMessage({ ok: false, text: answer.msg });
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="invite-title"
      className="rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="invite-title" className="text-lg font-semibold text-gray-900">
        Invite a team member
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        They receive an e-mail with a link to choose their password; it works once, for 7 days.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-4">
        <Field label="E-mail" name="email" type="email" autoComplete="off" error={errors.email} required />
        <Field label="Name" name="nickname" autoComplete="off" error={errors.nickname} required />
        <SelectField label="Role" name="role" defaultValue={roles.at(-1)} error={errors.role}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end">
          <Button type="submit" busy={busy} className="w-full">
            Send invitation
          </Button>
        </div>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'mt-3 text-sm text-green-800' : 'mt-3 text-sm text-red-800'}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
