// Only what every page may load: no zod here (schemas are imported by subpath, e.g. '@shop/contracts/auth').
export * from './constants';
export * from './response';
export * from './ssr';
