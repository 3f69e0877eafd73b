import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useTheme } from '../features/theme/hooks/theme-context';

/** The toast container (loaded after the first screen, see lib/toast.ts). */
export function Toasts() {
  const { theme } = useTheme();
  return (
    <ToastContainer
      position="top-right"
      autoClose={1500}
      newestOnTop
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      draggable
      theme={theme}
      style={{ top: '5rem' }}
    />
  );
}
