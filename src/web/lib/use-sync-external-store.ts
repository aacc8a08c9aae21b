/**
 * What the build gives wouter for "use-sync-external-store/shim" (vite.config.ts): React 19's own
 * hook. The shim is for React 17 and older, and its code would ride in the first view's script.
 */
export { useSyncExternalStore } from "react";
