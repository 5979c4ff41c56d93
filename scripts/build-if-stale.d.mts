// Types for scripts/build-if-stale.mjs (plain JavaScript, so that `npm start` runs without tsx).
export declare const root: string;
export declare const SERVER_BUNDLE: string;
export declare const BUILD_INPUTS: string[];
export declare function staleReason(clientDir?: string, base?: string): string | undefined;
export declare function buildIfStale(clientDir?: string): boolean;
