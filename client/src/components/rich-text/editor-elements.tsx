import type { ReactNode } from 'react';
import type { RenderElementProps, RenderLeafProps } from 'slate-react';
import { useFocused, useSelected } from 'slate-react';
import type { ImageElement } from './types';
import { BLOCK_TAG, blockStyle, leafStyle, wrapMarks } from './node-styles';

function EditorImage({ attributes, children, element }: RenderElementProps & { element: ImageElement }) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <span {...attributes} className="rt-image">
      <span contentEditable={false}>
        <img
          src={element.url}
          alt={element.alt ?? ''}
          className={selected && focused ? 'rt-image__img rt-image__img--selected' : 'rt-image__img'}
        />
      </span>
      {children}
    </span>
  );
}

/** Renders one Slate element inside the editable area. */
export function renderElement(props: RenderElementProps) {
  const { attributes, element } = props;
  const children = props.children as ReactNode;
  if (element.type === 'image') return <EditorImage {...props} element={element} />;
  if (element.type === 'link') {
    return (
      <a {...attributes} href={element.url} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  const Tag = BLOCK_TAG[element.type];
  return (
    <Tag {...attributes} style={blockStyle(element)}>
      {children}
    </Tag>
  );
}

/** Renders one text leaf with its marks and colours. */
export function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  return (
    <span {...attributes} style={leafStyle(leaf)}>
      {wrapMarks(leaf, children as ReactNode)}
    </span>
  );
}
