// Runs before the first paint (inlined into index.html's head by vite.config.ts): the saved
// theme, not a flash of the default one. The app keeps it up to date afterwards (features/theme).
document.documentElement.className = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
document.documentElement.style.colorScheme = document.documentElement.className;
