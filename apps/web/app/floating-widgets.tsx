import FeedbackWidget from './features/feedback/feedback-widget';
import ScrollButtons from './features/layout/scroll-buttons';
import type { SiteLinks } from './features/layout/site-links';
import FloatingSignup from './features/newsletter/floating-signup';

/**
 * spec 2 "Footer and floating widgets": the floating signup, the feedback popover, back-to-top and
 * the app's QR. One module, imported by the root once the page is idle: none of it is part of a
 * page's first load.
 */
export default function FloatingWidgets({ apps }: { apps: SiteLinks['apps'] }) {
  return (
    <>
      <FloatingSignup />
      <FeedbackWidget />
      <ScrollButtons apps={apps} />
    </>
  );
}
