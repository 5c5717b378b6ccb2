import { Link } from 'react-router';
import { focusRing } from '../../lib/cx';

/** An empty list of products the shopper keeps (the wishlist, the history): why, and a way back to the shop. */
export function ContinueShoppingEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
      <p className="text-lg font-medium text-gray-900">{title}</p>
      <p className="mt-2 text-sm text-gray-700">{hint}</p>
      <Link
        to="/"
        className={`mt-6 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-8 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
      >
        Continue shopping
      </Link>
    </div>
  );
}
