import type { Ref } from "react";

/**
 * A form's message about the whole submission: an error (announced at once, role "alert") or a
 * confirmation (role "status"). One look for every form; `focusRef` lets a form move focus to it.
 */
export function FormAlert({
  children,
  tone = "error",
  theme = "light",
  focusRef,
}: {
  children: React.ReactNode;
  tone?: "error" | "success";
  theme?: "light" | "dark";
  focusRef?: Ref<HTMLParagraphElement>;
}) {
  const colours =
    tone === "success"
      ? "bg-brand-100 text-navy-950"
      : theme === "dark"
        ? "bg-red-950 text-red-100"
        : "bg-red-50 text-red-800";
  return (
    <p
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md p-3 text-sm font-medium ${colours}`}
    >
      {children}
    </p>
  );
}
