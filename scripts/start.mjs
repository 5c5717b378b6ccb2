// npm start: install what is missing, build when stale, then run the server (which migrates and seeds).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
if (!buildIsFresh()) build();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
