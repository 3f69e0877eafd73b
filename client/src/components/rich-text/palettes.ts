/** A named colour offered in the toolbar. */
export interface Swatch {
  name: string;
  value: string;
}

/** Text colours that stay readable on both the light and the dark theme. */
export const TEXT_COLORS: readonly Swatch[] = [
  { name: 'Red', value: '#e03131' },
  { name: 'Orange', value: '#e8590c' },
  { name: 'Yellow', value: '#f59f00' },
  { name: 'Green', value: '#2f9e44' },
  { name: 'Teal', value: '#0c8599' },
  { name: 'Blue', value: '#1c7ed6' },
  { name: 'Violet', value: '#7048e8' },
  { name: 'Grey', value: '#868e96' },
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
