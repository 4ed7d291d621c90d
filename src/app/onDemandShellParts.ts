/**
 * The Shell's pieces that load only when they have something to show (the reconnect
 * banner, the recovery offer), in one lazy chunk so the Workout screen's start-up pays for one
 * import, not two.
 */
export { default as ReconnectBanner } from './ReconnectBanner';
export { default as RecoveryDialog } from './RecoveryDialog';
