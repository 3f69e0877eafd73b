import { resetCapture } from './log-capture';

/** jest globalSetup for the security suite: a fresh log capture folder. */
export default function setup(): void {
  resetCapture();
}
