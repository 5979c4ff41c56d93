/**
 * A form's submit button: disabled while the form is sent (`submitting`, from useSubmitForm) and saying so
 * (`busy`, e.g. "Saving…"). `className` as any button's; btn-primary unless given.
 */
export function SubmitButton({
  submitting,
  busy,
  className = "btn-primary",
  children,
}: {
  submitting: boolean;
  busy: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={submitting}>
      {submitting ? busy : children}
    </button>
  );
}
