/**
 * The dark header of a public page: the eyebrow, the page's one h1 and its introduction, then
 * whatever the page adds (a link, buttons). `id` names the section by its heading.
 */
export function PageHero({
  id,
  eyebrow,
  title,
  intro,
  wide = false,
  children,
}: {
  id: string;
  eyebrow: React.ReactNode;
  title: React.ReactNode;
  intro: React.ReactNode;
  /** a longer introduction: max-w-3xl instead of max-w-2xl */
  wide?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section className="bg-navy-900 text-white" aria-labelledby={id}>
      <div className="container-page py-14 md:py-16">
        <p className="text-sm font-bold tracking-widest text-gold-300 uppercase">{eyebrow}</p>
        <h1 id={id} className="mt-2 text-4xl font-extrabold sm:text-5xl">
          {title}
        </h1>
        <p className={`mt-4 ${wide ? "max-w-3xl" : "max-w-2xl"} text-lg text-navy-100`}>{intro}</p>
        {children}
      </div>
    </section>
  );
}

/**
 * The dark hero of the home and credentials pages: a soft glow of colour behind it (`glow`, its background
 * classes), then the page's own content in the container (`className`, its padding). `id` names the section
 * by its heading.
 */
export function GlowHero({
  id,
  glow,
  className,
  children,
}: {
  id: string;
  glow: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white" aria-labelledby={id}>
      <div aria-hidden="true" className={`absolute inset-0 ${glow}`} />
      <div className={`container-page relative ${className}`}>{children}</div>
    </section>
  );
}
