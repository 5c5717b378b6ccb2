import { describe, expect, it } from 'vitest';
import {
  bestAnswer,
  buildKnowledgeIndex,
  KB_MATCH_THRESHOLD,
  type KnowledgeEntry,
  normalise,
  prepare,
  rankEntries,
  similarity,
  tokenize,
} from './matcher';

const score = (question: string, variant: string) => similarity(prepare(question), prepare(variant));

const entries: KnowledgeEntry[] = [
  { id: 1, questions: ['how can I return items', 'return policy'], answer: 'Returns are free within 30 days.' },
  { id: 2, questions: ['where is my order?', 'track my order'], answer: 'See My Orders for tracking.' },
  { id: 3, questions: ['which payment methods are accepted'], answer: 'Cards and PayPal.' },
  { id: 4, questions: ['我的订单在哪', '怎么退货'], answer: '请在我的订单中查看。' },
  { id: 5, questions: ['how do I cancel an order'], answer: 'Cancel it from My Orders before it ships.' },
];
const index = buildKnowledgeIndex(entries);
const answerId = (question: string) => bestAnswer(index, question)?.entryId ?? null;

describe('normalise', () => {
  it('lower-cases, strips punctuation and collapses spaces', () => {
    expect(normalise('  Where IS   my order?!  ')).toBe('where is my order');
    expect(normalise('Hello, world... (again)')).toBe('hello world again');
  });

  it('takes accents off Latin letters and folds full-width forms', () => {
    expect(normalise('Où est ma commande ?')).toBe('ou est ma commande');
    expect(normalise('Crème Brûlée')).toBe('creme brulee');
    expect(normalise('ＷＨＥＲＥ　ＩＳ　ＭＹ　ＯＲＤＥＲ？')).toBe('where is my order');
  });

  it('keeps apostrophe words whole', () => {
    expect(normalise("Don't I get a refund?")).toBe('dont i get a refund');
    expect(normalise('It’s late')).toBe('its late');
  });

  it('keeps CJK characters, drops CJK punctuation, and sets CJK apart from Latin words', () => {
    expect(normalise('我的订单在哪里？')).toBe('我的订单在哪里');
    expect(normalise('iPhone壳，怎么退货！')).toBe('iphone 壳 怎么退货');
  });

  it('drops emoji and symbols', () => {
    expect(normalise('where is my order 😡 $$$')).toBe('where is my order');
  });
});

describe('tokenize', () => {
  it('splits words and folds plurals and -ed/-ing endings', () => {
    expect(tokenize('how can i return items')).toEqual(['how', 'can', 'i', 'return', 'item']);
    expect(tokenize('returned dresses deliveries boxes ordering')).toEqual(['return', 'dress', 'delivery', 'box', 'order']);
    expect(tokenize('address status sizes')).toEqual(['address', 'status', 'size']);
  });

  it('splits a CJK run into character bigrams, a lone CJK character being its own token', () => {
    expect(tokenize('怎么退货')).toEqual(['怎么', '么退', '退货']);
    expect(tokenize('壳')).toEqual(['壳']);
  });

  it('counts a repeated token once', () => {
    expect(tokenize('order order order')).toEqual(['order']);
  });
});

describe('similarity', () => {
  it('is 1 for the same question written differently', () => {
    expect(score('Where is my order', 'where is my order?')).toBe(1);
    expect(score('WHERE   is my ORDER!!', 'where is my order')).toBe(1);
  });

  it('tolerates word order', () => {
    expect(score('order tracking my', 'track my order')).toBeGreaterThanOrEqual(KB_MATCH_THRESHOLD);
    expect(score('policy for returns', 'return policy')).toBeGreaterThanOrEqual(KB_MATCH_THRESHOLD);
  });

  it('tolerates small typos', () => {
    expect(score('where is my oder', 'where is my order?')).toBeGreaterThanOrEqual(KB_MATCH_THRESHOLD);
    expect(score('retrun an itme', 'how can I return items')).toBeGreaterThanOrEqual(KB_MATCH_THRESHOLD);
    expect(score('checkout problem', 'check out problem')).toBeGreaterThanOrEqual(KB_MATCH_THRESHOLD);
  });

  it('gives little weight to function words', () => {
    expect(score('where is my order', 'where is my refund')).toBeLessThan(0.5);
    expect(score('how do I change my password', 'how do I change my address')).toBeLessThan(KB_MATCH_THRESHOLD);
    expect(score('where is my', 'where is my order')).toBeLessThan(KB_MATCH_THRESHOLD);
  });

  it('is symmetric and stays within 0 and 1', () => {
    for (const [a, b] of [
      ['how do I return an item', 'how can I return items'],
      ['track my order', 'where is my order'],
      ['我的订单在哪里', '我的订单在哪'],
    ] as const) {
      expect(score(a, b)).toBeCloseTo(score(b, a), 10);
      expect(score(a, b)).toBeGreaterThan(0);
      expect(score(a, b)).toBeLessThanOrEqual(1);
    }
  });

  it('is 0 for nothing in common', () => {
    expect(score('hello', 'how do I return an item')).toBe(0);
    expect(score('', 'how do I return an item')).toBe(0);
  });
});

describe('bestAnswer', () => {
  it('answers a paraphrase of a variant', () => {
    expect(answerId('How do I return an item?')).toBe(1);
    expect(answerId('What is your return policy?')).toBe(1);
    expect(answerId('What payment methods do you accept?')).toBe(3);
    expect(answerId('how to cancel my order')).toBe(5);
  });

  it('answers "where is my order" from either of its variants', () => {
    expect(answerId('where is my order')).toBe(2);
    const onlyTrack = buildKnowledgeIndex([{ id: 9, questions: ['track my order'], answer: 'Tracking.' }]);
    expect(bestAnswer(onlyTrack, 'where is my order')).toMatchObject({ entryId: 9, answer: 'Tracking.' });
    const onlyQuestion = buildKnowledgeIndex([{ id: 8, questions: ['where is my order?'], answer: 'Here.' }]);
    expect(bestAnswer(onlyQuestion, 'where is my order')).toEqual({ entryId: 8, answer: 'Here.', score: 1 });
  });

  it('leaves unrelated questions unanswered', () => {
    const returns = buildKnowledgeIndex([{ id: 1, questions: ['how do I return an item'], answer: 'Returns.' }]);
    expect(bestAnswer(returns, 'hello')).toBeNull();
    expect(answerId('hello')).toBeNull();
    expect(answerId('how are you?')).toBeNull();
    expect(answerId('my package has not arrived')).toBeNull();
    expect(answerId('where is my refund')).toBeNull();
    expect(answerId('do you sell gift cards')).toBeNull();
  });

  it('never answers an empty or one-character question', () => {
    const single = buildKnowledgeIndex([{ id: 1, questions: ['a', '?', '好'], answer: 'x' }]);
    for (const question of ['', '   ', '?!', 'a', '好', '😀']) {
      expect(bestAnswer(index, question)).toBeNull();
      expect(bestAnswer(single, question)).toBeNull();
    }
  });

  it('matches Chinese questions by character bigrams', () => {
    expect(answerId('我的订单在哪里？')).toBe(4);
    expect(answerId('怎么退货')).toBe(4);
    expect(answerId('你好')).toBeNull();
  });

  it('answers nothing when two entries fit equally well', () => {
    const both = buildKnowledgeIndex([
      { id: 1, questions: ['track my order'], answer: 'Tracking.' },
      { id: 2, questions: ['cancel my order'], answer: 'Cancelling.' },
    ]);
    expect(bestAnswer(both, 'order')).toBeNull();
    expect(bestAnswer(both, 'cancel order')?.entryId).toBe(2);
  });

  it('answers with the older entry when the same variant was entered twice', () => {
    const twice = buildKnowledgeIndex([
      { id: 7, questions: ['where is my order'], answer: 'first' },
      { id: 3, questions: ['Where is my order?'], answer: 'second' },
    ]);
    expect(bestAnswer(twice, 'where is my order')?.entryId).toBe(3);
  });

  it('ranks every entry by its best variant', () => {
    const ranked = rankEntries(index, 'track order');
    expect(ranked[0]?.entryId).toBe(2);
    expect(ranked.map((match) => match.score)).toEqual([...ranked.map((match) => match.score)].sort((a, b) => b - a));
  });

  it('finds the one matching entry among a thousand others', () => {
    const many = buildKnowledgeIndex(
      Array.from({ length: 1000 }, (_, i) => ({
        id: i + 1,
        questions: [`question number ${i} about product ${i * 7}`, `another variant ${i} of shipping`, `colour ${i} size`],
        answer: `answer ${i}`,
      })).concat([{ id: 5000, questions: ['how can I return items'], answer: 'Returns.' }]),
    );
    expect(bestAnswer(many, 'How do I return an item?')?.entryId).toBe(5000);
    expect(bestAnswer(many, 'hello')).toBeNull();
  });
});
