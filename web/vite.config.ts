import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where the local twin (gateway, config.json, outbox) listens during `vite` dev. */
const twinUrl = process.env.TWIN_URL ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/config.json', '/_local'].map((prefix) => [prefix, { target: twinUrl, changeOrigin: true }]));

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: {
      '@/': `${webRoot}src/`,
      '@shared/': `${repoRoot}shared/`,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine and Amplify together are larger than Vite's default warning threshold.
    chunkSizeWarningLimit: 1200,
    // React in one chunk of its own: the portal's sign-in loads it without Mantine, and the staff app's
    // screens then load React in one chunk too, not split further by what the portal shares with them.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy,
    // The SPA imports the project's shared/ folder, which sits outside the Vite root.
    fs: { allow: [repoRoot] },
  },
  preview: {
    host: '127.0.0.1',
    proxy,
  },
});
