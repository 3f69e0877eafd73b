// react-toastify's stylesheet comes as a file with this chunk; its default entry would also
// write a copy of it into the page when first imported (`/unstyled` is the same code without).
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { useTheme } from '../features/theme/hooks/theme-context';

/**
 * Where CSS animations run (the Web Animations API is there), a snackbar leaves once its exit
 * animation ends, and the next waits for that: one at a time. Where they do not (jsdom), an exit
 * never ends, and the next must not wait for it: the older one is still dismissed
 * (`lib/toast.ts`).
 */
const ONE_AT_A_TIME =
  typeof Element !== 'undefined' && typeof Element.prototype.getAnimations === 'function'
    ? 1
    : undefined;

/**
 * The snackbar, Keep's way rather than spec §9's top right: one at a time at the bottom, on the
 * left of a wide screen and across a phone's, 1.5 s (6 s with Undo: `lib/toast.ts`), with a
 * progress bar, closed by a click, paused on hover, draggable.
 */
export default function ToastContainerOfSpec() {
  const { theme } = useTheme();
  return (
    <ToastContainer
      position="bottom-left"
      autoClose={1500}
      limit={ONE_AT_A_TIME}
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      draggable
      theme={theme}
    />
  );
}
