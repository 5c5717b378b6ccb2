export { default, loader, meta } from './not-found';
