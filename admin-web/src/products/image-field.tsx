import { useEffect, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem, uploadImage } from './image-upload.js';

/**
 * Picks an image, shows it at once and uploads it; the field's value becomes the stored image's URL.
 * The server checks the bytes again, whatever this code lets through.
 */
export function ImageField({
  id,
  value,
  onChange,
  onBusy,
}: {
  id: string;
  value: string;
  onChange(url: string): void;
  onBusy(busy: boolean): void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) return setError(problem);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      setPreview(null);
      setError((err as Error).message);
    } finally {
      setUploading(false);
      onBusy(false);
    }
  };

  const shown = preview ?? value;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        Image
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img src={shown} alt="Product preview" className="h-28 w-28 rounded border object-cover" />
        ) : (
          <div className="flex h-28 w-28 items-center justify-center rounded border bg-slate-100 text-sm text-slate-500">
            No image
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <input
            id={id}
            type="file"
            className="max-w-full"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <p className="text-sm text-slate-500">JPEG, PNG or WebP, up to 5 MB.</p>
          {uploading && <p className="text-sm">Uploading…</p>}
          {value && !uploading && (
            <button
              type="button"
              onClick={() => {
                setPreview(null);
                onChange('');
              }}
              className="self-start text-sm text-red-700 underline"
            >
              Remove image
            </button>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
