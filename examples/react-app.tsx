// The React example's page: a host app (React bundled here, as a docs site would have it) using
// the component. Built by `vite build -c vite.embed.config.ts --mode examples`.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../src/app/boot/zodJitless.ts';
import { LeaderElectionPlayer } from '../src/embed/react.tsx';

function Example() {
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  return (
    <>
      <p>
        <button type="button" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>
          Theme: {theme}
        </button>
      </p>
      <LeaderElectionPlayer
        className="react-player"
        scenario="fencing-token"
        step={3}
        controls="full"
        theme={theme}
        appUrl={new URL('../', window.location.href).href}
      />
    </>
  );
}

const el = document.getElementById('app');
if (el)
  createRoot(el).render(
    <StrictMode>
      <Example />
    </StrictMode>,
  );
