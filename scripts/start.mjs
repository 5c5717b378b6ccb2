// npm start: install what is missing, build when stale, then run the server (which migrates and seeds).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

try {
  ensureDependencies();
  if (!buildIsFresh()) build();
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
