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

/**
 * A screen as a page served as islands renders it, at its path; it is one island, whose code loads first.
 * Answers a user-event session to act on it.
 */
async function renderAt(path: string, Component: React.ComponentType, { loaded = true } = {}) {
  const user = userEvent.setup();
  if (window.location.pathname !== path) window.history.replaceState(null, "", path);
  const view = render(<Component />);
  if (loaded)
    await vi.waitFor(() => expect(view.container.querySelector("[data-island] > *")).not.toBeNull(), {
      timeout: 15_000,
    });
  return user;
}

/** The form at `path` sent empty with its `button` shows each of `messages`; answers the user-event session. */
async function sentEmpty(path: string, Component: React.ComponentType, button: string, messages: string[]) {
  const user = await renderAt(path, Component);
  await user.click(screen.getByRole("button", { name: button }));
  for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
  return user;
}

/** The API answers every request with this status and JSON body (the spy, to read what was sent). */
const serverAnswers = (status: number, body: object) =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status }));

/** The server refuses the password as a common one: 400 with the field's message. */
const serverRefusesCommonPassword = () =>
  serverAnswers(400, {
    error: "validation_failed",
    message: "Some fields need your attention.",
    fields: { password: AUTH_MESSAGES.passwordCommon },
  });

/** The password field shows the server's refusal of a common password, is marked invalid and has the focus. */
async function expectCommonPasswordRefused(password: HTMLElement) {
  await vi.waitFor(() =>
    expect(password).toHaveAccessibleDescription(expect.stringContaining(AUTH_MESSAGES.passwordCommon)),
  );
  expect(password).toHaveAttribute("aria-invalid", "true");
  expect(password).toHaveFocus();
}

/** Fills the sign-up form for Ada Lovelace with this password and sends it. */
async function signUp(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(screen.getByLabelText("First name"), "Ada");
  await user.type(screen.getByLabelText("Last name"), "Lovelace");
  await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("login form", () => {
  it("shows the spec's messages", async () => {
    const user = await sentEmpty("/login", Login, "Log in", ["A valid email is required", "Password is required"]);
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
    const user = await renderAt("/login", Login);
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Sup3r$ecret");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is incorrect.");
  });
});

describe("sign-up form", () => {
  it("shows the rules as the reader types and the name messages", async () => {
    const user = await sentEmpty("/signup", Signup, "Create account", [
      "First name is required.",
      "Last name is required.",
    ]);
    expect(screen.getByText(/At least 8 characters/).textContent).toContain("(not yet)");
    await user.type(screen.getByLabelText("Password"), "Abcdefg1!");
    expect(screen.getByText(/At least 8 characters/).textContent).toContain("(done)");
    expect(screen.getByText(/A special character/).textContent).toContain("(done)");
    await user.click(screen.getByRole("button", { name: /show/i }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
  });

  it("shows the server's refusal of a common password under the password field and moves focus there", async () => {
    // the browser no longer holds the list (issue 31.5): the request goes out and the server answers 400
    const fetch = serverRefusesCommonPassword();
    const user = await renderAt("/signup", Signup);
    await signUp(user, "Password1!");
    await expectCommonPasswordRefused(screen.getByLabelText("Password"));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Some fields need your attention.")).not.toBeInTheDocument();
  });

  it("shows the browser alert on 409", async () => {
    serverAnswers(409, { error: "email_taken", message: "x" });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const user = await renderAt("/signup", Signup);
    await signUp(user, "Sup3r$ecret");
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith("Email already registered to an account, please use a different one."),
    );
  });
});

describe("reset-password form", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows the server's refusal of a common password under the password field and moves focus there", async () => {
    window.history.replaceState(null, "", "/reset-password?token=abc");
    serverRefusesCommonPassword();
    const user = await renderAt("/reset-password", ResetPassword);
    await user.type(await screen.findByLabelText("New password"), "Password1!");
    await user.click(screen.getByRole("button", { name: "Save my new password" }));
    await expectCommonPasswordRefused(screen.getByLabelText("New password"));
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
