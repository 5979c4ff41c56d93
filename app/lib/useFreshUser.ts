import { useEffect } from "react";
import { ApiError, call } from "~/lib/api/client";
import { meEndpoint } from "~/schemas/auth";
import { login, logout } from "~/state/auth";
import { useAppDispatch, useAppSelector } from "~/state/providers";

/**
 * Reads the signed-in account again when a screen opens, so what the browser kept is current (an
 * address confirmed in another tab, a new address). Does nothing for a guest.
 */
export function useFreshUser(active = true) {
  const signedIn = useAppSelector((s) => s.user !== null);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active || !signedIn) return;
    let alive = true;
    call(meEndpoint, {})
      .then((r) => alive && dispatch(login(r.user)))
      .catch((e) => {
        if (alive && e instanceof ApiError && e.status === 401) dispatch(logout());
      });
    return () => {
      alive = false;
    };
  }, [active, signedIn, dispatch]);
}
