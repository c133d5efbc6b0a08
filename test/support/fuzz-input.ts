import fc from 'fast-check';

/** Keys that bite code which copies objects carelessly, beside ordinary junk. */
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'then', '', ' '];

/** Text a careless parser trips on: blanks, controls, lone surrogates, look-alikes, numbers written oddly. */
const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u200B',
  'ＣＡ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'e\u0301',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '%E0%A4%A',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x10',
  '2026-02-30',
  '2026-11-01T25:61:00Z',
  '9999-12-31',
  'true',
  '[]',
  '{}',
];

export const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...ODD_TEXT),
  fc.integer({ min: 100, max: 60_000 }).map((n) => 'é'.repeat(n)),
);

const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 0.001, 0.1 + 0.2, 1e-9, 2 ** 53 + 1, 1e21, 1e308, -1e308),
);

const deepNest = fc.integer({ min: 50, max: 1_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON-able value, nested junk included. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    junkNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...KEYS)), tie('value'), {
      maxKeys: 4,
    }),
    deepNest,
  ),
})).value;

type Json = Record<string, unknown> | unknown[];
type Path = (string | number)[];

/** Every place in a value a mutation can reach: itself, and each member of each object or list in it (not too deep). */
function pathsIn(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || at.length > 8) return [at];
  return [
    at,
    ...Object.entries(value as Json).flatMap(([key, member]) =>
      pathsIn(member, [...at, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
}

interface Mutation {
  at: number;
  op: 'replace' | 'delete' | 'add' | 'repeat';
  key: string;
  junk: unknown;
}

function mutate(root: { value: unknown }, { at, op, key, junk }: Mutation) {
  const paths = pathsIn(root.value, ['value']);
  const path = paths[at % paths.length]!;
  const parent = path.slice(0, -1).reduce<Json>((node, k) => (node as never)[k], root as Json);
  const last = path[path.length - 1]!;
  const target = (parent as never)[last] as unknown;
  // fast-check hands the same junk to later runs and shrinks: a copy may be changed, never the original.
  const fresh = structuredClone(junk);
  if (op === 'replace') (parent as Record<string | number, unknown>)[last] = fresh;
  else if (op === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (last !== 'value' || parent !== root) delete (parent as Record<string, unknown>)[last];
  } else if (Array.isArray(target))
    target.push(op === 'repeat' && target.length ? structuredClone(target[0]) : fresh);
  else if (target !== null && typeof target === 'object')
    Object.defineProperty(target, key, {
      value: fresh,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else (parent as Record<string | number, unknown>)[last] = [target, fresh];
}

/** A valid body with one to four things wrong with it: a member dropped, replaced, added or repeated. */
export function mutated(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const knownKeys = pathsIn(sample).flatMap((p) => p.filter((k): k is string => typeof k === 'string'));
  const mutation = fc.record({
    at: fc.nat(),
    op: fc.constantFrom('replace' as const, 'delete' as const, 'add' as const, 'repeat' as const),
    key: fc.oneof(fc.constantFrom(...KEYS, ...knownKeys), fc.string({ maxLength: 8 })),
    junk: junkValue,
  });
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => {
    const root = { value: structuredClone(sample) as unknown };
    for (const m of mutations) mutate(root, m);
    return root.value;
  });
}

/** Text for a URL: made well-formed (a lone surrogate cannot be percent-encoded), then encoded. */
export const urlPart = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** Printable ASCII, as a header value may hold. */
export const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 200,
});
