/**
 * Entry of the batch command, bundled for Node by `vite build --config vite.cli.config.ts` into
 * dist-cli/reprocess.js with the wasm engine inlined: `npm run --silent reprocess -- --help`.
 */
import { reprocess } from '../src/engine';
import { runReprocess } from './main';

process.exitCode = await runReprocess(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }, reprocess);
