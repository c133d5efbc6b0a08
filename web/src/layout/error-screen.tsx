/** Fallback for errors no page handled itself. */
export function ErrorScreen() {
  return (
    <main className="mx-auto flex max-w-[1080px] flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="text-slate-600">Something went wrong on our side. Reloading the page usually helps.</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded bg-teal-700 px-4 py-2 text-white"
        >
          Reload
        </button>
        <a href="/" className="rounded border border-slate-300 px-4 py-2">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
