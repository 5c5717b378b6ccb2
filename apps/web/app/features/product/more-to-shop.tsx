import { Await } from 'react-router';
import type { ProductCardItem } from '../../components/product/product-card';
import { ProductCarousel } from '../../components/product/product-carousel';
import { RecentlyViewed } from './recently-viewed';

/**
 * Below the product: "You may also like" and the shopper's recently viewed goods. Its code is
 * not part of the page's first load (the route loads it lazily); the server still renders it.
 */
export default function MoreToShop({
  productId,
  related,
  onQuickView,
}: {
  productId: number;
  related: Promise<ProductCardItem[]>;
  onQuickView: (product: ProductCardItem) => void;
}) {
  return (
    <>
      <Await resolve={related}>
        {(items) =>
          items.length > 0 ? (
            <ProductCarousel title="You may also like" items={items} onQuickView={onQuickView} className="mt-16 md:mt-24" />
          ) : null
        }
      </Await>
      <RecentlyViewed currentId={productId} onQuickView={onQuickView} className="mt-16 md:mt-24" />
    </>
  );
}
