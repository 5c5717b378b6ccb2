// npm run build: installs what is missing and builds everything.
import { build, ensureDependencies } from './lib.mjs';

try {
  ensureDependencies();
  build();
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exit(1);
}
