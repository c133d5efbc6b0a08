/** What a page shows when its data could not be loaded, with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <p className="text-red-700">{what} could not be loaded. Check your connection and try again.</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100"
      >
        Try again
      </button>
    </div>
  );
}
