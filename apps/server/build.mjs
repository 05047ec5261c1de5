// Bundles the server and our workspace packages into dist/; third-party packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/main.ts',
    'src/jobs/statistics-worker.ts',
    'src/jobs/report-worker.ts',
    'src/jobs/planning-worker.ts',
  ],
  entryNames: '[name]',
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-dependencies',
      setup(builder) {
        // Bare imports that are not ours resolve at run time from node_modules.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@metocean/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
