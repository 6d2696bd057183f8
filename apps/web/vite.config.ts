/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports always resolve to its development build, which keeps the dev-only
// warnings in the bundle. Production builds use the package's own production build instead.
const reactRouterDevEntry = createRequire(import.meta.url).resolve('react-router');
const reactRouterProductionEntry = path.join(
  path.dirname(reactRouterDevEntry),
  '..',
  'production',
  'index.mjs',
);

// The API server the dev and preview servers forward to; the built app is served by that server itself.
const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:8080';

// Only these prefixes belong to the API. Anchored patterns keep app routes such as /lottery or /lott
// away from the /lotto API prefix.
const proxy = {
  '^/(wps|lgw|lotto)/': { target: apiTarget, changeOrigin: true },
  '^/healthz$': { target: apiTarget, changeOrigin: true },
};

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProductionEntry }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every asset name carries a content hash (Vite default), so the server may cache /assets forever.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk, not one per shared module, and
        // home's content pieces (notice strip, banners, popup, notice list) in one more: home's first
        // load asks for a handful of scripts instead of about 27, each of which costs a round trip on a
        // phone's connection (six at a time over HTTP/1.1). Decision 0021.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            {
              name: 'home-content',
              test: /src[\\/]features[\\/]content[\\/](home|api|components[\\/](content-dialog|rich-content|pager))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
