/** The islands script of the build or of the development server (app/islands/vite.ts). */
declare module "virtual:islands-scripts" {
  /** The URL of the islands script: built, its hashed file; in development, its source. */
  export const entry: string;
  /** The modules the built script imports statically, to preload beside it. */
  export const preloads: string[];
}
