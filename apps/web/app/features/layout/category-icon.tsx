import { cx } from '../../lib/cx';
import type { CategoryNode } from './types';

type CategoryIconProps = {
  category: Pick<CategoryNode, 'name' | 'icon'>;
  /** rendered size in CSS pixels (the image's width and height attributes) */
  size: number;
  lazy?: boolean;
  /** responsive size utilities; when given they replace the fixed `size` on screen */
  sizeClass?: string;
  className?: string;
};

/**
 * A category's round icon. Decorative: the link around it carries the category's name. A category
 * without an icon shows its initial instead of a broken image.
 */
export function CategoryIcon({ category, size, lazy = true, sizeClass, className }: CategoryIconProps) {
  const box = cx('shrink-0 overflow-hidden rounded-full bg-gray-100', sizeClass, className);
  const fixed = sizeClass ? undefined : { width: size, height: size };
  if (!category.icon) {
    return (
      <span
        aria-hidden="true"
        className={cx(box, 'flex items-center justify-center font-display text-lg text-gray-700')}
        style={fixed}
      >
        {category.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={category.icon}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={cx(box, 'object-cover')}
      style={fixed}
    />
  );
}
