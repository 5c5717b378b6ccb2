/**
 * The feedback widget's ratings and the staff's view of them (decision 0035).
 */
export { feedbackOf, unlinkFeedbackOf } from './personal-data';
export { feedbackRoutes } from './routes';
export { createFeedbackService } from './service';
