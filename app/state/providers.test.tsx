// @vitest-environment jsdom
import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { login, type User } from "./auth";
import { Providers, useAppDispatch, useRehydrated } from "./providers";

const user = {
  id: 7,
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
} as User;

function Probe() {
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(login(user))}>
      {useRehydrated() ? "rehydrated" : "reading"}
    </button>
  );
}

describe("Providers: the store's persistence", () => {
  it("writes a change still waiting to be written when the page goes away (pagehide), so the next document reads it", async () => {
    localStorage.clear();
    const view = render(
      <Providers>
        <Probe />
      </Providers>,
    );
    await view.findByText("rehydrated"); // the persisted state has been read back
    fireEvent.click(view.getByRole("button"));
    // redux-persist writes a moment later; the next page's document would start before that
    expect(localStorage.getItem("persist:root") ?? "").not.toContain("grace@example.com");
    window.dispatchEvent(new Event("pagehide"));
    expect(localStorage.getItem("persist:root")).toContain("grace@example.com");
    view.unmount();
  });
});
