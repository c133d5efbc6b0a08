import { useState } from 'react';
import { MAX_GALLERY_IMAGES } from '../../../shared/domain/product-images.js';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, uploadImage } from './image-upload.js';

type GalleryUpdate = (images: string[]) => string[];

const moved = (images: string[], from: number, to: number) => {
  const next = [...images];
  const [image] = next.splice(from, 1);
  next.splice(to, 0, image!);
  return next;
};

/**
 * The images shown after the main one, in order: added by upload (several at once), removed, or
 * moved up and down. Each upload is appended as it finishes.
 */
export function GalleryField({
  images,
  errors,
  onChange,
  onBusy,
}: {
  images: string[];
  errors: string[];
  onChange(update: GalleryUpdate): void;
  onBusy(busy: boolean): void;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const room = MAX_GALLERY_IMAGES - images.length;

  const add = async (files: File[]) => {
    const found: string[] = [];
    const wanted = files.filter((file) => {
      const problem = imageFileProblem(file);
      if (problem) found.push(`${file.name}: ${problem}`);
      return !problem;
    });
    const taken = wanted.slice(0, Math.max(0, room));
    if (taken.length < wanted.length)
      found.push(
        `A product can have at most ${MAX_GALLERY_IMAGES} gallery images: ${wanted.length - taken.length} not added`,
      );
    setProblems(found);
    if (taken.length === 0) return;
    setUploading(taken.length);
    onBusy(true);
    try {
      for (const file of taken) {
        try {
          const url = await uploadImage(file);
          onChange((current) => [...current, url]);
        } catch (err) {
          setProblems((shown) => [...shown, `${file.name}: ${(err as Error).message}`]);
        }
        setUploading((left) => left - 1);
      }
    } finally {
      setUploading(0);
      onBusy(false);
    }
  };

  const shownProblems = [...errors, ...problems];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">Gallery</legend>
      <p className="text-sm text-slate-500">
        Shown after the main image, in this order; up to {MAX_GALLERY_IMAGES}. A size can show one of them.
      </p>
      {images.length > 0 && (
        <ol aria-label="Gallery images" className="flex flex-wrap gap-3">
          {images.map((url, i) => {
            const n = i + 1;
            return (
              <li key={url} className="flex flex-col items-center gap-1">
                <img
                  src={url}
                  alt={`Gallery ${n} of ${images.length}`}
                  width={96}
                  height={96}
                  className="h-24 w-24 rounded border object-cover"
                />
                <div className="flex gap-2 text-sm">
                  <button
                    type="button"
                    aria-label={`Move gallery image ${n} up`}
                    disabled={i === 0}
                    onClick={() => onChange((current) => moved(current, i, i - 1))}
                    className="underline disabled:opacity-40"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move gallery image ${n} down`}
                    disabled={i === images.length - 1}
                    onClick={() => onChange((current) => moved(current, i, i + 1))}
                    className="underline disabled:opacity-40"
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove gallery image ${n}`}
                    onClick={() => onChange((current) => current.filter((_, j) => j !== i))}
                    className="text-red-700 underline"
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <label className="flex flex-col gap-1 text-sm">
        Add to gallery
        <input
          id="product-gallery-add"
          type="file"
          multiple
          className="max-w-full"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={room <= 0}
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      {uploading > 0 && <p className="text-sm">Uploading {uploading}…</p>}
      {shownProblems.map((message) => (
        <p key={message} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ))}
    </fieldset>
  );
}
