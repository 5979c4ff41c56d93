// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/error";
import { z } from "~/schemas/zod";
import { ChoiceField } from "./choice-field";
import { FormField } from "./form-field";
import { useSubmitForm, type FormStatus } from "./useSubmitForm";

afterEach(cleanup);

const schema = z.object({
  outcome: z.enum(["granted", "denied"], { error: "Choose the decision." }),
  decision: z.string().check(z.minLength(1, "Write the decision.")),
});
type Values = z.input<typeof schema>;

/** A form of the console's shape: a choice, a text, an action beside it that speaks in the form's alert. */
function Decide({ send, done }: { send: (v: Values) => Promise<unknown>; done?: () => string | FormStatus | void }) {
  const f = useSubmitForm({
    schema,
    defaultValues: { outcome: "" as "granted", decision: "" },
    send,
    done: () => done?.(),
  });
  return (
    <>
      <form {...f.formProps} aria-label="Decide">
        <ChoiceField
          legend="Decision"
          {...f.field("outcome")}
          options={[
            { value: "granted", label: "Grant" },
            { value: "denied", label: "Deny" },
          ]}
        />
        <FormField label="What the candidate reads" multiline rows={4} {...f.field("decision")} />
        {f.alert}
        <button type="submit">Send</button>
      </form>
      <button type="button" onClick={() => f.say({ ok: true, text: "Marked handled." })}>
        Mark handled
      </button>
    </>
  );
}

describe("useSubmitForm", () => {
  it("says a choice left empty under its group and focuses its first option, without sending", async () => {
    const send = vi.fn();
    render(<Decide send={send} />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Choose the decision.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Grant"));
    expect(screen.getByLabelText("Grant").getAttribute("aria-describedby")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's field message under its field and the other refusals in the alert", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, {
          error: "validation_error",
          message: "Check the form.",
          fields: { decision: "Too short." },
        }),
      )
      .mockRejectedValueOnce(new ApiError(409, { error: "conflict", message: "Already decided." }));
    render(<Decide send={send} />);
    await userEvent.click(screen.getByLabelText("Deny"));
    await userEvent.type(screen.getByLabelText("What the candidate reads"), "No.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Too short.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("What the candidate reads"));
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Already decided.");
    expect(send).toHaveBeenLastCalledWith({ outcome: "denied", decision: "No." });
  });

  it("says a refusal that a successful answer carries, and an action's outcome, in the alert with the focus", async () => {
    render(<Decide send={async () => ({})} done={() => ({ ok: false, text: "2 of 3 rows have errors." })} />);
    await userEvent.click(screen.getByLabelText("Grant"));
    await userEvent.type(screen.getByLabelText("What the candidate reads"), "Yes.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("2 of 3 rows have errors.");
    await waitFor(() => expect(document.activeElement).toBe(alert));
    await userEvent.click(screen.getByRole("button", { name: "Mark handled" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("Marked handled.");
    await waitFor(() => expect(document.activeElement).toBe(status));
  });
});
