/** The store's public face: the layers above import it from here, never from its other files. */
export { openStore } from './store';
export type * from './records';
export type * from './repositories';
