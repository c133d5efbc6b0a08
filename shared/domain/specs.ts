/** A product's published specification; every field is optional. */
export interface ProductSpecs {
  /** Chemical Abstracts Service registry number, e.g. `137525-51-0`; checked with its check digit. */
  casNumber?: string;
  molecularFormula?: string;
  /** Grams per mole. */
  molecularWeight?: number;
  /** Amino-acid sequence as published, e.g. `Gly-Glu-Pro-Pro-Pro-Gly-Lys-Pro-Ala-Asp-Asp-Ala-Gly-Leu-Val`. */
  sequence?: string;
  /** As published, e.g. `≥ 99% (HPLC)`; the measured purity of a vial is its lot's. */
  purity?: string;
  form?: string;
  storage?: string;
}

export const SPEC_LABELS: Record<keyof ProductSpecs, string> = {
  casNumber: 'CAS number',
  molecularFormula: 'Molecular formula',
  molecularWeight: 'Molecular weight',
  sequence: 'Sequence',
  purity: 'Purity',
  form: 'Form',
  storage: 'Storage',
};

const CAS_SHAPE = /^(\d{2,7})-(\d{2})-(\d)$/;

/**
 * A CAS number's last digit checks the others: the digits before it, read from the right, are
 * multiplied by 1, 2, 3 … and the sum taken modulo 10.
 */
export function isValidCasNumber(value: string): boolean {
  const match = CAS_SHAPE.exec(value);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(match[3]);
}
