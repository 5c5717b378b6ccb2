import type { HelpRequestKind } from '@shop/contracts/help-requests-rules';

/** Each request form's heading, its lead and the label of its description. */
export const TITLES: Record<HelpRequestKind, { title: string; lead: string; describe: string }> = {
  custom: {
    title: 'Ask for a custom piece',
    lead: 'Tell us what you would like made or changed. Add pictures or PDFs of what you have in mind.',
    describe: 'What would you like? Colours, fabric, sizes, quantity, when you need it',
  },
  tailor_made: {
    title: 'Start a tailor-made project',
    lead: 'Describe your project and add your sketches, measurements or references.',
    describe: 'Your project: what, for whom, measurements, quantity, dates',
  },
  wholesale: {
    title: 'Buy wholesale',
    lead: 'Tell us about your company and what you would like to order. We send a code to your company e-mail address to confirm it.',
    describe: 'What you would like to order: products, quantities, how often, where to',
  },
};
