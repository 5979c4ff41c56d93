import { Link } from "~/lib/router";

export function NotFoundContent() {
  return (
    <section className="container-page py-20 text-center" aria-labelledby="nf-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="nf-title" className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">
        We could not find that page
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
        The address may be mistyped, or the page may have moved. Our certifications, policies and contact details are
        all a click away from the home page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="btn-primary">
          Back to the home page
        </Link>
        <Link to="/contact" className="btn-outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}
