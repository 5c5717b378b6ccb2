import { productImageSrc } from '../../../components/product/product-image';
import { cx } from '../../../lib/cx';

type CardThumbProps = {
  /** the product's image, if it has one */
  image: string | null;
  /** its width and height, in CSS pixels */
  size: number;
  /** the box's classes, with or without an image */
  className: string;
  /** the empty box's classes, where they differ */
  emptyClassName?: string;
};

/** A product's picture on a goods or order card (sent without a referrer), or an empty grey box. */
export function CardThumb({ image, size, className, emptyClassName = className }: CardThumbProps) {
  if (!image) return <span aria-hidden="true" className={emptyClassName} />;
  return (
    <img
      src={productImageSrc(image, 160)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className={cx(className, 'object-cover')}
    />
  );
}
