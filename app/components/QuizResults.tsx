import { Dialog } from "radix-ui";
import { passed, resultMessages, scoreLabel } from "~/data/quiz";

/** The results dialog of the HTML challenge (loaded only when the challenge starts, to keep the page light). */
export default function QuizResults({ score, open, onClose }: { score: number; open: boolean; onClose: () => void }) {
  const ok = passed(score);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70 transition-opacity duration-150 motion-reduce:transition-none starting:opacity-0" />
        <Dialog.Content
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl transition duration-300 motion-reduce:transition-none sm:p-8 starting:scale-95 starting:opacity-0 motion-reduce:starting:scale-100 motion-reduce:starting:opacity-100"
        >
          <div
            aria-hidden="true"
            className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${ok ? "bg-gold-300 text-navy-900" : "bg-brand-100 text-brand-700"}`}
          >
            <svg viewBox="0 0 32 32" className="h-9 w-9" focusable="false">
              {ok ? (
                <path
                  d="M10 5h12v7a6 6 0 0 1-12 0zM10 8H5c0 5 2 7 5 7M22 8h5c0 5-2 7-5 7M16 18v5M11 27h10M13 23h6v4h-6z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinejoin="round"
                />
              ) : (
                <path
                  d="M5 23 12 14l5 5 10-12M20 7h7v7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              )}
            </svg>
          </div>
          <Dialog.Title className="mt-4 text-2xl font-bold text-navy-900">
            {ok ? "You passed the challenge" : "Challenge complete"}
          </Dialog.Title>
          <p className="mt-3 text-5xl font-extrabold text-navy-900">
            <span className="sr-only">Your score: </span>
            <span data-testid="quiz-score">{scoreLabel(score)}</span>
          </p>
          <Dialog.Description className="mt-4 text-lg leading-relaxed">
            {ok ? resultMessages.congratulation : resultMessages.encouragement}
          </Dialog.Description>
          <Dialog.Close className="btn-primary mt-6 w-full">Close</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
