// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SME_COI, SME_NDA } from "~/data/sme-agreement";
import { acceptAgreementEndpoint, smeAgreementEndpoint, type AgreementStatus } from "~/schemas/items";
import { StoreProvider } from "~/state/providers";
import { makeStore } from "~/state/store";
import { SmeGate } from "./SmeAgreement";

/** Every API call of the gate, answered by the test. */
const call = vi.hoisted(() => vi.fn());
vi.mock("~/lib/api/client", async (original) => ({ ...(await original<object>()), call }));

afterEach(() => {
  cleanup();
  call.mockReset();
});

const accepted = (version: string) => ({ version, acceptedAt: "2026-11-01T09:00:00.000Z" });
const none: AgreementStatus = { nda: null, coi: null, current: false };
const current: AgreementStatus = { nda: accepted(SME_NDA.version), coi: accepted(SME_COI.version), current: true };

/** The gate around a page of the bank, at `path`; answers the router, to read where it went. */
function renderAt(path: string) {
  const bank = (
    <SmeGate>
      <h1>The bank itself</h1>
    </SmeGate>
  );
  const router = createMemoryRouter(
    [
      { path: "/staff/items/*", element: bank },
      { path: "/staff/*", element: bank },
    ],
    { initialEntries: [path] },
  );
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return router;
}

describe("the SME agreement gate (issue 30.1)", () => {
  it("keeps the bank closed until both texts are accepted, naming the box left unticked", async () => {
    call.mockImplementation(async (endpoint: unknown) => {
      if (endpoint === smeAgreementEndpoint) return none;
      if (endpoint === acceptAgreementEndpoint) return current;
      throw new Error("unexpected call");
    });
    const user = userEvent.setup();
    renderAt("/staff/items");
    expect(await screen.findByRole("heading", { level: 1, name: "Before you open the item bank" })).toBeVisible();
    expect(screen.queryByText("The bank itself")).toBeNull();
    // both texts, each with its version and title, and the first-time wording
    for (const text of [SME_NDA, SME_COI]) {
      expect(screen.getByRole("heading", { level: 2, name: text.title })).toBeVisible();
      expect(screen.getByText(new RegExp(`^Version ${text.version}, in effect since`))).toBeVisible();
    }
    expect(screen.getByText(/you will see exam items that no candidate may see/)).toBeVisible();

    const submit = screen.getByRole("button", { name: "Accept and continue" });
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Accept the non-disclosure agreement to continue.");
    await user.click(screen.getByLabelText(/I accept the non-disclosure agreement/));
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Declare that you have no conflict of interest to continue.",
    );
    expect(call).not.toHaveBeenCalledWith(acceptAgreementEndpoint, expect.anything());

    await user.click(screen.getByLabelText(/I declare that I have no conflict of interest/));
    await user.click(submit);
    expect(await screen.findByRole("heading", { level: 1, name: "The bank itself" })).toBeVisible();
    // the versions read are the versions accepted
    expect(call).toHaveBeenCalledWith(acceptAgreementEndpoint, {
      body: { ndaVersion: SME_NDA.version, coiVersion: SME_COI.version, acceptNda: true, noConflict: true },
    });
  });

  it("asks again, saying the agreement was revised, when an older version was accepted", async () => {
    call.mockResolvedValue({ nda: accepted("nda-0"), coi: accepted(SME_COI.version), current: false });
    renderAt("/staff/items/12");
    expect(await screen.findByText(/The agreement has been revised since you last accepted it/)).toBeVisible();
    expect(screen.queryByText("The bank itself")).toBeNull();
  });

  it("opens the bank at once when the current versions are accepted", async () => {
    call.mockResolvedValue(current);
    renderAt("/staff/items");
    expect(await screen.findByRole("heading", { level: 1, name: "The bank itself" })).toBeVisible();
    expect(screen.queryByRole("form", { name: "Accept the agreement" })).toBeNull();
  });

  it("takes an SME who reaches another console page to the item bank", async () => {
    call.mockResolvedValue(current);
    const router = renderAt("/staff/orders");
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/staff/items"));
    expect(await screen.findByRole("heading", { level: 1, name: "The bank itself" })).toBeVisible();
  });

  it("says a failure to load the agreement instead of opening anything", async () => {
    const { ApiError } = await import("~/lib/api/error");
    call.mockRejectedValue(new ApiError(500, { error: "server_error", message: "Something went wrong on our side." }));
    renderAt("/staff/items");
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong on our side.");
    expect(screen.queryByText("The bank itself")).toBeNull();
  });
});
