import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app';
import { preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The page being opened is loaded first (the boot script has already started its download), so
// the first render draws it rather than a loading state. That render is a transition, which
// React renders in slices between frames instead of one long task.
void preloadPage(window.location.pathname).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
