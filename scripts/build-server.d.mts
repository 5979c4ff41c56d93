// Types for scripts/build-server.mjs.
export declare function buildServer(outdir?: string): Promise<string>;
export declare function externalImports(metafile: {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}): string[];
export declare function undeclaredPackages(
  packages: string[],
  pkg?: { dependencies?: Record<string, string> },
): string[];
