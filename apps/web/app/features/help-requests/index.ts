export { HelpRequestForm } from './request-form';
