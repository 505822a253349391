import { describe, expect, it } from 'vitest';
import { decodeVocabulary, encodeVocabulary } from '../../../src/search/format.ts';
import { distanceWithin, editsAllowed, fuzzyCandidates } from '../../../src/search/fuzzy.ts';

describe('the edits between a typed word and an indexed one', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(distanceWithin('mqqt', 'mqtt', 2)).toBe(1);
    expect(distanceWithin('mutal', 'mutual', 2)).toBe(1);
    expect(distanceWithin('websocket', 'websoket', 2)).toBe(1);
    expect(distanceWithin('debain', 'debian', 2)).toBe(1);
    expect(distanceWithin('jolokai', 'jolokia', 2)).toBe(1);
    expect(distanceWithin('instalation', 'installation', 2)).toBe(1);
    expect(distanceWithin('kubernets', 'kubernetes', 2)).toBe(1);
    expect(distanceWithin('athentcation', 'authentication', 2)).toBe(2);
  });

  it('gives up past the bound', () => {
    expect(distanceWithin('mqtt', 'amqp', 1)).toBeUndefined();
    expect(distanceWithin('broker', 'brokers-and-more', 2)).toBeUndefined();
    expect(distanceWithin('abc', 'abc', 0)).toBe(0);
  });

  it('allows one edit from four letters, two from eight, none in shorter words or words with digits', () => {
    expect(['tls', 'mqqt', 'websoket', 'prometeus', '1884', 'mqtt5x'].map(editsAllowed)).toEqual([0, 1, 2, 2, 0, 0]);
  });

  it('offers the nearest words first, leaving those the word starts to prefix matching', () => {
    const vocabulary = ['matt', 'mqtt', 'mqtts', 'mqqtx', 'mqqtype', 'mqqa'];
    expect(fuzzyCandidates('mqqt', vocabulary)).toEqual([
      { term: 'mqqa', distance: 1 },
      { term: 'mqtt', distance: 1 },
    ]);
    expect(fuzzyCandidates('prometeus', ['promethus', 'prometheus', 'premises', 'prometheus-exporter'])).toEqual([
      { term: 'prometheus', distance: 1 },
      { term: 'promethus', distance: 1 },
    ]);
  });
});

describe('the vocabulary file', () => {
  it('front-codes the sorted words and reads them back', () => {
    const words = ['broker', 'brokers', 'brokerage', 'cluster', 'a'.repeat(40), `${'a'.repeat(40)}b`];
    const text = encodeVocabulary(words);
    expect(text.split('\n').slice(0, 3)).toEqual(['0broker', '6s', '6age']);
    expect(decodeVocabulary(text)).toEqual(words);
  });
});
