import { z } from 'zod';
import { isValidCasNumber, type ProductSpecs } from './specs.js';

const SPEC_TEXT_MAX_LENGTH = 200;
const SEQUENCE_MAX_LENGTH = 2_000;

const specText = (label: string, max = SPEC_TEXT_MAX_LENGTH) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** Specs as given by a caller; empty strings mean "not published" and are dropped. */
export const specsSchema = z
  .strictObject({
    casNumber: z
      .string({ error: 'CAS number must be text' })
      .trim()
      .refine(
        (v) => v === '' || isValidCasNumber(v),
        'CAS number is not valid: it must look like 137525-51-0 and its last digit must match the check digit',
      )
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    molecularFormula: specText('Molecular formula'),
    molecularWeight: z
      .number({ error: 'Molecular weight must be a number (g/mol)' })
      .positive('Molecular weight must be greater than 0')
      .max(1_000_000, 'Molecular weight must be at most 1,000,000 g/mol')
      .optional(),
    sequence: specText('Sequence', SEQUENCE_MAX_LENGTH),
    purity: specText('Purity'),
    form: specText('Form'),
    storage: specText('Storage'),
  })
  .transform((specs) => {
    const kept: ProductSpecs = {};
    for (const [key, value] of Object.entries(specs)) {
      if (value !== undefined) (kept as Record<string, unknown>)[key] = value;
    }
    return kept;
  });
