import { useState } from "react";

/**
 * A button whose action waits for the server (a refund, a toggle): disabled while the action runs, and
 * saying so (`busy`, e.g. "Refunding…") when given. The action says its own outcome.
 */
export function ActionButton({
  onClick,
  busy,
  className = "btn-primary",
  children,
}: {
  onClick: () => Promise<unknown>;
  busy?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const [running, setRunning] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={running}
      onClick={async () => {
        setRunning(true);
        try {
          await onClick();
        } finally {
          setRunning(false);
        }
      }}
    >
      {running && busy ? busy : children}
    </button>
  );
}
