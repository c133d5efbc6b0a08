/** A table's header row; a column named with a leading "~" is for screen readers only. */
export function TableHead({ columns, right = [] }: { columns: string[]; right?: string[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {columns.map((c) => (
          <th key={c} className={`p-2 ${right.includes(c) ? 'text-right' : ''}`}>
            {c.startsWith('~') ? <span className="sr-only">{c.slice(1)}</span> : c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
