import { Fragment } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { MY_ORDER_PATH } from './order-actions';
import { orderDetailsPath } from './paths';

const crumbLink = cx('text-gray-700 underline underline-offset-4 hover:text-gray-950', focusRing);

/** The way back from an order's pages: My Order, the order itself when it is not this page, then this page. */
export function OrderBreadcrumb({
  order,
  current,
  className = 'text-sm',
}: {
  order?: { id: number; order_no: string };
  current: string;
  className?: string;
}) {
  const trail = [
    { to: MY_ORDER_PATH, label: 'My Order' },
    ...(order ? [{ to: orderDetailsPath(order.id), label: `Order ${order.order_no}` }] : []),
  ];
  return (
    <nav aria-label="Breadcrumb" className={className}>
      {trail.map((crumb) => (
        <Fragment key={crumb.to}>
          <Link to={crumb.to} className={crumbLink}>
            {crumb.label}
          </Link>
          <span aria-hidden="true" className="px-2 text-gray-400">
            /
          </span>
        </Fragment>
      ))}
      <span aria-current="page" className="text-gray-950">
        {current}
      </span>
    </nav>
  );
}
