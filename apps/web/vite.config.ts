/// <reference types="node" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
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

/**
 * Modules that home, the usual first page, loads lazily right after the entry: the notice strip and
 * banner carousel chunk and the English strings of the content and games features. index.html names
 * them (and every chunk and stylesheet they import) as preloads, so they download alongside the entry
 * instead of after it has run; the code stays out of the entry, so other pages do not evaluate it.
 */
const homeFirstChunks = [
  'src/features/content/home/home-content.tsx',
  'src/i18n/namespaces/content/EN.json',
  'src/i18n/namespaces/games/EN.json',
];

function preloadHomeChunks(sources: readonly string[]): Plugin {
  return {
    name: 'portal:preload-home-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || scripts.has(file)) return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of chunks) {
          const modules = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
          if (modules.some((id) => sources.some((wanted) => id.endsWith(wanted)))) visit(chunk.fileName);
        }
        if (scripts.size === 0) throw new Error('preload-home-chunks: none of the home chunks was found');
        // Module scripts are fetched in CORS mode (hence crossorigin); the stylesheets Vite inserts
        // later are plain ones, so their preloads must be plain too or the browser fetches them twice.
        const tags: HtmlTagDescriptor[] = [
          ...[...scripts].map((file) => ({ rel: 'modulepreload', href: `/${file}`, crossorigin: true })),
          ...[...styles].map((file) => ({ rel: 'preload', as: 'style', href: `/${file}` })),
        ]
          .filter((attrs) => !html.includes(attrs.href))
          .map((attrs) => ({ tag: 'link', attrs, injectTo: 'head' }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), preloadHomeChunks(homeFirstChunks)],
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
        // home's content pieces (notice strip, banners, popup, notice list) in one more: the first load
        // then asks for a handful of scripts instead of two dozen, each of which costs a round trip on
        // a phone's connection (six at a time over HTTP/1.1).
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
