import type { TAdminCustomerProfile } from '@shop/contracts/customers';
import { PointsPaths } from '@shop/contracts/points-rules';
import type { FormEvent } from 'react';
import { issuesByField } from '../../components/office/answers';
import type { Columns } from '../../components/office/data-table';
import { day } from '../../components/office/date-time';
import { OutcomeLine } from '../../components/office/form-frame';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { staffApi } from '../chat-console';
import { Part, ProfileTable } from './profile-parts';
import { useProfileWrite } from './profile-write';

type Points = TAdminCustomerProfile['points'];
type Entry = Points['ledger']['data'][number];

const columns: Columns<Entry> = [
  { header: 'Date', cell: (entry) => day(entry.created_at), className: 'whitespace-nowrap text-gray-700' },
  { header: 'Why', cell: (entry) => entry.label },
  { header: 'Points', cell: (entry) => (entry.points > 0 ? `+${entry.points}` : entry.points), align: 'right' },
];

/** Adjusts the points by a signed number with a reason (points.adjust); the ledger and the audit trail keep both. */
function AdjustPoints({ userId, onDone }: { userId: number; onDone: () => void }) {
  const write = useProfileWrite();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const raw = String(data.get('points') ?? '').trim();
    const { ZPointsAdjustRequest } = await import('../../components/office/office-rules');
    const parsed = ZPointsAdjustRequest.safeParse({
      points: raw === '' ? undefined : Number(raw),
      reason: String(data.get('reason') ?? ''),
    });
    if (!parsed.success) return write.refuse(issuesByField(parsed.error));
    await write.send(
      form,
      () => staffApi.post(PointsPaths.adjust(userId), parsed.data, { silent: true }),
      (answer) =>
        `Points adjusted by ${parsed.data.points}; the balance is now ${(answer.result as { balance: number }).balance}.`,
      onDone,
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="adjust-title" className="mt-3 rounded-md border border-gray-200 p-3">
      <h3 id="adjust-title" className="font-semibold text-gray-900">
        Adjust points
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <Field
          label="Points (+ or −)"
          name="points"
          type="number"
          inputMode="numeric"
          step={1}
          error={write.errors.points}
          required
        />
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={write.errors.reason} required />
        <Button type="submit" busy={write.busy} className="sm:mt-6">
          Adjust
        </Button>
      </div>
      <div className="mt-2">
        <OutcomeLine outcome={write.outcome} />
      </div>
    </form>
  );
}

/** The profile's points: the balance and what expires, the adjustment (for roles holding points.adjust) and the ledger. */
export function CustomerPoints({
  points,
  userId,
  mayAdjust,
  onAdjusted,
}: {
  points: Points;
  userId: number;
  mayAdjust: boolean;
  onAdjusted: () => void;
}) {
  return (
    <Part id="customer-points" title="Points">
      <p className="text-sm text-gray-800">
        Balance: <strong data-testid="points-balance">{points.balance}</strong>
        {points.expiring_points > 0 && points.expiring_at
          ? ` · ${points.expiring_points} expire on ${day(points.expiring_at)}`
          : ''}
      </p>
      {mayAdjust ? <AdjustPoints userId={userId} onDone={onAdjusted} /> : null}
      {points.ledger.data.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No points have moved yet.</p>
      ) : (
        <ProfileTable
          caption="Points ledger, newest first"
          minWidth="min-w-[480px]"
          className="mt-3"
          columns={columns}
          rows={points.ledger.data}
          rowKey={(entry) => entry.id}
        />
      )}
    </Part>
  );
}
