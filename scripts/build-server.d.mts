// Types for scripts/build-server.mjs.
export declare function buildServer(outdir?: string): Promise<string>;
