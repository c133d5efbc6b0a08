/**
 * How the server has the storefront render a page (web/src/entry-server.tsx implements it; the server
 * loads the built module). `fetch` answers the page's API reads in-process.
 */
export interface RenderRequest {
  url: string;
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** The app's HTML for inside its root element, streamed, and the data it was rendered with as a script element. */
export interface RenderedPage {
  html: ReadableStream<Uint8Array>;
  data: string;
}

/** Resolves to null for a page the browser draws alone (cart, checkout, sign-in, orders). */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | null>;
