import { StaffPage, staffMeta } from "~/components/staff/StaffConsole";

export const meta = () => staffMeta("Item bank", "/staff/items");

/** The item bank (issue 30.2): its list, editor and review come in the next steps. */
export default function Items() {
  return (
    <StaffPage
      title="Item bank"
      intro="The exam items, by exam, domain and state. Subject-matter experts write and review them; staff and administrators read them."
    >
      <p>The bank&apos;s list opens here.</p>
    </StaffPage>
  );
}
