import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useMemo } from "react";
import { SWIPE_THRESHOLD_PX } from "./Carousel";

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Embla, attached to a Carousel's viewport: the carousel renders its slides and buttons itself and
 * loads this after the first paint (lib/hydrate-later), so Embla is not in the page's first load.
 * Renders nothing; hands the Embla API to the carousel.
 */
export function CarouselEngine({
  viewport,
  autoplayMs,
  onApi,
}: {
  viewport: HTMLElement | null;
  autoplayMs?: number;
  onApi: (api: CarouselApi | undefined) => void;
}) {
  const plugins = useMemo(
    () =>
      autoplayMs
        ? [
            Autoplay({
              delay: autoplayMs,
              playOnInit: false,
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ]
        : [],
    [autoplayMs],
  );
  const [viewportRef, api] = useEmblaCarousel(
    { loop: true, dragThreshold: SWIPE_THRESHOLD_PX, align: "start", slidesToScroll: 1 },
    plugins,
  );
  useEffect(() => viewportRef(viewport), [viewportRef, viewport]);
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}
