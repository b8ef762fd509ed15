import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The production build is served by edge at `/`; `npm run dev` proxies the product's paths to a
// running `npm start` on port 3000.
const backend = process.env.MODELGATE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // The channel-type catalogue is a workspace library bundled from its TypeScript source.
  resolve: {
    alias: {
      '@modelgate/channel-types': fileURLToPath(new URL('../packages/channel-types/src/index.ts', import.meta.url)),
      // The numeric bounds the services enforce, checked by the forms too (an import-free file).
      '@modelgate/contracts/api-bounds': fileURLToPath(new URL('../packages/contracts/src/api-bounds.ts', import.meta.url)),
      // The option registry: every setting's rule, default and secrecy (zod and plain data only).
      '@modelgate/contracts/options': fileURLToPath(new URL('../packages/contracts/src/options/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': backend, '/pg': backend, '/v1': backend },
  },
  preview: { host: '127.0.0.1' },
});
