import { useEffect, useState } from 'react';
import { ImageOff, Pencil, RotateCcw, X } from 'lucide-react';
import { Transforms } from 'slate';
import { HistoryEditor } from 'slate-history';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import type { ImageElement } from './types';
import { imageUploads } from './uploads/image-uploads';
import { useUpload } from './uploads/use-upload';
import type { UploadState } from './uploads/upload-queue';
import { ImageDescriptionDialog } from './image-description-dialog';

/** The words a pending image's status says (read out as it changes). */
function statusText(upload: UploadState | undefined): string {
  if (!upload || upload.status === 'loading') return 'Loading the image…';
  if (upload.status === 'uploading') return `Uploading… ${Math.round(upload.progress * 100)}%`;
  if (upload.status === 'done') return 'Uploaded';
  return upload.message ?? '';
}

/**
 * An image in the editor. One added here shows at once (from the file itself), with its upload's
 * progress, what went wrong and Retry; when the server has it, its address replaces the local id
 * (outside the undo history: undo is for what the user did). Every image can be described (its
 * alt text) and removed.
 */
export function EditorImage({
  attributes,
  children,
  element,
}: RenderElementProps & { element: ImageElement }) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const upload = useUpload(element.upload);
  const [describing, setDescribing] = useState(false);
  const name = upload?.name || 'image';

  const uploadedUrl = upload?.status === 'done' ? upload.url : undefined;
  useEffect(() => {
    if (!uploadedUrl || !element.upload) return;
    const path = ReactEditor.findPath(editor, element);
    HistoryEditor.withoutSaving(editor, () =>
      Transforms.setNodes(editor, { url: uploadedUrl, upload: undefined }, { at: path }),
    );
  }, [editor, element, uploadedUrl]);

  // The kept copy stays (Undo brings the image back); it is forgotten with age (image-uploads.ts).
  const remove = () =>
    Transforms.removeNodes(editor, { at: ReactEditor.findPath(editor, element) });
  const describe = (alt: string) => {
    setDescribing(false);
    Transforms.setNodes(
      editor,
      { alt: alt || undefined },
      { at: ReactEditor.findPath(editor, element) },
    );
  };

  const pending = element.upload !== undefined;
  const src = element.url || upload?.previewUrl;
  const failed = upload?.status === 'failed' || upload?.status === 'missing';
  return (
    <span {...attributes} className="rt-image">
      <span
        contentEditable={false}
        className={pending ? 'rt-image__frame rt-image__frame--pending' : 'rt-image__frame'}
      >
        <span className="rt-image__picture">
          {src ? (
            <img
              src={src}
              alt={element.alt ?? ''}
              className={
                selected && focused ? 'rt-image__img rt-image__img--selected' : 'rt-image__img'
              }
            />
          ) : (
            <span className="rt-image__placeholder" aria-hidden="true">
              <ImageOff size={28} />
              {upload?.name}
            </span>
          )}
          <span className="rt-image__actions">
            <button
              type="button"
              className="rt-image__action"
              aria-label={element.alt ? `Edit description: ${element.alt}` : 'Add a description'}
              title="Description"
              onClick={() => setDescribing(true)}
            >
              <Pencil size={14} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="rt-image__action"
              aria-label={element.alt ? `Remove image: ${element.alt}` : 'Remove image'}
              title="Remove"
              onClick={remove}
            >
              <X size={14} aria-hidden="true" />
            </button>
          </span>
        </span>
        {pending && (
          <span className="rt-image__status">
            {upload?.status === 'uploading' && (
              <span
                className="rt-image__progress"
                role="progressbar"
                aria-label={`Uploading ${name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(upload.progress * 100)}
              >
                <span style={{ width: `${Math.round(upload.progress * 100)}%` }} />
              </span>
            )}
            <span role={failed ? 'alert' : 'status'} className="rt-image__message">
              {statusText(upload)}
            </span>
            {(upload?.status === 'failed' || upload?.status === 'waiting') && (
              <button
                type="button"
                className="rt-image__action rt-image__action--text"
                onClick={() => element.upload && imageUploads().retry(element.upload)}
              >
                <RotateCcw size={14} aria-hidden="true" /> Retry
              </button>
            )}
          </span>
        )}
      </span>
      {describing && (
        <ImageDescriptionDialog
          alt={element.alt ?? ''}
          onSave={describe}
          onClose={() => setDescribing(false)}
        />
      )}
      {children}
    </span>
  );
}
