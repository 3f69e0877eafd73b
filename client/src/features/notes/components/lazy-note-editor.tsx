import { lazy, Suspense } from 'react';
import type { ComponentProps } from 'react';
import { SectionLoader } from '../../../components/section-loader';

const NoteEditor = lazy(() => import('./note-editor').then((m) => ({ default: m.NoteEditor })));

/**
 * The note editor, loaded when first opened: it brings Slate (about 65 kB compressed), which the
 * list on the first screen does not need.
 */
export function LazyNoteEditor(props: ComponentProps<typeof NoteEditor>) {
  return (
    <Suspense fallback={<SectionLoader label="Loading the editor" />}>
      <NoteEditor {...props} />
    </Suspense>
  );
}
