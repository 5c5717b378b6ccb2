import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * Small modules every storefront page loads up front (the header's, the API client's), which the
 * bundler would otherwise split into a dozen tiny chunks because lazily loaded parts share them:
 * one chunk for all of them costs fewer requests and compresses better. Only modules that every
 * page imports at once belong here, or a page would load what it does not use.
 */
const SHELL_MODULES =
  /apps\/web\/app\/(?:lib\/(?:api|paths|storage|session|forms|cx|seo|toast|favourites|load-on-intent|hover-popover)|components\/ui\/(?:icons|skeleton)|features\/layout\/(?:links|not-found|header-parts|use-categories|search-form)|features\/cart\/(?:index|cart-store|cart-button|guest-cart)|features\/wishlist\/wishlist-button)\.tsx?$|packages\/contracts\/src\/(?:index|pricing|cart-rules|wishlist-rules|response|constants|ssr)\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shell', test: (id: string) => SHELL_MODULES.test(id) }] } },
    },
  },
});
