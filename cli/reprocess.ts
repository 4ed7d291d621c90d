/**
 * Entry of the batch command, bundled for Node by `vite build --config vite.cli.config.ts` into
 * dist-cli/reprocess.js, next to its worker threads' entry dist-cli/worker.js (which carries the
 * wasm engine): `npm run --silent reprocess -- --help`.
 */
import { runReprocess } from './main';

process.exitCode = await runReprocess(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, new URL('./worker.js', import.meta.url));
