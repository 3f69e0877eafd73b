/** A named colour offered in the toolbar. */
export interface Swatch {
  name: string;
  value: string;
}

/**
 * Text colours with at least 4.5:1 contrast on white; the dark theme draws them lightened
 * (see rich-text.css), so they read on both themes.
 */
export const TEXT_COLORS: readonly Swatch[] = [
  { name: 'Red', value: '#c92a2a' },
  { name: 'Orange', value: '#c2410c' },
  { name: 'Amber', value: '#a16207' },
  { name: 'Green', value: '#237032' },
  { name: 'Teal', value: '#0b7285' },
  { name: 'Blue', value: '#1864ab' },
  { name: 'Violet', value: '#6741d9' },
  { name: 'Grey', value: '#5c636a' },
];

/** Light highlight colours; highlighted text is drawn dark so it reads in both themes. */
export const BACKGROUND_COLORS: readonly Swatch[] = [
  { name: 'Red', value: '#ffc9c9' },
  { name: 'Orange', value: '#ffd8a8' },
  { name: 'Yellow', value: '#ffec99' },
  { name: 'Green', value: '#b2f2bb' },
  { name: 'Teal', value: '#99e9f2' },
  { name: 'Blue', value: '#a5d8ff' },
  { name: 'Violet', value: '#d0bfff' },
  { name: 'Grey', value: '#dee2e6' },
];

/** The emoticons of the picker: common, and distinct at a glance. */
export const EMOJIS: readonly { char: string; name: string }[] = [
  { char: '😀', name: 'grinning face' },
  { char: '😂', name: 'face with tears of joy' },
  { char: '😊', name: 'smiling face' },
  { char: '😍', name: 'heart eyes' },
  { char: '😉', name: 'winking face' },
  { char: '😎', name: 'face with sunglasses' },
  { char: '🤔', name: 'thinking face' },
  { char: '😢', name: 'crying face' },
  { char: '😮', name: 'surprised face' },
  { char: '😴', name: 'sleeping face' },
  { char: '🙏', name: 'folded hands' },
  { char: '👍', name: 'thumbs up' },
  { char: '👎', name: 'thumbs down' },
  { char: '👏', name: 'clapping hands' },
  { char: '🎉', name: 'party popper' },
  { char: '❤️', name: 'red heart' },
  { char: '🔥', name: 'fire' },
  { char: '⭐', name: 'star' },
  { char: '✅', name: 'check mark' },
  { char: '❌', name: 'cross mark' },
  { char: '⚠️', name: 'warning' },
  { char: '💡', name: 'light bulb' },
  { char: '📌', name: 'pushpin' },
  { char: '📅', name: 'calendar' },
];
