import { AREA_PHOTOS } from "~/data/booking";
import { Island } from "~/islands/island";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Check in for your exam",
    description: `Check in for a booked online exam: your photo, your ID, ${AREA_PHOTOS} photos of the testing area and a room scan.`,
    path: "/exam/check-in",
    noindex: true,
  });

export default function ExamCheckInRoute() {
  return <Island of="check-in" />;
}
