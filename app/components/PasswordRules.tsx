import { passwordRules } from "~/schemas/auth";

/** The password rules as a live checklist under a new-password field (sign-up, reset). */
export function PasswordRules({ password }: { password: string }) {
  return (
    <div>
      <p id="pw-rules" className="text-sm font-semibold text-navy-900">
        Your password needs:
      </p>
      <ul className="mt-1 space-y-1 text-sm" aria-describedby="pw-rules">
        {passwordRules.map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.label} className={`flex items-center gap-2 ${ok ? "text-brand-700" : "text-muted"}`}>
              <span aria-hidden="true" className="inline-block w-4 text-center font-bold">
                {ok ? "✓" : "•"}
              </span>
              {rule.label}
              <span className="sr-only">{ok ? " (done)" : " (not yet)"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
