import { describe, expect, it } from 'vitest';
import { fold, termsOf, wordsOf } from '../../../src/search/text.ts';

describe('the words of search', () => {
  it('folds case and diacritics', () => {
    expect(fold('Säure ÉCOLE naïve')).toBe('saure ecole naive');
  });

  it('keeps identifiers whole, with their places in the text', () => {
    const text = 'Set sortBy on /api/v1/destinations for mqtt-sn, client_id and NetworkManager.yaml.';
    expect(wordsOf(text).map((w) => w.term)).toEqual(['set', 'sortby', 'on', 'api/v1/destinations', 'for', 'mqtt-sn', 'client_id', 'and', 'networkmanager.yaml']);
    const [, sortBy] = wordsOf(text);
    expect(text.slice(sortBy?.start, sortBy?.end)).toBe('sortBy');
  });

  it('drops joiners that end a word: a sentence’s full stop, a hyphen still being typed', () => {
    expect(wordsOf('publish. mqtt-').map((w) => w.term)).toEqual(['publish', 'mqtt']);
  });

  it('indexes a compound under itself and each of its parts, one letter parts left out', () => {
    expect(termsOf('mqtt-sn')).toEqual(['mqtt-sn', 'mqtt', 'sn']);
    expect(termsOf('api/v1/destinations')).toEqual(['api/v1/destinations', 'api', 'v1', 'destinations']);
    expect(termsOf('e.g')).toEqual(['e.g']);
    expect(termsOf('a')).toEqual([]);
  });
});
