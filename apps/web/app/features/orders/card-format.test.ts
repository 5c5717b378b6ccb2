import { CardMessages } from '@shop/contracts/orders-rules';
import { describe, expect, it } from 'vitest';
import { cardErrors, cardErrorsFromServer, EXPIRY_INVALID, formatCardNumber, formatExpiry, parseExpiry } from './card-format';

describe('card number', () => {
  it('groups the digits by four as the card prints them', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242 424');
  });

  it('groups an American Express number 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });
});

describe('expiry', () => {
  it('adds the separator as the month is complete and pads a month that cannot have two digits', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12', true)).toBe('12');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12 / 2899')).toBe('12 / 28');
  });

  it('reads MM / YY and refuses a month outside 1–12', () => {
    expect(parseExpiry('07 / 31')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13 / 31')).toBeNull();
    expect(parseExpiry('07 / 3')).toBeNull();
  });
});

describe('card errors', () => {
  const now = new Date(Date.UTC(2030, 5, 15));
  it('accepts a complete card, valid through its expiry month', () => {
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '06 / 30', cvc: '123', name: 'Ada Lovelace' }, now)).toEqual({});
  });

  it('names every field that is missing or wrong', () => {
    expect(cardErrors({ number: '', expiry: '', cvc: '', name: ' ' }, now)).toEqual({
      number: CardMessages.numberInvalid,
      expiry: EXPIRY_INVALID,
      cvc: CardMessages.cvcInvalid,
      name: CardMessages.nameRequired,
    });
    expect(cardErrors({ number: '4242 4242 4242 4241', expiry: '05 / 30', cvc: '12', name: 'A' }, now)).toEqual({
      number: CardMessages.numberInvalid,
      expiry: CardMessages.expired,
      cvc: CardMessages.cvcInvalid,
    });
  });
});

describe('cardErrorsFromServer', () => {
  it("puts the server's messages on the form's fields, the first for the expiry", () => {
    const result = {
      fields: { 'card.exp_month': 'Bad month', 'card.exp_year': 'Bad year', 'card.cvc': 'Bad code', other: 'x' },
    };
    expect(cardErrorsFromServer(result)).toEqual({ expiry: 'Bad month', cvc: 'Bad code' });
  });

  it('answers nothing without field messages', () => {
    expect(cardErrorsFromServer(null)).toEqual({});
    expect(cardErrorsFromServer({ message: 'no' })).toEqual({});
  });
});
