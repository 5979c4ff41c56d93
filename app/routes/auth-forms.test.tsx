// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "~/schemas/auth";
import Account from "./account";
import Login from "./login";
import ResetPassword from "./reset-password";
import Signup from "./signup";

// going to a page loads it (~/lib/router's navigate): the test sees where to
const navigate = vi.hoisted(() => vi.fn());
vi.mock("~/lib/router", async (original) => ({ ...(await original<object>()), useNavigate: () => navigate }));

/** A screen as a page served as islands renders it, at its path; it is one island, whose code loads first. */
async function renderAt(path: string, Component: React.ComponentType, { loaded = true } = {}) {
  if (window.location.pathname !== path) window.history.replaceState(null, "", path);
  const view = render(<Component />);
  if (loaded)
    await vi.waitFor(() => expect(view.container.querySelector("[data-island] > *")).not.toBeNull(), {
      timeout: 15_000,
    });
  return view;
}

/** The API answers every request with this status and JSON body (the spy, to read what was sent). */
const serverAnswers = (status: number, body: object) =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("login form", () => {
  it("shows the spec's messages", async () => {
    const user = userEvent.setup();
    await renderAt("/login", Login);
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("A valid email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("E-mail address"), "nope");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters long.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "longenough");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(
      await screen.findByText(
        "Password must contain at least one uppercase letter, one number, and one special character",
      ),
    ).toBeInTheDocument();
  });

  it("shows a failure from the server on the form", async () => {
    serverAnswers(401, { error: "invalid_credentials", message: "The e-mail address or password is incorrect." });
    const user = userEvent.setup();
    await renderAt("/login", Login);
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Sup3r$ecret");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is incorrect.");
  });
});

describe("sign-up form", () => {
  it("shows the rules as the reader types and the name messages", async () => {
    const user = userEvent.setup();
    await renderAt("/signup", Signup);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("First name is required.")).toBeInTheDocument();
    expect(screen.getByText("Last name is required.")).toBeInTheDocument();
    expect(screen.getByText(/At least 8 characters/).textContent).toContain("(not yet)");
    await user.type(screen.getByLabelText("Password"), "Abcdefg1!");
    expect(screen.getByText(/At least 8 characters/).textContent).toContain("(done)");
    expect(screen.getByText(/A special character/).textContent).toContain("(done)");
    await user.click(screen.getByRole("button", { name: /show/i }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
  });

  it("shows the server's refusal of a common password under the password field and moves focus there", async () => {
    // the browser no longer holds the list (issue 31.5): the request goes out and the server answers 400
    const fetch = serverAnswers(400, {
      error: "validation_failed",
      message: "Some fields need your attention.",
      fields: { password: AUTH_MESSAGES.passwordCommon },
    });
    const user = userEvent.setup();
    await renderAt("/signup", Signup);
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Password1!");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const password = screen.getByLabelText("Password");
    await vi.waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(AUTH_MESSAGES.passwordCommon)),
    );
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Some fields need your attention.")).not.toBeInTheDocument();
  });

  it("shows the browser alert on 409", async () => {
    serverAnswers(409, { error: "email_taken", message: "x" });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const user = userEvent.setup();
    await renderAt("/signup", Signup);
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Sup3r$ecret");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith("Email already registered to an account, please use a different one."),
    );
  });
});

describe("reset-password form", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows the server's refusal of a common password under the password field and moves focus there", async () => {
    window.history.replaceState(null, "", "/reset-password?token=abc");
    serverAnswers(400, {
      error: "validation_failed",
      message: "Some fields need your attention.",
      fields: { password: AUTH_MESSAGES.passwordCommon },
    });
    const user = userEvent.setup();
    await renderAt("/reset-password", ResetPassword);
    await user.type(await screen.findByLabelText("New password"), "Password1!");
    await user.click(screen.getByRole("button", { name: "Save my new password" }));
    const password = screen.getByLabelText("New password");
    await vi.waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(AUTH_MESSAGES.passwordCommon)),
    );
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();
    expect(screen.queryByRole("alert", { name: /Some fields/ })).not.toBeInTheDocument();
  });
});

describe("account screen", () => {
  it("sends a signed-out reader to /login", async () => {
    await renderAt("/account", Account, { loaded: false });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login?next=/account", { replace: true }), {
      timeout: 15_000,
    });
  });
});
