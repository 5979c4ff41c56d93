/** Log in, or the candidate's name with Account and Log out: filled in by the accounts feature. */
export function AccountLinks(_props: { variant: "bar" | "drawer" }) {
  return null;
}
