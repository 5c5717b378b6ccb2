import { imageSrcSet, resizedImageUrl } from '@shop/contracts/images';
import type { CSSProperties } from 'react';
import { cx } from '../../lib/cx';

/** The widths a product photo is offered at in `srcset`; the browser picks one from `sizes`. */
export const PRODUCT_IMAGE_WIDTHS = [240, 320, 480, 640, 800] as const;

/**
 * The address of a product photo for `width` CSS pixels. Every product image URL is built here:
 * the shop's own pictures (/media/…) are asked for at the server's nearest larger width
 * (contracts/images); any other address is returned unchanged.
 */
export const productImageSrc = (url: string, width: number): string => resizedImageUrl(url, width);

export type ProductImageProps = {
  /** the stored image address, before any resizing parameter */
  url: string;
  alt: string;
  /** intrinsic size: always set, so the box is reserved before the image arrives */
  width: number;
  height: number;
  /** the image's rendered width per breakpoint, for choosing among PRODUCT_IMAGE_WIDTHS */
  sizes?: string;
  /** the first product image above the fold: fetched at once and with high priority */
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
  'aria-hidden'?: boolean;
};

/** A product photo: reserved size, lazy unless `eager`, decoded off the main thread. */
export function ProductImage({ url, alt, width, height, sizes, eager = false, className, style, ...rest }: ProductImageProps) {
  const srcSet = sizes ? imageSrcSet(url, PRODUCT_IMAGE_WIDTHS) : undefined;
  return (
    <img
      src={productImageSrc(url, width)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={cx('object-cover', className)}
      style={style}
      {...rest}
    />
  );
}
