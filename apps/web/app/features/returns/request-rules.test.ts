import { ReturnMessages } from '@shop/contracts/return-rules';
import { describe, expect, it } from 'vitest';
import { requestProblems, withoutItems } from './request-rules';

const ok = { cancel: false, exchange: false, lines: 1, exchangeChosen: false, reason: 'Too small', uploading: false };

describe('requestProblems', () => {
  it('lets a complete request go', () => {
    expect(requestProblems(ok)).toEqual({});
    expect(requestProblems({ ...ok, cancel: true, lines: 0 })).toEqual({});
  });

  it('asks for a line, a reason and finished uploads', () => {
    expect(requestProblems({ ...ok, lines: 0, reason: '', uploading: true })).toEqual({
      items: 'Choose at least one item and how many',
      reason: ReturnMessages.reason,
      images: 'Please wait for the photos to finish uploading',
    });
  });

  it('takes one line and its new size for an exchange', () => {
    expect(requestProblems({ ...ok, exchange: true, lines: 2 })).toEqual({
      items: ReturnMessages.exchangeOneLine,
      exchange_sku_id: ReturnMessages.exchangeSkuRequired,
    });
    expect(requestProblems({ ...ok, exchange: true, exchangeChosen: true })).toEqual({});
  });
});

describe('withoutItems', () => {
  it('drops the messages naming a line and keeps the others', () => {
    expect(withoutItems({ 'items.0.num': 'Too many', reason: 'Choose one', items: 'x' })).toEqual({
      reason: 'Choose one',
      items: 'x',
    });
  });
});
