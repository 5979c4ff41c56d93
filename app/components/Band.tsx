/**
 * A band of a public page, the section named by its h2 (`id`, `title`): `className` gives the band its
 * background and padding, the page's container holds the rest. `eyebrow` is the small line above the
 * heading; `dark` for a band on navy (the heading keeps the band's white); `headingClassName` adds to the
 * heading (a narrower line). With `aside` (an inquiry card) the band has two columns: the heading and
 * `children` in the first, `aside` in the second. Server-only markup: no hooks, no state.
 */
export function Band({
  id,
  title,
  eyebrow,
  className,
  container,
  dark = false,
  headingClassName,
  aside,
  children,
}: {
  id: string;
  title: React.ReactNode;
  eyebrow?: string;
  className: string;
  /** what the container adds (`text-center`) */
  container?: string;
  dark?: boolean;
  headingClassName?: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  const heading = (
    <>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2
        id={id}
        className={[eyebrow && "mt-2", headingClassName, "text-3xl font-bold", !dark && "text-navy-900"]
          .filter(Boolean)
          .join(" ")}
      >
        {title}
      </h2>
      {children}
    </>
  );
  return (
    <section className={className} aria-labelledby={id}>
      {aside ? (
        <div className="container-page grid gap-10 md:grid-cols-2">
          <div>{heading}</div>
          {aside}
        </div>
      ) : (
        <div className={container ? `container-page ${container}` : "container-page"}>{heading}</div>
      )}
    </section>
  );
}
