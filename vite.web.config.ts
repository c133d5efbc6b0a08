import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' } },
});
