/**
 * The Node.js versions the site runs on (issue 31.3), checked before anything else loads: on Node 21 and
 * 22.0-22.11 a dependency (content-disposition@3, loaded by @fastify/static) fails at start-up with an error
 * that names neither Node nor the version. package.json's "engines" states the same range. Plain JavaScript so
 * that `npm start` and `npm run dev` check it before loading any TypeScript.
 */
export const SUPPORTED_NODE = "^20.19 || ^22.12 || >=24";

/** Why this Node.js cannot run the site (undefined when it can). */
export function nodeVersionProblem(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const supported = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 24;
  if (supported) return undefined;
  return `This is Node.js ${version}; the site needs Node.js 20.19 or a later 20, 22.12 or a later 22, or 24 and later (${SUPPORTED_NODE}). Install Node.js 22 or 24 (20 reached its end of life in April 2026).`;
}

/** Exits with the reason when this Node.js cannot run the site. */
export function checkNodeVersion() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
