import { MenuIcon } from '../../components/ui/icons';
import { onDemand, useLoadOnIntent } from '../../lib/load-on-intent';
import { menuTriggerClass } from './header-parts';
import type { CategoryNode } from './types';

const drawer = onDemand(() => import('./mobile-menu-drawer'));

/**
 * spec 2 "Header" below 768 px: a menu button opening a drawer with the categories, search, currency
 * and account. The drawer (mobile-menu-drawer) is loaded on intent.
 */
export function MobileMenu({ categories }: { categories: CategoryNode[] }) {
  const { arrived, trigger } = useLoadOnIntent(drawer);
  if (arrived) {
    const { MobileMenuDrawer } = arrived.module;
    return <MobileMenuDrawer categories={categories} initialOpen={arrived.initialOpen} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} type="button" aria-haspopup="dialog" aria-label="Open menu" className={menuTriggerClass}>
      <MenuIcon width={22} height={22} />
    </button>
  );
}
