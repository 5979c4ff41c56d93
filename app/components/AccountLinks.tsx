import { Link, useNavigate } from "~/lib/router";
import { logoutUser } from "~/state/auth";
import { useAppDispatch, useAppSelector } from "~/state/providers";

/** Log in when signed out; the candidate's name with Account and Log out when signed in. */
export function AccountLinks({ variant }: { variant: "bar" | "drawer" }) {
  const user = useAppSelector((s) => s.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const link =
    variant === "bar"
      ? "rounded-md px-1.5 py-2 text-[0.9375rem] font-semibold whitespace-nowrap text-navy-900 no-underline hover:bg-navy-50 lg:px-3 lg:text-base"
      : "block rounded-md px-3 py-2 font-semibold text-white no-underline hover:bg-navy-800";
  if (!user) {
    return (
      <li>
        <Link to="/login" className={variant === "bar" ? "btn-primary ml-2 min-h-10 py-2" : link}>
          Log in
        </Link>
      </li>
    );
  }
  return (
    <>
      {/* in the bar, the name only where there is room for it (1200 px and up) */}
      <li
        className={
          variant === "bar"
            ? "ml-2 hidden border-l border-slate-300 pl-3 lg:block"
            : "mt-2 border-t border-navy-700 pt-2"
        }
      >
        <span
          className={variant === "bar" ? "text-sm whitespace-nowrap text-muted" : "block px-3 text-sm text-navy-100"}
        >
          Signed in as <strong className={variant === "bar" ? "text-navy-900" : "text-white"}>{user.firstName}</strong>
        </span>
      </li>
      <li>
        <Link to="/account" className={link}>
          Account
        </Link>
      </li>
      {/* between 769 and 1199 px the bar has no room for it: the account page has its own Log out */}
      <li className={variant === "bar" ? "hidden lg:block" : undefined}>
        <button
          type="button"
          className={`${link} w-full text-left`}
          onClick={async () => {
            await dispatch(logoutUser());
            navigate("/");
          }}
        >
          Log out
        </button>
      </li>
    </>
  );
}
