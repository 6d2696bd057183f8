/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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
  // The push channel's WebSocket (decision 0042), before the API rule that would take it without `ws`.
  '^/wps/push$': { target: apiTarget, changeOrigin: true, ws: true },
  '^/(wps|lgw|lotto)/': { target: apiTarget, changeOrigin: true },
  '^/healthz$': { target: apiTarget, changeOrigin: true },
};

// Every call definition carries a one-line summary for the API documentation (OpenAPI, the CLI); the
// browser never reads it, and the hundred of them cost about 2 KB gzipped of home's first load. The
// production build drops them from the call modules; each is one string literal (checked: the build
// fails if a summary survives in a call module).
const summaryProperty = /\bsummary:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),/g;
const callModule = /packages[\\/]contracts[\\/]src[\\/]calls[\\/][^\\/]+\.calls\.ts$/;

function dropCallSummaries(): Plugin {
  return {
    name: 'drop-call-summaries',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!callModule.test(id)) return null;
      const stripped = code.replace(summaryProperty, '');
      if (/\bsummary:/.test(stripped)) this.error(`A call summary in ${id} is not one string literal`);
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [dropCallSummaries(), react()],
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
