import { addImages, type ImageLimits, type PickedImage, type RefusedImage } from '../../lib/image-files';
import { Icon } from './icon';
import './image-picker.css';

interface ImagePickerProps {
  /** The file input's id, for the label the form shows. */
  id: string;
  images: PickedImage[];
  limits: ImageLimits;
  /** The images after a pick or a removal, and the files refused by the pick (none for a removal). */
  onChange: (images: PickedImage[], refused: RefusedImage[]) => void;
  /** The remove button's accessible name for an image. */
  removeLabel: (name: string) => string;
  /** Ids describing the input (a hint, an error). */
  describedBy?: string;
}

/**
 * A PNG or JPEG picker with previews and a remove button on each: files are checked by their first bytes
 * and size before they are read, and the input is disabled once the count is reached.
 */
export function ImagePicker({ id, images, limits, onChange, removeLabel, describedBy }: ImagePickerProps) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        disabled={images.length >= limits.count}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that the same file can be chosen again after it was removed.
          event.target.value = '';
          void addImages(images, files, limits).then(({ images: next, refused }) => onChange(next, refused));
        }}
      />
      {images.length > 0 ? (
        <ul className="image-picker__previews">
          {images.map((image, index) => (
            <li key={`${image.name}-${index}`}>
              <img src={image.preview} alt={image.name} />
              <button
                type="button"
                className="icon-button"
                aria-label={removeLabel(image.name)}
                onClick={() =>
                  onChange(
                    images.filter((_, position) => position !== index),
                    [],
                  )
                }
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
