import { type ProductSpecs, SPEC_LABELS } from '../../../shared/domain/specs.js';

const UNITS: Partial<Record<keyof ProductSpecs, string>> = { molecularWeight: ' g/mol' };

/** The product's published specification: only the fields that are set, in SPEC_LABELS order. */
export function SpecTable({ specs }: { specs: ProductSpecs }) {
  const rows = (Object.keys(SPEC_LABELS) as (keyof ProductSpecs)[]).filter(
    (key) => specs[key] !== undefined && specs[key] !== '',
  );
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="specs-heading">
      <h2 id="specs-heading" className="mb-2 text-lg font-semibold">
        Specifications
      </h2>
      <table className="w-full text-sm">
        <tbody className="divide-y divide-slate-200">
          {rows.map((key) => (
            <tr key={key}>
              <th scope="row" className="py-1.5 pr-4 text-left font-medium text-slate-600">
                {SPEC_LABELS[key]}
              </th>
              <td className="py-1.5 break-all text-slate-900">
                {specs[key]}
                {UNITS[key] ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
