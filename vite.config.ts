import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const PRIMARY = '#1f5fbf';
const PAGE = '#f1f3f4';

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      // src/pwa/register.ts registers the worker itself: SPEC §7 wants a content-type check on local hosts first.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        id: '/',
        name: 'Sitewatch',
        short_name: 'Sitewatch',
        description: 'Monitoring for sites, hubs and sensor nodes',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: PRIMARY,
        background_color: PAGE,
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell only. Every browser that runs a service worker reads woff2, so the .woff copies would be dead
        // weight; source maps are for developers with a network.
        globPatterns: ['**/*.{html,js,css,woff2}'],
        navigateFallback: '/index.html',
        // The API and the development mail page are server routes: a cached index.html must never answer them.
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        // injectRegister: false turns off the plugin's autoUpdate defaults; a new shell takes over at once.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // The worker is generated Workbox code nobody steps through; mapping it cost ~5 s of every build.
        sourcemap: false,
        // Hashed file names already version the assets; skip Workbox's cache-busting query on them.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/dev/mail': 'http://localhost:8080' },
  },
  // 'hidden': the maps are written for the team to decode a reported stack, but no bundle points at them, and the
  // server refuses to serve any .map (server/security-headers.ts): they hold the client's whole source.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // Every browser the build targets (baseline widely available) preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // What the entry imports statically is one chunk: split by which lazy pages share it, the sign-in route's first
      // paint fetched 14 files instead of 5, and 3 KB more gzip (each file compresses alone).
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
});
