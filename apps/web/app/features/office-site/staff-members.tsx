import { CODE_OK } from '@shop/contracts';
import { CHAT_AGENT_CAP_MAX, CHAT_AGENT_CAP_MIN } from '@shop/contracts/chat-constants';
import { mayGrantRole, ROLE_LABELS, STAFF_ROLES, type StaffRoleName } from '@shop/contracts/permissions';
import type { TStaffMember } from '@shop/contracts/staff';
import { useState } from 'react';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { type Columns, DataTable } from '../../components/office/data-table';
import { Button } from '../../components/ui/button';
import { staffApi } from '../chat-console';

/** The caps an agent may be given: the chat settings' default, or their own (decision 0056). */
const CAPS = Array.from({ length: CHAT_AGENT_CAP_MAX - CHAT_AGENT_CAP_MIN + 1 }, (_, i) => CHAT_AGENT_CAP_MIN + i);

const selectClass = 'min-h-11 rounded-md border border-gray-300 bg-white px-2';

/** What the team's table needs to fill its cells: who is looking, which member is saving, the last answer, and the change. */
type TeamView = {
  meId: number;
  myRole: StaffRoleName;
  pending: number | null;
  feedback: { id: number; ok: boolean; text: string } | null;
  change: (member: TStaffMember, path: string, payload: object) => Promise<void>;
};

/** A member another may edit: not oneself, and of a role one may grant. */
const editableBy = (view: TeamView, member: TStaffMember) => member.id !== view.meId && mayGrantRole(view.myRole, member.role);

const memberColumns = (view: TeamView): Columns<TStaffMember> => [
  {
    header: 'Member',
    cell: (member) => (
      <>
        <span className="block font-medium text-gray-900">
          {member.nickname}
          {member.id === view.meId ? ' (you)' : ''}
        </span>
        <span className="block text-gray-600">{member.email}</span>
        {view.feedback?.id === member.id ? (
          <span role={view.feedback.ok ? 'status' : 'alert'} className={view.feedback.ok ? 'text-green-800' : 'text-red-800'}>
            {view.feedback.text}
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Role',
    cell: (member) =>
      editableBy(view, member) ? (
        <label className="flex flex-col gap-1">
          <span className="sr-only">Role of {member.nickname}</span>
          <select
            className={selectClass}
            value={member.role}
            disabled={view.pending === member.id}
            onChange={(event) => void view.change(member, '/admin/staff/role', { role: event.target.value })}
          >
            {STAFF_ROLES.filter((role) => mayGrantRole(view.myRole, role)).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
      ) : (
        ROLE_LABELS[member.role]
      ),
  },
  {
    header: 'Conversations at once',
    cell: (member) =>
      member.role === 'csr' ? (
        <label className="flex flex-col gap-1">
          <span className="sr-only">Open conversations at once for {member.nickname}</span>
          <select
            className={selectClass}
            value={member.chat_cap === null ? 'default' : String(member.chat_cap)}
            disabled={view.pending === member.id}
            onChange={(event) =>
              void view.change(member, '/admin/staff/chat-cap', {
                chat_cap: event.target.value === 'default' ? null : Number(event.target.value),
              })
            }
          >
            <option value="default">The default</option>
            {CAPS.map((cap) => (
              <option key={cap} value={cap}>
                {cap}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span className="text-gray-600">Not an agent</span>
      ),
  },
  { header: 'Two-step sign-in', cell: (member) => (member.totp ? 'On' : 'Off') },
  {
    header: 'Status',
    cell: (member) => (
      <>
        <span className="mr-2">{member.active ? 'Active' : 'Deactivated'}</span>
        {editableBy(view, member) ? (
          <Button
            variant="secondary"
            busy={view.pending === member.id}
            onClick={() => void view.change(member, '/admin/staff/active', { active: !member.active })}
            aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.nickname}`}
          >
            {member.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        ) : null}
      </>
    ),
  },
];

/** The team: each member's role, agent cap, two-step sign-in and status, changed in place where one may. */
export function Members({
  members,
  meId,
  myRole,
  onChanged,
}: {
  members: TStaffMember[];
  meId: number;
  myRole: StaffRoleName;
  onChanged: () => void;
}) {
  const [pending, setPending] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<TeamView['feedback']>(null);

  const change = async (member: TStaffMember, path: string, payload: object) => {
    setPending(member.id);
    setFeedback(null);
    const answer: Answer = await staffApi.post(path, { id: member.id, ...payload }, { silent: true }).catch(failed);
    setPending(null);
    setFeedback({ id: member.id, ok: answer.code === CODE_OK, text: refusalText(answer) });
    if (answer.code === CODE_OK) onChanged();
  };

  return (
    <DataTable
      className="rounded-lg border border-gray-200 bg-white"
      minWidth="min-w-[820px]"
      caption="Staff members"
      headerCellClassName=""
      columns={memberColumns({ meId, myRole, pending, feedback, change })}
      rows={members}
      rowKey={(member) => member.id}
      rowProps={(member) => ({ className: 'border-b border-gray-100 align-top last:border-0', 'data-staff': member.email })}
    />
  );
}
