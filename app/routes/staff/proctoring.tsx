import { StaffPage, staffMeta, useStaff } from "~/components/staff/StaffConsole";
import { CheckInQueue } from "~/components/staff/proctoring/CheckInQueue";
import { LiveSessions } from "~/components/staff/proctoring/LiveSessions";
import { ProctoringHours } from "~/components/staff/proctoring/ProctoringHours";

export const meta = () => staffMeta("Proctoring", "/staff/proctoring");

/**
 * /staff/proctoring (issue 28.4): the proctor's console, the check-in queue and the live sessions. Proctors
 * see only this page of the console; staff and admins see it beside the rest, with the proctoring hours they set.
 */
export default function ProctoringPage() {
  const { user } = useStaff();
  return (
    <StaffPage
      title="Proctoring"
      intro="Check candidates in before their exam, then watch the exams in progress. Every action is audited, and every ended exam is e-mailed to the candidate with the reason and the appeal route."
    >
      <CheckInQueue />
      <LiveSessions />
      {user.role !== "proctor" && <ProctoringHours />}
    </StaffPage>
  );
}
