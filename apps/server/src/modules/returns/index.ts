/**
 * Return, refund and exchange requests (decision 0047): the requests and their units, the one
 * refund arithmetic (`quote.ts`), their presentation; the flow across modules is the returns
 * workflow (`workflows/returns/`).
 */
export { eraseReturnsOf, openReturnCount, returnSummariesOf, returnsOf } from './personal-data';
export { presentListItem, returnNoticeFacts, SHOWS_ADDRESS, storedQuote, timelineOf } from './presenter';
export { type CentsQuote, presentQuote, type QuoteLine, quoteRequest } from './quote';
export { type ReturnRow, returnRequests } from './requests';
export { returnRoutes } from './routes';
