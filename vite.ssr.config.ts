import { mergeConfig } from 'vite';
import web from './vite.web.config.js';

// The storefront's server renderer (web/src/entry-server.tsx): one self-contained ES module with its
// packages bundled, so the server and the deployed function need none of the apps' packages.
export default mergeConfig(web, {
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: '../dist/web-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    // A server module, never downloaded: its size is no concern.
    chunkSizeWarningLimit: 4096,
  },
  // React's production build, whatever NODE_ENV the server has.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
});
