import type { TCouponIndex, TCouponOption } from '@shop/contracts/coupons';
import { POINTS_PER_DOLLAR } from '@shop/contracts/orders-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CouponConditions, CouponValue, HeldValidity } from '../../components/coupon/coupon-ticket';
import { Price } from '../../components/product/price';
import { Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { COUPON_CENTRE_PATH } from '../../lib/paths';
import { useLoad } from '../../lib/use-load';
import { couponsForBag } from './order-api';
import { LoadFailed, secondaryAction } from './order-parts';
import { readPoints } from './points-input';

/**
 * The checkout's savings (issue 15, item 2): the shopper's coupons for the bag — usable ones best
 * first with what each saves, the others greyed with the reason — and the points to spend. What is
 * chosen goes into the server's preview and the order; every figure is the server's.
 */

const optionClass = (chosen: boolean, disabled: boolean) =>
  cx(
    'flex min-h-11 items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gray-900',
    disabled
      ? 'cursor-not-allowed border-gray-200 bg-gray-50 text-gray-600'
      : chosen
        ? 'cursor-pointer border-gray-900 bg-gray-50'
        : 'cursor-pointer border-gray-300 hover:border-gray-500',
  );

function CouponOption({
  coupon,
  name,
  chosen,
  best,
  onChoose,
}: {
  coupon: TCouponOption;
  name: string;
  chosen: boolean;
  best: boolean;
  onChoose: () => void;
}) {
  const reasonId = useId();
  const usable = coupon.usable === 1;
  return (
    <label className={optionClass(chosen, !usable)} data-testid={usable ? 'coupon-option' : 'coupon-unusable'}>
      <input
        type="radio"
        name={name}
        value={coupon.id}
        checked={chosen}
        disabled={!usable}
        onChange={onChoose}
        aria-describedby={usable ? undefined : reasonId}
        className="mt-0.5 size-4 shrink-0 accent-gray-900"
      />
      <span
        aria-hidden="true"
        className={cx(
          'hidden min-w-14 shrink-0 justify-center rounded border border-dashed px-1 py-1 text-base sm:flex',
          usable ? 'border-rose-300 bg-rose-50 text-rose-800' : 'border-gray-300 bg-gray-100 text-gray-600',
        )}
      >
        <CouponValue terms={coupon} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cx('font-semibold', usable ? 'text-gray-950' : 'text-gray-700')}>
          <span className="sr-only">
            <CouponValue terms={coupon} /> off:{' '}
          </span>
          {coupon.name}
          {best ? (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-300">
              Best
            </span>
          ) : null}
        </span>
        {usable ? (
          <span className="font-semibold text-sale">
            Saves <Price usd={coupon.saving} />
          </span>
        ) : null}
        <CouponConditions terms={coupon} className="text-xs text-gray-700" inline />
        <span className="text-xs text-gray-600">
          <HeldValidity startAt={coupon.start_at} endAt={coupon.end_at} />
        </span>
        {usable ? null : (
          <span id={reasonId} className="text-xs font-medium text-gray-800" data-testid="coupon-reason">
            {coupon.reason}
          </span>
        )}
      </span>
    </label>
  );
}

function CouponsSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Loading your coupons
      </span>
      {[0, 1].map((row) => (
        <Skeleton key={row} className="h-14 w-full" />
      ))}
    </div>
  );
}

/**
 * The coupon for this bag: none, or one of the usable ones. Asked for again when the bag changes
 * (`revision`) and when `version` moves (a coupon refused at checkout); a chosen coupon that no
 * longer applies is let go, with the reason said (`onSelect(null, why)`).
 */
export function CouponChoice({
  cartIds,
  revision,
  version,
  selectedId,
  onSelect,
  refusal,
}: {
  cartIds: readonly number[];
  revision: string;
  version: number;
  selectedId: number | null;
  onSelect: (id: number | null, why?: string) => void;
  /** the server's refusal of the chosen coupon, or why it was let go */
  refusal: string;
}) {
  const name = useId();
  const refusalId = useId();
  const latestIds = useRef(cartIds);
  latestIds.current = cartIds;
  const { load, reload, retry } = useLoad<TCouponIndex>('coupons', () => couponsForBag(latestIds.current));

  // the bag changed, or a coupon was refused: ask again, keeping the list on screen meanwhile
  const asked = useRef(`${revision}|${version}`);
  useEffect(() => {
    const now = `${revision}|${version}`;
    if (asked.current === now) return;
    asked.current = now;
    reload();
  }, [revision, version, reload]);

  // a chosen coupon that this bag can no longer take is let go
  useEffect(() => {
    if (load.status !== 'ready' || selectedId === null) return;
    if (load.value.usable.some((coupon) => coupon.id === selectedId)) return;
    const unusable = load.value.unusable.find((coupon) => coupon.id === selectedId);
    onSelect(
      null,
      unusable ? `Your coupon was taken off: ${unusable.reason}` : 'Your coupon was taken off: it can no longer be used.',
    );
  }, [load, selectedId, onSelect]);

  if (load.status === 'loading') return <CouponsSkeleton />;
  if (load.status === 'failed' || load.status === 'missing') {
    return <LoadFailed title="We couldn’t load your coupons" onRetry={retry} />;
  }
  const { usable, unusable, best_id } = load.value;
  const note = (
    <p id={refusalId} role="status" data-testid="coupon-note" className="mt-3 text-sm text-red-800 empty:hidden">
      {refusal}
    </p>
  );
  if (usable.length === 0 && unusable.length === 0) {
    return (
      <>
        <p className="text-sm text-gray-700">
          You have no coupons to use.{' '}
          <Link to={COUPON_CENTRE_PATH} className={cx('font-semibold underline underline-offset-4', focusRing)}>
            Get coupons in the coupon centre
          </Link>
        </p>
        {note}
      </>
    );
  }
  return (
    <fieldset aria-describedby={refusal ? refusalId : undefined}>
      <legend className="sr-only">Coupon</legend>
      <div className="flex flex-col gap-3">
        <label className={optionClass(selectedId === null, false)}>
          <input
            type="radio"
            name={name}
            value=""
            checked={selectedId === null}
            onChange={() => onSelect(null)}
            className="mt-0.5 size-4 shrink-0 accent-gray-900"
          />
          <span className="font-semibold text-gray-950">
            {usable.length === 0 ? 'No coupon can be used on this bag' : 'No coupon'}
          </span>
        </label>
        {usable.map((coupon) => (
          <CouponOption
            key={coupon.id}
            coupon={coupon}
            name={name}
            chosen={selectedId === coupon.id}
            best={coupon.id === best_id && usable.length > 1}
            onChoose={() => onSelect(coupon.id)}
          />
        ))}
      </div>
      {note}
      {unusable.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm font-semibold text-gray-700">Not for this bag</p>
          <div className="mt-2 flex flex-col gap-3">
            {unusable.map((coupon) => (
              <CouponOption key={coupon.id} coupon={coupon} name={name} chosen={false} best={false} onChoose={() => {}} />
            ))}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The points to spend (100 points = $1, at most the share of the goods the server allows): a
 * number field and a button for the most this order takes. `available` and `max` are the server's
 * preview's; a number beyond them is refused here and never sent.
 */
export function PointsField({
  available,
  max,
  onChange,
  refusal,
}: {
  available: number;
  max: number;
  /** a valid number of points (0 for none), or null while what is typed is not one */
  onChange: (points: number | null) => void;
  /** the server's refusal of the points sent */
  refusal: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState('');
  const { error } = readPoints(draft, max);
  const shown = error || refusal;

  const change = (next: string) => {
    setDraft(next);
    const read = readPoints(next, max);
    onChange(read.error ? null : read.points);
  };

  // a coupon chosen can lower the most the order takes: a number now beyond it is not sent
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the most changes
  useEffect(() => {
    if (readPoints(draft, max).error) onChange(null);
  }, [max]);

  // the server took points off after a change elsewhere (a coupon chosen lowered the most): the field follows
  useEffect(() => {
    if (refusal) setDraft('');
  }, [refusal]);

  if (available === 0) {
    return <p className="text-sm text-gray-700">You have no points yet. Orders earn 1 point per $1 once they are completed.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-semibold text-gray-950">
        Points to use
      </label>
      <p id={hintId} className="text-sm text-gray-700">
        You have {available.toLocaleString('en-US')} points.{' '}
        {max > 0 ? `Up to ${max.toLocaleString('en-US')} can be used on this order` : 'None can be used on this order'} (
        {POINTS_PER_DOLLAR} points = $1).
      </p>
      <div className="flex gap-3">
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          disabled={max === 0}
          onChange={(event) => change(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
          placeholder="0"
          className="min-h-11 w-full min-w-0 max-w-40 rounded-md border border-gray-300 px-3 text-sm text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gray-900 aria-invalid:border-red-700 disabled:bg-gray-100"
        />
        <button type="button" className={secondaryAction} disabled={max === 0} onClick={() => change(String(max))}>
          Use {max.toLocaleString('en-US')}
        </button>
      </div>
      <p id={errorId} role="status" className="text-sm text-red-800 empty:hidden">
        {shown}
      </p>
    </div>
  );
}
