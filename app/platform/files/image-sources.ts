/** What an <img> needs of a stored image: the middle variant as src and every variant in srcset (browser-safe). */
export type ImageSources = { src: string; srcSet: string; width: number; height: number };
