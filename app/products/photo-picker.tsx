import { type ReactNode, useEffect, useRef, useState } from "react";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField } from "~/media/upload-form";
import { useT } from "~/ui/messages";

/**
 * The new product's photos, first in its form. Without JavaScript it is the file field: the photos go in the order
 * chosen and the first is the cover. With it, each chosen photo shows at once as a thumbnail (from the file itself,
 * nothing is sent), 'Portada' on the first, with buttons to move one up or down or take it out: they reorder the
 * field's own files, so the form sends them in the order seen.
 */
export function PhotoPicker(props: { max?: number; tooManyMessage?: string; hint: ReactNode; error?: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  // Each file's thumbnail address, made once and kept while the file is chosen (a reorder keeps them).
  const urls = useRef(new Map<File, string>());
  const urlOf = (file: File) => {
    let url = urls.current.get(file);
    if (!url) {
      url = URL.createObjectURL(file);
      urls.current.set(file, url);
    }
    return url;
  };
  useEffect(() => {
    for (const [file, url] of urls.current)
      if (!files.includes(file)) {
        URL.revokeObjectURL(url);
        urls.current.delete(file);
      }
  }, [files]);
  useEffect(() => {
    const made = urls.current;
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const t = useT();
  const input = () => box.current?.querySelector<HTMLInputElement>("input[type=file]") ?? null;
  /** Puts `next` in the field itself; false where the browser cannot (then the thumbnails only show). */
  const place = (next: File[]) => {
    const field = input();
    if (!field || typeof DataTransfer === "undefined") return false;
    try {
      const transfer = new DataTransfer();
      for (const file of next) transfer.items.add(file);
      field.files = transfer.files;
    } catch {
      return false;
    }
    setFiles(next);
    return true;
  };
  const move = (from: number, to: number) => {
    const next = [...files];
    const [file] = next.splice(from, 1);
    if (!file) return;
    next.splice(to, 0, file);
    place(next);
  };

  return (
    <div
      ref={box}
      className="span-all photo-picker"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.type === "file") setFiles([...(target.files ?? [])].filter((f) => f.type.startsWith("image/")));
      }}
    >
      <FileField
        label={t({ id: "products.picker.label", defaultMessage: "Fotos" })}
        name="image"
        accept="image/*"
        required
        multiple
        maxFiles={props.max}
        tooManyMessage={props.tooManyMessage}
        resizeHeight={IMAGE_HEIGHTS.product}
        hint={props.hint}
        error={props.error}
      />
      {files.length > 0 && (
        <ol className="photo-picks" aria-label={t({ id: "products.picker.chosen", defaultMessage: "Elegidas para subir" })}>
          {files.map((file, index) => {
            const label =
              index === 0
                ? t({ id: "products.picker.cover", defaultMessage: "Portada" })
                : t({ id: "products.picker.photo", defaultMessage: "Foto {number}" }, { number: String(index + 1) });
            return (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                <img src={urlOf(file)} alt={label} width={88} height={88} />
                {index === 0 ? <strong className="tag cover-tag">{label}</strong> : <span>{label}</span>}
                <span className="photo-pick-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t({ id: "products.picker.up", defaultMessage: "Subir {photo}" }, { photo: label.toLowerCase() })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t(
                      { id: "products.picker.down", defaultMessage: "Bajar {photo}" },
                      { photo: label.toLowerCase() },
                    )}
                    disabled={index === files.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t(
                      { id: "products.picker.remove", defaultMessage: "Quitar {photo}" },
                      { photo: label.toLowerCase() },
                    )}
                    onClick={() => place(files.filter((_, i) => i !== index))}
                  >
                    ✕
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
