import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app';
import { UpdatePrompt } from './app/update-prompt';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A transition: React renders the first screen in slices between frames, not in one long task
// (index.html's top bar stays on screen meanwhile).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
      <UpdatePrompt />
    </StrictMode>,
  ),
);
