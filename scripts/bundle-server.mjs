// Bundles apps/server/src/main.ts with the contracts into one file; npm packages stay external.
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: join(root, 'apps/server/dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Workspace packages are TypeScript source and get bundled; everything else loads from node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
