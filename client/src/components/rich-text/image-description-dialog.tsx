import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Modal } from '../modal';

interface ImageDescriptionDialogProps {
  alt: string;
  onSave: (alt: string) => void;
  onClose: () => void;
}

/** Sets an image's description (its alt text), read to those who cannot see it. */
export function ImageDescriptionDialog({ alt, onSave, onClose }: ImageDescriptionDialogProps) {
  const [value, setValue] = useState(alt);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim());
  };
  return (
    <Modal label="Image description" onClose={onClose}>
      <form className="confirm-dialog rt-image-form" onSubmit={submit}>
        <h2>Image description</h2>
        <div className="field">
          <label htmlFor={`${id}-alt`}>What the image shows</label>
          <input
            id={`${id}-alt`}
            type="text"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="confirm-dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
