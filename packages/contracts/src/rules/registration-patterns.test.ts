import { describe, it, expect } from 'vitest';
import {
  checkField,
  isPatternId,
  matchesPattern,
  patternDescriptions,
  type FieldRule,
  type PatternId,
} from './registration-patterns';

// For every pattern id: values it must accept and values it must refuse, including other scripts, emoji and
// impossible dates, so the server and the web form are held to the same table.
const examples: Record<PatternId, { accepts: string[]; rejects: string[] }> = {
  0: { accepts: ['anything at all', '张三 😀', 'สมชาย ใจดี', ' '], rejects: [] },
  1: {
    accepts: ['a', 'player123', 'Abc9', 'Z0Z0'],
    rejects: ['1player', '_player', 'play er', 'plàyer', '张三123', '', 'player!'],
  },
  2: {
    accepts: ['张三123', '张三', '北京市朝阳区8号', '龍9'],
    rejects: ['123', 'zhang三', '张 三', '张三１２３', '张三!', '홍길동', ''],
  },
  3: {
    accepts: ['player@example.com', 'first.last+tag@mail.example.co.th', "o'brien@x-y.io", 'a@b.cd'],
    rejects: [
      'player@localhost',
      'player.example.com',
      'player@@example.com',
      'play er@example.com',
      'player@-example.com',
      'player@example..com',
      '张三@example.com',
      'player@example.com ',
      '',
    ],
  },
  4: { accepts: ['abc', '123', 'Abc123'], rejects: ['abc_123', 'abc 123', 'abç', '张三123', 'a-b', ''] },
  5: {
    accepts: ['abc123', '1a', 'A1b2C3'],
    rejects: ['abcdef', '123456', 'abc 123', 'abc123!', 'ａbc123', '张三123', ''],
  },
  6: { accepts: ['0', '0123456789'], rejects: ['12a', '-12', '1.5', '１２３', '١٢٣', '12 34', ''] },
  7: { accepts: ['Abc123', 'ABC', 'a1B'], rejects: ['abc123', '123', 'Abc_123', 'ÀBC', 'Ab c', ''] },
  8: {
    accepts: ['John', 'John Smith', 'Mary Ann Lee'],
    rejects: ['John  Smith', ' John', 'John ', 'José', 'John3', '   ', 'สมชาย', ''],
  },
  9: {
    accepts: ['no-spaces_here!', '张三123', '😀😀', 'สมชาย'],
    rejects: ['two words', ' lead', 'tab\there', 'line\nbreak', 'ideo\u3000space', 'nb\u00A0sp', ''],
  },
  10: {
    accepts: ['你好，世界！', '张三', '艾力·买买提', '“中文”（测试）。', '好!?'],
    rejects: ['，！', 'hello，世界', '张三123', '张 三', '张三😀', '张\u3000三', ''],
  },
  11: {
    accepts: ['2024-02-29', '1990-12-31', '2000-02-29', '0001-01-01'],
    rejects: [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '2024-2-29',
      '02-29-2024',
      '2024/02/29',
      '２０２４-02-29',
      '',
    ],
  },
  12: {
    accepts: ['John Smith', 'José María', 'สมชาย ใจดี', 'नमस्ते जी', '张三', '홍길동', 'Łukasz Żółw'],
    rejects: ['John  Smith', 'John3', 'สมชาย😀', ' John', 'John-Smith', '\u0E31abc', '   ', ''],
  },
  13: {
    accepts: ['02-29-2024', '12-31-1990', '01-01-2023'],
    rejects: ['02-29-2023', '02-30-2024', '04-31-2024', '13-01-2024', '2024-02-29', '2-29-2024', ''],
  },
  14: { accepts: ['abc', '123', 'Abc123'], rejects: ['abc_123', 'abc 123', 'ü123', 'abc😀', ''] },
  15: {
    accepts: ['홍길동', '김 민수', 'ㅎㅎ'],
    rejects: ['홍길동1', 'Hong 길동', ' 홍길동', '홍길동 ', '홍  길동', '\u3164\u3164', '张三', ''],
  },
  16: {
    accepts: ['สมชาย', 'สมชาย ใจดี', 'บ้าน ๑๒๓'],
    rejects: ['สมชาย1', 'สมชาย John', ' สมชาย', 'สมชาย  ใจดี', '\u0E31สมชาย', '฿100', 'สมชาย😀', ''],
  },
  17: {
    accepts: ['สมชาย ใจดี', 'John Smith', 'สมชาย Smith', 'Somchai'],
    rejects: ['สมชาย1', 'John3', 'สมชาย ๑๒๓', '张三', 'José', ' John', 'สมชาย ใจดี!', ''],
  },
  18: {
    accepts: ['JOHN SMITH', 'NGUYỄN VĂN A', 'A', 'ÉLODIE B'],
    rejects: ['John Smith', 'ÉÀ Ô', 'JOHN  SMITH', 'JOHN1', ' JOHN', 'สมชาย', '   ', ''],
  },
  19: {
    accepts: ['Pa$$w0rd!', '张三@#123', '😀👍', '👨\u200D👩\u200D👧', 'สมชาย'],
    rejects: ['two words', 'tab\there', 'zero\u200Bwidth', 'bidi\u202Etxt', 'ctl\u0007', '\u200D', ''],
  },
};

const acceptRows = Object.entries(examples).flatMap(([id, { accepts }]) =>
  accepts.map((value) => [Number(id), value] as const),
);
const rejectRows = Object.entries(examples).flatMap(([id, { rejects }]) =>
  rejects.map((value) => [Number(id), value] as const),
);

describe('matchesPattern', () => {
  it('has at least two accepting examples per id and two rejecting examples for every id but 0', () => {
    for (let id = 0; id <= 19; id += 1) {
      const { accepts, rejects } = examples[id as PatternId];
      expect(accepts.length, `id ${id}`).toBeGreaterThanOrEqual(2);
      // Id 0 is "length range only": there is no value its pattern step refuses; checkField tests cover it.
      if (id !== 0) expect(rejects.length, `id ${id}`).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(acceptRows)('id %i accepts %j', (id, value) => {
    expect(matchesPattern(value, id)).toBe(true);
  });

  it.each(rejectRows)('id %i rejects %j', (id, value) => {
    expect(matchesPattern(value, id)).toBe(false);
  });

  it.each([-1, 20, 1.5, Number.NaN, 99])('refuses every value for unknown id %s', (id) => {
    expect(matchesPattern('abc123', id)).toBe(false);
    expect(isPatternId(id)).toBe(false);
  });

  it('describes every id in English', () => {
    for (let id = 0; id <= 19; id += 1) {
      expect(isPatternId(id)).toBe(true);
      expect(patternDescriptions[id as PatternId]).toMatch(/^[A-Za-z][A-Za-z ,-]+$/);
    }
    expect(patternDescriptions[5]).toBe('letters and digits combined');
  });
});

/** A rule that accepts any text between 1 and 10 code points, overridable per test. */
function buildRule(overrides: Partial<FieldRule> = {}): FieldRule {
  return { acceptedPattern: '*', minLength: 1, maxLength: 10, patternId: 0, ...overrides };
}

describe('checkField', () => {
  it.each([
    ['😀😀😀', 3, 3, null],
    ['😀😀', 3, 3, 'too_short'],
    ['😀😀😀😀', 3, 3, 'too_long'],
    ['张三李四', 4, 4, null],
    ['สมชาย', 5, 5, null],
    ['👨\u200D👩\u200D👧', 5, 5, null],
    ['abc', 4, 10, 'too_short'],
    ['abcdefghijk', 1, 10, 'too_long'],
    ['\uD83D', 1, 1, null],
  ] as const)('counts %j in code points against %i-%i', (value, minLength, maxLength, problem) => {
    expect(checkField(value, buildRule({ minLength, maxLength }))).toBe(problem);
  });

  it('reports an empty value as empty whatever the rule, leaving required-ness to the caller', () => {
    expect(checkField('', buildRule())).toBe('empty');
    expect(checkField('', buildRule({ minLength: 0 }))).toBe('empty');
  });

  it('checks length before the pattern', () => {
    expect(checkField('ab', buildRule({ minLength: 3, patternId: 6 }))).toBe('too_short');
    expect(checkField('abc', buildRule({ minLength: 3, patternId: 6 }))).toBe('pattern');
    expect(checkField('123', buildRule({ minLength: 3, patternId: 6 }))).toBeNull();
  });

  it.each(['anything', '张三 😀', ' spaced ', '!@#$'])("accepts %j when acceptedPattern is '*'", (value) => {
    expect(checkField(value, buildRule({ acceptedPattern: '*' }))).toBeNull();
  });

  it('treats an empty acceptedPattern as no pattern', () => {
    expect(checkField('abc', buildRule({ acceptedPattern: '' }))).toBeNull();
  });

  it('requires a custom acceptedPattern to match the whole value as well as the pattern id', () => {
    const rule = buildRule({ acceptedPattern: '[a-z]+[0-9]{2}', patternId: 5 });
    expect(checkField('abc12', rule)).toBeNull();
    expect(checkField('abc123', rule)).toBe('pattern');
    expect(checkField('xabc12y', rule)).toBe('pattern');
    expect(checkField('ABC12', rule)).toBe('pattern');
    // Passes the operator pattern but not id 6 (digits only).
    expect(checkField('abc12', { ...rule, patternId: 6 })).toBe('pattern');
  });

  it('compiles acceptedPattern with the u flag so property escapes and astral characters work', () => {
    expect(checkField('张三', buildRule({ acceptedPattern: '\\p{Script=Han}+' }))).toBeNull();
    expect(checkField('zhang', buildRule({ acceptedPattern: '\\p{Script=Han}+' }))).toBe('pattern');
    expect(checkField('😀', buildRule({ acceptedPattern: '.' }))).toBeNull();
  });

  it('keeps an alternation inside the anchors', () => {
    const rule = buildRule({ acceptedPattern: 'cat|dog' });
    expect(checkField('dog', rule)).toBeNull();
    expect(checkField('cats', rule)).toBe('pattern');
    expect(checkField('hotdog', rule)).toBe('pattern');
  });

  it.each(['[a-z', '(abc', 'a)|(b', 'a{2,1}', '\\p{NoSuchScript}', '\\-q'])(
    'rejects every value without throwing when acceptedPattern %j is invalid',
    (acceptedPattern) => {
      const rule = buildRule({ acceptedPattern });
      expect(() => checkField('abc', rule)).not.toThrow();
      expect(checkField('abc', rule)).toBe('pattern');
      expect(checkField('b', rule)).toBe('pattern');
    },
  );

  it('reports pattern for an unknown pattern id', () => {
    expect(checkField('abc', buildRule({ patternId: 42 }))).toBe('pattern');
  });
});
