import { Camera, ImagePlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { BaseSelection } from 'slate';
import { Transforms } from 'slate';
import { useSlateStatic } from 'slate-react';
import { requestEditorFocus } from './focus-request';
import { insertImage } from './editor-commands';
import { isInsertableImageUrl } from './html-attributes';
import { ToolbarMenu } from './toolbar-menu';
import { imageFilesIn, insertImageFiles } from './uploads/image-files';

/**
 * A button opening the file picker for images (a phone offers its camera too); the picked files
 * go to `onFiles`.
 */
function ChooseImageFiles({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        autoFocus
        onClick={() => input.current?.click()}
      >
        <Camera size={16} aria-hidden="true" /> Choose a photo
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Image files"
        onChange={(event) => {
          onFiles(imageFilesIn(event.target.files));
          event.target.value = '';
        }}
      />
    </>
  );
}

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

/**
 * "Add image", as Keep's: a photo from the device (its files, or a phone's camera), uploaded, or
 * an image by its http(s) address; either goes in at the cursor the editor had when it opened.
 */
export function ImageMenu() {
  const editor = useSlateStatic();
  const savedSelection = useRef<BaseSelection>(null);
  return (
    <ToolbarMenu
      label="Add image"
      icon={<ImagePlus size={16} aria-hidden="true" />}
      panelClassName="rt-panel--form"
      onOpen={() => {
        savedSelection.current = editor.selection;
      }}
    >
      {(close) => {
        const done = (insert: () => void) => {
          if (savedSelection.current) Transforms.select(editor, savedSelection.current);
          insert();
          close();
          requestEditorFocus(editor);
        };
        return (
          <div className="rt-image-menu">
            <ChooseImageFiles onFiles={(files) => done(() => insertImageFiles(editor, files))} />
            <ImageForm onInsert={(url, alt) => done(() => insertImage(editor, url, alt))} />
          </div>
        );
      }}
    </ToolbarMenu>
  );
}
