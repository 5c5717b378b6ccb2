import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { refusalOf } from './answers';
import { FormFrame, FrameField, OutcomeLine } from './form-frame';

describe('refusalOf', () => {
  const refused = { code: 400, msg: 'Invalid', result: { fields: { reason: 'Please give a reason' } } };

  it("puts the server's messages beside the fields when it names one of the form's", () => {
    expect(refusalOf(refused, ['amount', 'reason'])).toEqual({ fields: { reason: 'Please give a reason' }, problem: null });
  });

  it('says the refusal in one line when no field of the form is named', () => {
    expect(refusalOf(refused, ['amount'])).toEqual({ fields: {}, problem: 'Please give a reason' });
    expect(refusalOf({ code: 409, msg: 'Already shipped' }, ['amount'])).toEqual({ fields: {}, problem: 'Already shipped' });
  });
});

describe('FormFrame', () => {
  const render = (props: Partial<Parameters<typeof FormFrame>[0]>) =>
    renderToStaticMarkup(
      createElement(
        FormFrame,
        { onSubmit: () => undefined, busy: false, submitLabel: 'Add event', ...props },
        createElement(FrameField, { label: 'Location', name: 'location' }),
      ),
    );

  it('is named by its heading', () => {
    const html = render({ title: 'Add a tracking event', titleId: 'tracking-title', level: 3 });
    expect(html).toMatch(/^<form noValidate="" aria-labelledby="tracking-title">/);
    expect(html).toContain('<h3 id="tracking-title" class="font-semibold text-gray-900">Add a tracking event</h3>');
  });

  it('is named by its label when it has no heading', () => {
    expect(render({ label: 'Refund an amount' })).toMatch(/^<form noValidate="" aria-label="Refund an amount">/);
  });

  it("shows a field's message beside it, tied to it", () => {
    const html = render({ label: 'Track', errors: { location: 'Please enter the place' } });
    expect(html).toMatch(/<input id="([^"]+)" aria-invalid="true" aria-describedby="\1-error"/);
    expect(html).toContain('role="alert" class="text-sm text-red-700">Please enter the place</p>');
  });

  it('shows the refusal no field owns after the submit, and the submit busy while it sends', () => {
    const html = render({ label: 'Track', busy: true, problem: 'The order is not shipped' });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('<p role="alert" class="text-sm text-red-800">The order is not shipped</p>');
  });
});

describe('OutcomeLine', () => {
  it('is a polite status when it worked and an alert when not', () => {
    expect(renderToStaticMarkup(createElement(OutcomeLine, { outcome: { ok: true, text: 'Saved.' } }))).toBe(
      '<p role="status" class="text-sm text-green-800">Saved.</p>',
    );
    expect(renderToStaticMarkup(createElement(OutcomeLine, { outcome: { ok: false, text: 'No.' } }))).toBe(
      '<p role="alert" class="text-sm text-red-800">No.</p>',
    );
  });
});

describe('refusalOf with a map of the fields', () => {
  it("shows what the map makes of the server's fields, or the line when it makes nothing", () => {
    const refused = { code: 400, msg: 'Invalid', result: { fields: { 'events.0.status': 'Please enter the event status' } } };
    const strip = (fields: Record<string, string>) =>
      Object.keys(fields).some((name) => name.startsWith('events.')) ? { status: 'Please enter the event status' } : null;
    expect(refusalOf(refused, strip)).toEqual({ fields: { status: 'Please enter the event status' }, problem: null });
    expect(refusalOf({ code: 400, msg: 'Bad', result: { fields: { id: 'No such order' } } }, strip)).toEqual({
      fields: {},
      problem: 'No such order',
    });
  });
});
