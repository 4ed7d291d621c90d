/**
 * Makes the network port: the web one in a browser and in the native shell alike (its WebView
 * has `fetch`, and the team server allows the shell's origins). The composition root makes one
 * per app, when the sync code loads (tests pass the double of `testing/` instead).
 */
export type { NetworkChance, NetworkPort } from './port';
export { createWebNetwork as createNetwork } from './webNetwork';
