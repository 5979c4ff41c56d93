/**
 * Where the not-found page is prerendered (react-router.config.ts): build/client/404/index.html. The server
 * answers every unknown path with it and status 404, and never serves it at this path with 200.
 */
export const NOT_FOUND_PAGE = "/404";
