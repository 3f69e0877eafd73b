// react-toastify's stylesheet comes as a file with this chunk; its default entry would also
// write a copy of it into the page when first imported (`/unstyled` is the same code without).
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { useTheme } from '../features/theme/hooks/theme-context';

/** The toast container of spec §9: top right, 5rem down, 1.5 s, newest on top. */
export default function ToastContainerOfSpec() {
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
