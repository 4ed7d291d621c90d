/**
 * Entry of the batch command, bundled for Node by `vite build --config vite.cli.config.ts` into
 * dist-cli/reprocess.js, next to its worker threads' entry dist-cli/worker.js (which carries the
 * wasm engine): `npm run --silent reprocess -- --help`.
 */
import { setFlagsFromString } from 'node:v8';
import { runReprocess } from './main';

// Each worker compiles the engine's optimised code in the background, by default on as many
// threads as there are functions to compile, each holding its compiler's working memory at once:
// one thread keeps the peak about 10 MB lower (15 bytes per sample of an hour at 200 Hz) and
// takes a few milliseconds longer, once per worker. V8's flags are the process's, workers
// included; set before any worker starts.
setFlagsFromString('--wasm-num-compilation-tasks=1');

process.exitCode = await runReprocess(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, new URL('./worker.js', import.meta.url));
