import fc from 'fast-check';
import { z } from 'zod';
import { characterCount, isUnsafeText, text, truncateCharacters, unsafeTextFields } from './text';

const astral = '😀';
const ASTRAL = astral;

describe('lengths in characters', () => {
  it('counts a character outside the Basic Multilingual Plane once', () => {
    expect(characterCount(astral.repeat(64))).toBe(64);
    expect(characterCount('çğış')).toBe(4);
  });

  it('accepts the maximum in astral characters and refuses one more', () => {
    const schema = text({ min: 3, max: 500 });
    expect(schema.safeParse(astral.repeat(500)).success).toBe(true);
    expect(schema.safeParse(astral.repeat(501)).success).toBe(false);
    expect(schema.safeParse(astral.repeat(2)).success).toBe(false);
    expect(schema.safeParse(astral.repeat(3)).success).toBe(true);
  });

  it('names the rule and the count in its message', () => {
    const result = text({ max: 64 }).safeParse(astral.repeat(65));
    expect(result.success ? '' : result.error.issues[0]!.message).toBe('must be at most 64 characters (has 65)');
  });

  it('applies the rule after the base schema, so a trimmed value is counted trimmed', () => {
    const schema = text({ min: 2, max: 3 }, z.string().trim());
    expect(schema.parse('  ab  ')).toBe('ab');
  });

  it('truncates on a character boundary', () => {
    const cut = truncateCharacters(`a${astral.repeat(130)}`, 120);
    expect(characterCount(cut)).toBe(120);
    expect(cut.endsWith(astral)).toBe(true);
    expect(cut).not.toContain('\uFFFD');
  });

  it('keeps any string that is short enough and never returns more than the maximum (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0, max: 40 }), (value, max) => {
        const cut = truncateCharacters(value, max);
        const count = characterCount(value);
        return value.startsWith(cut) && characterCount(cut) === Math.min(count, max) && Buffer.from(cut, 'utf8').toString('utf8') === cut;
      }),
    );
  });

  it.each(['a\u0000b', 'bell\u0007', 'del\u007f', 'c1\u0085', 'lone \ud800 high', 'lone \udc00 low', 'reversed \udc00\ud800'])(
    'refuses unsafe text %j',
    (value) => {
      expect(isUnsafeText(value)).toBe(true);
      expect(text({ max: 100 }).safeParse(value).success).toBe(false);
    },
  );

  it.each(['line\nbreak', 'tab\there', 'crlf\r\n', `pair ${ASTRAL}`, 'çğış'])('accepts text %j', (value) => {
    expect(isUnsafeText(value)).toBe(false);
  });

  it('names every unsafe field of a JSON body, nested and in arrays', () => {
    expect(unsafeTextFields({ a: 'ok', card: { holder_name: 'x\u0000' }, list: ['fine', '\ud800'], n: 1 })).toEqual(['card.holder_name', 'list.1']);
    expect(unsafeTextFields({ 'bad\u0000key': 'v' })).toEqual(['bad?key']);
  });
});
