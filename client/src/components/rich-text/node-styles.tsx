import type { CSSProperties, ReactNode } from 'react';
import type { BlockProps, FormattedText } from './types';
import { INDENT_STEP_PX } from './types';
import { safeColor } from './html-attributes';

export { BLOCK_TAG } from './html-attributes';

/** Inline style for a block's alignment and indentation. */
export function blockStyle(props: BlockProps): CSSProperties | undefined {
  if (!props.align && !props.indent) return undefined;
  return {
    textAlign: props.align,
    marginLeft: props.indent ? `${props.indent * INDENT_STEP_PX}px` : undefined,
  };
}

/** Class and style that draw a text leaf's colours. */
export interface LeafPresentation {
  className?: string;
  style?: CSSProperties;
}

/**
 * The colour goes through a CSS variable so the dark theme can lighten it (stored HTML keeps the
 * original value); highlighted text is drawn dark so a light highlight stays readable.
 */
export function leafPresentation(leaf: FormattedText): LeafPresentation {
  const color = safeColor(leaf.color);
  const background = safeColor(leaf.background);
  if (!color && !background) return {};
  const classes = [color ? 'rt-color' : '', background ? 'rt-highlight' : ''].filter(Boolean);
  const style: CSSProperties & Record<string, string | undefined> = { backgroundColor: background };
  if (color) style['--rt-text-color'] = color;
  return { className: classes.join(' '), style };
}

/** Wraps leaf content in the elements for its marks (same nesting as the stored HTML). */
export function wrapMarks(leaf: FormattedText, content: ReactNode): ReactNode {
  let result = content;
  if (leaf.strikethrough) result = <s>{result}</s>;
  if (leaf.underline) result = <u>{result}</u>;
  if (leaf.italic) result = <em>{result}</em>;
  if (leaf.bold) result = <strong>{result}</strong>;
  return result;
}
