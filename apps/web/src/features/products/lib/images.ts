import { PLACEHOLDER_IMAGE, storageUrl, type ImageType, type ProductImageDto } from '@drop/shared';

/** How many cards of a list load their picture first (eager, high priority): the first screen's. */
export const PRIORITY_CARD_IMAGES = 4;

/** The picture a product card shows (the list's card view). */
export const cardImage = (images: readonly ProductImageDto[]) => pickImage(images, 'medium_centered');

/** The first image of `type`, else any image, else the placeholder. */
export function pickImage(images: readonly ProductImageDto[], type: ImageType): string {
  const img = images.find((i) => i.type === type) ?? images[0];
  return img ? storageUrl(img.path) : PLACEHOLDER_IMAGE;
}

/** Every picture of a product for a gallery: all of `type`, else all originals, else all, else the placeholder. */
export function galleryImages(images: readonly ProductImageDto[], type: ImageType = 'medium_centered'): string[] {
  for (const list of [images.filter((i) => i.type === type), images.filter((i) => i.type === 'original'), images]) {
    if (list.length > 0) return list.map((i) => storageUrl(i.path));
  }
  return [PLACEHOLDER_IMAGE];
}

export { PLACEHOLDER_IMAGE };
