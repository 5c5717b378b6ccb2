/**
 * Countries, their states and postal code formats, and place suggestions for the address form.
 */
export { mapRoutes } from './routes';
export { createMapService } from './service';
