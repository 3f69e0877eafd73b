import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { BaseSelection } from 'slate';
import { Transforms } from 'slate';
import { useSlateStatic } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import { insertImage } from './editor-commands';
import { isInsertableImageUrl } from './html-attributes';
import { ToolbarMenu } from './toolbar-menu';

function ImageForm({ onInsert }: { onInsert: (url: string, alt: string) => void }) {
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isInsertableImageUrl(url)) {
      setError('Enter an http:// or https:// image address.');
      return;
    }
    onInsert(url.trim(), alt.trim());
  };
  return (
    <form className="rt-image-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>Image address</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={url}
          autoFocus
          aria-invalid={error !== ''}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError('');
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Description (optional)</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="rt-image-form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary">
        Insert
      </button>
    </form>
  );
}

/** Inserts an image by its http(s) address (a file goes through "Add image") at the cursor the editor had when the form opened. */
export function ImageMenu() {
  const editor = useSlateStatic();
  const savedSelection = useRef<BaseSelection>(null);
  return (
    <ToolbarMenu
      label="Insert image by address"
      icon={<ImagePlus size={16} aria-hidden="true" />}
      panelClassName="rt-panel--form"
      onOpen={() => {
        savedSelection.current = editor.selection;
      }}
    >
      {(close) => (
        <ImageForm
          onInsert={(url, alt) => {
            if (savedSelection.current) Transforms.select(editor, savedSelection.current);
            insertImage(editor, url, alt);
            close();
            requestEditorFocus(editor);
          }}
        />
      )}
    </ToolbarMenu>
  );
}
