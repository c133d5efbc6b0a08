import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'admin-web',
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  build: { outDir: '../dist/admin', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { port: 5174, proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' } },
});
