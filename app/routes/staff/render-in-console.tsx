import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from "react-router";
import type { User } from "~/schemas/user";
import { StoreProvider } from "~/state/providers";
import { makeStore } from "~/state/store";

/**
 * For the console pages' tests: the `routes` inside the console's frame (which hands its pages the signed-in
 * `user` as the outlet's context) with a store of their own, opened at `path`.
 */
export function renderInConsole(path: string, user: User, routes: RouteObject[]) {
  const router = createMemoryRouter([{ element: <Outlet context={{ user }} />, children: routes }], {
    initialEntries: [path],
  });
  return render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}
