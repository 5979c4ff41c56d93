import { useEffect, useState } from "react";
import { useNavigate } from "~/lib/router";
import { ProfileFields } from "~/components/ProfileFields";
import { Cell, ScrollTable } from "~/components/ScrollTable";
import { formatDay } from "~/lib/dates";
import { ApiError, call } from "~/lib/api/client";
import { profileSchema, updateProfileEndpoint, type ProfileInput } from "~/schemas/profile";
import { myOrdersEndpoint, type OrderRecord } from "~/schemas/order-record";
import { login, logout, logoutUser, type User } from "~/state/auth";
import { useAppDispatch, useAppSelector, useRehydrated } from "~/state/providers";
import { FormAlert } from "~/forms/form-alert";
import { useSubmitForm } from "~/forms/useSubmitForm";
import { AccountNav, NothingYet } from "~/components/account/AccountPage";
import { EmailSection } from "~/components/account/EmailSection";

const toForm = (u: User): ProfileInput => ({
  FirstName: u.firstName,
  LastName: u.lastName,
  Phone: u.phone,
  Address: u.address,
  AddressLine1: u.addressLine1,
  City: u.city,
  State: u.state,
  Zip: u.zip,
});

function ProfileForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const { form, formProps, alert, submitting } = useSubmitForm({
    schema: profileSchema,
    defaultValues: toForm(user),
    send: (values) => call(updateProfileEndpoint, { body: values }),
    done: (res) => {
      dispatch(login(res.user));
      return "Your profile has been saved.";
    },
    failure: (e) => {
      if (e instanceof ApiError && e.status === 401) dispatch(logout());
      return e instanceof Error ? e.message : "Your profile could not be saved.";
    },
  });

  return (
    <form {...formProps} aria-labelledby="profile-title" className="space-y-4">
      <ProfileFields register={form.register} errors={form.formState.errors} />
      {alert}
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? "Saving…" : "Save profile"}
      </button>
    </form>
  );
}

function Orders() {
  const [orders, setOrders] = useState<OrderRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(myOrdersEndpoint, {})
      .then((r) => setOrders(r.orders))
      .catch((e) => setError(e instanceof Error ? e.message : "Your orders could not be loaded."));
  }, []);
  if (error) return <FormAlert>{error}</FormAlert>;
  if (!orders) return <p className="text-muted">Loading your orders…</p>;
  if (orders.length === 0)
    return <NothingYet text="You have not bought an exam yet." to="/credentials" link="Browse our certifications" />;
  return (
    <ScrollTable caption="Your exam orders" columns={["Reference", "Exam", "Amount", "Paid with", "Date"]}>
      {orders.map((o) => (
        <tr key={o.reference} className="border-b border-slate-200">
          <Cell label="Reference" className="font-mono">
            {o.reference}
          </Cell>
          <Cell label="Exam">{o.examTitle}</Cell>
          <Cell label="Amount">{o.amount}</Cell>
          <Cell label="Paid with">
            {o.cardBrand} ending {o.cardLast4}
          </Cell>
          <Cell label="Date">{formatDay(o.createdAt)}</Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * /account: the candidate's address, profile and orders, and Log out. A signed-out reader is sent to log in
 * once the persisted user has been read back. The route serves it as an island (app/routes/account.tsx).
 */
export function AccountOverview() {
  const user = useAppSelector((s) => s.user);
  const rehydrated = useRehydrated();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    if (rehydrated && !user) navigate("/login?next=/account", { replace: true });
  }, [rehydrated, user, navigate]);

  return (
    <div className="bg-navy-50 py-12">
      <div className="container-page max-w-4xl">
        <h1 className="text-3xl font-extrabold text-navy-900 sm:text-4xl">Your account</h1>
        <AccountNav />
        {!user ? (
          <p className="mt-4 text-muted" role="status">
            Loading your account…
          </p>
        ) : (
          <>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
              <p className="text-muted">
                Signed in as <strong className="text-navy-900">{user.email}</strong>
              </p>
              <button
                type="button"
                className="btn-outline"
                onClick={async () => {
                  await dispatch(logoutUser());
                  navigate("/");
                }}
              >
                Log out
              </button>
            </div>
            <EmailSection user={user} />
            <section aria-labelledby="profile-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
              <h2 id="profile-title" className="mb-4 text-2xl font-bold text-navy-900">
                Profile
              </h2>
              <ProfileForm key={user.id} user={user} />
            </section>
            <section aria-labelledby="orders-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
              <h2 id="orders-title" className="mb-4 text-2xl font-bold text-navy-900">
                My orders
              </h2>
              <Orders />
            </section>
          </>
        )}
      </div>
    </div>
  );
}
