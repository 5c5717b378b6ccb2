import FeedbackWidget from './features/feedback/feedback-widget';
import ScrollButtons from './features/layout/scroll-buttons';
import type { SiteLinks } from './features/layout/site-links';
import FloatingSignup from './features/newsletter/floating-signup';

/**
 * The storefront's parts that are not part of a page's first load, in one module the root imports
 * lazily: the footer's newsletter sign-up and "Get the app" (drawn by the server; React takes them
 * over when this code arrives) and the floating widgets (mounted once the page is idle).
 */
export { FooterAppLinks } from './features/layout/app-links';
export { FooterNewsletter } from './features/newsletter/newsletter-form';

/** spec 2 "Footer and floating widgets": the floating signup, the feedback popover, back-to-top and the app's QR. */
export function FloatingWidgets({ apps }: { apps: SiteLinks['apps'] }) {
  return (
    <>
      <FloatingSignup />
      <FeedbackWidget />
      <ScrollButtons apps={apps} />
    </>
  );
}
