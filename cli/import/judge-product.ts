import type { ProductWrite } from '../../shared/backend/store/port.js';
import { ValidationError } from '../../shared/domain/errors.js';
import { newProductSchema, type Product, productPatchSchema } from '../../shared/domain/product.js';
import { patchedProductState } from '../../shared/domain/product-state.js';
import type { ImportedProduct, RowNote } from './imported-product.js';
import { updatePlan } from './update-plan.js';

export type VariantCounts = { created: number; updated: number; removed: number };

/** A product the shop's rules accept, as the write it makes; or why they refuse it, by row and column. */
export type Verdict = { write: ProductWrite; variants: VariantCounts } | { problems: RowNote[] };

type Issue = { field: string; message: string };

const zodIssues = (issues: { path: PropertyKey[]; message: string }[]): Issue[] =>
  issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));

/** The rules' complaints placed in the file; one already reported by the reader at that place is not repeated. */
function notesOf(p: ImportedProduct, issues: Issue[]): RowNote[] {
  const single = p.input.variants === undefined;
  const seen = new Set(p.problems.map((n) => `${n.row}\u0000${n.column}`));
  const notes: RowNote[] = [];
  for (const issue of issues) {
    // A product sold one way was read as price, stock…; the rules speak of its only variant.
    const field = single ? issue.field.replace(/^variants\.0\./, '') : issue.field;
    const { row, column } = p.origin(field);
    // A product the reader refused already says what is wrong; a complaint placed nowhere would only repeat it.
    if (column === null && p.problems.length > 0) continue;
    const key = `${row}\u0000${column}`;
    if (seen.has(key)) continue;
    seen.add(key);
    notes.push({ row, column, message: issue.message });
  }
  return notes;
}

/** A new product, judged by the schema the API creates products with. */
export function judgeNew(p: ImportedProduct): Verdict {
  const { available = true, ...fields } = p.input;
  const parsed = newProductSchema.safeParse(fields);
  if (!parsed.success || p.problems.length > 0)
    return { problems: parsed.success ? [] : notesOf(p, zodIssues(parsed.error.issues)) };
  const count = parsed.data.variants.length;
  return {
    write: { op: 'create', product: parsed.data, available },
    variants: { created: count, updated: 0, removed: 0 },
  };
}

/** An update of `current`: what the file gives, judged against the product as it is (patchedProductState). */
export function judgeUpdate(p: ImportedProduct, current: Product): Verdict {
  const plan = updatePlan(current, p);
  const issues: Issue[] = [...plan.issues];
  const parsed = productPatchSchema.safeParse(plan.patch);
  if (!parsed.success) issues.push(...zodIssues(parsed.error.issues));
  else {
    let n = 0;
    try {
      patchedProductState(current, parsed.data, () => `new-${n++}`);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0 || p.problems.length > 0 || !parsed.success) return { problems: notesOf(p, issues) };
  return { write: { op: 'update', id: current.id, patch: parsed.data }, variants: plan.variants };
}
