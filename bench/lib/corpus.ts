import { htmlToText, plainText, sanitizeRichText } from '../../server/src/services/sanitize';
// The seeded generator (mulberry32) the reliability tests use: the same seed gives the same corpus.
import { random as rng } from '../../test/support/listen';

const consonants = 'bcdfghjklmnprstvwz';
const vowels = 'aeiouy';

/** A vocabulary of pronounceable made-up words, in random order (so any length can be frequent). */
function vocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 1 + Math.floor(random() * random() * 4.5);
    let word = '';
    for (let i = 0; i < syllables; i += 1) {
      word += consonants[Math.floor(random() * consonants.length)]!;
      word += vowels[Math.floor(random() * vowels.length)]!;
      if (random() < 0.3) word += consonants[Math.floor(random() * consonants.length)]!;
    }
    words.add(word);
  }
  return [...words];
}

/** Word ranks drawn from a Zipf distribution (exponent 1.07, as natural text roughly has). */
function zipfSampler(size: number, random: () => number): () => number {
  const cdf = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r += 1) {
    total += 1 / Math.pow(r + 1, 1.07);
    cdf[r] = total;
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export const labels = [
  'work',
  'home',
  'ideas',
  'travel',
  'recipes',
  'reading',
  'health',
  'finance',
  'garden',
  'music',
  'family',
  'projects',
  'shopping',
  'meetings',
  'journal',
  'fitness',
  'kids',
  'learning',
  'car',
  'someday',
];
const colors = ['', '', '', '#F29191', '#F2D091', '#C2F291', '#91E0F2', '#B591F2', '#F291D8'];

/** A note row as the services store it (sanitised HTML, plain text derived from it). */
export interface GeneratedNote {
  title: string;
  content: string;
  text_content: string;
  color: string;
  priority: number;
  tags: string[];
}

/** Deterministic notes of 50–300 Zipf-distributed words in 1–4 paragraphs, with a title and labels. */
export function noteGenerator(seed: number, vocabularySize = 60_000) {
  const random = rng(seed);
  const words = vocabulary(vocabularySize, random);
  const rank = zipfSampler(words.length, random);
  const word = () => words[rank()]!;
  const sentence = (n: number) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i += 1) parts.push(word());
    const first = parts[0]!;
    parts[0] = first[0]!.toUpperCase() + first.slice(1);
    return `${parts.join(' ')}.`;
  };
  return {
    words,
    next(): GeneratedNote {
      let remaining = 50 + Math.floor(random() * 251);
      const paragraphs: string[] = [];
      const paragraphCount = 1 + Math.floor(random() * 4);
      for (let p = 0; p < paragraphCount && remaining > 0; p += 1) {
        const share =
          p === paragraphCount - 1 ? remaining : Math.ceil(remaining / (paragraphCount - p));
        const sentences: string[] = [];
        let left = share;
        while (left > 0) {
          const n = Math.min(left, 5 + Math.floor(random() * 11));
          sentences.push(sentence(n));
          left -= n;
        }
        remaining -= share;
        paragraphs.push(`<p>${sentences.join(' ')}</p>`);
      }
      const title = sentence(2 + Math.floor(random() * 5)).slice(0, -1);
      const tagCount = Math.floor(random() * 4);
      const tags = new Set<string>();
      for (let i = 0; i < tagCount; i += 1) tags.add(labels[Math.floor(random() * labels.length)]!);
      const content = sanitizeRichText(paragraphs.join(''));
      return {
        title: plainText(title).trim(),
        content,
        text_content: htmlToText(content),
        color: colors[Math.floor(random() * colors.length)]!,
        priority: Math.floor(random() * 4),
        tags: [...tags],
      };
    },
  };
}
