// @vitest-environment jsdom
import { useEffect } from "react";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Carousel } from "~/components/Carousel";
import { EMAIL_MESSAGES } from "~/schemas/email";
import { PAYMENT_MESSAGES } from "~/schemas/order";
import { examCards, type ExamCard as ExamCardData } from "~/data/exams";
import { login, logout, type User } from "~/state/auth";
import { Providers, useAppDispatch } from "~/state/providers";
import { usePurchaseDialog } from "./usePurchaseDialog";
import { COMING_SOON_TEXT, ExamCard } from "./ExamCard";

/** Embla measures the layout, which jsdom has not got: a small stand-in with the same API surface. */
const emblaCalls: { options: Record<string, unknown>; plugins: unknown[] }[] = [];
vi.mock("embla-carousel-react", async () => {
  const React = await import("react");
  function useFakeEmbla(options: Record<string, unknown>, plugins: unknown[] = []) {
    emblaCalls.push({ options, plugins });
    const [api] = React.useState(() => {
      let index = 0;
      const handlers: Record<string, (() => void)[]> = {};
      const emit = (ev: string) => (handlers[ev] ?? []).forEach((h) => h());
      const self = {
        selectedScrollSnap: () => index,
        scrollNext: () => ((index = (index + 1) % 5), emit("select")),
        scrollPrev: () => ((index = (index + 4) % 5), emit("select")),
        scrollTo: (i: number) => ((index = i), emit("select")),
        reInit: () => emit("reInit"),
        plugins: () => ({}),
        on: (ev: string, h: () => void) => ((handlers[ev] ??= []).push(h), self),
        off: (ev: string, h: () => void) => ((handlers[ev] = (handlers[ev] ?? []).filter((x) => x !== h)), self),
      };
      return self;
    });
    return [() => {}, api];
  }
  return { default: useFakeEmbla };
});

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

const current = (region: HTMLElement) =>
  within(region)
    .getAllByRole("button", { name: /^Slide \d/ })
    .find((b) => b.getAttribute("aria-current") === "true")!;

describe("the exam carousel", () => {
  it("moves with next/prev and the slide picker, swipes with a 40 px threshold, and never advances by itself", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    emblaCalls.length = 0;
    render(
      <Carousel label="Certification exams" slideLabels={examCards.map((c) => c.certification.title)}>
        {examCards.map((c) => (
          <p key={c.key}>{c.certification.title}</p>
        ))}
      </Carousel>,
    );
    // Embla arrives after the first paint (components/CarouselEngine)
    await waitFor(() => expect(emblaCalls).not.toHaveLength(0));
    expect(emblaCalls[0]!.options).toMatchObject({ dragThreshold: 40 });
    expect(emblaCalls[0]!.plugins).toEqual([]);
    const region = screen.getByRole("region", { name: "Certification exams" });
    expect(within(region).getAllByRole("group", { name: /of 5/ })).toHaveLength(5);
    expect(current(region)).toHaveAccessibleName(/^Slide 1:/);
    await user.click(screen.getByRole("button", { name: "Next slide (Certification exams)" }));
    expect(current(region)).toHaveAccessibleName("Slide 2: MySQL Backend Developer Online Exam");
    await user.click(screen.getByRole("button", { name: "Previous slide (Certification exams)" }));
    await user.click(screen.getByRole("button", { name: "Previous slide (Certification exams)" }));
    expect(current(region)).toHaveAccessibleName(/^Slide 5:/);
    await user.click(screen.getByRole("button", { name: /^Slide 3:/ }));
    expect(current(region)).toHaveAccessibleName(/^Slide 3:/);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(current(region)).toHaveAccessibleName(/^Slide 3:/);
    expect(screen.queryByRole("button", { name: /Pause|Play/ })).toBeNull();
  });

  it("gives the badge carousel an autoplay plugin and a pause/play button", async () => {
    const user = userEvent.setup();
    emblaCalls.length = 0;
    render(
      <Carousel label="Badges" slideLabels={["a", "b"]} autoplayMs={5000}>
        <p>a</p>
        <p>b</p>
      </Carousel>,
    );
    await waitFor(() => expect(emblaCalls).not.toHaveLength(0));
    expect(emblaCalls[0]!.plugins).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Pause Badges" }));
    expect(screen.getByRole("button", { name: "Play Badges" })).toBeInTheDocument();
  });
});

describe("an exam card", () => {
  const js = examCards[0]!;

  it("has Exam and Outline tabs, bold key words, the price and the outline with the partners prompt", async () => {
    const user = userEvent.setup();
    render(<ExamCard card={js} onBuy={() => {}} />);
    const examTab = screen.getByRole("tab", { name: "Exam" });
    expect(examTab).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("$999.00", { exact: false })).toBeVisible();
    expect(screen.getByText("JavaScript", { selector: "strong" })).toBeVisible();
    expect(screen.getByRole("link", { name: /learn more/ })).toHaveAttribute("href", "/jsexam-details-page");
    await user.click(screen.getByRole("tab", { name: "Outline" }));
    expect(screen.getByText("Interested in a prep course? Check out what some of our partners have!")).toBeVisible();
    expect(screen.getByRole("link", { name: "Partners" })).toHaveAttribute("href", "/partners");
    expect(screen.getAllByRole("listitem")).toHaveLength(8);
    expect(screen.getByRole("button", { name: /Buy Exam/, hidden: true })).not.toBeVisible();
  });

  it.each(examCards.filter((c) => c.certification.details))(
    "shows the passing score of the $certification.shortName exam from the exam data",
    (card) => {
      render(<ExamCard card={card} onBuy={() => {}} />);
      expect(screen.getByText(`Passing score: ${card.certification.details!.passingScore}`)).toBeVisible();
    },
  );

  it("has no learn more link for the Technical Sales Specialist exam", () => {
    render(<ExamCard card={examCards[4]!} onBuy={() => {}} />);
    expect(screen.queryByRole("link", { name: /learn more/ })).toBeNull();
  });

  it("shows an unavailable exam under a 'Coming Soon!' overlay with title and description only", () => {
    const fixture: ExamCardData = { ...js, certification: { ...js.certification, available: false } };
    render(<ExamCard card={fixture} onBuy={() => {}} />);
    expect(screen.getByText("Coming Soon!")).toBeInTheDocument();
    expect(screen.getByText(COMING_SOON_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: js.certification.title })).toBeInTheDocument();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByText(/\$999\.00/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Buy Exam/ })).toBeNull();
  });

  it("opens the info note on keyboard focus, on hover and on a tap; Escape, blur and pointer leave close it", async () => {
    const user = userEvent.setup();
    render(
      <>
        <ExamCard card={js} onBuy={() => {}} />
        <button type="button">elsewhere</button>
      </>,
    );
    const info = screen.getByRole("button", { name: /Exam requirements/ });
    const note = () => document.querySelector("[data-info-note]");
    expect(note()).toBeNull();
    expect(info).toHaveAccessibleDescription(/No prior training or membership is required/);
    // keyboard: focus opens, Escape dismisses without moving focus, blur closes
    await user.tab();
    while (document.activeElement !== info) await user.tab();
    await waitFor(() => expect(note()).not.toBeNull());
    expect(note()).toHaveTextContent("No prior training or membership is required to take this exam.");
    expect(note()).toHaveTextContent("Re-certification is required every 3 years.");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(note()).toBeNull());
    expect(info).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "elsewhere" }));
    // pointer: hover opens, leaving closes
    await user.hover(info);
    await waitFor(() => expect(note()).not.toBeNull());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(note()).toBeNull());
    // a tap (click) opens it rather than toggling it shut
    await user.click(info);
    await waitFor(() => expect(note()).not.toBeNull());
  });
});

describe("the purchase dialogs", () => {
  function Buttons({ signedIn }: { signedIn?: User }) {
    const { buy, dialog } = usePurchaseDialog();
    const dispatch = useAppDispatch();
    useEffect(() => {
      if (!signedIn) return;
      dispatch(login(signedIn));
      // the browser's store is one for the page: sign out again for the next test
      return () => void dispatch(logout());
    }, [signedIn, dispatch]);
    return (
      <>
        <button type="button" onClick={() => buy(2)}>
          Buy MySQL
        </button>
        {dialog}
      </>
    );
  }
  function Harness({ signedIn }: { signedIn?: User }) {
    window.history.replaceState(null, "", "/credentials");
    return (
      <Providers>
        <Buttons signedIn={signedIn} />
      </Providers>
    );
  }
  /** a candidate whose address is confirmed: exams are bought from such an account */
  const candidate: User = {
    id: 7,
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "4055550123",
    address: "12 Elm Street",
    addressLine1: "",
    city: "Oklahoma City",
    state: "OK",
    zip: "73102",
    role: "candidate",
    emailVerified: true,
  };

  const mockFetch = (failFirstOrders = 0) => {
    let orderAttempts = 0;
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith("/api/payments/mode")) return Response.json({ mode: "test", tokensUrl: "/test-gateway/tokens" });
      if (url.endsWith("/api/me")) return Response.json({ user: candidate });
      if (url.endsWith("/eligibility")) return Response.json({ allowed: true });
      if (url.endsWith("/test-gateway/tokens"))
        return Response.json({ token: "tok_test_0123456789abcdef", brand: "Visa", last4: "4242" }, { status: 201 });
      if (url.endsWith("/api/orders") && ++orderAttempts <= failFirstOrders) throw new TypeError("Failed to fetch");
      if (url.endsWith("/api/orders"))
        return Response.json(
          {
            order: {
              reference: "ORD-ABCDEFGH",
              examTitle: "MySQL Backend Developer Online Exam",
              amount: "$999.00",
              cardBrand: "Visa",
              cardLast4: "4242",
            },
          },
          { status: 201 },
        );
      return Response.json({ error: "not_found", message: "no" }, { status: 404 });
    });
  };
  const orderCalls = (f: ReturnType<typeof mockFetch>) =>
    f.mock.calls.filter(([u]) => String(u).endsWith("/api/orders")).length;

  async function fillForm(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    const d = within(dialog);
    // the candidate's details come from the account
    expect(d.getByLabelText("First name")).toHaveValue("Ada");
    expect(d.getByLabelText("E-mail address")).toHaveValue("ada@example.com");
    expect(d.getByLabelText("Zip code")).toHaveValue("73102");
    await user.type(d.getByLabelText("Card number"), "4242424242424242");
    await user.selectOptions(d.getByLabelText("Expiration month"), "8");
    await user.selectOptions(d.getByLabelText("Expiration year"), String(new Date().getFullYear() + 2));
    await user.type(d.getByLabelText("Security code (CVV)"), "123");
    await user.click(d.getByLabelText("Billing address is the same as my address"));
  }

  /** The signed-in candidate's purchase of the MySQL exam, its form filled and sent to review: the dialog. */
  async function reviewedPurchase() {
    const user = userEvent.setup();
    render(<Harness signedIn={candidate} />);
    await user.click(screen.getByRole("button", { name: "Buy MySQL" }));
    const dialog = await screen.findByRole("dialog", { name: "MySQL Backend Developer Online Exam" });
    await fillForm(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: /Review and pay/ }));
    return { user, dialog };
  }

  it("asks a visitor who is not signed in to log in, with the way back to this page, and shows no payment form", async () => {
    mockFetch();
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Buy MySQL" }));
    const dialog = await screen.findByRole(
      "dialog",
      { name: "MySQL Backend Developer Online Exam" },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByRole("heading", { name: "Log in to buy this exam" })).toBeVisible();
    expect(within(dialog).getByText(PAYMENT_MESSAGES.signIn)).toBeVisible();
    expect(within(dialog).getByText("$999.00")).toBeVisible();
    expect(within(dialog).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?next=%2Fcredentials");
    expect(within(dialog).getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
    expect(within(dialog).queryByLabelText("Card number")).toBeNull();
    expect(within(dialog).queryByText(/Test mode/)).toBeNull();
  });

  it("opens for the chosen exam in test mode, closes on Escape and gives focus back to the button", async () => {
    mockFetch();
    const user = userEvent.setup();
    render(<Harness signedIn={candidate} />);
    const opener = screen.getByRole("button", { name: "Buy MySQL" });
    await user.click(opener);
    // the first opening loads the dialog's chunk: slow on a busy machine
    const dialog = await screen.findByRole(
      "dialog",
      { name: "MySQL Backend Developer Online Exam" },
      { timeout: 10_000 },
    );
    expect(await within(dialog).findByText(/no real charge\. Use card 4242 4242 4242 4242\./)).toBeVisible();
    // the account's details fill the candidate fields; an emptied one is reported like any other
    await user.clear(within(dialog).getByLabelText("First name"));
    await user.click(within(dialog).getByRole("button", { name: /Review and pay/ }));
    expect(await within(dialog).findByText("First name is required.")).toBeVisible();
    expect(within(dialog).getByText("Card number is required.")).toBeVisible();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("asks a signed-in candidate to confirm the address first, with the button that sends the link again", async () => {
    const f = mockFetch();
    const unconfirmed: User = { ...candidate, emailVerified: false };
    f.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith("/api/me")) return Response.json({ user: unconfirmed });
      if (url.endsWith("/api/me/email/confirmation"))
        return Response.json({ message: EMAIL_MESSAGES.resent }, { status: 202 });
      return Response.json({ mode: "test", tokensUrl: "/test-gateway/tokens" });
    });
    const user = userEvent.setup();
    render(<Harness signedIn={unconfirmed} />);
    await user.click(screen.getByRole("button", { name: "Buy MySQL" }));
    const dialog = await screen.findByRole("dialog", { name: "MySQL Backend Developer Online Exam" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(EMAIL_MESSAGES.mustConfirm);
    expect(within(dialog).queryByLabelText("Card number")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Send the confirmation link again" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent(EMAIL_MESSAGES.resent);
  });

  it("asks 'Confirm Purchase': Cancel sends nothing, Confirm posts the order and shows its reference", async () => {
    const f = mockFetch();
    const { user, dialog } = await reviewedPurchase();
    let confirm = await screen.findByRole("dialog", { name: "Confirm Purchase" });
    expect(within(confirm).getByText("Are you sure you want to confirm this purchase?")).toBeVisible();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm Purchase" })).toBeNull());
    expect(orderCalls(f)).toBe(0);
    expect(within(dialog).getByRole("button", { name: /Review and pay/ })).toHaveFocus();

    await user.click(within(dialog).getByRole("button", { name: /Review and pay/ }));
    confirm = await screen.findByRole("dialog", { name: "Confirm Purchase" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm Purchase" })).toBeNull());
    expect(screen.getByRole("dialog", { name: "MySQL Backend Developer Online Exam" })).toBeInTheDocument();
    expect(orderCalls(f)).toBe(0);

    await user.click(within(dialog).getByRole("button", { name: /Review and pay/ }));
    confirm = await screen.findByRole("dialog", { name: "Confirm Purchase" });
    await user.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("ORD-ABCDEFGH")).toBeVisible();
    expect(orderCalls(f)).toBe(1);
    // the card went to the gateway's tokenization endpoint, without cookies; the order carries the token
    const tokenCall = f.mock.calls.find(([u]) => String(u).endsWith("/test-gateway/tokens"))!;
    expect(tokenCall[1]!.credentials).toBe("omit");
    expect(JSON.parse(String(tokenCall[1]!.body))).toMatchObject({ cardNumber: "4242424242424242", cvv2: "123" });
    const body = JSON.parse(String(f.mock.calls.find(([u]) => String(u).endsWith("/api/orders"))![1]!.body));
    expect(body).toMatchObject({
      courseCertId: "2",
      paymentToken: "tok_test_0123456789abcdef",
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      postal: "73102",
      city: "Oklahoma City",
    });
    expect(JSON.stringify(body)).not.toMatch(/4242424242424242|cvv|cardNumber/);
  });

  it("sends the same purchase attempt again after a lost answer, so a retry cannot charge twice", async () => {
    const f = mockFetch(1);
    const { user, dialog } = await reviewedPurchase();
    await user.click(
      within(await screen.findByRole("dialog", { name: "Confirm Purchase" })).getByRole("button", { name: "Confirm" }),
    );
    expect(await within(dialog).findByText(/could not reach the server/)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: /Review and pay/ }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Confirm Purchase" })).getByRole("button", { name: "Confirm" }),
    );
    expect(await within(dialog).findByText("ORD-ABCDEFGH")).toBeVisible();
    const keys = f.mock.calls
      .filter(([u]) => String(u).endsWith("/api/orders"))
      .map(([, init]) => JSON.parse(String(init!.body)).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
