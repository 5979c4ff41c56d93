import { createContext, useContext } from "react";
import { entry, preloads } from "virtual:islands-scripts";

/**
 * Whether the document being rendered is served as islands: every prerendered page is, and so is every
 * public page of the development server (app/entry.server.tsx says which). Only the staff console's page
 * (React Router's SPA page) is not: it is the one place that runs React Router in the browser. In the
 * browser this is always false: there the document is the console's.
 */
export interface IslandsDocumentValue {
  islands: boolean;
  /** The development server's hot-reload preamble, loaded before the islands script. */
  hmrRuntime?: string;
}
export const IslandsDocument = createContext<IslandsDocumentValue>({ islands: false });

export const useIslandsDocument = () => useContext(IslandsDocument);

/** The islands script and, built, the modules it imports, preloaded (./vite.ts gives both from Vite's manifest). */
export function IslandsPreloads() {
  return preloads.map((href) => <link key={href} rel="modulepreload" href={href} />);
}

export function IslandsScript({ hmrRuntime }: { hmrRuntime?: string }) {
  return (
    <>
      {hmrRuntime && <script type="module" src={hmrRuntime} />}
      <script type="module" src={entry} />
    </>
  );
}
