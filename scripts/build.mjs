// npm run build: installs what is missing and builds everything.
import { build, ensureDependencies } from './lib.mjs';

ensureDependencies();
build();
