export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-slate-300 border-t-teal-600"
        aria-hidden
      />
      <span>{label}</span>
    </div>
  );
}
