import { z } from 'zod';
import { isLoopbackHost } from './loopback-host.js';

/** A product's gallery: the images after its main one. */
export const MAX_GALLERY_IMAGES = 50;

/** One of the shop's own images: /images/ and a plain file path, no `..`, backslash or scheme tricks. */
const OWN_IMAGE_PATH = /^\/images\/(?!(?:.*\/)?\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

function isAllowedImageUrl(value: string): boolean {
  if (value === '' || OWN_IMAGE_PATH.test(value)) return true;
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash: refuse them outright.
  if (/[\p{Cc}\s\\]/u.test(value) || !/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // Plain http only from this machine: the Storage emulator's download URLs.
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/**
 * An https URL or one of the shop's own /images/ paths; never javascript:, data: or another site by //.
 * '' is no image.
 */
export const imageUrlSchema = z
  .string({ error: 'Image must be a URL' })
  .trim()
  .max(2048, 'Image URL is too long')
  .refine(isAllowedImageUrl, 'Image must be an https URL or one of the shop’s /images/ paths');

/** The gallery as given: each entry an image URL as imgUrl is; empty entries and repeats are dropped later. */
export const galleryImagesSchema = z
  .array(imageUrlSchema, { error: 'images must be a list of image URLs' })
  .max(MAX_GALLERY_IMAGES, `A product can have at most ${MAX_GALLERY_IMAGES} gallery images`);

/** The gallery as stored: in the order given, without empty entries, the main image or repeats. */
export function galleryWithout(imgUrl: string, images: readonly string[]): string[] {
  if (images.length === 0) return [];
  const seen = new Set<string>([imgUrl, '']);
  const gallery: string[] = [];
  for (const image of images) {
    if (seen.has(image)) continue;
    seen.add(image);
    gallery.push(image);
  }
  return gallery;
}
