// Types for server/node-version.mjs.
export declare const SUPPORTED_NODE: string;
export declare function nodeVersionProblem(version?: string): string | undefined;
export declare function checkNodeVersion(): void;
