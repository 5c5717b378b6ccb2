import type { ShopLoadContext } from '@shop/contracts';

declare module 'react-router' {
  interface AppLoadContext extends ShopLoadContext {}
}
