// npm run build: installs what is missing and builds everything. With --if-stale (npm test), builds
// only when the sources changed since the last build.
import { build, buildIsFresh, ensureDependencies } from './lib.mjs';

try {
  ensureDependencies();
  if (process.argv.includes('--if-stale') && buildIsFresh()) console.log('build is up to date');
  else build();
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exit(1);
}
