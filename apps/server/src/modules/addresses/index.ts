/**
 * The shopper's address book: owner-scoped, at most 20, exactly one default; checkout's
 * `addressForOrder`, and the address book's part of an account's erasure and export.
 */
export { addressesOf, eraseAddresses } from './personal-data';
export { addressRoutes } from './routes';
export { addressForOrder, createAddressService } from './service';
